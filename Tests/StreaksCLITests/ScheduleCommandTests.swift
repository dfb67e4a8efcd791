import Foundation
import Testing
@testable import StreaksCLI

/// `--days` on create and config, and `streaks skip add/remove/list` (rules 8 and 9), in
/// New York with 2024-01-01 a Monday.
struct ScheduleCommandTests {
    /// A Mon-Fri streak kept Monday to Friday of the first week.
    func workWeek() async -> CLIHarness {
        let cli = CLIHarness()
        _ = await cli.run(["create", "work", "--days", "mon-fri"], now: "2024-01-01T13:00:00Z")
        for day in 1...5 { _ = await cli.run(["log", "work"], now: "2024-01-0\(day)T17:00:00Z") }
        return cli
    }

    @Test func aWorkWeekRestsOverTheWeekendAndSaysSo() async throws {
        let cli = await workWeek()
        let sunday = try await cli.statusJSON(now: "2024-01-07T17:00:00Z")
        #expect(sunday["current_streak"] as? Int == 5)
        #expect(sunday["status"] as? String == "active")
        #expect(sunday["schedule"] as? String == "mon,tue,wed,thu,fri")
        #expect(sunday["streak_unit"] as? String == "day")
        #expect(sunday["week_start"] as? String == "monday")
        #expect(sunday["today_is_due"] as? Bool == false)
        let words = await cli.run(["status"], now: "2024-01-07T17:00:00Z")
        #expect(words.output.contains("rest day, keep the next due day by 2024-01-09 00:00"))
        let monday = try await cli.statusJSON(now: "2024-01-08T17:00:00Z")
        #expect(monday["status"] as? String == "at_risk")
        #expect(monday["today_is_due"] as? Bool == true)
    }

    @Test func aSkippedDayBridgesAndCanBeTakenBack() async throws {
        let cli = await workWeek()
        let added = await cli.run(["skip", "add", "work", "2024-01-08", "--to", "2024-01-09"], now: "2024-01-08T17:00:00Z")
        #expect(added.code == 0, "\(added.errors)")
        #expect(added.output == "Skipped 2024-01-08 to 2024-01-09 (2 days) in work: 5 days.\n")
        #expect(await cli.run(["skip", "list", "--json"]).output == "[\"2024-01-08\",\"2024-01-09\"]\n")
        let skipped = await cli.run(["status"], now: "2024-01-09T17:00:00Z")
        #expect(skipped.output.contains("skipped (holiday)"))
        // Tuesday is still skipped; Monday taken back is a missed due day.
        #expect(await cli.run(["skip", "remove", "2024-01-08"], now: "2024-01-09T17:00:00Z").code == 0)
        #expect(try await cli.statusJSON(now: "2024-01-10T17:00:00Z")["current_streak"] as? Int == 0)
        #expect(await cli.run(["skip", "list"]).output == "2024-01-09 Tue\n")
    }

    @Test func daysAreReadAsPeopleTypeThem() async throws {
        let cli = await workWeek()
        #expect(await cli.run(["skip", "add", "tomorrow"], now: "2024-01-08T17:00:00Z").code == 0)
        #expect(await cli.run(["skip", "add", "+2d"], now: "2024-01-08T17:00:00Z").code == 0)
        #expect(await cli.run(["skip", "add", "yesterday"], now: "2024-01-08T17:00:00Z").code == 0)
        #expect(await cli.run(["skip", "list", "--json"]).output == "[\"2024-01-07\",\"2024-01-09\",\"2024-01-10\"]\n")
    }

    @Test func badSkipsAreRefusedAndWriteNothing() async throws {
        let cli = await workWeek()
        let before = cli.snapshot()
        for (arguments, message) in [
            (["skip", "add", "2025-06-01"], "366 days ahead"),
            (["skip", "add", "2024-01-08", "--to", "2025-03-01"], "at most 366"),
            (["skip", "add", "2024-01-08", "--to", "2024-01-01"], "ends before it starts"),
            (["skip", "add", "24-1-8"], "not a date"),
            (["skip", "add", "2024-02-30"], "not a date"),
            (["skip", "add"], "give the day"),
            (["skip", "add", "nope", "2024-01-08"], "nope"),
        ] {
            let result = await cli.run(arguments, now: "2024-01-08T17:00:00Z")
            #expect(result.code != 0, "\(arguments)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
            #expect(result.errors.split(separator: "\n").count == 1, "\(arguments): \(result.errors)")
        }
        #expect(cli.snapshot() == before)
    }

