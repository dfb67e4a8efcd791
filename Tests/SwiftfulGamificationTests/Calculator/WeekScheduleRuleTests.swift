import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 8's week unit (`timesPerWeek`) with rule 9's skips, and the weekly rows of
/// STREAK_RULES.md's worked examples (America/New_York, 2024; 01-01 is a Monday).
struct WeekScheduleRuleTests {
    func evaluate(
        _ days: [String], times: Int = 3, weekStart: Weekday = .monday, skips: [String] = [], freezes: [StreakFreeze] = [],
        behavior: FreezeBehavior = .noFreezes, leeway: Int = 0, now: String
    ) -> StreakEvaluation {
        StreakCalculator.evaluate(
            events: days.map { event("2024-\($0) 12:00") }, freezes: freezes,
            configuration: StreakConfiguration(
                streakKey: "gym", leewayHours: leeway, freezeBehavior: behavior, schedule: .timesPerWeek(times), weekStart: weekStart
            ),
            currentDate: at(now), timezone: .newYork, skips: skips.map(day)
        )
    }

    static let twoWeeks = ["01-01", "01-03", "01-05", "01-08", "01-10"]

    // MARK: Worked examples

    @Test func midweekWithSlackIsActive() {
        let streak = evaluate(Self.twoWeeks, now: "2024-01-10 13:00").streak
        #expect(streak.currentStreak == 1)
        #expect(streak.longestStreak == 1)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 0))
        #expect(streak.streakUnit == .week)
        #expect(streak.weekKeptDays == 2)
        #expect(streak.weekTarget == 3)
        #expect(streak.weekDaysLeft == 4)
        #expect(streak.dateStreakDeadline == at("2024-01-15 00:00"))
        // The first day of the run's first kept week.
        #expect(streak.dateStreakStart == at("2024-01-01 00:00"))
    }

    @Test func saturdayWithOneDayLeftStillHasSlack() {
        let streak = evaluate(Self.twoWeeks, now: "2024-01-13 13:00").streak
        #expect(streak.currentStreak == 1)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 3))
        #expect(streak.dateStreakDeadline == at("2024-01-15 00:00"))
    }

    @Test func sundayIsAtRisk() {
        let streak = evaluate(Self.twoWeeks, now: "2024-01-14 13:00").streak
        #expect(streak.currentStreak == 1)
        #expect(streak.calculatedStatus == .atRisk)
        #expect(streak.dateStreakDeadline == at("2024-01-15 00:00"))
    }

