import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

/// Rule 13's strength and the chart view: what the series cost for ten years of daily
/// history, and opening the chart view in the real dashboard against its first frame.
enum ChartBenchmarks {
    /// The strength and the chart's series (days, weeks, strength) of ten years of a daily
    /// streak with a target, 15 runs: median and worst.
    static func series() -> Verdict {
        log("charts: strength and series of ten years")
        let zone = TimeZone(identifier: "America/New_York")!
        let now = Workload.now
        var random = SeededGenerator(seed: 13)
        let events = (0..<3_650).compactMap { day -> StreakEvent? in
            guard random.next() % 10 != 0 else { return nil }
            return StreakEvent(
                id: "s\(day)", dateCreated: now.addingTimeInterval(-Double(day) * 86_400 - 3_600), timezone: zone.identifier,
                amount: Double(random.next() % 8_000) / 1_000
            )
        }
        let configuration = StreakConfiguration(streakKey: "run", target: .atLeast(5, per: .day), unit: "km")
        let evaluation = StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: now, timezone: zone)
        var points = 0
        let times = Measure.Spread(times: (0..<15).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            let strength = StreakStrength(evaluation: evaluation)
            let chart = ChartSeries(evaluation: evaluation, strength: strength)
            points = chart.days.count + chart.periods.count + chart.strength.count
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        })
        return Verdict(
            measure: "charts: strength and the chart's series of 10 years of daily history (\(points) points), 15 runs",
            result: String(format: "median %@, worst %@", ms(times.median), ms(times.worst)),
            target: "under 5 ms", met: times.worst < 0.005
        )
    }

    /// `g` in the real dashboard on the store: the time from the key to the chart view's
    /// frame, against the time from launch to the first frame (`firstFrame`, measured in the
    /// same run).
    static func opening(streaks: String, store: String, size: Int, firstFrame: Measure.Spread) throws -> Verdict {
        let opens = try KeystrokeProbe.keyToFrame(streaks: streaks, store: store, user: "bench", key: "g", presses: 10).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element)
        let times = Measure.Spread(times: opens)
        return Verdict(
            measure: "dashboard: opening the chart view (g) on the \(size) store vs the first frame, \(opens.count) opens",
            result: String(format: "median %@, worst %@ (%.2fx and %.2fx of the first frame's median %@)",
                           ms(times.median), ms(times.worst), times.median / firstFrame.median, times.worst / firstFrame.median, ms(firstFrame.median)),
            target: "at most 1.5x", met: times.worst / firstFrame.median <= 1.5
        )
    }
}
