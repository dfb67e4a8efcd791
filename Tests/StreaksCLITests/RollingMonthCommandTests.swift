import Foundation
import Testing

/// Rule 12's shapes on `create` and `config`: every N days, X in Y days, X days a month and
/// amounts a month, and every bad input refused in one line with exit 2 and nothing written
/// (America/New_York; 2024-01-01 is a Monday).
struct RollingMonthCommandTests {
    @Test(arguments: [
        (["create", "plants", "--every", "3"], "Created 'plants': goal 1/day, every 3 days, leeway 0h, freezes manual.\n", "every 3 days", "day"),
        (["create", "journal", "--times", "5", "--in", "7"], "Created 'journal': goal 1/day, 5 in 7 days, leeway 0h, freezes manual.\n", "5 in 7 days", "day"),
        (["create", "mum", "--per-month", "1"], "Created 'mum': goal 1/day, 1/month, leeway 0h, freezes manual.\n", "1/month", "month"),
        (["create", "run", "--at-least", "100", "--unit", "km", "--per", "month"],
         "Created 'run': at least 100 km a month, leeway 0h, freezes manual.\n", "daily", "month"),
        (["create", "takeaway", "--at-most", "4", "--per", "month"], "Created 'takeaway': at most 4 a month, leeway 0h, freezes manual.\n", "daily", "month"),
        (["create", "read", "--times", "1", "--in", "4"], "Created 'read': goal 1/day, every 4 days, leeway 0h, freezes manual.\n", "every 4 days", "day"),
        (["create", "floss", "--every", "2", "--at-least", "2", "--unit", "min"],
         "Created 'floss': at least 2 min a day, every 2 days, leeway 0h, freezes manual.\n", "every 2 days", "day"),
    ])
    func eachShapeIsCreatedAndSaidInStatusJSON(_ example: ([String], String, String, String)) async throws {
        let cli = CLIHarness()
        let created = await cli.run(example.0, now: "2024-01-01T13:00:00Z")
        #expect(created.code == 0, "\(created.errors)")
        #expect(created.output == example.1)
        let status = try await cli.statusJSON(now: "2024-01-01T13:00:00Z", key: example.0[1])
        #expect(status["schedule"] as? String == example.2)
        #expect(status["streak_unit"] as? String == example.3)
    }

