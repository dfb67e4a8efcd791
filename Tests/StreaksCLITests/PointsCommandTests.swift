import Foundation
import Testing

/// `streaks points`: off until turned on, earned by every command that writes, once each,
/// taken back with the day, nothing for imported history unless --with-points.
struct PointsCommandTests {
    private func json(_ result: CLIHarness.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    private func points(_ cli: CLIHarness, now: String) async throws -> [String: Any] {
        let result = await cli.run(["points", "--json"], now: now)
        #expect(result.code == 0, "\(result.errors)")
        return try json(result)
    }

    private func allTime(_ object: [String: Any]) -> Int? {
        (object["points"] as? [String: Any])?["all_time"] as? Int
    }

    /// Issue 50: a log settles the points of the streak it wrote, from its own result, and no
    /// other streak is read for it; what a full settle records is what was recorded.
    @Test func aLogSettlesItsOwnStreakAlone() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "med"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["create", "read"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["points", "on"], now: "2024-01-01T15:00:00Z")
        for day in 1...3 {
            _ = await cli.run(["log", "med"], now: "2024-01-0\(day)T15:00:00Z")
            _ = await cli.run(["log", "read"], now: "2024-01-0\(day)T16:00:00Z")
        }
        let ledger = cli.store + "/users/tester/experience/streaks.jsonl"
        let afterLogs = try String(contentsOfFile: ledger, encoding: .utf8)
        // Each streak's three days and its milestone of 3, recorded by its own logs.
        #expect(try allTime(await points(cli, now: "2024-01-03T17:00:00Z")) == 66)
        // `points` settles every streak: it finds nothing the logs left out.
        #expect(try String(contentsOfFile: ledger, encoding: .utf8) == afterLogs)
    }

    /// Issue 50: no caller settles points. Every command that writes (a walk of answers,
    /// skips, a delete and a restore under another key, an import of a file and one from
    /// another tool, a streak's own rate) records what its streaks earn in its own write: `points`, which
    /// settles every streak, finds nothing left to record after any of them.
    @Test func everyCommandThatWritesSettlesItsOwnPoints() async throws {
        let cli = CLIHarness()
        let ledger = cli.store + "/users/tester/experience/streaks.jsonl"
        func recorded() -> String { (try? String(contentsOfFile: ledger, encoding: .utf8)) ?? "" }
        func run(_ arguments: [String], at now: String, answers: [String]? = nil, earns: Bool) async throws {
            if let answers { cli.standardInput = Array((answers.joined(separator: "\n") + "\n").utf8) }
            defer { cli.standardInput = [] }
            let before = recorded()
            let result = await cli.run(arguments, now: now)
            #expect(result.code == 0, "\(arguments): \(result.errors)")
            let after = recorded()
            #expect((after != before) == earns, "\(arguments) earned \(earns ? "nothing" : "something")")
            _ = try await points(cli, now: now)
            #expect(recorded() == after, "\(arguments) left points for `points` to record")
        }
        _ = await cli.run(["create", "med"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["create", "gym"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["points", "on"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["log", "med"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["log", "gym"], now: "2024-01-01T15:00:00Z")
        // Tuesday and Wednesday of med answered yes: two days and the milestone of 3.
        try await run(["ask", "med"], at: "2024-01-04T15:00:00Z", answers: ["y", "y", "q"], earns: true)
        _ = await cli.run(["log", "gym"], now: "2024-01-03T15:00:00Z")
        try await run(["skip", "add", "gym", "2024-01-02"], at: "2024-01-04T16:00:00Z", earns: false)
        try await run(["skip", "add", "--all", "2024-01-05"], at: "2024-01-04T16:30:00Z", earns: false)
        try await run(["delete", "med", "--yes"], at: "2024-01-04T17:00:00Z", earns: false)
        try await run(["trash", "restore", "med", "--as", "meditation"], at: "2024-01-04T18:00:00Z", earns: true)
        let file = cli.store + "/read.jsonl"
        try (1...3).map { #"{"date_created": "2024-01-0\#($0)T12:00:00Z", "timezone": "UTC"}"# }.joined(separator: "\n").appending("\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        try await run(["import", "read", file], at: "2024-01-04T19:00:00Z", earns: true)
        let harsh = cli.store + "/harsh"
        try FileManager.default.createDirectory(atPath: harsh, withIntermediateDirectories: true)
        try Data("Walk: 1\n".utf8).write(to: URL(fileURLWithPath: harsh + "/habits"))
        try Data("2024-01-02 : Walk : y\n2024-01-03 : Walk : y\n".utf8).write(to: URL(fileURLWithPath: harsh + "/log"))
        try await run(["import", "--from", "harsh", harsh], at: "2024-01-04T20:00:00Z", earns: true)
        try await run(["points", "per-day", "20", "--streak", "walk"], at: "2024-01-04T21:00:00Z", earns: true)
    }

    @Test func nothingIsEarnedUntilPointsAreOn() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["log", "med"], now: "2024-01-03T15:00:00Z")
        let off = await cli.run(["points"], now: "2024-01-05T15:00:00Z")
        #expect(off.output.contains("Points are off"))
        #expect(try allTime(await points(cli, now: "2024-01-05T15:00:00Z")) == 0)
        #expect(try await points(cli, now: "2024-01-05T15:00:00Z")["on"] as? Bool == false)
    }

    @Test func keptDaysAndMilestonesEarnOnceAndARemovedDayGivesItsPointsBack() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "med"], now: "2024-01-01T15:00:00Z")
        let on = await cli.run(["points", "on"], now: "2024-01-01T15:00:00Z")
        #expect(on.code == 0 && on.output.contains("from 2024-01-01"), "\(on.errors)")
        for day in 1...3 { _ = await cli.run(["log", "med"], now: "2024-01-0\(day)T15:00:00Z") }
        var shown = try await points(cli, now: "2024-01-03T16:00:00Z")
        #expect(allTime(shown) == 33, "three days of 10 and the milestone of 3")
        #expect((shown["points"] as? [String: Any])?["today"] as? Int == 13)
        _ = await cli.run(["log", "med"], now: "2024-01-03T17:00:00Z")
        #expect(try allTime(await points(cli, now: "2024-01-03T18:00:00Z")) == 33, "a second event the same day earns nothing more")
        _ = await cli.run(["undo", "med"], now: "2024-01-03T19:00:00Z")
        _ = await cli.run(["undo", "med"], now: "2024-01-03T19:00:00Z")
        shown = try await points(cli, now: "2024-01-03T20:00:00Z")
        #expect(allTime(shown) == 20, "day 3 and its milestone taken back")
        #expect(shown["level"] as? Int == 1)
        let text = await cli.run(["points"], now: "2024-01-03T20:00:00Z")
        #expect(text.output.hasPrefix("Level 1 · 20 XP"))
    }

