import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 10's weekly targets, tracking only, target changes, fractions and totals, bullet by
/// bullet (America/New_York, 2024; 01-01 is a Monday).
struct WeeklyAmountRuleTests {
    typealias Examples = AmountWorkedExamplesTests

    static func logged(_ time: String, _ amount: Double? = nil) -> StreakEvent { Examples.logged(time, amount) }

    // MARK: Per week

    @Test func aWeeklyAmountIsLoweredBySkipsAndRoundedUp() {
        // One skipped day: 10 * 6 / 7 = 8.571428... is 8.572.
        let events = [Self.logged("01-01 12:00", 8.572)]
        let result = Examples.evaluate(events, target: .atLeast(10, per: .week), unit: "km", skips: ["2024-01-03"], now: "2024-01-08 12:00")
        #expect(result.weeks.first?.targetAmount == 8.572)
        #expect(result.weeks.first?.state == .kept)
        #expect(result.streak.currentStreak == 1)
        let short = Examples.evaluate([Self.logged("01-01 12:00", 8.571)], target: .atLeast(10, per: .week), unit: "km", skips: ["2024-01-03"], now: "2024-01-08 12:00")
        #expect(short.weeks.first?.state == .gap)
    }

    @Test func aWeekSkippedWholeIsBridged() {
        let events = [Self.logged("01-01 12:00", 10), Self.logged("01-15 12:00", 10)]
        let skips = (8...14).map { "2024-01-\(String($0).leftPadded(to: 2))" }
        let result = Examples.evaluate(events, target: .atLeast(10, per: .week), unit: "km", skips: skips, now: "2024-01-16 12:00")
        #expect(result.weeks.map(\.state) == [.kept, .bridged, .kept])
        #expect(result.streak.currentStreak == 2)
    }

    @Test func anOpenWeekIsActiveUntilItsLastDayThenAtRiskWithTheDeadlineAtItsEndPlusLeeway() {
        let events = [Self.logged("01-01 12:00", 10), Self.logged("01-08 12:00", 3)]
        let friday = Examples.evaluate(events, target: .atLeast(10, per: .week), unit: "km", leeway: 2, now: "2024-01-12 12:00").streak
        #expect(friday.calculatedStatus == .active(daysSinceLastEvent: 11))
        #expect(friday.dateStreakDeadline == at("2024-01-15 02:00"))
        #expect(friday.weekAmount == 3)
        #expect(friday.amountLeft == 7)
        let sunday = Examples.evaluate(events, target: .atLeast(10, per: .week), unit: "km", leeway: 2, now: "2024-01-14 12:00").streak
        #expect(sunday.calculatedStatus == .atRisk)
        #expect(sunday.dateStreakDeadline == at("2024-01-15 02:00"))
    }

    @Test func aWeeklyLimitCountsTheStartWeekFromItsStartDayOnly() {
        // Started Thursday 01-04: Monday's 5 is before the start.
        let events = [Self.logged("01-01 12:00", 5), Self.logged("01-05 12:00", 3)]
        let result = Examples.evaluate(events, target: .atMost(4, per: .week), start: "2024-01-04", now: "2024-01-08 12:00")
        #expect(result.weeks.last?.state == .open)
        #expect(result.weeks.first?.amount == 3)
        #expect(result.weeks.first?.state == .kept)
        #expect(result.streak.currentStreak == 1)
    }

    @Test func skipsChangeNothingForAWeeklyLimit() {
        let events = [Self.logged("01-02 12:00", 4)]
        let result = Examples.evaluate(events, target: .atMost(4, per: .week), start: "2024-01-01", skips: ["2024-01-03", "2024-01-04"], now: "2024-01-08 12:00")
        #expect(result.weeks.first?.targetAmount == 4)
        #expect(result.weeks.first?.state == .kept)
    }

