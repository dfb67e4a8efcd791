import Foundation
import SwiftfulGamification

/// Rule 10 at scale in the calculator: the same million events, each given an amount (0.001
/// to 9.999 km), judged by an amount a day, a limit a day and a weekly total, against the
/// counting streak of those events (goal 1, no leeway, as the calculator table's first
/// column), interleaved in one run: median and worst of each against the counting median.
enum AmountBenchmarks {
    /// The workload's events with amounts: the same instants and zones.
    static func withAmounts(_ events: [StreakEvent]) -> [StreakEvent] {
        events.enumerated().map { index, event in
            StreakEvent(
                id: event.id, dateCreated: event.dateCreated, timezone: event.timezone,
                amount: Double(index * 7_919 % 9_999 + 1) / 1_000
            )
        }
    }

    static func calculator(size: Int, zone: TimeZone) -> [Verdict] {
        let workload = Workload(count: size)
        let measured = withAmounts(workload.events)
        let start = CalendarDay(containing: Workload.now, in: zone).adding(days: -3_660)
        // A day holds about 270 events of 5 km on average: 5 km is always reached, 1,400 km
        // is passed now and then, 9,000 km a week is mostly reached.
        let cases: [(name: String, events: [StreakEvent], configuration: StreakConfiguration)] = [
            ("counting", workload.events, StreakConfiguration(streakKey: "bench", freezeBehavior: .autoConsumeFreezes)),
            ("at least 5 km a day", measured, StreakConfiguration(
                streakKey: "bench", freezeBehavior: .autoConsumeFreezes, target: .atLeast(5, per: .day), unit: "km"
            )),
            ("at most 1400 km a day", measured, StreakConfiguration(
                streakKey: "bench", freezeBehavior: .autoConsumeFreezes, target: .atMost(1_400, per: .day), unit: "km",
                startDay: start
            )),
            ("at least 9000 km a week", measured, StreakConfiguration(
                streakKey: "bench", freezeBehavior: .autoConsumeFreezes, target: .atLeast(9_000, per: .week), unit: "km"
            )),
        ]
        var times: [String: [Double]] = [:]
        for _ in 0..<5 {
            for (name, events, configuration) in cases {
                let time = Measure.median(runs: 1) {
                    _ = StreakCalculator.calculateStreak(events: events, configuration: configuration, currentDate: Workload.now, timezone: zone)
                }
                times[name, default: []].append(time)
            }
        }
        let counting = Measure.Spread(times: times["counting"]!)
        return cases.dropFirst().map { name, _, _ in
            let spread = Measure.Spread(times: times[name]!)
            return Verdict(
                measure: "calculator, \(size) events of amounts, \(name) vs counting (goal 1), 5 runs each",
                result: String(
                    format: "median %.2fx (%@ vs %@), worst %.2fx of the counting median",
                    spread.median / counting.median, ms(spread.median), ms(counting.median), spread.worst / counting.median
                ),
                target: "within 1.5x", met: spread.worst / counting.median <= 1.5
            )
        }
    }
}
