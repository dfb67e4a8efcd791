import Foundation

/// The cost of points to a write: `streaks log` on a store of 20 streaks with three years
/// of history each, points on (every streak's history earned, so each log settles against
/// thousands of recorded earnings) against the same store with points off, interleaved on
/// the real clock (median and worst of each). Each log is undone after it is timed, so every
/// run logs the same day.
enum PointsBenchmark {
    static let streakCount = 20

    static func run(streaks: String) throws -> Verdict {
        let off = try makeStore("off"), on = try makeStore("on")
        defer { for store in [off, on] { try? FileManager.default.removeItem(atPath: store) } }
        // The whole history earns (as imported --with-points): the ledger holds an earning per
        // kept day and milestone of every streak.
        let keys = (0..<streakCount).map { "s\($0)" }
        let earningFrom = keys.map { "\"\($0)\": \"2014-01-01\"" }.joined(separator: ", ")
        try "{\"on\": true, \"earning_since\": \"2024-11-14\", \"points_per_day\": 10, \"earning_from\": {\(earningFrom)}}\n"
            .write(toFile: on + "/users/bench/points.json", atomically: true, encoding: .utf8)
        // Every streak's history settled first (`points show` settles them all): each timed
        // log then settles against the whole ledger, not only the streaks logged so far.
        try Measure.run(streaks, ["points", "show", "--store", on, "--user", "bench", "--now=2024-11-14T17:00:00Z"], expectSuccess: true)
        sync()
        var times: [String: [Double]] = [:]
        for round in 0..<8 {
            for (name, store) in [("off", off), ("on", on)] {
                let key = keys[round % keys.count]
                let result = try Measure.run(streaks, ["log", key, "--store", store, "--user", "bench", "--now=2024-11-14T17:00:00Z"], expectSuccess: true)
                if round > 0 { times[name, default: []].append(result.seconds) }  // the first builds caches
                try Measure.run(streaks, ["undo", key, "--store", store, "--user", "bench", "--now=2024-11-14T17:00:01Z"], expectSuccess: true)
            }
        }
        let plain = Measure.Spread(times: times["off"]!), earning = Measure.Spread(times: times["on"]!)
        let ledger = (try? String(contentsOfFile: on + "/users/bench/experience/streaks.jsonl", encoding: .utf8))?.split(separator: "\n").count ?? 0
        return Verdict(
            measure: "`streaks log` with points on (\(streakCount) streaks of 3 years, \(ledger) earnings recorded) vs points off, 7 runs each",
            result: String(
                format: "median %.2fx (%@ vs %@), worst %.2fx of the points-off median (points off's own worst: %.2fx of its median)",
                earning.median / plain.median, ms(earning.median), ms(plain.median), earning.worst / plain.median, plain.worst / plain.median
            ),
            target: "within 1.5x", met: earning.worst / plain.median <= 1.5
        )
    }

    /// A store of `streakCount` daily streaks, each with its own three years of history,
    /// and the same streaks exported (for the points-on store's import).
    private static func makeStore(_ name: String) throws -> String {
        let store = NSTemporaryDirectory() + "streaks-bench-points-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: store)
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        for index in 0..<streakCount {
            try Measure.run(binDirectory + "/streaks", ["create", "s\(index)", "--store", store, "--user", "bench", "--now", "2014-01-01T00:00:00Z"], expectSuccess: true)
            try Workload(count: 1_095, seed: UInt64(index)).jsonLines().write(toFile: store + "/users/bench/streaks/s\(index)/events.jsonl", atomically: true, encoding: .utf8)
        }
        return store
    }
}