    @Test func configChangesTheDaysFromTodayOn() async throws {
        let cli = await workWeek()
        // From Saturday on, Saturdays are due: the 6th (a Saturday, before the change) stays a rest day.
        let changed = await cli.run(["config", "work", "--days", "mon-sat"], now: "2024-01-08T17:00:00Z")
        #expect(changed.output == "work: goal 1/day, on mon,tue,wed,thu,fri,sat, leeway 0h, freezes manual\n")
        _ = await cli.run(["log", "work"], now: "2024-01-08T17:00:00Z")
        #expect(try await cli.statusJSON(now: "2024-01-08T18:00:00Z")["current_streak"] as? Int == 6)
        // The 13th is a Saturday under the new schedule: missing it breaks the run.
        for day in 9...12 { _ = await cli.run(["log", "work"], now: "2024-01-\(day)T17:00:00Z") }
        #expect(try await cli.statusJSON(now: "2024-01-14T17:00:00Z")["current_streak"] as? Int == 0)
    }

    @Test func badDaysAreRefusedWithTheWayToWriteThem() async {
        let cli = CLIHarness()
        for days in ["funday", "3/week", ""] {
            let result = await cli.run(["create", "gym", "--days", days])
            #expect(result.code == 2, "\(days)")
            #expect(result.errors.contains("mon-fri"), "\(days): \(result.errors)")
        }
        #expect(await cli.run(["list"]).output.contains("No streaks yet"))
    }
}

/// Schedules and skips travel with a streak: `copy`, and `export` then `import`.
struct ScheduleTransferTests {
    @Test func aCopyCarriesTheScheduleItsHistoryAndTheSkips() async throws {
        let source = CLIHarness(), target = CLIHarness()
        _ = await source.run(["create", "work", "--days", "mon-fri"], now: "2024-01-01T13:00:00Z")
        for day in 1...5 { _ = await source.run(["log", "work"], now: "2024-01-0\(day)T17:00:00Z") }
        _ = await source.run(["skip", "add", "work", "2024-01-08"], now: "2024-01-08T17:00:00Z")
        _ = await source.run(["config", "work", "--days", "mon-sat"], now: "2024-01-08T17:00:00Z")
        let copied = await source.run(["copy", "--from", source.store, "--to", target.store], now: "2024-01-09T17:00:00Z")
        #expect(copied.code == 0, "\(copied.errors)")
        #expect(copied.output.contains("1 skipped day"))
        #expect(await target.run(["skip", "list", "--json"]).output == "[\"2024-01-08\"]\n")
        for now in ["2024-01-07T17:00:00Z", "2024-01-09T17:00:00Z", "2024-01-14T17:00:00Z"] {
            let there = try await target.statusJSON(now: now), here = try await source.statusJSON(now: now)
            #expect(there["current_streak"] as? Int == here["current_streak"] as? Int, "\(now)")
            #expect(there["schedule"] as? String == "mon,tue,wed,thu,fri,sat")
            #expect(there["today_is_due"] as? Bool == here["today_is_due"] as? Bool, "\(now)")
        }
    }

    @Test func eventsListSkippedDaysInTheirPlace() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "work", "--days", "mon-fri"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["log", "work"], now: "2024-01-02T17:00:00Z")
        _ = await cli.run(["log", "work"], now: "2024-01-04T17:00:00Z")
        _ = await cli.run(["skip", "add", "work", "2024-01-03"], now: "2024-01-04T17:00:00Z")
        let json = await cli.run(["events", "--json"], now: "2024-01-05T17:00:00Z")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(items.count == 3)
        #expect(items[1]["skip"] as? String == "2024-01-03")
        #expect(items[0]["date_created"] as? String == "2024-01-02T17:00:00Z")
        let text = await cli.run(["events"], now: "2024-01-05T17:00:00Z")
        #expect(text.output.split(separator: "\n").map { $0.hasPrefix("2024-01-03") && $0.contains("skipped") } == [false, true, false])
        // --since leaves out earlier skips too.
        let since = await cli.run(["events", "--json", "--since", "2024-01-04"], now: "2024-01-05T17:00:00Z")
        #expect(!since.output.contains("skip"))
    }

    @Test func aRenameKeepsTheScheduleAndTheSkips() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "work", "--days", "mon-fri"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["skip", "add", "work", "2024-01-03"], now: "2024-01-02T13:00:00Z")
        #expect(await cli.run(["rename", "work", "job"], now: "2024-01-02T13:00:00Z").code == 0)
        #expect(try await cli.statusJSON(now: "2024-01-02T13:00:00Z", key: "job")["schedule"] as? String == "mon,tue,wed,thu,fri")
        #expect(await cli.run(["skip", "list", "job", "--json"]).output == "[\"2024-01-03\"]\n")
    }

    @Test func anExportImportedElsewhereKeepsSkipsAndSchedule() async throws {
        let source = CLIHarness(), target = CLIHarness()
        _ = await source.run(["create", "work", "--days", "weekdays"], now: "2024-01-01T13:00:00Z")
        _ = await source.run(["log", "work"], now: "2024-01-02T17:00:00Z")
        _ = await source.run(["skip", "add", "work", "2024-01-03", "--to", "2024-01-04"], now: "2024-01-02T17:00:00Z")
        let exported = await source.run(["export", "work"], now: "2024-01-05T17:00:00Z")
        #expect(exported.output.contains(#"{"skip":"2024-01-03"}"#))
        let file = target.store + ".jsonl"
        try exported.output.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let imported = await target.run(["import", "work", file], now: "2024-01-05T17:00:00Z")
        #expect(imported.code == 0, "\(imported.errors)")
        #expect(await target.run(["skip", "list", "--json"]).output == "[\"2024-01-03\",\"2024-01-04\"]\n")
        #expect(try await target.statusJSON(now: "2024-01-05T17:00:00Z")["schedule"] as? String == "mon,tue,wed,thu,fri")
        #expect(try await target.statusJSON(now: "2024-01-05T17:00:00Z")["current_streak"] as? Int == 1)
    }
}

