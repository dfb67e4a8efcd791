import Foundation
import Testing

/// `streaks copy` between two directories (the database side runs in Tests/e2e/postgres.sh).
struct CopyCommandTests {
    @Test func aCopyCarriesEverythingAndASecondCopyAddsNothing() async throws {
        let source = CLIHarness(), target = CLIHarness()
        _ = await source.run(["create", "gym", "--goal", "2", "--leeway", "3", "--freezes", "auto"], now: "2024-01-01T12:00:00Z")
        _ = await source.run(["freeze", "add", "gym"], now: "2024-01-01T12:00:00Z")
        // The log on the 5th consumes the freeze for the 4th: a freeze event to copy too.
        for day in ["01", "02", "03", "05"] {
            for hour in ["12", "18"] { _ = await source.run(["log", "gym"], now: "2024-01-\(day)T\(hour):00:00Z") }
        }
        _ = await source.run(["config", "gym", "--goal", "1"], now: "2024-01-04T12:00:00Z")
        _ = await source.run(["create", "walk"])
        _ = await source.run(["archive", "walk"])

        let first = await source.run(["copy", "--from", source.store, "--to", target.store])
        #expect(first.code == 0, "\(first.errors)")
        #expect(first.output.contains("Copied 2 streaks (9 events, 1 freeze)"))
        #expect(first.output.hasSuffix(": 9 new events.\n"))
        for key in ["gym", "walk"] {
            let copied = await target.run(["status", key, "--json"], now: "2024-01-06T12:00:00Z").output
            let original = await source.run(["status", key, "--json"], now: "2024-01-06T12:00:00Z").output
            #expect(!copied.isEmpty && copied == original)
        }
        let sourceList = await source.run(["list", "--all"]).output, targetList = await target.run(["list", "--all"]).output
        #expect(sourceList.contains("archived") && targetList == sourceList)
        let sourceEvents = await source.run(["events", "gym", "--json"]).output
        #expect(sourceEvents.contains("\"is_freeze\":true"))
        #expect(await target.run(["events", "gym", "--json"]).output == sourceEvents)

        let before = target.snapshot()
        let again = await source.run(["copy", "--from", source.store, "--to", target.store])
        #expect(again.code == 0)
        #expect(again.output.hasSuffix(": 0 new events.\n"))
        #expect(await target.run(["events", "gym", "--json"]).output == sourceEvents)
        #expect(target.snapshot().keys == before.keys)
    }

    /// A second copy after the source used freezes, unarchived a streak or undid an event:
    /// the target says what the source says, or nothing is copied and the reason is named.
    @Test func aSecondCopyMakesTheTargetAgreeOrRefuses() async throws {
        let source = CLIHarness(), target = CLIHarness()
        _ = await source.run(["create", "a", "--freezes", "manual"], now: "2024-02-28T00:00:00Z")
        for day in 1...5 { _ = await source.run(["log", "a"], now: "2024-03-0\(day)T12:00:00Z") }
        _ = await source.run(["freeze", "add", "a", "--count", "5"], now: "2024-03-01T13:00:00Z")
        _ = await source.run(["create", "b"], now: "2024-02-28T00:00:00Z")
        _ = await source.run(["archive", "b"], now: "2024-02-28T00:00:00Z")
        let now = "2024-03-09T12:00:00Z"
        #expect(await source.run(["copy", "--from", source.store, "--to", target.store], now: now).code == 0)
        #expect(await source.run(["freeze", "use", "a"], now: now).code == 0)
        #expect(await source.run(["unarchive", "b"], now: now).code == 0)
        let again = await source.run(["copy", "--from", source.store, "--to", target.store], now: now)
        #expect(again.code == 0, "\(again.errors)")
        for key in ["a", "b"] {
            let original = await source.run(["status", key, "--json"], now: now).output
            #expect(await target.run(["status", key, "--json"], now: now).output == original)
        }
        #expect(await target.run(["list"], now: now).output == (await source.run(["list"], now: now)).output)

        #expect(await source.run(["undo", "a"], now: now).code == 0)
        let before = target.snapshot()
        let refused = await source.run(["copy", "--from", source.store, "--to", target.store], now: now)
        #expect(refused.code == 1)
        #expect(refused.errors.contains("Nothing was copied: a: the target holds 1 event the source does not have"))
        #expect(target.snapshot() == before)
    }

