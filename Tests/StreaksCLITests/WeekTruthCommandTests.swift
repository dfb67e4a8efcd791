import Foundation
import Testing

/// Issue 47, found beside the floss: what a weekly amount, a lost week, a re-judged limit and
/// an auto-mode freeze say on every surface (America/New_York, 2024; 01-01 is a Monday).
struct WeekTruthCommandTests {
    /// A weekly amount streak in its first week is pending (rule 7), its JSON names the week's
    /// amount target, and `today` does not call a short week kept.
    @Test func aWeeklyAmountShortOfItsTargetIsNeitherBrokenNorKept() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "run_week", "--at-least", "20", "--unit", "km", "--per", "week"], now: "2024-01-08T10:00:00Z")
        let logged = await cli.run(["log", "run_week", "6"], now: "2024-01-08T12:00:00Z")
        #expect(!logged.output.contains("no day kept yet"), "\(logged.output)")
        _ = await cli.run(["log", "run_week", "7.3"], now: "2024-01-09T12:00:00Z")
        let status = try await cli.statusJSON(now: "2024-01-10T12:00:00Z", key: "run_week")
        #expect(status["status"] as? String == "active")
        #expect(status["week_amount_target"] as? Double == 20)
        #expect(status["week_amount"] as? Double == 13.3)
        #expect(status["week_target"] is NSNull)
        // A week kept before: the open week of 13.3 km is still open, not kept.
        _ = await cli.run(["log", "run_week", "21", "--at", "2024-01-02T12:00"], now: "2024-01-10T12:00:00Z")
        let today = await cli.run(["today", "--json"], now: "2024-01-10T12:00:00Z")
        let item = try #require((try JSONSerialization.jsonObject(with: Data(today.output.utf8)) as? [[String: Any]])?.first)
        #expect(item["standing"] as? String == "week_open")
        #expect(item["amount_left"] as? Double == 6.7)
        #expect(item["detail"] as? String == "13.3 of 20 km this week, 6.7 to go")
        // The week it could not reach is a gap week at its end: broken, and said as weeks.
        let next = try await cli.statusJSON(now: "2024-01-15T12:00:00Z", key: "run_week")
        #expect(next["status"] as? String == "broken")
    }

    /// Gym, 3 a week, 1 kept by Sunday: still at risk (rule 8), said plainly, no countdown, no reminder.
    @Test func aWeekThatCanNoLongerBeKeptSaysSo() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "gym", "--per-week", "3"], now: "2024-01-01T10:00:00Z")
        for day in ["01", "02", "03", "10"] { _ = await cli.run(["log", "gym"], now: "2024-01-\(day)T17:00:00Z") }
        let status = await cli.run(["status", "gym"], now: "2024-01-14T17:00:00Z")
        #expect(status.output.hasPrefix("gym: 1 week — this week can no longer be kept (1 of 3); the streak ends tonight"), "\(status.output)")
        let today = await cli.run(["today"], now: "2024-01-14T17:00:00Z")
        #expect(today.output.contains("this week can no longer be kept (1 of 3); the streak ends tonight"))
        #expect(!today.output.contains(" left"))
        #expect(try await cli.statusJSON(now: "2024-01-14T17:00:00Z", key: "gym")["status"] as? String == "at_risk")
        // Friday, 1 of 3 with Saturday and Sunday to come: still possible, so a countdown.
        #expect(await cli.run(["today"], now: "2024-01-12T17:00:00Z").output.contains("1 of 3 this week, 2 days left"))
        // Issue 49: its progress is the week's kept days, not "today 0/1".
        let friday = await cli.run(["status", "gym"], now: "2024-01-12T17:00:00Z")
        #expect(friday.output.contains("week 1/3 days") && !friday.output.contains("today 0/1"), "\(friday.output)")
    }

    /// `config --at-most 2 --from start` judges the limit from the first event, and `--since`
    /// moves its start day (it stayed at today: "kept 0 of 91 days").
    @Test func reJudgingALimitMovesItsStartDay() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "coffee"], now: "2024-03-01T10:00:00Z")
        for day in 1...9 { _ = await cli.run(["log", "coffee", "--at", "2024-02-0\(day)T09:00"], now: "2024-03-01T10:00:00Z") }
        #expect(await cli.run(["config", "coffee", "--at-most", "2", "--from", "start"], now: "2024-03-01T10:00:00Z").code == 0)
        var status = try await cli.statusJSON(now: "2024-03-01T10:00:00Z", key: "coffee")
        #expect(status["current_streak"] as? Int == 29)
        #expect(await cli.run(["config", "coffee", "--since", "2024-02-05"], now: "2024-03-01T10:00:00Z").code == 0)
        status = try await cli.statusJSON(now: "2024-03-01T10:00:00Z", key: "coffee")
        #expect(status["current_streak"] as? Int == 25)
        _ = await cli.run(["create", "run"], now: "2024-03-01T10:00:00Z")
        let refused = await cli.run(["config", "run", "--since", "2024-02-05"], now: "2024-03-01T10:00:00Z")
        #expect(refused.code == 2)
        #expect(refused.errors.contains("Only a limit (at most) has a start day"))
    }

    /// `freeze list` shows the freezes the calculation behind `status` consumes.
    @Test func freezeListAgreesWithStatusAtALaterClock() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "a", "--freezes", "auto"], now: "2024-01-01T10:00:00Z")
        for day in 1...3 { _ = await cli.run(["log", "a"], now: "2024-01-0\(day)T17:00:00Z") }
        _ = await cli.run(["freeze", "add", "a", "--count", "3"], now: "2024-01-03T18:00:00Z")
        let status = try await cli.statusJSON(now: "2024-01-06T17:00:00Z", key: "a")
        #expect(status["freezes_available_count"] as? Int == 1)
        let list = await cli.run(["freeze", "list", "a", "--json"], now: "2024-01-06T17:00:00Z")
        let freezes = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        #expect(freezes.filter { $0["available"] as? Bool == true }.count == 1)
        #expect(freezes.compactMap { $0["date_used"] as? String }.sorted() == ["2024-01-04T17:00:00Z", "2024-01-05T17:00:00Z"])
    }

    /// Daily to weekly is refused with both ways out named.
    @Test func aChangeOfUnitNamesFromStart() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "walk"], now: "2024-01-01T10:00:00Z")
        let refused = await cli.run(["config", "walk", "--per-week", "3"], now: "2024-01-02T10:00:00Z")
        #expect(refused.code == 2)
        #expect(refused.errors.contains("create a new streak, or re-judge its whole history with `--from start`"), "\(refused.errors)")
        #expect(await cli.run(["config", "walk", "--per-week", "3", "--from", "start"], now: "2024-01-02T10:00:00Z").code == 0)
    }
}
