import Foundation
import Testing
@testable import StreaksCLI

struct CommandTests {
    @Test func logCreatesDailyOnANewStoreAndStatusReportsIt() async throws {
        let cli = CLIHarness()
        #expect(await cli.run(["log", "--meta", "repo=app"], now: "2024-01-04T15:00:00Z").code == 0)
        let logged = await cli.run(["log"])
        #expect(logged.code == 0)
        #expect(logged.output.contains("Logged daily"))
        let status = try await cli.statusJSON()
        #expect(status["streak_id"] as? String == "daily")
        #expect(status["current_streak"] as? Int == 2)
        #expect(status["status"] as? String == "active")
        #expect(status["today_event_count"] as? Int == 1)
        #expect(status["date_streak_start"] as? String == "2024-01-04T05:00:00Z")
        #expect(status["date_streak_deadline"] is NSNull)
        for key in ["longest_streak", "events_required_per_day", "freezes_available_count", "freezes_needed_to_save_streak", "total_events", "date_last_event"] {
            #expect(status[key] != nil, "missing \(key)")
        }
    }

    /// Six logs in a row on the real clock reply 1, 2, ... 6 events today: the stored time is
    /// never after the clock the reply is calculated with.
    @Test func everyLogReplyCountsItsOwnEvent() async throws {
        let cli = CLIHarness()
        let start = Date(timeIntervalSinceReferenceDate: 726_238_800.000_000_7)  // 2024-01-05 in New York
        var counts: [Int] = []
        for index in 0..<6 {
            let clock = start.addingTimeInterval(Double(index) * 0.000_000_9)
            let result = await cli.run(["log", "--json"], now: nil, clock: clock)
            #expect(result.code == 0, "\(result.errors)")
            let reply = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            counts.append(reply?["today_event_count"] as? Int ?? -1)
        }
        #expect(counts == [1, 2, 3, 4, 5, 6])
    }