    @Test func copyingAUserWithNoStreaksIsAnErrorThatChangesNothing() async {
        let source = CLIHarness(), target = CLIHarness()
        _ = await source.run(["create", "gym"])
        _ = await target.run(["create", "read"])
        let before = target.snapshot()
        let result = await source.run(["copy", "--from", source.store, "--to", target.store, "--user", "nobody"])
        #expect(result.code == 2)
        #expect(result.errors == "streaks: error: User 'nobody' has no streaks in \(source.store); nothing was copied (--user names whose streaks to copy).\n")
        #expect(target.snapshot() == before)
        let same = await source.run(["copy", "--from", source.store, "--to", source.store])
        #expect(same.code == 2)
    }

    /// An event an older version stored with a NUL in its id (PostgreSQL cannot keep it):
    /// `copy` copies everything else, names what it left out and exits 1; it never stops half way.
    @Test func aCopyLeavesOutWhatNoStoreKeepsAndSaysSo() async throws {
        let source = CLIHarness(), target = CLIHarness()
        _ = await source.run(["create", "gym"], now: "2024-01-01T12:00:00Z")
        _ = await source.run(["log", "gym"], now: "2024-01-02T12:00:00Z")
        _ = await source.run(["create", "walk"], now: "2024-01-01T12:00:00Z")
        _ = await source.run(["log", "walk"], now: "2024-01-02T12:00:00Z")
        let log = source.store + "/users/tester/streaks/gym/events.jsonl"
        let handle = try #require(FileHandle(forWritingAtPath: log))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"id":"bad\u0000id","date_created":"2024-01-03T12:00:00Z","timezone":"UTC","is_freeze":false}"#.utf8 + [10]))
        try handle.close()
        #expect(await source.run(["events", "gym", "--json"]).output.contains(#"bad\u0000id"#))

        let result = await source.run(["copy", "--from", source.store, "--to", target.store])
        #expect(result.code == 1)
        #expect(result.output.contains("Copied 2 streaks (2 events, 0 freezes)"), "\(result.output)")
        #expect(result.errors.contains("streaks: warning: left out: gym: The event id contains a control character"), "\(result.errors)")
        #expect(result.errors.hasSuffix("streaks: error: Left out 1 of the source's events and freezes, which no store keeps (named above); everything else was copied.\n"))
        #expect(await target.run(["events", "gym", "--json"]).output.contains("bad") == false)
        #expect(await target.run(["list"]).output.contains("walk"))
    }
}

/// `copy` of a whole store carries the points: the earned events once, the settings where
/// the target has none, and the same level on both sides.
struct CopyPointsTests {
    @Test func pointsAndTheirSettingsTravelAndASecondCopyAddsNothing() async throws {
        let source = CLIHarness(), target = CLIHarness()
        _ = await source.run(["create", "med"], now: "2024-01-01T12:00:00Z")
        _ = await source.run(["points", "on"], now: "2024-01-01T12:00:00Z")
        for day in 1...3 { _ = await source.run(["log", "med"], now: "2024-01-0\(day)T15:00:00Z") }
        let first = await source.run(["copy", "--from", source.store, "--to", target.store], now: "2024-01-03T16:00:00Z")
        #expect(first.code == 0, "\(first.errors)")
        #expect(first.output.contains("Copied 4 experience events and 0 progress items: 4 new events."))
        let shown = await target.run(["points", "--json"], now: "2024-01-03T16:00:00Z")
        #expect(shown.output.contains("\"all_time\":33") && shown.output.contains("\"on\":true"), "\(shown.output)")
        let again = await source.run(["copy", "--from", source.store, "--to", target.store], now: "2024-01-03T16:00:00Z")
        #expect(again.output.contains("4 experience events and 0 progress items: 0 new events."))
    }
}