    /// A store holding a rolling streak (`plants`, every 3 days) and a monthly one (`mum`), with events.
    func twoShapes() async -> CLIHarness {
        let cli = CLIHarness()
        _ = await cli.run(["create", "plants", "--every", "3"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["create", "mum", "--per-month", "1"], now: "2024-01-01T13:00:00Z")
        for day in ["01", "04"] { _ = await cli.run(["log", "plants"], now: "2024-01-\(day)T17:00:00Z") }
        _ = await cli.run(["log", "mum"], now: "2024-01-03T17:00:00Z")
        return cli
    }

    @Test(arguments: [
        ("every 1 is daily", ["create", "x", "--every", "1"], "--every 1 is every day, which is daily"),
        ("every 0", ["create", "x", "--every", "0"], "--every takes a number of days from 2 to 365, not 0"),
        ("every 366", ["create", "x", "--every", "366"], "--every 366 is too long: a window has at most 365 days"),
        ("7 in 7", ["create", "x", "--in", "7", "--times", "7"], "--times 7 --in 7 is every day, which is daily"),
        ("8 in 7", ["create", "x", "--times", "8", "--in", "7"], "--times 8 --in 7 asks for more days than the window has"),
        ("0 in 7", ["create", "x", "--times", "0", "--in", "7"], "--times takes 1 or more days, not 0"),
        ("a window of 366 days", ["create", "x", "--times", "3", "--in", "366"], "--in 366 is too long: a window has at most 365 days"),
        ("times without in", ["create", "x", "--times", "3"], "--times goes with --in"),
        ("in without times", ["create", "x", "--in", "7"], "--in goes with --times"),
        ("32 a month", ["create", "x", "--per-month", "32"], "--per-month takes 1 to 31 (days a month), not 32"),
        ("0 a month", ["create", "x", "--per-month", "0"], "--per-month takes 1 to 31 (days a month), not 0"),
        ("every with days", ["create", "x", "--every", "3", "--days", "mon"], "give --days or --every, not both"),
        ("every with per-month", ["create", "x", "--every", "3", "--per-month", "2"], "give --per-month or --every, not both"),
        ("three schedules", ["create", "x", "--every", "3", "--per-week", "2", "--times", "2", "--in", "5"],
         "give one of --per-week, --every and --times/--in, not several"),
        ("a window in --days", ["create", "x", "--days", "every 3 days"], "for N days a week use --per-week N"),
        ("a limit in windows", ["create", "x", "--every", "3", "--at-most", "2"],
         "A streak of 'at most 2 a day' cannot have the schedule 'every 3 days': a limit is judged each day, week or month, never over rolling windows"),
        ("a weekly amount in windows", ["create", "x", "--times", "2", "--in", "5", "--at-least", "20", "--per", "week"],
         "A streak of 'at least 20 a week' cannot have the schedule '2 in 5 days': a rolling window counts kept days"),
        ("a monthly amount in windows", ["create", "x", "--every", "3", "--at-least", "20", "--per", "month"],
         "cannot have the schedule 'every 3 days': a rolling window counts kept days"),
        ("a monthly amount with days a month", ["create", "x", "--per-month", "3", "--at-least", "20", "--per", "month"],
         "an amount a month is judged over whole months, so its schedule is daily"),
        ("a rolling streak to weekly", ["config", "plants", "--per-week", "2"], "re-judge its whole history with `--from start`"),
        ("a rolling streak to daily", ["config", "plants", "--days", "daily"], "`--from start`"),
        ("a rolling streak to daily from a later day", ["config", "plants", "--days", "daily", "--from", "2024-01-03"],
         "only by re-judging its whole history: --from start (or its first day, 2024-01-01), not --from 2024-01-03"),
        ("a monthly streak to weekly", ["config", "mum", "--per-week", "2"], "`--from start`"),
        ("a monthly streak to rolling", ["config", "mum", "--every", "3"], "`--from start`"),
        ("a day streak to rolling from a later day", ["config", "mum", "--every", "3", "--from", "2024-01-03"], "--from start"),
        ("a limit on a rolling streak", ["config", "plants", "--at-most", "3"], "never over rolling windows"),
        ("a weekly amount on a rolling streak", ["config", "plants", "--at-least", "3", "--per", "week", "--from", "start"], "a rolling window counts kept days"),
        ("every 1 on config", ["config", "plants", "--every", "1"], "--every 1 is every day, which is daily"),
    ])
    func badShapesAreRefusedInOneLineWithNothingWritten(_ example: (String, [String], String)) async {
        let cli = await twoShapes()
        let before = cli.snapshot()
        let result = await cli.run(example.1, now: "2024-01-05T17:00:00Z")
        #expect(result.code == 2, "\(example.0)")
        #expect(result.errors.hasPrefix("streaks: error: "), "\(example.0): \(result.errors)")
        #expect(result.errors.contains(example.2), "\(example.0): \(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(example.0): \(result.errors)")
        #expect(result.output.isEmpty, "\(example.0): \(result.output)")
        #expect(cli.snapshot() == before, "\(example.0)")
    }

    @Test func aWindowChangesFromTodayAndStaysRolling() async throws {
        let cli = await twoShapes()
        let changed = await cli.run(["config", "plants", "--times", "2", "--in", "7"], now: "2024-01-05T17:00:00Z")
        #expect(changed.code == 0, "\(changed.errors)")
        #expect(changed.output == "plants: goal 1/day, 2 in 7 days, leeway 0h, freezes manual\n")
        let status = try await cli.statusJSON(now: "2024-01-05T17:00:00Z", key: "plants")
        #expect(status["schedule"] as? String == "2 in 7 days")
        #expect(status["window_target"] as? Int == 2)
        #expect(status["window_days"] as? Int == 7)
        #expect(await cli.run(["config", "plants", "--every", "4"], now: "2024-01-05T17:00:00Z").output.contains("every 4 days"))
        #expect(await cli.run(["config", "mum", "--per-month", "2"], now: "2024-01-05T17:00:00Z").output.contains("2/month"))
    }

    @Test func fromStartAStreakChangesShape() async throws {
        let cli = await twoShapes()
        let weekly = await cli.run(["config", "plants", "--per-week", "2", "--from", "start"], now: "2024-01-05T17:00:00Z")
        #expect(weekly.code == 0, "\(weekly.errors)")
        #expect(try await cli.statusJSON(now: "2024-01-05T17:00:00Z", key: "plants")["streak_unit"] as? String == "week")
        // The first day counts as the start too.
        let rolling = await cli.run(["config", "mum", "--every", "10", "--from", "2024-01-01"], now: "2024-01-05T17:00:00Z")
        #expect(rolling.code == 0, "\(rolling.errors)")
        let status = try await cli.statusJSON(now: "2024-01-05T17:00:00Z", key: "mum")
        #expect(status["schedule"] as? String == "every 10 days")
        #expect(status["current_streak"] as? Int == 1)
    }

    @Test func helpAndCompletionKnowTheNewOptions() async {
        let cli = CLIHarness()
        let help = await cli.run(["help", "create"], shared: false)
        for option in ["--per-month <times>", "--every <days>", "--times <times>", "--in <days>"] {
            #expect(help.output.contains(option), "\(option)")
        }
        #expect(await cli.run(["help", "config"], shared: false).output.contains("--every <days>"))
        let fish = await cli.run(["--generate-completion-script", "fish"], shared: false).output
        #expect(fish.contains("-l 'per-month'") && fish.contains("-l 'every'") && fish.contains("-l 'in'") && fish.contains("-l 'times'"))
        #expect(fish.contains("-rfka 'day week month'"))
    }
}
