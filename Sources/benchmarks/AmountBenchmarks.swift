import Foundation
import SwiftfulGamification

/// Rule 10 at scale in the calculator: the same million events, each given an amount (0.001
/// to 9.999 km), judged by an amount a day, a limit a day and a weekly total, against the
/// counting streak of those events (goal 1, no leeway, as the calculator table's first
/// column), interleaved in one run: median and worst of each against the counting median.
/// Beside them, the counting streak with its leeway changed twice along the way (rule 11:
/// each event takes its own day's leeway).
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
        // Leeway 0 for the first years, 3 hours from five years back, 1 hour for the last year.
        let leewayChanges = [
            StreakGoalChange(date: Date(timeIntervalSince1970: 0), eventsRequiredPerDay: 1, leewayHours: 0),
            StreakGoalChange(date: Workload.now.addingTimeInterval(-5 * 365 * 86_400), eventsRequiredPerDay: 1, leewayHours: 3),
            StreakGoalChange(date: Workload.now.addingTimeInterval(-365 * 86_400), eventsRequiredPerDay: 1),
        ]
        let cases: [(name: String, events: [StreakEvent], configuration: StreakConfiguration, goalSchedule: [StreakGoalChange])] = [
            ("counting", workload.events, StreakConfiguration(streakKey: "bench", freezeBehavior: .autoConsumeFreezes), []),
            ("counting, leeway changed twice (0, 3, 1 h)", workload.events, StreakConfiguration(
                streakKey: "bench", leewayHours: 1, freezeBehavior: .autoConsumeFreezes
            ), leewayChanges),
            ("at least 5 km a day", measured, StreakConfiguration(
                streakKey: "bench", freezeBehavior: .autoConsumeFreezes, target: .atLeast(5, per: .day), unit: "km"
            ), []),
            ("at most 1400 km a day", measured, StreakConfiguration(
                streakKey: "bench", freezeBehavior: .autoConsumeFreezes, target: .atMost(1_400, per: .day), unit: "km",
                startDay: start
            ), []),
            ("at least 9000 km a week", measured, StreakConfiguration(
                streakKey: "bench", freezeBehavior: .autoConsumeFreezes, target: .atLeast(9_000, per: .week), unit: "km"
            ), []),
        ]
        var times: [String: [Double]] = [:]
        // One untimed pass first: the first calculation of a process also pays for the pages its
        // arrays first touch, which would land on whichever case ran first.
        for pass in 0..<6 {
            for (name, events, configuration, goalSchedule) in cases {
                let time = Measure.median(runs: 1) {
                    _ = StreakCalculator.calculateStreak(
                        events: events, configuration: configuration, currentDate: Workload.now, timezone: zone, goalSchedule: goalSchedule
                    )
                }
                if pass > 0 { times[name, default: []].append(time) }
            }
        }
        let counting = Measure.Spread(times: times["counting"]!)
        return cases.dropFirst().map { name, events, _, _ in
            let spread = Measure.Spread(times: times[name]!)
            return Verdict(
                measure: "calculator, \(size) events\(events.first?.amount == nil ? "" : " of amounts"), \(name) vs counting (goal 1), 5 runs each",
                result: String(
                    format: "median %.2fx (%@ vs %@), worst %.2fx of the counting median (counting's own worst %.2fx)",
                    spread.median / counting.median, ms(spread.median), ms(counting.median), spread.worst / counting.median, counting.worst / counting.median
                ),
                target: "within 1.5x", met: spread.worst / counting.median <= 1.5
            )
        }
    }
}