    @Test func aStreaksOwnRateAndLevelsFollowTheCurve() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "run"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["points", "on"], now: "2024-01-01T15:00:00Z")
        let rate = await cli.run(["points", "per-day", "150", "--streak", "run"], now: "2024-01-01T15:00:00Z")
        #expect(rate.code == 0, "\(rate.errors)")
        _ = await cli.run(["log", "run"], now: "2024-01-01T16:00:00Z")
        _ = await cli.run(["log", "run"], now: "2024-01-02T16:00:00Z")
        let shown = try await points(cli, now: "2024-01-02T17:00:00Z")
        #expect(allTime(shown) == 300)
        #expect(shown["level"] as? Int == 3)
        #expect(shown["to_next_level"] as? Int == 300)
    }

    @Test func importedHistoryEarnsOnlyWithPoints() async throws {
        let lines = (1...4).map { #"{"date_created": "2023-12-0\#($0)T12:00:00Z", "timezone": "UTC"}"# }.joined(separator: "\n") + "\n"
        let file = NSTemporaryDirectory() + "points-import-\(UUID().uuidString).jsonl"
        try lines.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let cli = CLIHarness()
        _ = await cli.run(["create", "med"], now: "2024-01-01T15:00:00Z")
        let refused = await cli.run(["import", "med", file, "--with-points"], now: "2024-01-01T15:00:00Z")
        #expect(refused.code != 0 && refused.errors.contains("Points are off"))
        #expect(await cli.run(["events", "med"], now: "2024-01-01T15:00:00Z").output.isEmpty, "nothing imported")
        _ = await cli.run(["points", "on"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["import", "med", file], now: "2024-01-01T15:00:00Z")
        #expect(try allTime(await points(cli, now: "2024-01-01T16:00:00Z")) == 0)
        _ = await cli.run(["import", "med", file, "--with-points"], now: "2024-01-01T15:00:00Z")
        #expect(try allTime(await points(cli, now: "2024-01-01T16:00:00Z")) == 40 + 3)
    }

    @Test func badInputIsRefusedAndChangesNothing() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "med"], now: "2024-01-01T15:00:00Z")
        let tooMany = await cli.run(["points", "per-day", "5000"])
        #expect(tooMany.code != 0 && tooMany.errors.contains("0 to 1000"))
        let unknown = await cli.run(["points", "per-day", "5", "--streak", "nope"])
        #expect(unknown.code != 0 && unknown.errors.contains("No streak 'nope'"))
        let again = await cli.run(["points", "off"])
        #expect(again.code == 0 && again.output.contains("already off"))
    }

    @Test func aRenamedStreakKeepsWhatItEarnedWithoutEarningItTwice() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "med"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["points", "on"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["points", "per-day", "20", "--streak", "med"], now: "2024-01-01T15:00:00Z")
        for day in 1...3 { _ = await cli.run(["log", "med"], now: "2024-01-0\(day)T15:00:00Z") }
        #expect(try allTime(await points(cli, now: "2024-01-03T16:00:00Z")) == 63)
        let renamed = await cli.run(["rename", "med", "meditation"], now: "2024-01-03T16:00:00Z")
        #expect(renamed.code == 0, "\(renamed.errors)")
        #expect(try allTime(await points(cli, now: "2024-01-03T17:00:00Z")) == 63)
        _ = await cli.run(["log", "meditation"], now: "2024-01-04T15:00:00Z")
        #expect(try allTime(await points(cli, now: "2024-01-04T16:00:00Z")) == 83, "its own 20 a day went with it")
    }

    @Test func aLogWhosePointsCannotBeRecordedIsSavedAndSaysSo() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "med"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["points", "on"], now: "2024-01-01T15:00:00Z")
        let users = try FileManager.default.contentsOfDirectory(atPath: cli.store + "/users")
        let ledger = cli.store + "/users/\(try #require(users.first))/experience/streaks.jsonl"
        try? FileManager.default.removeItem(atPath: ledger)
        try FileManager.default.createDirectory(atPath: ledger, withIntermediateDirectories: true)
        let logged = await cli.run(["log", "med"], now: "2024-01-02T15:00:00Z")
        #expect(logged.code == 0, "\(logged.errors)")
        #expect(logged.errors.contains("the points earned could not be recorded"))
        #expect(logged.errors.components(separatedBy: "could not be recorded").count == 2, "said once: the command settles nothing after the store did")
        let status = await cli.run(["status", "med", "--json"], now: "2024-01-02T16:00:00Z")
        #expect(status.output.contains("\"current_streak\":1"), "\(status.output)")
    }
}
