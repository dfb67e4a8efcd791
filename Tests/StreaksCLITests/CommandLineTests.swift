import Foundation
import StreakDashboardRuntime
import Testing
@testable import StreaksCLI

/// Issue 9's command line: relative dates, archive/rename/freeze removal, one error mapping,
/// one JSON convention, own options before shared ones, completion.
struct CommandLineTests {
    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    private func events(_ cli: CLIHarness, _ key: String = "daily") async throws -> [[String: Any]] {
        let result = await cli.run(["events", key, "--json"])
        return try #require(try json(result.output) as? [[String: Any]], "\(result.errors)")
    }

    // MARK: - log --at today, yesterday, -3d

    @Test func logAtTakesTodayYesterdayAndDaysBackAtTheCurrentWallClockTime() async throws {
        let cli = CLIHarness()
        // 10:00 in New York on 2024-01-05.
        for when in ["today", "yesterday", "-3d", "YESTERDAY"] {
            let result = await cli.run(["log", "--at", when], now: "2024-01-05T15:00:00Z")
            #expect(result.code == 0, "\(when): \(result.errors)")
        }
        let dates = try await events(cli).compactMap { $0["date_created"] as? String }
        #expect(dates == ["2024-01-02T15:00:00Z", "2024-01-04T15:00:00Z", "2024-01-04T15:00:00Z", "2024-01-05T15:00:00Z"])
        // Across the spring-forward night, "yesterday at this time" is the same wall-clock time.
        let dst = CLIHarness()
        _ = await dst.run(["log", "--at", "yesterday"], now: "2024-03-11T14:30:00Z")  // 10:30 EDT
        #expect(try await events(dst).first?["date_created"] as? String == "2024-03-10T14:30:00Z")  // 10:30 EDT too
        let bad = await cli.run(["log", "--at", "-3x"])
        #expect(bad.code == 2)
        #expect(bad.errors.contains("today, yesterday, -3d"))
    }

