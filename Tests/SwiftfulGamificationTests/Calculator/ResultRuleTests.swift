import Foundation
import Testing
@testable import SwiftfulGamification

/// Rules 6 and 7: the reported numbers, dates and status.
struct ResultRuleTests {
    @Test func longestCountsRecordedFrozenDaysAsBridges() {
        let history = [event("2024-01-01 12:00"), KeptDayRuleTests.freezeEvent("2024-01-02 12:00"), event("2024-01-03 12:00")]
        let result = calculate(history, behavior: .manuallyConsumeFreezes, now: "2024-01-08 12:00").streak
        #expect(result.currentStreak == 0)
        #expect(result.longestStreak == 2)
    }

    @Test func totalsCountRegularEventsOnly() {
        let history = [event("2024-01-01 12:00"), KeptDayRuleTests.freezeEvent("2024-01-02 12:00"), event("2024-01-03 09:00")]
        let result = calculate(history, behavior: .autoConsumeFreezes, now: "2024-01-03 13:00").streak
        #expect(result.totalEvents == 2)
        #expect(result.dateCreated == at("2024-01-01 12:00"))
        #expect(result.dateLastEvent == at("2024-01-03 09:00"))
        #expect(result.lastEventTimezone == "America/New_York")
        #expect(result.recentEvents?.count == 3)
    }

    @Test func deadlineIsTheEndOfTheDayToKeepPlusLeeway() {
        let history = [event("2024-01-01 12:00")]
        #expect(calculate(history, now: "2024-01-02 09:00").streak.dateStreakDeadline == at("2024-01-03 00:00"))
        #expect(calculate(history, leeway: 3, now: "2024-01-02 09:00").streak.dateStreakDeadline == at("2024-01-03 03:00"))
        #expect(calculate(history, leeway: 3, now: "2024-01-03 02:00").streak.dateStreakDeadline == at("2024-01-03 03:00"))
        #expect(calculate(history, now: "2024-01-01 13:00").streak.dateStreakDeadline == nil)
        #expect(calculate(history, now: "2024-01-05 13:00").streak.dateStreakDeadline == nil)
    }

    @Test func deadlineFollowsDaylightSavingTime() {
        let result = calculate([event("2024-03-09 12:00")], leeway: 3, now: "2024-03-10 09:00").streak
        #expect(result.dateStreakDeadline == at("2024-03-11 03:00"))
        #expect(result.dateStreakDeadline!.timeIntervalSince(at("2024-03-10 00:00")) == 26 * 3_600)
    }

    @Test func todayCountIncludesEveryEventCreditedToToday() {
        let result = calculate(events(3, "2024-01-02 09:00") + [event("2024-01-01 10:00")], now: "2024-01-02 12:00").streak
        #expect(result.todayEventCount == 3)
        #expect(result.isGoalMet)
        #expect(result.goalProgress == 1)
    }

    @Test func statusNoEventsWhenOnlyFreezeEventsExist() {
        let result = calculate([KeptDayRuleTests.freezeEvent("2024-01-02 12:00")], behavior: .manuallyConsumeFreezes, now: "2024-01-03 12:00")
        #expect(result.streak.status == .noEvents)
        #expect(calculate([], now: "2024-01-03 12:00").streak.status == .noEvents)
    }

    @Test func brokenCountsDaysSinceTheLastKeptDay() {
        let history = [event("2024-01-01 12:00"), event("2024-01-04 12:00")]
        #expect(calculate(history, goal: 1, now: "2024-01-09 12:00").streak.status == .broken(daysSinceLastEvent: 5))
        // Without any kept day it counts from the last event.
        #expect(calculate([event("2024-01-04 12:00")], goal: 2, now: "2024-01-09 12:00").streak.status == .broken(daysSinceLastEvent: 5))
    }

    @Test func goalScheduleKeepsOldGoalsForOldDays() {
        let schedule = [
            StreakGoalChange(date: at("2023-12-01 00:00"), eventsRequiredPerDay: 1),
            StreakGoalChange(date: at("2024-01-03 08:00"), eventsRequiredPerDay: 2),
        ]
        let history = [event("2024-01-01 12:00"), event("2024-01-02 12:00"), event("2024-01-03 09:00")]
        let result = calculate(history, goal: 2, now: "2024-01-03 12:00", schedule: schedule)
        #expect(result.day(day("2024-01-02")).goal == 1)
        #expect(result.day(day("2024-01-03")).goal == 2)
        #expect(result.streak.currentStreak == 2)
        #expect(result.streak.status == .atRisk)
        #expect(result.streak.eventsRequiredPerDay == 2)
        // Lowering the goal today keeps today with fewer events.
        let lowered = schedule + [StreakGoalChange(date: at("2024-01-03 10:00"), eventsRequiredPerDay: 1)]
        #expect(calculate(history, goal: 1, now: "2024-01-03 12:00", schedule: lowered).streak.currentStreak == 3)
    }

    @Test func dayRecordsDescribeEveryDay() {
        let history = events(2, "2024-01-02 09:00") + [event("2024-01-03 09:00"), event("2024-01-05 09:00")]
        let result = calculate(history, goal: 2, now: "2024-01-05 12:00")
        let states = result.days(from: day("2024-01-01"), through: day("2024-01-06")).map(\.state)
        #expect(states == [.beforeHistory, .kept, .gap, .gap, .open, .future])
        #expect(result.days(from: day("2024-01-01"), through: day("2024-01-06")).map(\.eventCount) == [0, 2, 1, 0, 1, 0])
        #expect(result.days(from: day("2024-01-06"), through: day("2024-01-01")).isEmpty)
    }
}
