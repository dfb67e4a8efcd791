import Foundation
import Testing

/// Rule 10 and 11 through the command line: amount, limit and tracking streaks created,
/// logged and changed, and every bad amount or target refused with nothing written
/// (America/New_York; 2024-01-05 is a Friday).
struct AmountCommandTests {
    @Test func anAmountStreakSaysItsTargetInStatusJSON() async throws {
        let cli = CLIHarness()
        let created = await cli.run(["create", "run", "--at-least", "5", "--unit", "km"])
        #expect(created.code == 0, "\(created.errors)")
        #expect(created.output.contains("at least 5 km a day"), "\(created.output)")
        let status = try await cli.statusJSON(key: "run")
        #expect(status["unit"] as? String == "km")
        #expect(status["target_kind"] as? String == "at_least")
        #expect(status["target_period"] as? String == "day")
        #expect(status["target"] as? Double == 5)
        #expect(status["week_amount"] is NSNull)
    }

    @Test func aLimitWithASinceDayAndATrackingStreakAreCreated() async throws {
        let cli = CLIHarness()
        #expect(await cli.run(["create", "smoking", "--at-most", "0", "--since", "2024-01-01"]).code == 0)
        let config = try String(contentsOfFile: cli.store + "/users/tester/streaks/smoking/config.json", encoding: .utf8)
        #expect(config.contains("\"start_day\" : \"2024-01-01\""), "\(config)")
        #expect(config.contains("\"at_most\""), "\(config)")
        let tracked = await cli.run(["create", "weight", "--track", "--unit", "kg"])
        #expect(tracked.code == 0, "\(tracked.errors)")
        #expect(try await cli.statusJSON(key: "weight")["target_kind"] as? String == "tracking")
        #expect(try await cli.statusJSON(key: "smoking")["target_kind"] as? String == "at_most")
    }

    @Test func aStoreCreatedStreakStartsOnTheDayItIsCreated() async throws {
        let cli = CLIHarness()
        #expect(await cli.run(["create", "coffee", "--at-most", "2"], now: "2024-01-03T15:00:00Z").code == 0)
        let config = try String(contentsOfFile: cli.store + "/users/tester/streaks/coffee/config.json", encoding: .utf8)
        #expect(config.contains("\"start_day\" : \"2024-01-03\""), "\(config)")
    }

    @Test(arguments: [
        (["create", "x", "--at-least", "abc"], "--at-least takes an amount"),
        (["create", "x", "--at-least=0"], "Invalid target 0"),
        (["create", "x", "--at-most=-1"], "-1"),
        (["create", "x", "--at-least", "2e9"], "2e9"),
        (["create", "x", "--at-least", "5", "--at-most", "2"], "one of --at-least, --at-most and --track"),
        (["create", "x", "--at-most", "2", "--per-week", "3"], "cannot have the schedule '3/week'"),
        (["create", "x", "--at-least", "20", "--per", "week", "--days", "mon-fri"], "cannot have the schedule"),
        (["create", "x", "--at-least", "5", "--per", "year"], "--per takes day, week or month, not 'year'"),
        (["create", "x", "--per", "week"], "--per goes with --at-least or --at-most"),
        (["create", "x", "--at-least", "5", "--goal", "3"], "--at-least 3, not --goal"),
        (["create", "x", "--at-least", "5", "--since", "2024-01-01"], "--since goes with --at-most"),
        (["create", "x", "--unit", "k\u{7}m"], "Invalid unit"),
    ])
    func badTargetsAreRefusedWithNothingWritten(_ example: ([String], String)) async {
        let cli = CLIHarness()
        let before = cli.snapshot()
        let result = await cli.run(example.0)
        #expect(result.code == 2)
        #expect(result.errors.contains(example.1), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
        #expect(cli.snapshot() == before)
    }

    @Test(arguments: ["abc", "-", "1e12", "nan", "1.2.3", "1000000001"])
    func aBadAmountIsRefusedNamingItWithNothingWritten(_ amount: String) async {
        let cli = CLIHarness()
        #expect(await cli.run(["create", "run", "--at-least", "5", "--unit", "km"]).code == 0)
        let before = cli.snapshot()
        let result = await cli.run(["log", "run", amount])
        #expect(result.code == 2)
        #expect(result.errors.contains("'\(amount)'"), "\(result.errors)")
        #expect(cli.snapshot() == before)
    }