    @Test func eventsSinceTakesRelativeDaysFromTheirMidnight() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["log", "--at", "-2d"])
        _ = await cli.run(["log", "--at", "yesterday"])
        _ = await cli.run(["log"])
        let result = await cli.run(["events", "--since", "yesterday", "--json"])
        #expect((try json(result.output) as? [Any])?.count == 2)
    }

    // MARK: - archive, unarchive, rename, list --all, freeze remove

    @Test func archiveUnarchiveAndListAll() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["log"])
        _ = await cli.run(["create", "water"])
        let archived = await cli.run(["archive", "water"])
        #expect(archived.code == 0)
        #expect(archived.output.contains("streaks unarchive water"))
        let list = try #require(try json(await cli.run(["list", "--json"]).output) as? [[String: Any]])
        #expect(list.map { $0["streak_id"] as? String } == ["daily"])
        let all = try #require(try json(await cli.run(["list", "--all", "--json"]).output) as? [[String: Any]])
        #expect(all.map { $0["streak_id"] as? String } == ["daily", "water"])
        #expect(all.map { $0["archived"] as? Bool } == [false, true])
        #expect(await cli.run(["list", "--all"]).output.contains("water  0 days  no_events  (goal 1/day, leeway 0h, freezes manual)  archived"))
        // The dashboard's overview (every streak) leaves it out too.
        #expect(!(await cli.run(["status"]).output.contains("water")))
        #expect(await cli.run(["unarchive", "water"]).code == 0)
        #expect(await cli.run(["list"]).output.contains("water"))
        #expect(await cli.run(["archive", "nope"]).code == 2)
    }

    @Test func renameMovesTheStreakAndIsRefusedWhileTheNewKeyExists() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["log", "daily"])
        _ = await cli.run(["create", "water"])
        let before = cli.snapshot()
        let refused = await cli.run(["rename", "daily", "water"])
        #expect(refused.code == 2)
        #expect(refused.errors.contains("water"))
        #expect(cli.snapshot() == before)
        #expect(await cli.run(["rename", "daily", "Bad Key"]).code == 2)
        let renamed = await cli.run(["rename", "daily", "reading"])
        #expect(renamed.code == 0, "\(renamed.errors)")
        #expect(try await events(cli, "reading").count == 1)
        #expect(await cli.run(["status", "daily"]).code == 2)
    }

    @Test func freezeRemoveTakesBackAnUnusedFreeze() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["log"])
        _ = await cli.run(["freeze", "add", "--count", "2"])
        let freezes = try #require(try json(await cli.run(["freeze", "list", "--json"]).output) as? [[String: Any]])
        #expect(freezes.count == 2)
        // Every object has every key (null where there is no value).
        #expect(Set(freezes[0].keys) == ["id", "available", "date_earned", "date_used", "date_expires"])
        let id = try #require(freezes[0]["id"] as? String)
        let removed = await cli.run(["freeze", "remove", id])
        #expect(removed.code == 0, "\(removed.errors)")
        #expect(removed.output.contains("1 available"))
        let again = await cli.run(["freeze", "remove", id])
        #expect(again.code == 2)
        #expect(again.errors.hasPrefix("streaks: error: "))
    }

    @Test func freezeMessagesSayWhatIsPossible() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["log", "--at", "2023-01-02"], now: "2024-01-05T15:00:00Z")
        _ = await cli.run(["freeze", "add", "--count", "2"])
        let status = await cli.run(["status"])
        #expect(status.output.contains("not enough to restore it (that takes 367)"))
        #expect(!status.output.contains("would restore"))
        // A streak that never had a kept day has nothing to restore.
        _ = await cli.run(["create", "water", "--goal", "3"])
        _ = await cli.run(["log", "water", "--at", "2023-06-01"])
        let water = await cli.run(["status", "water"])
        #expect(water.output.contains("no day kept yet"))
        #expect(!water.output.contains("restore"))
    }

    // MARK: - One mapping from errors to messages and exit codes

    @Test func everyKindOfBadInputExitsTwoWithOneLine() async {
        let cli = CLIHarness()
        _ = await cli.run(["log"])
        let cases: [[String]] = [
            ["log", "--bogus"],  // the parser
            ["import", "a", "b", "c"],  // validate()
            ["freeze", "remove"],  // a missing argument
            ["log", "--at", "never"],  // our own check
            ["create", "daily"],  // the store says it exists
        ]
        for arguments in cases {
            let result = await cli.run(arguments)
            #expect(result.code == 2, "\(arguments)")
            #expect(result.errors.hasPrefix("streaks: error: "), "\(arguments): \(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1, "\(arguments): \(result.errors)")
            #expect(!result.errors.contains("Error:"), "\(arguments): \(result.errors)")
        }
    }

    @Test func aMistypedCommandSuggestsTheNearest() async {
        let cli = CLIHarness()
        for (typed, meant) in [("statsu", "status"), ("stauts", "status"), ("lgo", "log"), ("evnets", "events"), ("unarchve", "unarchive")] {
            let result = await cli.run([typed], shared: false)
            #expect(result.code == 2)
            #expect(result.errors == "streaks: error: '\(typed)' is not a streaks command; did you mean '\(meant)'?\n")
        }
        let far = await cli.run(["xyzzy"], shared: false)
        #expect(far.errors.contains("`streaks --help` lists the commands"))
    }

    @Test func versionAndSharedOptionsBeforeTheCommand() async {
        let cli = CLIHarness()
        let version = await cli.run(["--version"], shared: false)
        #expect(version.code == 0)
        #expect(version.output == StreaksVersion.current + "\n")
        // `streaks --store DIR log`, as with git.
        let logged = await cli.run(["--store", cli.store, "--now=2024-01-05T15:00:00Z", "--timezone", "America/New_York", "log"], shared: false)
        #expect(logged.code == 0, "\(logged.errors)")
        #expect(logged.output.hasPrefix("Logged daily at 2024-01-05 10:00 EST"))
    }

    @Test func errorsOfTheStoreAndTheTerminalExitOne() throws {
        #expect(ErrorReport.exitCode(for: DashboardError.unknownTerminal("nonexistent")) == 1)
        #expect(ErrorReport.message(for: DashboardError.unknownTerminal("nonexistent")).contains("TERM"))
    }

    @Test func aStoreThatCannotBeWrittenExitsOne() async throws {
        let cli = CLIHarness()
        let file = cli.store + "-file"
        _ = FileManager.default.createFile(atPath: file, contents: Data("not a directory".utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = await cli.run(["--store", file, "--now", "2024-01-05T15:00:00Z", "log"], shared: false)
        #expect(result.code == 1)
        #expect(result.errors.hasPrefix("streaks: error: "))
        #expect(FileManager.default.contents(atPath: file) == Data("not a directory".utf8))
    }

    // MARK: - JSON

    @Test func statusListAndLogShareOneShapeWithTheCommandLinesWords() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "water", "--freezes", "auto"])
        _ = await cli.run(["log", "water", "--at", "-3d"])
        let logged = try #require(try json(await cli.run(["log", "water", "--json"]).output) as? [String: Any])
        let status = try #require(try json(await cli.run(["status", "water", "--json"]).output) as? [String: Any])
        let listed = try #require((try json(await cli.run(["list", "--json"]).output) as? [[String: Any]])?.first)
        #expect(Set(logged.keys) == Set(status.keys))
        #expect(Set(listed.keys) == Set(status.keys).union(["archived"]))
        #expect(status["freeze_behavior"] as? String == "auto")
        #expect(status["date_last_event"] as? String == "2024-01-05T15:00:00Z")
    }

    @Test func daysSinceLastEventMeansTheSameInEveryStatus() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "water", "--goal", "2"])
        func days(_ now: String) async throws -> (String?, Int?) {
            let object = try json(await cli.run(["status", "water", "--json"], now: now).output) as? [String: Any]
            return (object?["status"] as? String, object?["days_since_last_event"] as? Int)
        }
        #expect(try await days("2024-01-05T15:00:00Z") == ("no_events", nil))
        _ = await cli.run(["log", "water"], now: "2024-01-05T15:00:00Z")
        _ = await cli.run(["log", "water"], now: "2024-01-05T16:00:00Z")
        #expect(try await days("2024-01-05T17:00:00Z") == ("active", 0))
        #expect(try await days("2024-01-06T17:00:00Z") == ("at_risk", 1))
        #expect(try await days("2024-01-09T17:00:00Z") == ("broken", 4))
        // One event on a goal-2 day: still the day of the last event, not of the last kept day.
        _ = await cli.run(["log", "water"], now: "2024-01-09T17:00:00Z")
        #expect(try await days("2024-01-10T17:00:00Z") == ("broken", 1))
    }

    @Test func eventsJSONHasEveryKeyInEveryObject() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["log", "--meta", "minutes=30"])
        _ = await cli.run(["log"])
        let objects = try await events(cli)
        #expect(objects.count == 2)
        for object in objects {
            #expect(Set(object.keys) == ["id", "date_created", "timezone", "is_freeze", "freeze_id", "metadata"])
            #expect(object["freeze_id"] is NSNull)
        }
        #expect((objects[0]["metadata"] as? [String: Any])?["minutes"] as? Int == 30)
        #expect((objects[1]["metadata"] as? [String: Any])?.isEmpty == true)
    }

    /// The parser's question ("Did you mean '--goal'?") ends the sentence: no "?." after it.
    @Test func aSuggestionEndsItsOwnSentence() async {
        let cli = CLIHarness()
        let result = await cli.run(["create", "x", "--gaol", "2"])
        #expect(result.code == 2)
        #expect(result.errors.contains("Did you mean '--goal'? See 'streaks create --help'."), "\(result.errors)")
        #expect(!result.errors.contains("?."))
    }

    @Test func theFreezeModesAreExplainedInHelp() async {
        let help = await CLIHarness().run(["create", "--help"], shared: false).output
        #expect(help.contains("auto              - missed days are bridged with freezes by themselves"), "\(help)")
        #expect(help.contains("off               - freezes are not used"))
        #expect(!help.contains("- \n"))
    }

    // MARK: - Help and completion

    @Test func ownOptionsComeBeforeTheSharedOnesInEveryHelp() async throws {
        let cli = CLIHarness()
        let commands: [[String]] = [
            ["status"], ["stats"], ["log"], ["undo"], ["events"], ["create"], ["config"], ["list"], ["reset"],
            ["archive"], ["unarchive"], ["rename"], ["freeze", "add"], ["freeze", "use"], ["freeze", "list"],
            ["freeze", "remove"], ["import"], ["export"], ["dashboard"],
        ]
        for command in commands {
            let help = await cli.run(command + ["--help"], shared: false)
            #expect(help.code == 0, "\(command)")
            let usage = try #require(help.output.split(separator: "\n").first { $0.hasPrefix("USAGE:") }.map(String.init))
            // A usage too long for one line names no option.
            if usage.contains("[<options>]") { continue }
            let shared = try #require(usage.range(of: "[--store <store>]"), "\(command): \(usage)")
            let afterShared = usage[shared.upperBound...]
            for own in ["--json", "--at", "--goal", "--all", "--count", "--theme", "--format", "--yes", "--since", "--skip-invalid"] {
                #expect(!afterShared.contains(own), "\(command): \(own) after the shared options in \(usage)")
            }
        }
    }

    @Test func completionOffersStreakKeysAndThemeNames() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "water"])
        _ = await cli.run(["create", "walk"])
        _ = await cli.run(["create", "reading"])
        _ = await cli.run(["archive", "walk"])
        let keys = await cli.run(["---completion", "log", "--", "positional@0", "2", "2", "streaks", "log", "--store", cli.store, "wa"], shared: false)
        #expect(keys.output.split(separator: "\n") == ["water"])
        let archived = await cli.run(["---completion", "unarchive", "--", "positional@0", "2", "0", "streaks", "unarchive", "--store", cli.store, ""], shared: false)
        #expect(archived.output.split(separator: "\n") == ["walk"])
        let themes = await cli.run(["---completion", "dashboard", "--", "--theme", "2", "0", "streaks", "--theme", ""], shared: false)
        #expect(themes.output.contains("high-contrast"))
        let script = await cli.run(["--generate-completion-script", "bash"], shared: false)
        #expect(script.code == 0)
        #expect(script.output.contains("---completion log -- positional@0"))
        // Schedules: the usual day sets, weekday names, times per week.
        for word in ["mon-fri", "weekends", "sunday", "--per-week", "--week-start"] {
            #expect(script.output.contains(word), "\(word)")
        }
    }
}