/// `--per-week` and `--week-start` (rule 8's week unit) on the command line.
struct WeeklyCommandTests {
    @Test func aThreeTimesAWeekStreakCountsWeeksAndSaysHowTheWeekGoes() async throws {
        let cli = CLIHarness()
        #expect(await cli.run(["create", "gym", "--per-week", "3"], now: "2024-01-01T13:00:00Z").output
            == "Created 'gym': goal 1/day, 3/week from mon, leeway 0h, freezes manual.\n")
        for day in ["01", "03", "05", "08", "10"] { _ = await cli.run(["log", "gym"], now: "2024-01-\(day)T17:00:00Z") }
        let wednesday = try await cli.statusJSON(now: "2024-01-10T18:00:00Z")
        #expect(wednesday["current_streak"] as? Int == 1)
        #expect(wednesday["streak_unit"] as? String == "week")
        #expect(wednesday["schedule"] as? String == "3/week")
        #expect(wednesday["week_kept_days"] as? Int == 2)
        #expect(wednesday["week_target"] as? Int == 3)
        #expect(wednesday["week_days_left"] as? Int == 4)
        #expect(wednesday["status"] as? String == "active")
        #expect(await cli.run(["status"], now: "2024-01-10T18:00:00Z").output.hasPrefix("gym: 1 week — 2 of 3 this week, 4 days left\n"))
        let sunday = try await cli.statusJSON(now: "2024-01-14T18:00:00Z")
        #expect(sunday["status"] as? String == "at_risk")
        // Missing the third day breaks it on Monday.
        #expect(try await cli.statusJSON(now: "2024-01-15T18:00:00Z")["current_streak"] as? Int == 0)
    }

    @Test func aWeekStillInItsLeewayIsWordedAsGraceEverywhere() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "gym", "--per-week", "3", "--leeway", "3"], now: "2024-01-01T13:00:00Z")
        for day in ["01", "03", "05", "08", "10"] { _ = await cli.run(["log", "gym"], now: "2024-01-\(day)T17:00:00Z") }
        // Monday 01:00 in New York: last week's Sunday can still be kept.
        let monday = "2024-01-15T06:00:00Z"
        #expect(try await cli.statusJSON(now: monday)["status"] as? String == "can_extend_with_leeway")
        let line = await cli.run(["status"], now: monday).output
        #expect(line.hasPrefix("gym: 1 week — grace period, "), "\(line)")
    }

    @Test func weeksStartWhereTheStreakSays() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "gym", "--per-week", "2", "--week-start", "sunday"], now: "2024-01-01T13:00:00Z")
        // Sat 01-06 and Sun 01-07 are two weeks when weeks start on Sunday.
        for day in ["06", "07"] { _ = await cli.run(["log", "gym"], now: "2024-01-\(day)T17:00:00Z") }
        let status = try await cli.statusJSON(now: "2024-01-07T18:00:00Z")
        #expect(status["week_start"] as? String == "sunday")
        #expect(status["week_kept_days"] as? Int == 1)
    }

    @Test func aChangeOfUnitIsRefusedAndTimesMayChange() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "gym", "--per-week", "3"], now: "2024-01-01T13:00:00Z")
        let before = cli.snapshot()
        let refused = await cli.run(["config", "gym", "--days", "mon-fri"])
        #expect(refused.code == 2)
        #expect(refused.errors.contains("create a new streak"))
        #expect(cli.snapshot() == before)
        #expect(await cli.run(["config", "gym", "--per-week", "2"]).output.contains("2/week"))
        for (arguments, message) in [
            (["create", "a", "--per-week", "8"], "1/week to 7/week"),
            (["create", "b", "--per-week", "2", "--days", "mon"], "not both"),
            (["create", "c", "--per-week", "2", "--week-start", "someday"], "--week-start"),
        ] {
            let result = await cli.run(arguments)
            #expect(result.code == 2, "\(arguments)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
    }
}
