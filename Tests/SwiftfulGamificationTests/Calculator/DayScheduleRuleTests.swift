import Foundation
import Testing
@testable import SwiftfulGamification

/// Rules 8 (day-unit schedules: `daily`, `weekdays`) and 9 (skips), and the day-unit rows
/// of STREAK_RULES.md's worked examples for them (America/New_York, 2024; 01-01 is a Monday).
struct DayScheduleRuleTests {
    static let monToFri = StreakSchedule.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])

    func evaluate(
        _ events: [StreakEvent], schedule: StreakSchedule = monToFri, skips: [String] = [], freezes: [StreakFreeze] = [],
        behavior: FreezeBehavior = .noFreezes, goal: Int = 1, leeway: Int = 0, now: String
    ) -> StreakEvaluation {
        StreakCalculator.evaluate(
            events: events, freezes: freezes,
            configuration: StreakConfiguration(streakKey: "work", eventsRequiredPerDay: goal, leewayHours: leeway, freezeBehavior: behavior, schedule: schedule),
            currentDate: at(now), timezone: .newYork, skips: skips.map(day)
        )
    }

    func noon(_ days: [String]) -> [StreakEvent] { days.map { event("2024-\($0) 12:00") } }
    static let monToFriDays = ["01-01", "01-02", "01-03", "01-04", "01-05"]

    // MARK: Worked examples

    @Test func aWeekOfWorkRestsOverTheWeekend() {
        let streak = evaluate(noon(Self.monToFriDays), now: "2024-01-07 12:00").streak
        #expect(streak.currentStreak == 5)
        #expect(streak.longestStreak == 5)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 2))
        // Today a rest day: the deadline is the end of the next due day, Monday.
        #expect(streak.dateStreakDeadline == at("2024-01-09 00:00"))
    }

    @Test func mondayIsAtRiskUntilItsEnd() {
        let streak = evaluate(noon(Self.monToFriDays), now: "2024-01-08 12:00").streak
        #expect(streak.currentStreak == 5)
        #expect(streak.calculatedStatus == .atRisk)
        #expect(streak.dateStreakDeadline == at("2024-01-09 00:00"))
    }

    @Test func aKeptRestDayCounts() {
        let streak = evaluate(noon(Self.monToFriDays + ["01-06"]), now: "2024-01-08 12:00").streak
        #expect(streak.currentStreak == 6)
        #expect(streak.longestStreak == 6)
        #expect(streak.calculatedStatus == .atRisk)
    }

    @Test func aMissedDueFridayBreaksTheRun() {
        let streak = evaluate(noon(["01-01", "01-02", "01-03", "01-04"]), now: "2024-01-08 12:00").streak
        #expect(streak.currentStreak == 0)
        #expect(streak.longestStreak == 4)
        #expect(streak.calculatedStatus == .broken(daysSinceLastEvent: 4))
    }

    @Test func aSkippedFridayBridgesTheRun() {
        let streak = evaluate(noon(["01-01", "01-02", "01-03", "01-04"]), skips: ["2024-01-05"], now: "2024-01-08 12:00").streak
        #expect(streak.currentStreak == 4)
        #expect(streak.longestStreak == 4)
        #expect(streak.calculatedStatus == .atRisk)
    }

    @Test func twoFreezesBridgeFridayAndMondayOverTheWeekend() {
        let freezes = [freeze("f1", earned: "2023-12-01 12:00"), freeze("f2", earned: "2023-12-02 12:00")]
        let result = evaluate(noon(["01-01", "01-02", "01-03", "01-04", "01-09"]), freezes: freezes, behavior: .autoConsumeFreezes, now: "2024-01-09 13:00")
        #expect(result.streak.currentStreak == 5)
        #expect(result.streak.longestStreak == 5)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 0))
        #expect(result.streak.freezesAvailableCount == 0)
        #expect(result.freezeConsumptions.map(\.day).sorted() == [day("2024-01-05"), day("2024-01-08")])
        #expect(result.day(day("2024-01-06")).state == .rest)
        #expect(result.day(day("2024-01-07")).state == .rest)
    }

    @Test func oneFreezeIsSpentOnFridayAsItSettlesThenMondayEndsTheRun() {
        // Rule 5 under settlement: the weekend was saved as the dashboard showed it; the
        // freeze stays spent when Monday is missed too.
        let result = evaluate(
            noon(["01-01", "01-02", "01-03", "01-04", "01-09"]), freezes: [freeze("f1", earned: "2023-12-01 12:00")],
            behavior: .autoConsumeFreezes, now: "2024-01-09 13:00"
        )
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.longestStreak == 4)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 0))
        #expect(result.streak.freezesAvailableCount == 0)
        #expect(result.freezeConsumptions.map(\.day) == [day("2024-01-05")])
        #expect(result.day(day("2024-01-05")).state == .frozen)
        #expect(result.day(day("2024-01-08")).state == .gap)
    }

    // MARK: Rule 8 and 9 bullets

    @Test func restAndSkippedDaysAreNeverGapsAndShowAsThemselves() {
        let result = evaluate(noon(["01-01", "01-02"]), skips: ["2024-01-03"], now: "2024-01-08 12:00")
        #expect(result.day(day("2024-01-03")).state == .skipped)
        #expect(result.day(day("2024-01-04")).state == .gap)
        #expect(result.day(day("2024-01-06")).state == .rest)
        #expect(result.day(day("2024-01-08")).state == .open)
    }

    @Test func aKeptDayIgnoresItsSkip() {
        let result = evaluate(noon(["01-01", "01-02", "01-03"]), skips: ["2024-01-02"], now: "2024-01-03 13:00")
        #expect(result.day(day("2024-01-02")).state == .kept)
        #expect(result.streak.currentStreak == 3)
    }

    @Test func aSkippedTodayIsNotAtRisk() {
        let streak = evaluate(noon(["01-01", "01-02"]), skips: ["2024-01-03"], now: "2024-01-03 13:00").streak
        #expect(streak.currentStreak == 2)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 1))
        #expect(streak.dateStreakDeadline == at("2024-01-05 00:00"))
    }

    @Test func aSkipOnTheNextDueDayMovesTheDeadlineOn() {
        // Saturday, Monday skipped: the next due day is Tuesday.
        let streak = evaluate(noon(Self.monToFriDays), skips: ["2024-01-08"], now: "2024-01-06 12:00").streak
        #expect(streak.dateStreakDeadline == at("2024-01-10 00:00"))
    }

    @Test func manualModeAsksForTheMissedDueDaysOnly() {
        // Friday and Monday missed, the weekend between them: two freezes, not four.
        let result = evaluate(
            noon(["01-01", "01-02", "01-03", "01-04"]), freezes: [freeze("f1", earned: "2023-12-01 12:00")],
            behavior: .manuallyConsumeFreezes, now: "2024-01-09 13:00"
        )
        #expect(result.streak.freezesNeededToSaveStreak == 2)
        #expect(result.daysToSave == [day("2024-01-05"), day("2024-01-08")])
    }

    @Test func restDaysNeverConsumeFreezes() {
        let freezes = [freeze("f1", earned: "2023-12-01 12:00"), freeze("f2", earned: "2023-12-02 12:00")]
        let result = evaluate(noon(Self.monToFriDays + ["01-08"]), freezes: freezes, behavior: .autoConsumeFreezes, now: "2024-01-08 13:00")
        #expect(result.freezeConsumptions.isEmpty)
        #expect(result.streak.currentStreak == 6)
    }

    @Test func aRestDayInsideTheLeewayIsNotAGraceDay() {
        // Monday 01:00 with a 3h leeway: yesterday (Sunday) is open but a rest day.
        let streak = evaluate(noon(Self.monToFriDays), leeway: 3, now: "2024-01-08 01:00").streak
        #expect(streak.calculatedStatus == .atRisk)
        #expect(streak.dateStreakDeadline == at("2024-01-09 03:00"))
    }

    @Test func keepingARestDayNeverCostsTheDueDayBeforeIt() {
        // One event at Saturday 01:00 with a 3h leeway: it can keep Friday (due) or
        // Saturday (rest). Keeping Saturday would make Friday a gap and end the run.
        let events = noon(["01-01", "01-02", "01-03", "01-04"]) + [event("2024-01-06 01:00")]
        let streak = evaluate(events, leeway: 3, now: "2024-01-08 12:00").streak
        #expect(streak.currentStreak == 5)
    }

    @Test func completionRatesLeaveRestAndSkippedDaysOut() {
        let statistics = StreakStatistics(evaluation: evaluate(noon(Self.monToFriDays), skips: ["2024-01-08"], now: "2024-01-10 12:00"))
        // 01-01..01-09 closed: 5 kept due days, 01-09 a gap; the weekend and the skip left out.
        #expect(statistics.last30.counted == 6)
        #expect(statistics.last30.kept == 5)
    }

    @Test func dailyIsEveryDayAsBefore() {
        let events = noon(["01-01", "01-02", "01-03"])
        let plain = calculate(events, now: "2024-01-05 12:00").streak
        let daily = evaluate(events, schedule: .daily, now: "2024-01-05 12:00").streak
        #expect(plain.currentStreak == daily.currentStreak)
        #expect(plain.calculatedStatus == daily.calculatedStatus)
    }
}
