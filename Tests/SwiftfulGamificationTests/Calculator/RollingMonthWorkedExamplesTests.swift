import Foundation
import Testing
@testable import SwiftfulGamification

/// Every row of rule 12's worked-examples table in STREAK_RULES.md (America/New_York, 2024;
/// 01-01 is a Monday; events at local noon; no freezes, leeway 0, unless said).
struct RollingMonthWorkedExamplesTests {
    static func noon(_ days: [String]) -> [StreakEvent] {
        days.map { event("2024-\($0) 12:00") }
    }

    static func evaluate(
        _ days: [String], schedule: StreakSchedule, target: StreakTarget? = nil, start: String? = nil, skips: [String] = [],
        freezes: [StreakFreeze] = [], behavior: FreezeBehavior = .noFreezes, now: String
    ) -> StreakEvaluation {
        let configuration = StreakConfiguration(
            streakKey: "rule12", freezeBehavior: behavior, schedule: schedule, target: target, startDay: start.map(day)
        )
        return StreakCalculator.evaluate(
            events: noon(days), freezes: freezes, configuration: configuration, currentDate: at(now), timezone: .newYork, skips: skips.map(day)
        )
    }

    // MARK: Rolling windows

    @Test func row1EveryThreeDaysKeptEveryThirdDayIsActiveUntilTheTenth() {
        let streak = Self.evaluate(["01-01", "01-04", "01-07"], schedule: .rolling(times: 1, days: 3), now: "2024-01-08 12:00").streak
        #expect(streak.currentStreak == 3)
        #expect(streak.longestStreak == 3)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 1))
        #expect(streak.dateStreakDeadline == at("2024-01-11 00:00"))
    }

    @Test func row2AGapWindowEndsTheRunAndTheNextKeptDayStartsOne() {
        let streak = Self.evaluate(["01-01", "01-05"], schedule: .rolling(times: 1, days: 3), now: "2024-01-05 13:00").streak
        #expect(streak.currentStreak == 1)
        #expect(streak.longestStreak == 1)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 0))
        #expect(streak.dateStreakDeadline == at("2024-01-09 00:00"))
        #expect(streak.dateStreakStart == at("2024-01-05 00:00"))
    }

    @Test func row3AHolidayStopsTheClock() {
        let skips = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-06"]
        let streak = Self.evaluate(["01-01", "01-08"], schedule: .rolling(times: 1, days: 3), skips: skips, now: "2024-01-08 13:00").streak
        #expect(streak.currentStreak == 2)
        #expect(streak.longestStreak == 2)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 0))
        #expect(streak.dateStreakDeadline == at("2024-01-12 00:00"))
    }

    @Test func row4FiveInSevenWithFourBesidesTodayIsAtRiskToday() {
        let streak = Self.evaluate(["01-01", "01-02", "01-03", "01-04", "01-05"], schedule: .rolling(times: 5, days: 7), now: "2024-01-08 12:00").streak
        #expect(streak.currentStreak == 5)
        #expect(streak.longestStreak == 5)
        #expect(streak.calculatedStatus == .atRisk)
        #expect(streak.dateStreakDeadline == at("2024-01-09 00:00"))
    }

    @Test func row5AWindowHoldingFourOfFiveBreaksTheRun() {
        let streak = Self.evaluate(["01-01", "01-02", "01-03", "01-04", "01-05"], schedule: .rolling(times: 5, days: 7), now: "2024-01-09 12:00").streak
        #expect(streak.currentStreak == 0)
        #expect(streak.longestStreak == 5)
        #expect(streak.calculatedStatus == .broken(daysSinceLastEvent: 4))
        #expect(streak.dateStreakDeadline == nil)
    }

    @Test func row6KeptOnMondayTheNextWindowNeedsTuesday() {
        let streak = Self.evaluate(
            ["01-01", "01-02", "01-03", "01-04", "01-05", "01-08"], schedule: .rolling(times: 5, days: 7), now: "2024-01-09 12:00"
        ).streak
        #expect(streak.currentStreak == 6)
        #expect(streak.longestStreak == 6)
        #expect(streak.calculatedStatus == .atRisk)
        #expect(streak.dateStreakDeadline == at("2024-01-10 00:00"))
    }

    @Test func row7AWindowShortByOneIsFrozenAtItsLastDay() {
        let result = Self.evaluate(
            ["01-01"], schedule: .rolling(times: 1, days: 3), freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .autoConsumeFreezes,
            now: "2024-01-05 12:00"
        )
        #expect(result.freezeConsumptions.map(\.day) == [day("2024-01-04")])
        #expect(result.day(day("2024-01-04")).state == .frozen)
        let streak = result.streak
        #expect(streak.currentStreak == 1)
        #expect(streak.longestStreak == 1)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 4))
        #expect(streak.freezesAvailableCount == 0)
        #expect(streak.dateStreakDeadline == at("2024-01-08 00:00"))
    }

    // MARK: Calendar months

    @Test func row8ThreeDaysAMonthWithOneInFebruaryAndNineDaysAfterTodayIsActive() {
        let result = Self.evaluate(["01-03", "01-10", "01-30", "02-01"], schedule: .timesPerMonth(3), now: "2024-02-20 12:00")
        let streak = result.streak
        #expect(streak.currentStreak == 1)
        #expect(streak.longestStreak == 1)
        #expect(streak.streakUnit == .month)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 19))
        // February 2024 has 29 days: 2 more needed, the latest start is 02-28 (ends 02-28 24:00).
        #expect(streak.dateStreakDeadline == at("2024-02-29 00:00"))
        #expect(streak.weekKeptDays == 1)
        #expect(streak.weekTarget == 3)
        #expect(streak.weekDaysLeft == 9)
        #expect(result.weeks.map(\.state) == [.kept, .open])
        #expect(result.weeks.last?.start == day("2024-02-01"))
        #expect(result.weeks.last?.end == day("2024-02-29"))
    }

    @Test func row9AFebruaryWithNothingBreaksAMonthlyStreak() {
        let streak = Self.evaluate(["01-03", "01-10", "01-30"], schedule: .timesPerMonth(3), now: "2024-03-01 12:00").streak
        #expect(streak.currentStreak == 0)
        #expect(streak.longestStreak == 1)
        #expect(streak.calculatedStatus == .broken(daysSinceLastEvent: 31))
    }

    @Test func row10AMonthOverItsLimitIsAGapAtOnce() {
        let days = ["01-02", "01-09", "01-16", "01-23", "02-06", "02-07", "02-08", "02-09", "02-10"]
        let result = Self.evaluate(days, schedule: .daily, target: .atMost(4, per: .month), start: "2024-01-01", now: "2024-02-10 13:00")
        #expect(result.streak.currentStreak == 0)
        #expect(result.streak.longestStreak == 1)
        // (January, a kept limit month, keeps all its days: the last, 01-31, is 10 days back.)
        #expect(result.streak.calculatedStatus == .broken(daysSinceLastEvent: 10))
        #expect(result.weeks.map(\.state) == [.kept, .gap])
    }
}
