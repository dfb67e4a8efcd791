import Foundation
import Testing

/// What `status`, `today`, `stats` and reminders say of rule 12's shapes, on its worked
/// examples (America/New_York, 2024; 01-01 is a Monday; events at local noon, 17:00 UTC).
struct RollingMonthWordsTests {
    /// A store with `key` created on 2024-01-01 with `options`, logged at noon on each `days` ("01-04").
    func streak(_ key: String, _ options: [String], days: [String], amount: String? = nil) async -> CLIHarness {
        let cli = CLIHarness()
        _ = await cli.run(["create", key] + options, now: "2024-01-01T13:00:00Z")
        for day in days { _ = await cli.run(["log", key] + (amount.map { [$0] } ?? []), now: "2024-\(day)T17:00:00Z") }
        return cli
    }

    func words(_ cli: CLIHarness, _ arguments: [String], at now: String) async -> String {
        let result = await cli.run(arguments, now: now)
        #expect(result.code == 0, "\(arguments): \(result.errors)")
        return result.output
    }

    @Test func everyThreeDaysSaysTheDayItIsDueBy() async throws {
        let cli = await streak("plants", ["--every", "3"], days: ["01-01", "01-04", "01-07"])
        // Row 1: active on Monday the 8th, due by Wednesday the 10th (deadline 01-10 24:00).
        #expect(await words(cli, ["status"], at: "2024-01-08T17:00:00Z").hasPrefix("plants: 3 days — next by Wed\n"))
        let status = try await cli.statusJSON(now: "2024-01-08T17:00:00Z")
        #expect(status["status"] as? String == "active")
        #expect(status["date_streak_deadline"] as? String == "2024-01-11T05:00:00Z")
        #expect(status["window_kept_days"] as? Int == 1)
        #expect(status["window_target"] as? Int == 1)
        #expect(status["window_days"] as? Int == 3)
        #expect(status["week_kept_days"] is NSNull)
        #expect(status["month_kept_days"] is NSNull)
        #expect(await words(cli, ["today"], at: "2024-01-08T17:00:00Z") == "To do today (1):\n  ~ plants  next by Wed\n")
        // Kept today: the deadline is still said ("water by Sunday").
        _ = await cli.run(["log", "plants"], now: "2024-01-08T17:00:00Z")
        #expect(await words(cli, ["status"], at: "2024-01-08T18:00:00Z").hasPrefix("plants: 4 days — kept today, next by Thu\n"))
        #expect(try await cli.statusJSON(now: "2024-01-08T18:00:00Z")["date_streak_deadline"] as? String == "2024-01-12T05:00:00Z")
    }

    @Test func aDeadlineInTheLeewayOrBeyondTheWeekSaysItsTimeOrDate() async {
        let cli = await streak("plants", ["--every", "3", "--leeway", "3"], days: ["01-01", "01-04", "01-07"])
        #expect(await words(cli, ["status"], at: "2024-01-08T17:00:00Z").hasPrefix("plants: 3 days — next by Thu 03:00\n"))
        let far = await streak("far", ["--every", "30"], days: ["01-01"])
        #expect(await words(far, ["status"], at: "2024-01-02T17:00:00Z").hasPrefix("far: 1 day — next by 2024-01-31\n"))
    }

