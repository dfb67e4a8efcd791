import Foundation
import SwiftfulGamification

/// Rules 8, 9 and 12 at scale: the calculator on weekdays, 3 a week, 3 a month, every 3 days
/// and 5 in 7 days with 500 skips against the daily one, and `streaks status` of each shape
/// against a daily streak with the same events, interleaved in the same run (median and
/// worst of each).
enum ScheduleBenchmarks {
    static func calculator(size: Int, zone: TimeZone) -> [Verdict] {
        let workload = Workload(count: size)
        let today = CalendarDay(containing: Workload.now, in: zone)
        // 500 skips spread over the last ten years, two days in seven.
        let skips = (0..<500).map { today.adding(days: -($0 * 7 + $0 % 2)) }
        let schedules: [(String, StreakSchedule, [CalendarDay])] = [
            ("daily", .daily, []),
            ("mon-fri, 500 skips", .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]), skips),
            ("3/week, 500 skips", .timesPerWeek(3), skips),
            ("3/month, 500 skips", .timesPerMonth(3), skips),
            ("every 3 days, 500 skips", .rolling(times: 1, days: 3), skips),
            ("5 in 7 days, 500 skips", .rolling(times: 5, days: 7), skips),
        ]
        var times: [String: [Double]] = [:]
        // One untimed pass first: the first calculation of a process also pays for the pages its
        // arrays first touch, which would land on whichever case ran first.
        for pass in 0..<6 {
            for (name, schedule, skipped) in schedules {
                let configuration = StreakConfiguration(streakKey: "bench", freezeBehavior: .autoConsumeFreezes, schedule: schedule)
                let time = Measure.median(runs: 1) {
                    _ = StreakCalculator.calculateStreak(events: workload.events, configuration: configuration, currentDate: Workload.now, timezone: zone, skips: skipped)
                }
                if pass > 0 { times[name, default: []].append(time) }
            }
        }
        let daily = Measure.Spread(times: times["daily"]!)
        return schedules.dropFirst().map { name, _, _ in
            let spread = Measure.Spread(times: times[name]!)
            return Verdict(
                measure: "calculator, \(size) events, \(name) vs daily, 5 runs each",
                result: String(format: "median %.2fx (%@ vs %@), worst %.2fx of the daily median (daily's own worst %.2fx)", spread.median / daily.median, ms(spread.median), ms(daily.median), spread.worst / daily.median, daily.worst / daily.median),
                target: "within 1.5x", met: spread.worst / daily.median <= 1.5
            )
        }
    }

    /// `streaks status --json` on `store` (a daily streak) against a 3-per-week, a 3-per-month,
    /// an every-3-days and a 5-in-7-days streak with the same events, on the real clock: the
    /// store's last events were logged on it, and a clock pinned before them would read the
    /// whole log each time.
    static func status(store: String) throws -> [Verdict] {
        let streaks = "\(store)/users/bench/streaks"
        let shapes = [
            ("weekly", "3/week", ["--per-week", "3"]), ("monthly", "3/month", ["--per-month", "3"]),
            ("every3", "every 3 days", ["--every", "3"]), ("fiveinseven", "5 in 7 days", ["--times", "5", "--in", "7"]),
        ]
        for (key, _, options) in shapes {
            try Measure.run(binDirectory + "/streaks", ["create", key] + options + ["--store", store, "--user", "bench", "--now", "2014-01-01T00:00:00Z"], expectSuccess: true)
            try FileManager.default.copyItem(atPath: "\(streaks)/daily/events.jsonl", toPath: "\(streaks)/\(key)/events.jsonl")
        }
        sync()
        let keys = ["daily"] + shapes.map(\.0)
        var times: [String: [Double]] = [:]
        for key in keys { try Measure.run(binDirectory + "/streaks", ["status", key, "--json", "--store", store, "--user", "bench"]) }
        for _ in 0..<7 {
            for key in keys {
                times[key, default: []].append(try Measure.run(binDirectory + "/streaks", ["status", key, "--json", "--store", store, "--user", "bench"]).seconds)
            }
        }
        let daily = Measure.Spread(times: times["daily"]!)
        return shapes.map { key, schedule, _ in
            let shape = Measure.Spread(times: times[key]!)
            return Verdict(
                measure: "`streaks status --json` of a \(schedule) streak vs a daily one, same events, 7 runs each",
                result: String(format: "median %.2fx (%@ vs %@), worst %.2fx of the daily median", shape.median / daily.median, ms(shape.median), ms(daily.median), shape.worst / daily.median),
                target: "within 2x", met: shape.worst / daily.median <= 2
            )
        }
    }
}