    @Test func statusWithSeveralStreaksShowsEveryStreakAndExitsZero() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "reading", "--goal", "2"])
        _ = await cli.run(["create", "running"])
        _ = await cli.run(["log", "running"], now: "2024-01-05T14:00:00Z")
        for arguments in [["status"], []] {
            let result = await cli.run(arguments)
            #expect(result.code == 0)
            #expect(result.output == """
                reading  0 days  today 0/2    no events yet: log one with `streaks log`
                running   1 day  today 1/1    kept today

                """)
        }
        let json = await cli.run(["status", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(array.map { $0["streak_id"] as? String } == ["reading", "running"])
        #expect(array.map { $0["status"] as? String } == ["no_events", "active"])
        // With a key, one streak as before.
        let one = try await cli.statusJSON(key: "running")
        #expect(one["streak_id"] as? String == "running")
    }

    /// `status --json`: an object with a key, and always an array without one, so a script
    /// reading `.[]` holds from the first habit to the fiftieth.
    @Test func statusJSONHasOneShapePerForm() async throws {
        let cli = CLIHarness()
        #expect(await cli.run(["status", "--json"]).output == "[]\n")
        _ = await cli.run(["create", "running"])
        let alone = await cli.run(["status", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(alone.output.utf8)) as? [[String: Any]])
        #expect(array.map { $0["streak_id"] as? String } == ["running"])
        let keyed = await cli.run(["status", "running", "--json"])
        #expect(try JSONSerialization.jsonObject(with: Data(keyed.output.utf8)) is [String: Any])
    }

    @Test func statsReportCompletionWeekdaysAndRuns() async throws {
        let cli = CLIHarness()
        for day in ["01", "02", "03", "05", "06"] {
            _ = await cli.run(["log", "--at", "2024-01-\(day)T12:00"], now: "2024-01-06T20:00:00Z")
        }
        let text = await cli.run(["stats"], now: "2024-01-06T20:00:00Z")
        #expect(text.code == 0)
        #expect(text.output.contains("daily: 2 days now, longest 3 days"))
        #expect(text.output.contains("last 7 days   83%   kept 5 of 6 days"))
        #expect(text.output.contains("longest runs: 3 days 2024-01-01 → 2024-01-03; 2 days 2024-01-05 → now"))
        let json = await cli.run(["stats", "daily", "--json"], now: "2024-01-06T20:00:00Z")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["kept_days"] as? Int == 5)
        #expect(object["missed_days"] as? Int == 1)
        #expect((object["last_7_days"] as? [String: Any])?["rate"] as? Double == 0.833)
        #expect((object["longest_runs"] as? [[String: Any]])?.first?["length"] as? Int == 3)
        #expect((object["months"] as? [[String: Any]])?.first?["month"] as? String == "2024-01")
    }

    @Test func statusTextReadsAsASentence() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "reading", "--goal", "2", "--leeway", "3", "--freezes", "auto"])
        _ = await cli.run(["log", "reading"], now: "2024-01-05T14:00:00Z")
        let status = await cli.run(["status"], now: "2024-01-05T20:00:00Z")
        #expect(status.output.hasPrefix("reading: 0 days — no day kept yet (a day needs 2 events)\n"))
        #expect(status.output.contains("today 1/2"))
    }

    @Test func badInputPrintsOneLineExitsNonZeroAndChangesNothing() async {
        let cli = CLIHarness()
        _ = await cli.run(["log"])
        let before = cli.snapshot()
        let cases: [[String]] = [
            ["log", "--at", "2024-02-01"],
            ["log", "--at", "someday"],
            ["log", "--meta", "bad key=1"],
            ["log", "missing"],
            ["log", "Bad-Key"],
            ["create", "daily"],
            ["create", "x", "--goal", "0"],
            ["config", "daily", "--leeway", "30"],
            ["reset", "daily"],
            ["freeze", "add", "--expires", "2023-01-01"],
            ["freeze", "use"],
            ["status", "--timezone", "Mars/Base"],
        ]
        for arguments in cases {
            let result = await cli.run(arguments)
            #expect(result.code != 0, "\(arguments)")
            #expect(result.errors.hasPrefix("streaks: error: "), "\(arguments): \(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1, "\(arguments): \(result.errors)")
            #expect(cli.snapshot() == before, "\(arguments) changed the store")
        }
    }

    @Test func importReportsBadLinesAndImportsNothingWithoutSkipInvalid() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["log"])
        let before = cli.snapshot()
        let file = cli.store + "-import.jsonl"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try """
        {"date_created": "2024-01-02T12:00:00-05:00", "timezone": "America/New_York"}
        {"date_created": "2024-01-03T12:00:00", "timezone": "America/New_York"}
        {"date_created": 1704301200, "timezone": "Nowhere/City"}

        {"date_created": "2024-01-04T12:00:00Z", "timezone": "UTC", "metadata": {"n": {"type": "int", "value": 2}}}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let rejected = await cli.run(["import", file])
        #expect(rejected.code == 2)
        #expect(rejected.errors.contains("import.jsonl:2: \"date_created\" '2024-01-03T12:00:00' is not ISO 8601"))
        #expect(rejected.errors.contains("import.jsonl:3: unknown time zone 'Nowhere/City'"))
        #expect(cli.snapshot() == before)

        let skipped = await cli.run(["import", "--skip-invalid", file])
        #expect(skipped.code == 0)
        #expect(skipped.output.contains("Imported 2 events into daily"))
        let again = await cli.run(["import", "--skip-invalid", file])
        #expect(again.output.contains("Imported 0 events into daily (2 already there)"))
        #expect(try await cli.statusJSON()["total_events"] as? Int == 3)
    }

    @Test func exportThenImportIntoAnEmptyStoreReproducesTheStatus() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "gym", "--goal", "2", "--leeway", "3", "--freezes", "auto"])
        _ = await cli.run(["freeze", "add", "gym", "--count", "2"], now: "2024-01-01T15:00:00Z")
        for day in ["01", "02", "04"] {
            _ = await cli.run(["log", "gym", "--meta", "sets=3"], now: "2024-01-\(day)T15:00:00Z")
            _ = await cli.run(["log", "gym"], now: "2024-01-\(day)T16:00:00Z")
        }
        let exported = await cli.run(["export", "gym"], now: "2024-01-04T17:00:00Z")
        #expect(exported.code == 0)
        let original = try await cli.statusJSON(now: "2024-01-05T15:00:00Z", key: "gym")

        let copy = CLIHarness()
        copy.standardInput = Array(exported.output.utf8)
        #expect(await copy.run(["import", "gym", "-"], now: "2024-01-04T17:00:00Z").code == 0)
        let imported = try await copy.statusJSON(now: "2024-01-05T15:00:00Z", key: "gym")
        #expect(NSDictionary(dictionary: imported) == NSDictionary(dictionary: original))
        #expect(original["current_streak"] as? Int == 3)

        let csv = await cli.run(["export", "gym", "--format", "csv"])
        #expect(csv.output.hasPrefix("id,date_created,timezone,is_freeze,freeze_id,metadata\n"))
        #expect(csv.output.contains("\"{\"\"sets\"\":3}\""))
    }

    @Test func exportNamesTheFreezeBehaviourInTheCommandLinesWordAndImportReadsEitherForm() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "daily", "--freezes", "manual"])
        _ = await cli.run(["log"], now: "2024-01-01T15:00:00Z")
        let exported = await cli.run(["export", "daily"])
        #expect(exported.output.contains(#""freeze_behavior":"manual""#) && !exported.output.contains("ConsumeFreezes"))
        let all = await cli.run(["export", "--all"])
        #expect(all.output.contains(#""freeze_behavior":"manual""#) && !all.output.contains("ConsumeFreezes"))
        for text in [exported.output, exported.output.replacingOccurrences(of: #""freeze_behavior":"manual""#, with: #""freeze_behavior":"manuallyConsumeFreezes""#)] {
            let copy = CLIHarness()
            copy.standardInput = Array(text.utf8)
            #expect(await copy.run(["import", "daily", "-"]).code == 0)
            #expect(try await copy.statusJSON(key: "daily")["freeze_behavior"] as? String == "manual")
        }
        let bad = CLIHarness()
        bad.standardInput = Array(exported.output.replacingOccurrences(of: #""freeze_behavior":"manual""#, with: #""freeze_behavior":"sometimes""#).utf8)
        let refused = await bad.run(["import", "daily", "-"])
        #expect(refused.code != 0 && refused.errors.contains("sometimes"))
    }

    @Test func undoEventsAndFreezeCommands() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "daily", "--freezes", "manual"])
        _ = await cli.run(["log"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["log"], now: "2024-01-02T15:00:00Z")
        _ = await cli.run(["freeze", "add", "--count", "2"], now: "2024-01-02T16:00:00Z")
        #expect(try await cli.statusJSON(now: "2024-01-05T15:00:00Z")["freezes_needed_to_save_streak"] as? Int == 2)
        let used = await cli.run(["freeze", "use"], now: "2024-01-05T15:00:00Z")
        #expect(used.output.contains("Used 2 freezes for 2024-01-03, 2024-01-04: 2 days."))
        let list = await cli.run(["freeze", "list", "--json"], now: "2024-01-05T15:00:00Z")
        #expect((try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])?.count == 2)
        let events = await cli.run(["events", "--json", "--since", "2024-01-02"], now: "2024-01-05T15:00:00Z")
        #expect((try JSONSerialization.jsonObject(with: Data(events.output.utf8)) as? [Any])?.count == 3)
        #expect(await cli.run(["undo"], now: "2024-01-05T15:00:00Z").code == 0)
        #expect(try await cli.statusJSON(now: "2024-01-05T15:00:00Z")["total_events"] as? Int == 1)
    }

    @Test func severalStreaksNeedAKey() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "a"])
        _ = await cli.run(["create", "b"])
        let result = await cli.run(["log"])
        #expect(result.code == 2)
        #expect(result.errors.contains("Several streaks exist (a, b)"))
        #expect(await cli.run(["list"]).output.split(separator: "\n").count == 2)
    }
}
