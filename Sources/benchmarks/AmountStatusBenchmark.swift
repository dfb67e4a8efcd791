import Foundation

/// Rule 10 at scale through the command: `streaks status --json` on a streak of amounts
/// (at least 5 km a day, every event with an amount) against the counting streak with the
/// same events, interleaved on the real clock (median and worst of each).
enum AmountStatusBenchmark {
    static func status(store: String) throws -> Verdict {
        let streaks = "\(store)/users/bench/streaks"
        try Measure.run(binDirectory + "/streaks", [
            "create", "distance", "--at-least", "5", "--unit", "km", "--store", store, "--user", "bench", "--now", "2014-01-01T00:00:00Z",
        ], expectSuccess: true)
        try withAmounts(from: "\(streaks)/daily/events.jsonl", to: "\(streaks)/distance/events.jsonl")
        sync()
        var times: [String: [Double]] = [:]
        // The first read of each builds its snapshot and cached result.
        for key in ["daily", "distance"] { try Measure.run(binDirectory + "/streaks", ["status", key, "--json", "--store", store, "--user", "bench"]) }
        for _ in 0..<7 {
            for key in ["daily", "distance"] {
                times[key, default: []].append(try Measure.run(binDirectory + "/streaks", ["status", key, "--json", "--store", store, "--user", "bench"]).seconds)
            }
        }
        let daily = Measure.Spread(times: times["daily"]!), amounts = Measure.Spread(times: times["distance"]!)
        return Verdict(
            measure: "`streaks status --json` of an amount streak (every event 0.001 to 9.999 km) vs a counting one, same events, 7 runs each",
            result: String(format: "median %.2fx (%@ vs %@), worst %.2fx of the counting median", amounts.median / daily.median, ms(amounts.median), ms(daily.median), amounts.worst / daily.median),
            target: "within 2x", met: amounts.worst / daily.median <= 2
        )
    }

    /// The log's lines, each given an amount: `,"amount":N}` in place of the closing brace.
    private static func withAmounts(from source: String, to target: String) throws {
        let text = try String(contentsOfFile: source, encoding: .utf8)
        var output = ""
        output.reserveCapacity(text.utf8.count + text.utf8.count / 5)
        var index = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            index += 1
            let thousandths = index * 7_919 % 9_999 + 1
            output += line.dropLast()
            output += ",\"amount\":\(thousandths / 1_000).\(String(thousandths % 1_000).leftPadded3)}\n"
        }
        try output.write(toFile: target, atomically: true, encoding: .utf8)
    }
}

private extension String {
    var leftPadded3: String { count >= 3 ? self : String(repeating: "0", count: 3 - count) + self }
}
