import Foundation
import Testing

/// `streaks skip add --all`: one holiday for every habit, each on the days due for it.
struct SkipAllTests {
    private func skips(_ cli: CLIHarness, _ key: String) async -> String {
        await cli.run(["skip", "list", key, "--json"]).output
    }

    @Test func aHolidaySkipsEveryActiveStreakOnItsDueDays() async {
        let cli = CLIHarness()
        let now = "2024-01-05T15:00:00Z"
        _ = await cli.run(["create", "daily"], now: now)
        _ = await cli.run(["create", "work", "--days", "mon-fri"], now: now)
        _ = await cli.run(["create", "weekend", "--days", "sat,sun"], now: now)
        _ = await cli.run(["create", "gym", "--per-week", "3"], now: now)
        _ = await cli.run(["create", "old"], now: now)
        _ = await cli.run(["archive", "old"], now: now)
        // Mon 2024-01-08 to Fri 2024-01-12: no weekend day.
        let result = await cli.run(["skip", "add", "--all", "2024-01-08", "--to", "2024-01-12"], now: now)
        #expect(result.code == 0, "\(result.errors)")
        #expect(result.output.contains("Skipped 2024-01-08 to 2024-01-12 (5 days) in daily"))
        #expect(result.output.contains("Skipped 2024-01-08 to 2024-01-12 (5 days) in work"))
        #expect(result.output.contains("Skipped 2024-01-08 to 2024-01-12 (5 days) in gym"))
        #expect(result.output.contains("Nothing due in weekend from 2024-01-08 to 2024-01-12 (5 days): left as it is."))
        #expect(await skips(cli, "daily") == "[\"2024-01-08\",\"2024-01-09\",\"2024-01-10\",\"2024-01-11\",\"2024-01-12\"]\n")
        #expect(await skips(cli, "weekend") == "[]\n")
        #expect(await skips(cli, "old") == "[]\n")

        let removed = await cli.run(["skip", "remove", "--all", "2024-01-08", "--to", "2024-01-12"], now: now)
        #expect(removed.code == 0, "\(removed.errors)")
        for key in ["daily", "work", "gym"] { #expect(await skips(cli, key) == "[]\n") }
    }

    @Test func withAllOnlyTheDayIsGiven() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "daily"])
        let result = await cli.run(["skip", "add", "--all", "daily", "2024-01-08"])
        #expect(result.code == 2)
        #expect(result.errors.contains("with --all give only the day"))
        #expect(await skips(cli, "daily") == "[]\n")
    }
}