    @Test func oneFreezeCoversOneWeek() {
        let events = [Self.logged("01-01 12:00", 10), Self.logged("01-15 12:00", 10)]
        let result = Examples.evaluate(
            events, target: .atLeast(10, per: .week), unit: "km", freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .autoConsumeFreezes,
            now: "2024-01-16 12:00"
        )
        #expect(result.freezeConsumptions.map(\.day) == [day("2024-01-14")])
        #expect(result.weeks.map(\.state) == [.kept, .bridged, .kept])
        #expect(result.streak.currentStreak == 2)
    }

    @Test func timesPerWeekWithADailyAmountKeepsDaysByAmountAndWeeksByKeptDays() {
        // Run 5 km, 2 days a week: 01-01 and 01-03 reach 5, 01-02 does not.
        let events = [Self.logged("01-01 12:00", 5), Self.logged("01-02 12:00", 4), Self.logged("01-03 12:00", 6)]
        let configuration = StreakConfiguration(streakKey: "run", freezeBehavior: .noFreezes, schedule: .timesPerWeek(2), target: .atLeast(5, per: .day), unit: "km")
        let result = StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: at("2024-01-08 12:00"), timezone: .newYork)
        #expect(result.weeks.first?.keptDays == 2)
        #expect(result.weeks.first?.state == .kept)
        #expect(result.day(day("2024-01-02")).state != .kept)
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.streakUnit == .week)
    }

    // MARK: Tracking only

    @Test func trackingOnlyHasNoStreakButSumsEverything() {
        let events = [Self.logged("01-01 12:00", 2), Self.logged("01-03 12:00", 3), Self.logged("01-03 13:00", 0.5)]
        let result = Examples.evaluate(
            events, target: .trackingOnly, unit: "pages", freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .autoConsumeFreezes,
            now: "2024-01-05 12:00"
        )
        #expect(result.streak.currentStreak == 0)
        #expect(result.streak.longestStreak == 0)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 2))
        #expect(result.streak.dateStreakDeadline == nil)
        #expect(result.freezeConsumptions.isEmpty)
        #expect(result.streak.freezesNeededToSaveStreak == 0)
        #expect(result.day(day("2024-01-03")).amount == 3.5)
        #expect(result.streak.todayAmount == 0)
        #expect(result.streak.amountLeft == nil)
        #expect(StreakStatistics(evaluation: result).totals.allTime == 5.5)
        let nothing = Examples.evaluate([], target: .trackingOnly, now: "2024-01-05 12:00").streak
        #expect(nothing.calculatedStatus == .noEvents)
    }

    // MARK: Changes

    @Test func aChangedTargetAppliesFromTheDayItWasSetAndOlderDaysKeepTheirs() {
        let events = [Self.logged("01-01 12:00", 5), Self.logged("01-02 12:00", 5), Self.logged("01-03 12:00", 5)]
        let configuration = StreakConfiguration(streakKey: "run", freezeBehavior: .noFreezes, target: .atLeast(8, per: .day), unit: "km")
        let changes = [
            StreakGoalChange(date: at("2024-01-01 08:00"), eventsRequiredPerDay: 1, target: .atLeast(5, per: .day)),
            StreakGoalChange(date: at("2024-01-03 08:00"), eventsRequiredPerDay: 1, target: .atLeast(8, per: .day)),
        ]
        let result = StreakCalculator.evaluate(
            events: events, configuration: configuration, currentDate: at("2024-01-03 13:00"), timezone: .newYork, goalSchedule: changes
        )
        #expect(result.day(day("2024-01-02")).targetAmount == 5)
        #expect(result.day(day("2024-01-02")).state == .kept)
        #expect(result.day(day("2024-01-03")).targetAmount == 8)
        #expect(result.streak.currentStreak == 2)
        #expect(result.streak.amountLeft == 3)
        #expect(result.streak.target == .atLeast(8, per: .day))
    }

    @Test func aChangedWeeklyTargetAppliesFromTheWeekInWhichItWasSet() {
        // Raised on Wednesday 01-10 to 20: the whole of week 2 needs 20.
        let events = [Self.logged("01-01 12:00", 10), Self.logged("01-08 12:00", 12)]
        let changes = [
            StreakGoalChange(date: at("2024-01-01 08:00"), eventsRequiredPerDay: 1, target: .atLeast(10, per: .week)),
            StreakGoalChange(date: at("2024-01-10 08:00"), eventsRequiredPerDay: 1, target: .atLeast(20, per: .week)),
        ]
        let configuration = StreakConfiguration(streakKey: "run", freezeBehavior: .noFreezes, target: .atLeast(20, per: .week), unit: "km")
        let result = StreakCalculator.evaluate(
            events: events, configuration: configuration, currentDate: at("2024-01-15 12:00"), timezone: .newYork, goalSchedule: changes
        )
        #expect(result.weeks.map(\.targetAmount) == [10, 20, 20])
        #expect(result.weeks.map(\.state) == [.kept, .gap, .open])
        #expect(result.streak.currentStreak == 0)
    }

    // MARK: Fractions and totals

    @Test func fractionsShadeBySumOverTargetOrByKeptAndOver() {
        let events = [Self.logged("01-01 12:00", 2.5), Self.logged("01-02 12:00", 7)]
        let atLeast = Examples.evaluate(events, target: .atLeast(5, per: .day), unit: "km", now: "2024-01-03 12:00")
        #expect(atLeast.days(from: day("2024-01-01"), through: day("2024-01-03")).map(\.fraction) == [0.5, 1, 0])
        let atMost = Examples.evaluate(events, target: .atMost(5, per: .day), unit: "km", start: "2024-01-01", now: "2024-01-03 12:00")
        #expect(atMost.days(from: day("2024-01-01"), through: day("2024-01-03")).map(\.fraction) == [1, 0, 1])
        let weekly = Examples.evaluate(events, target: .atLeast(19, per: .week), unit: "km", now: "2024-01-03 12:00")
        #expect(weekly.day(day("2024-01-01")).fraction == 0.5)
        #expect(weekly.weeks.first?.fraction == 0.5)
        let weeklyLimit = Examples.evaluate(events, target: .atMost(10, per: .week), unit: "km", start: "2024-01-01", now: "2024-01-10 12:00")
        #expect(weeklyLimit.weeks.map(\.fraction) == [1, 1])
        #expect(weeklyLimit.weeks.first?.isLimit == true)
        let over = Examples.evaluate(events, target: .atMost(9, per: .week), unit: "km", start: "2024-01-01", now: "2024-01-10 12:00")
        #expect(over.weeks.map(\.fraction) == [0, 1])
        #expect(over.weeks.first?.isOverLimit == true)
        #expect(over.day(day("2024-01-02")).fraction == 0)
    }

    @Test func totalsAreInTheUnit() throws {
        let events = [
            Self.logged("01-01 12:00", 2.5), Self.logged("01-03 12:00", 1.25), Self.logged("01-08 12:00", 4), Self.logged("01-10 12:00", 0.25),
        ]
        let evaluation = Examples.evaluate(events, target: .atLeast(1, per: .day), unit: "km", now: "2024-01-10 13:00")
        let totals = StreakStatistics(evaluation: evaluation).totals
        #expect(totals.thisWeek == 4.25)
        #expect(totals.thisMonth == 8)
        #expect(totals.thisYear == 8)
        #expect(totals.allTime == 8)
        #expect(totals.meanPerLoggedDay == 2)
        #expect(totals.bestDay == .init(start: day("2024-01-08"), amount: 4))
        #expect(totals.bestWeek == .init(start: day("2024-01-08"), amount: 4.25))
        let stats = StreakStatistics(evaluation: evaluation)
        // Today (0.25 so far) is still open.
        #expect(stats.keptDays == 3)
    }
}
