import Foundation
import Testing

/// Issue 47's floss, through the commands (New York): flossed just after midnight most
/// nights with a 3-hour leeway, each night stays on its night (rule 4a), so the missed night
/// shows on its own day and `stats`' longest run is `longest`.
struct SettledCalendarCommandTests {
    @Test func everyNightStaysOnItsNight() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "floss", "--leeway", "3"], now: "2024-01-01T17:00:00Z")
        // The nights of 01-01..01-05 and 01-07..01-09, each logged at 00:30 the morning after.
        for morning in ["02", "03", "04", "05", "06", "08", "09", "10"] {
            let result = await cli.run(["log", "floss", "--at", "2024-01-\(morning)T00:30"], now: "2024-01-\(morning)T05:30:00Z")
            #expect(result.code == 0, "\(result.errors)")
        }
        let stats = await cli.run(["stats", "floss", "--json"], now: "2024-01-10T17:00:00Z")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])
        let runs = try #require(figures["longest_runs"] as? [[String: Any]])
        #expect(runs.map { "\($0["start"]!)..\($0["end"]!)" } == ["2024-01-01..2024-01-05", "2024-01-07..2024-01-09"])
        #expect(figures["longest_streak"] as? Int == 5)
        let status = try await cli.statusJSON(now: "2024-01-10T17:00:00Z")
        #expect(status["current_streak"] as? Int == 3)
        #expect(status["longest_streak"] as? Int == 5)
        #expect(status["status"] as? String == "at_risk")
        #expect(status["date_streak_deadline"] as? String == "2024-01-11T08:00:00Z")
    }
}
