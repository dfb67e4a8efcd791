import Foundation
import Testing

/// Rule 13 through the command line: a weight kept as the day's last reading, its status,
/// today, stats and JSON, and what is refused with nothing written (America/New_York;
/// 2024-01-05 is a Friday).
struct MeasurementCommandTests {
    /// Readings on 12-20, 12-28, 01-02 (two: the evening's is the day's last) and 01-05.
    private func weighed() async -> CLIHarness {
        let cli = CLIHarness()
        _ = await cli.run(["create", "weight", "--track", "--unit", "kg", "--measure", "last"], now: "2023-12-01T12:00:00Z")
        for (value, at) in [("80", "2023-12-20T12:00:00Z"), ("79", "2023-12-28T12:00:00Z"), ("78.6", "2024-01-02T12:00:00Z"),
                            ("78.4", "2024-01-03T02:00:00Z"), ("78.2", "2024-01-05T12:00:00Z")] {
            _ = await cli.run(["log", "weight", value], now: at)
        }
        return cli
    }

    @Test func statusSaysTheLatestValueAndHowItMovedNeverADayCount() async throws {
        let cli = await weighed()
        let today = await cli.run(["status", "weight"])
        #expect(today.code == 0, "\(today.errors)")
        // 01-02's last reading is 78.4 (21:00 in New York); 7 days before today the last is 12-28's 79.
        #expect(today.output.hasPrefix("weight: 78.2 kg today"), "\(today.output)")
        #expect(today.output.contains("-0.8 kg in 7 days"), "\(today.output)")
        #expect(!today.output.contains(" 0 days") && !today.output.contains("longest"), "\(today.output)")
        let later = await cli.run(["status", "weight"], now: "2024-01-08T15:00:00Z")
        #expect(later.output.hasPrefix("weight: latest 78.2 kg, 3 days ago"), "\(later.output)")
        let listed = await cli.run(["today"])
        #expect(listed.output.contains("Tracked (1):") && listed.output.contains("weight  78.2 kg today"), "\(listed.output)")
    }

    @Test func statsAndJSONCarryTheDayValuesStatistics() async throws {
        let cli = await weighed()
        let stats = await cli.run(["stats", "weight", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])
        #expect(object["measure"] as? String == "last")
        #expect(object["today_value"] as? Double == 78.2)
        #expect((object["latest"] as? [String: Any])?["day"] as? String == "2024-01-05")
        #expect(object["change_7"] as? Double == -0.8)
        // 30 days before today (12-06) nothing was logged yet: no change to tell.
        #expect(object["change_30"] is NSNull)
        // Day values 80, 79, 78.4, 78.2: none in the last 7 days but 78.4 and 78.2.
        #expect((object["mean"] as? [String: Any])?["7"] as? Double == 78.3)
        #expect((object["min"] as? [String: Any])?["all"] as? Double == 78.2)
        #expect((object["max"] as? [String: Any])?["30"] as? Double == 80)
        // Weights do not add up: no totals.
        #expect(object["totals"] is NSNull)
        #expect(object["strength"] is NSNull)
        let status = try await cli.statusJSON(key: "weight")
        #expect(status["measure"] as? String == "last")
        #expect(status["today_value"] as? Double == 78.2)
        let text = await cli.run(["stats", "weight"])
        #expect(text.output.contains("last 30 days  mean 78.9 kg · least 78.2 kg · greatest 80 kg · 4 days logged"), "\(text.output)")
    }

    @Test func aReadingWithoutAValueAndAMeasureWithATargetAreRefusedWritingNothing() async throws {
        let cli = await weighed()
        let before = cli.snapshot()
        let bare = await cli.run(["log", "weight"])
        #expect(bare.code != 0)
        #expect(bare.errors.contains("weight keeps the day's last reading: give the reading (in kg)"), "\(bare.errors)")
        #expect(cli.snapshot() == before)
        let target = await cli.run(["create", "run", "--at-least", "5", "--measure", "max"])
        #expect(target.code != 0)
        #expect(target.errors.contains("--measure goes with --track"), "\(target.errors)")
        let word = await cli.run(["config", "weight", "--measure", "median"])
        #expect(word.code != 0 && word.errors.contains("--measure takes sum, last, mean, min or max"), "\(word.errors)")
        #expect(cli.snapshot() == before)
    }

    @Test func aNewDayValueReadsEveryDayAnew() async throws {
        let cli = await weighed()
        let changed = await cli.run(["config", "weight", "--measure", "max"])
        #expect(changed.code == 0, "\(changed.errors)")
        #expect(changed.output.contains("max of the day"), "\(changed.output)")
        let status = try await cli.statusJSON(key: "weight")
        #expect(status["measure"] as? String == "max")
        let stats = await cli.run(["stats", "weight", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])
        // 01-02 holds 78.6 and 78.4: its greatest.
        #expect((object["max"] as? [String: Any])?["7"] as? Double == 78.6)
    }
}