    @Test func anAmountIsLoggedExactlyAndListedWithItsEvent() async throws {
        let cli = CLIHarness()
        #expect(await cli.run(["create", "run", "--at-least", "5", "--unit", "km"]).code == 0)
        let logged = await cli.run(["log", "run", "4.2", "--at", "2024-01-05 08:00"])
        #expect(logged.code == 0, "\(logged.errors)")
        #expect(logged.output.contains("run 4.2 km"), "\(logged.output)")
        let log = try String(contentsOfFile: cli.store + "/users/tester/streaks/run/events.jsonl", encoding: .utf8)
        #expect(log.contains("\"amount\":4.2}"), "\(log)")
        let events = await cli.run(["events", "run", "--json"])
        #expect(events.output.contains("\"amount\":4.2"), "\(events.output)")
    }

    @Test func logWithANoteWritesTheNoteOnTheEventsDayAndABadNoteNothing() async throws {
        let cli = CLIHarness()
        #expect(await cli.run(["create", "run", "--at-least", "5", "--unit", "km"]).code == 0)
        let logged = await cli.run(["log", "run", "5.5", "--at", "2024-01-04 18:00", "--note", "tempo run"])
        #expect(logged.code == 0, "\(logged.errors)")
        let listed = await cli.run(["note", "list", "run", "--json"])
        #expect(listed.output.contains("2024-01-04") && listed.output.contains("tempo run"), "\(listed.output)")
        let before = cli.snapshot()
        let refused = await cli.run(["log", "run", "1", "--note", String(repeating: "x", count: 1_001)])
        #expect(refused.code == 2)
        #expect(refused.errors.contains("1001 characters"), "\(refused.errors)")
        #expect(cli.snapshot() == before)
    }

    @Test func anExportCarriesTheTargetAndTheAmountsIntoAnotherStore() async throws {
        let source = CLIHarness(), target = CLIHarness()
        #expect(await source.run(["create", "coffee", "--at-most", "2", "--unit", "cups", "--since", "2024-01-01"]).code == 0)
        #expect(await source.run(["log", "coffee", "1.5", "--at", "2024-01-04 09:00"]).code == 0)
        let exported = await source.run(["export", "coffee"])
        #expect(exported.code == 0, "\(exported.errors)")
        target.standardInput = Array(exported.output.utf8)
        let imported = await target.run(["import", "coffee", "-"])
        #expect(imported.code == 0, "\(imported.errors)")
        let settings = await target.run(["config", "coffee"])
        #expect(settings.output.contains("at most 2 cups a day"), "\(settings.output)")
        let config = try String(contentsOfFile: target.store + "/users/tester/streaks/coffee/config.json", encoding: .utf8)
        #expect(config.contains("\"start_day\" : \"2024-01-01\""), "\(config)")
        let events = await target.run(["events", "coffee", "--json"])
        #expect(events.output.contains("\"amount\":1.5"), "\(events.output)")
        let fields = ["unit", "target_kind", "target", "today_amount", "current_streak", "status"]
        let (left, right) = (try await source.statusJSON(key: "coffee"), try await target.statusJSON(key: "coffee"))
        for field in fields { #expect("\(left[field] ?? "-")" == "\(right[field] ?? "-")", "\(field)") }
    }

    @Test func theDirectionNeverChangesFromTodayButMayFromTheStart() async throws {
        let cli = CLIHarness()
        #expect(await cli.run(["create", "coffee", "--at-least", "2"], now: "2024-01-01T15:00:00Z").code == 0)
        #expect(await cli.run(["log", "coffee", "1", "--at", "2024-01-02 09:00"]).code == 0)
        let before = cli.snapshot()
        let refused = await cli.run(["config", "coffee", "--at-most", "2"])
        #expect(refused.code == 2)
        #expect(refused.errors.contains("create a new streak"), "\(refused.errors)")
        #expect(cli.snapshot() == before)
        let rejudged = await cli.run(["config", "coffee", "--at-most", "2", "--from", "start"])
        #expect(rejudged.code == 0, "\(rejudged.errors)")
        #expect(try await cli.statusJSON(key: "coffee")["target_kind"] as? String == "at_most")
        let late = await cli.run(["config", "coffee", "--at-most", "3", "--from", "2024-01-09"])
        #expect(late.code == 2)
        #expect(late.errors.contains("after today"), "\(late.errors)")
    }

    @Test func anAmountChangeFromTodayKeepsEarlierDaysTargets() async throws {
        let cli = CLIHarness()
        #expect(await cli.run(["create", "read", "--at-least", "20", "--unit", "pages"], now: "2024-01-01T15:00:00Z").code == 0)
        let changed = await cli.run(["config", "read", "--at-least", "30"])
        #expect(changed.code == 0, "\(changed.errors)")
        #expect(changed.output.contains("at least 30 pages a day"), "\(changed.output)")
        let config = try String(contentsOfFile: cli.store + "/users/tester/streaks/read/config.json", encoding: .utf8)
        #expect(config.contains("\"amount\" : 20"), "\(config)")
        #expect(config.contains("\"amount\" : 30"), "\(config)")
    }
}