    @Test func skippedDaysLowerTheWeeksTarget() {
        let result = evaluate(["01-01", "01-02", "01-03"], skips: ["2024-01-08", "2024-01-09", "2024-01-10", "2024-01-11", "2024-01-12"], now: "2024-01-14 13:00")
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.calculatedStatus == .atRisk)
        #expect(result.streak.weekTarget == 2)
        #expect(result.streak.dateStreakDeadline == at("2024-01-15 00:00"))
    }

    @Test func aFreezeBridgesAGapWeek() {
        let result = evaluate(["01-01", "01-02", "01-03"], freezes: [freeze("f1", earned: "2023-12-01 12:00")], behavior: .autoConsumeFreezes, now: "2024-01-15 13:00")
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 12))
        #expect(result.streak.freezesAvailableCount == 0)
        // The freeze event goes on the week's last day.
        #expect(result.freezeConsumptions.map(\.day) == [day("2024-01-14")])
    }

    @Test func aGapWeekBreaksTheRun() {
        let streak = evaluate(["01-01", "01-02", "01-03"], now: "2024-01-15 13:00").streak
        #expect(streak.currentStreak == 0)
        #expect(streak.longestStreak == 1)
        #expect(streak.calculatedStatus == .broken(daysSinceLastEvent: 12))
    }

    // MARK: Rule 8 and 9 bullets

    @Test func weeksStartOnTheStreaksWeekStart() {
        // 2023-12-31 is a Sunday: from Sunday, 12-31..01-06 is one week with three days kept;
        // from Monday, 12-31 belongs to the week before.
        let days = ["12-31", "01-02", "01-04"]
        func streak(_ weekStart: Weekday) -> CurrentStreakData {
            StreakCalculator.evaluate(
                events: days.map { event(($0 == "12-31" ? "2023-" : "2024-") + "\($0) 12:00") },
                configuration: StreakConfiguration(streakKey: "gym", schedule: .timesPerWeek(3), weekStart: weekStart),
                currentDate: at("2024-01-06 13:00"), timezone: .newYork
            ).streak
        }
        #expect(streak(.sunday).weekKeptDays == 3)
        #expect(streak(.sunday).currentStreak == 1)
        #expect(streak(.monday).weekKeptDays == 2)
        #expect(streak(.monday).currentStreak == 0)
    }

    @Test func anOpenWeekNotYetKeptIsPendingNotAGap() {
        // Week 1 kept; week 2 has nothing yet on Tuesday.
        let streak = evaluate(["01-01", "01-02", "01-03"], now: "2024-01-09 13:00").streak
        #expect(streak.currentStreak == 1)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 6))
        #expect(streak.weekKeptDays == 0)
        #expect(streak.weekDaysLeft == 5)
    }

    @Test func aWholeWeekSkippedIsBridged() {
        let skips = (8...14).map { "2024-01-\(String(format: "%02d", $0))" }
        let streak = evaluate(["01-01", "01-02", "01-03", "01-15", "01-16", "01-17"], skips: skips, now: "2024-01-17 13:00").streak
        #expect(streak.currentStreak == 2)
        #expect(streak.longestStreak == 2)
    }

    @Test func manualModeCountsGapWeeks() {
        let result = evaluate(["01-01", "01-02", "01-03"], freezes: [freeze("f1", earned: "2023-12-01 12:00")], behavior: .manuallyConsumeFreezes, now: "2024-01-22 13:00")
        #expect(result.streak.freezesNeededToSaveStreak == 2)
        #expect(result.daysToSave == [day("2024-01-14"), day("2024-01-21")])
    }

    @Test func theLastDayOfAWeekWithinTheLeewayIsAGracePeriod() {
        // Monday 01:00 with a 3h leeway: last week had 2 of 3, Sunday still open.
        let streak = evaluate(["01-01", "01-02", "01-03", "01-08", "01-09"], leeway: 3, now: "2024-01-15 01:00").streak
        #expect(streak.currentStreak == 1)
        #expect(streak.calculatedStatus == .canExtendWithLeeway)
        #expect(streak.dateStreakDeadline == at("2024-01-15 03:00"))
    }

    @Test func aChangeOfTimesAppliesFromItsWeek() {
        // 2/week from 01-10 (week 2): week 2 needs 2, week 1 still 3.
        let changes = [
            StreakGoalChange(date: at("2024-01-01 08:00"), eventsRequiredPerDay: 1, schedule: .timesPerWeek(3)),
            StreakGoalChange(date: at("2024-01-10 08:00"), eventsRequiredPerDay: 1, schedule: .timesPerWeek(2)),
        ]
        let streak = StreakCalculator.evaluate(
            events: ["01-01", "01-02", "01-08", "01-09"].map { event("2024-\($0) 12:00") },
            configuration: StreakConfiguration(streakKey: "gym", schedule: .timesPerWeek(2)),
            currentDate: at("2024-01-15 13:00"), timezone: .newYork, goalSchedule: changes
        ).streak
        // Week 1 (2 of 3) is a gap; week 2 (2 of 2) is kept.
        #expect(streak.currentStreak == 1)
    }

    @Test func theEvaluationAndTheStatisticsSayHowEveryWeekWent() throws {
        // Week 1 kept (3 of 3), week 2 a gap (2 of 3), week 3 kept (4 of 3), week 4 open.
        let result = evaluate(["01-01", "01-03", "01-05", "01-08", "01-10", "01-15", "01-17", "01-19", "01-20"], now: "2024-01-24 12:00")
        #expect(result.weeks.map(\.state) == [.kept, .gap, .kept, .open])
        #expect(result.weeks.map(\.keptDays) == [3, 2, 4, 0])
        #expect(result.weeks.map(\.start) == [day("2024-01-01"), day("2024-01-08"), day("2024-01-15"), day("2024-01-22")])
        let weeks = try #require(StreakStatistics(evaluation: result).weeks)
        #expect(weeks.counted == 3)
        #expect(weeks.kept == 2)
        #expect(weeks.best?.start == day("2024-01-15"))
        // A day-unit streak has no weeks.
        #expect(StreakStatistics(evaluation: calculate([event("2024-01-01 12:00")], now: "2024-01-02 12:00")).weeks == nil)
        // Weeks survive the evaluation's encoding (stores keep it).
        let decoded = try JSONDecoder().decode(StreakEvaluation.self, from: JSONEncoder().encode(result))
        #expect(decoded.weeks == result.weeks)
    }
}