    @Test func fiveInSevenSaysTheWindowAndTheTimeLeft() async throws {
        let cli = await streak("journal", ["--times", "5", "--in", "7"], days: ["01-01", "01-02", "01-03", "01-04", "01-05"])
        // Row 4: Monday the 8th is needed, the window holding 4 besides it.
        let monday = "2024-01-08T17:00:00Z"
        #expect(await words(cli, ["status"], at: monday).hasPrefix(
            "journal: 5 days — not kept today yet (4 of 5 in the last 7 days), 12h 0m left (until 2024-01-09 00:00 EST)\n"))
        let status = try await cli.statusJSON(now: monday)
        #expect(status["status"] as? String == "at_risk")
        #expect(status["window_kept_days"] as? Int == 4)
        #expect(status["window_target"] as? Int == 5)
        #expect(status["window_days"] as? Int == 7)
        #expect(await words(cli, ["today"], at: monday)
            == "To do today (1):\n  ! journal  12h 0m left (until 00:00) · 0 of 1 event, 1 to go · 4 of 5 in the last 7 days\n")
        #expect(await words(cli, ["remind", "--print"], at: "2024-01-09T02:00:00Z") == "journal: 3h 0m left to keep your 5-day run (until 00:00)\n")
        _ = await cli.run(["log", "journal"], now: monday)
        #expect(await words(cli, ["status"], at: "2024-01-08T18:00:00Z").hasPrefix("journal: 6 days — kept today, 5 of 5 in the last 7 days, next by Tue\n"))
    }

    @Test func aWindowThatCanNoLongerBeKeptDoesNotNag() async {
        // 5 in 7 kept on Monday and Tuesday only: Sunday's window, the first judged, holds 2.
        let cli = await streak("journal", ["--times", "5", "--in", "7"], days: ["01-01", "01-02"])
        #expect(await words(cli, ["status"], at: "2024-01-05T17:00:00Z").hasPrefix("journal: 2 days — 2 of 5 in the last 7 days, next by Sun\n"))
        let sunday = "2024-01-07T17:00:00Z"
        #expect(await words(cli, ["status"], at: sunday)
            .hasPrefix("journal: 2 days — 2 of 5 in the last 7 days: it can no longer be kept; the streak ends tonight\n"))
        #expect(await words(cli, ["remind", "--print", "--all-day"], at: sunday).isEmpty)
    }

    @Test func aRollingStreakIsRemindedOnlyOnItsDeadlineDay() async {
        let cli = await streak("plants", ["--every", "3"], days: ["01-01", "01-04", "01-07"])
        #expect(await words(cli, ["remind", "--print", "--all-day"], at: "2024-01-09T17:00:00Z").isEmpty)
        #expect(await words(cli, ["remind", "--print", "--all-day"], at: "2024-01-10T17:00:00Z")
            == "plants: 12h 0m left to keep your 3-day run (until 00:00)\n")
    }

    @Test func threeDaysAMonthNamesTheMonth() async throws {
        let cli = await streak("mum", ["--per-month", "3"], days: ["01-03", "01-10", "01-30", "02-01"])
        // Row 8: February holds 1 of 3 on the 20th, with 9 days after it.
        let twentieth = "2024-02-20T17:00:00Z"
        #expect(await words(cli, ["status"], at: twentieth).hasPrefix("mum: 1 month — 1 of 3 in February, 9 days left\n"))
        let status = try await cli.statusJSON(now: twentieth)
        #expect(status["streak_unit"] as? String == "month")
        #expect(status["schedule"] as? String == "3/month")
        #expect(status["month_kept_days"] as? Int == 1)
        #expect(status["month_target"] as? Int == 3)
        #expect(status["month_days_left"] as? Int == 9)
        #expect(status["week_kept_days"] is NSNull)
        #expect(status["window_days"] is NSNull)
        #expect(status["date_streak_deadline"] as? String == "2024-02-29T05:00:00Z")
        #expect(await words(cli, ["today"], at: twentieth) == "To do today (1):\n  ~ mum  1 of 3 in February, 9 days left\n")
        #expect(await words(cli, ["remind", "--print", "--all-day"], at: twentieth).isEmpty)
        // The 28th: the two days left are both needed.
        let twentyEighth = "2024-02-28T17:00:00Z"
        #expect(await words(cli, ["status"], at: twentyEighth).hasPrefix("mum: 1 month — 1 of 3 in February, 1 day left, keep a day by 2024-02-29 00:00 EST\n"))
        #expect(await words(cli, ["remind", "--print", "--all-day"], at: twentyEighth) == "mum: 12h 0m left to keep your 1-month run (until 00:00)\n")
        // Row 9: a March with nothing kept in February.
        #expect(try await streak("mum", ["--per-month", "3"], days: ["01-03", "01-10", "01-30"]).statusJSON(now: "2024-03-01T17:00:00Z")["status"] as? String == "broken")
    }

    @Test func aKeptMonthSaysSo() async {
        let cli = await streak("mum", ["--per-month", "1"], days: ["01-03"])
        #expect(await words(cli, ["status"], at: "2024-01-08T17:00:00Z").hasPrefix("mum: 1 month — kept in January (1 of 1)\n"))
        #expect(await words(cli, ["today"], at: "2024-01-08T17:00:00Z") == "Everything due today is kept.\nKept (1):\n  + mum  kept in January (1 of 1)\n")
        #expect(await words(cli, ["list"], at: "2024-01-08T17:00:00Z").hasPrefix("mum  1 month  active"))
    }

    @Test func amountsAMonthSayTheMonthsSum() async throws {
        let cli = await streak("run", ["--at-least", "100", "--unit", "km", "--per", "month"], days: ["01-03"], amount: "30")
        #expect(await words(cli, ["status"], at: "2024-01-08T17:00:00Z").hasPrefix("run: 0 months — 30 of 100 km in January, 70 to go\n"))
        let status = try await cli.statusJSON(now: "2024-01-08T17:00:00Z")
        #expect(status["target_period"] as? String == "month")
        #expect(status["month_amount"] as? Double == 30)
        #expect(status["month_amount_target"] as? Double == 100)
        #expect(status["month_kept_days"] is NSNull)
        #expect(status["month_days_left"] as? Int == 23)
        #expect(status["week_amount"] is NSNull)
        #expect(status["amount_left"] as? Double == 70)
        let limit = await streak("takeaway", ["--at-most", "4", "--per", "month"], days: ["01-03"])
        #expect(await words(limit, ["status"], at: "2024-01-08T17:00:00Z").hasPrefix("takeaway: 0 months — 1 of 4 in January (limit)\n"))
        #expect(try await limit.statusJSON(now: "2024-01-08T17:00:00Z")["month_amount"] as? Double == 1)
    }

    @Test func statsOfAMonthlyStreakSpeakOfMonths() async throws {
        let cli = await streak("mum", ["--per-month", "1"], days: ["01-03", "02-03", "03-03"])
        let text = await words(cli, ["stats", "mum"], at: "2024-03-08T17:00:00Z")
        #expect(text.hasPrefix("mum: 3 months now, longest 3 months\n"), "\(text)")
        #expect(text.contains("\n  months        100%  kept 3 of 3 · best month 1 of 1 days from 2024-03-01\n"), "\(text)")
        #expect(text.contains("longest runs: 3 months 2024-01-01 → now"), "\(text)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(await words(cli, ["stats", "mum", "--json"], at: "2024-03-08T17:00:00Z").utf8)) as? [String: Any])
        #expect(json["streak_unit"] as? String == "month")
        #expect(json["weeks"] == nil)
        let months = try #require(json["streak_months"] as? [String: Any])
        #expect(months["kept"] as? Int == 3)
        let all = try #require(months["all"] as? [[String: Any]])
        #expect(all.map { $0["end"] as? String } == ["2024-01-31", "2024-02-29", "2024-03-31"])
        #expect((json["longest_runs"] as? [[String: Any]])?.first?["unit"] as? String == "month")
    }

    @Test func askWalksEveryDayOfARollingStreakAndOfAMonthShortOfItsTarget() async {
        let cli = await streak("plants", ["--every", "3"], days: ["01-01"])
        _ = await cli.run(["create", "mum", "--per-month", "2"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["log", "mum"], now: "2024-01-01T17:00:00Z")
        // Tuesday to Thursday were not needed by plants' windows (they read as rest), yet may be answered.
        cli.standardInput = Array(String(repeating: "\n", count: 6).utf8)
        let asked = await words(cli, ["ask"], at: "2024-01-04T17:00:00Z")
        #expect(asked.contains("Tue 2024-01-02  plants?"), "\(asked)")
        #expect(asked.contains("Wed 2024-01-03  mum?"), "\(asked)")
        #expect(asked.contains("6 questions over 3 days"), "\(asked)")
    }
}
