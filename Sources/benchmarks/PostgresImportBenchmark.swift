import Foundation
import SwiftfulGamification

/// `streaks import` of a long history into PostgreSQL (the store's bulk path) vs `psql
/// \copy` of the same rows into the same table, interleaved, each into a streak of its own.
enum PostgresImportBenchmark {
    static func run(streaks: String, database: String, size: Int, runs: Int) throws -> Verdict {
        let workload = Workload(count: size)
        let jsonl = NSTemporaryDirectory() + "streaks-bench-pg-import-\(getpid()).jsonl"
        let csv = NSTemporaryDirectory() + "streaks-bench-pg-copy-\(getpid()).csv"
        try workload.jsonLines().write(toFile: jsonl, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(atPath: jsonl)
            try? FileManager.default.removeItem(atPath: csv)
        }
        let pinned = ["--database", database, "--now", "2024-11-14T17:00:00Z"]
        var imports: [Double] = [], copies: [Double] = []
        for run in 0..<runs {
            log("postgres: import vs \\copy, run \(run + 1) of \(runs)")
            let importer = "bench-import-\(run)", copier = "bench-copy-\(run)"
            try Measure.run(streaks, ["create", "daily", "--user", importer] + pinned, expectSuccess: true)
            imports.append(try Measure.run(streaks, ["import", "daily", jsonl, "--user", importer] + pinned, expectSuccess: true).seconds)
            try Measure.run(streaks, ["create", "daily", "--user", copier] + pinned, expectSuccess: true)
            let id = try psql(database, "-Atc", "SELECT id FROM streaks WHERE user_id = '\(copier)' AND streak_key = 'daily'").trimmingCharacters(in: .whitespacesAndNewlines)
            try rows(workload.events, user: copier, streakId: id).write(toFile: csv, atomically: true, encoding: .utf8)
            let copy = "\\copy streak_events (user_id, streak_id, event_id, date_us, timezone, is_freeze, freeze_id, metadata, amount) FROM '\(csv)' WITH (FORMAT csv)"
            copies.append(try Measure.run("/usr/bin/psql", [database, "-v", "ON_ERROR_STOP=1", "-qc", copy], expectSuccess: true).seconds)
        }
        let imported = Measure.Spread(times: imports), copied = Measure.Spread(times: copies)
        return Verdict(
            measure: "PostgreSQL: `streaks import` of \(size) events vs `psql \\copy` of the same rows, \(runs) runs each",
            result: String(format: "worst %.2fx (%@ vs median %@); median %.2fx (%@ vs %@)", imported.worst / copied.median, ms(imported.worst), ms(copied.median),
                           imported.median / copied.median, ms(imported.median), ms(copied.median)),
            target: "at most 3x", met: imported.worst / copied.median <= 3
        )
    }

    /// The rows the store writes for `events`, as CSV.
    private static func rows(_ events: [StreakEvent], user: String, streakId: String) -> String {
        var text = ""
        text.reserveCapacity(events.count * 80)
        for event in events {
            text += "\(user),\(streakId),\(event.id),\(Int64((event.dateCreated.timeIntervalSince1970 * 1_000_000).rounded())),\(event.timezone),false,,{},\n"
        }
        return text
    }

    private static func psql(_ database: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [database] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkFailure("psql \(arguments.joined(separator: " ")) failed") }
        return String(decoding: output, as: UTF8.self)
    }
}
