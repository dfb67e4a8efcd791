import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 10, bullet by bullet (America/New_York, 2024; 01-01 is a Monday).
struct AmountRuleTests {
    typealias Examples = AmountWorkedExamplesTests

    static func logged(_ time: String, _ amount: Double? = nil) -> StreakEvent { Examples.logged(time, amount) }

    // MARK: Amounts

    @Test func tenTenthsSumToExactlyOne() {
        let events = (0..<10).map { Self.logged("01-01 12:0\($0)", 0.1) }
        let streak = Examples.evaluate(events, target: .atLeast(1, per: .day), unit: "l", now: "2024-01-01 13:00").streak
        #expect(streak.todayAmount == 1)
        #expect(streak.amountLeft == 0)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 0))
    }

    @Test func oneThousandthIsTheSmallestStepAndNothingRoundsAway() {
        let events = [Self.logged("01-01 12:00", 0.999), Self.logged("01-01 12:30", 0.0004)]
        let streak = Examples.evaluate(events, target: .atLeast(1, per: .day), unit: "l", now: "2024-01-01 13:00").streak
        // 0.0004 is 0 at three decimals: 0.999 is short of 1 by one step.
        #expect(streak.todayAmount == 0.999)
        #expect(streak.amountLeft == 0.001)
        #expect(streak.currentStreak == 0)
    }

    @Test func anEventWithoutAnAmountAddsOne() {
        let events = [Self.logged("01-01 12:00"), Self.logged("01-01 12:30", 1.5)]
        let streak = Examples.evaluate(events, target: .atLeast(2.5, per: .day), unit: "km", now: "2024-01-01 13:00").streak
        #expect(streak.todayAmount == 2.5)
        #expect(streak.currentStreak == 1)
    }

    @Test func aCountedStreakSumsAmountsTooSoThreeGlassesCountThree() {
        let events = [Self.logged("01-01 09:00", 3), Self.logged("01-01 10:00", 3), Self.logged("01-01 11:00"), Self.logged("01-01 12:00")]
        let result = StreakCalculator.evaluate(
            events: events, configuration: config(goal: 8), currentDate: at("2024-01-01 13:00"), timezone: .newYork
        )
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.todayEventCount == 4)
        #expect(result.streak.todayAmount == 8)
        #expect(result.streak.amountLeft == 0)
        #expect(result.day(day("2024-01-01")).amount == 8)
        #expect(result.day(day("2024-01-01")).fraction == 1)
    }

    @Test func countedEventsWithoutAmountsReportNoAmounts() {
        let result = calculate([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        #expect(result.streak.todayAmount == nil)
        #expect(result.streak.amountLeft == nil)
        #expect(result.streak.target == nil)
        #expect(result.day(day("2024-01-01")).amount == 1)
    }

    @Test func aBadAmountCountsOneAndNeverCrashes() {
        let events = [Self.logged("01-01 12:00", .nan), Self.logged("01-01 12:10", -5), Self.logged("01-01 12:20", .infinity)]
        let streak = Examples.evaluate(events, target: .atLeast(3, per: .day), unit: "km", now: "2024-01-01 13:00").streak
        #expect(streak.todayAmount == 3)
        #expect(streak.currentStreak == 1)
    }

    // MARK: At least X a day

    @Test func atLeastADayKeepsADayOnceItsSumReachesX() {
        let events = [Self.logged("01-01 12:00", 2), Self.logged("01-01 18:00", 3), Self.logged("01-02 12:00", 4.999)]
        let result = Examples.evaluate(events, target: .atLeast(5, per: .day), unit: "km", now: "2024-01-02 13:00")
        #expect(result.day(day("2024-01-01")).state == .kept)
        #expect(result.day(day("2024-01-02")).state == .open)
        #expect(result.day(day("2024-01-02")).fraction == 0.9998)
        #expect(result.day(day("2024-01-02")).targetAmount == 5)
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.calculatedStatus == .atRisk)
    }

    @Test func atLeastADayKeepsRulesOneToNineLeewayAndFreezes() {
        // 01-02 is missed and bridged by a freeze as it settles. The 01:00 event may keep
        // yesterday (still open) or today: either way a streak of 2, and rule 4's tie 3 keeps
        // it on its home night.
        let events = [Self.logged("01-01 12:00", 5), Self.logged("01-04 01:00", 5)]
        let result = Examples.evaluate(
            events, target: .atLeast(5, per: .day), unit: "km", leeway: 3, freezes: [freeze(earned: "2023-12-01 00:00")],
            behavior: .autoConsumeFreezes, now: "2024-01-04 02:00"
        )
        #expect(result.streak.currentStreak == 2)
        #expect(result.freezeConsumptions.map(\.day) == [day("2024-01-02")])
        #expect(result.day(day("2024-01-04")).amount == 0)
        #expect(result.day(day("2024-01-03")).amount == 5)
        #expect(result.streak.calculatedStatus == .atRisk)
    }

    // MARK: At most X a day

    static let limit = StreakTarget.atMost(2, per: .day)

    @Test func aLimitKeepsEveryClosedDayFromItsStartDayWithinItEvenEmpty() {
        let events = [Self.logged("01-03 12:00", 2)]
        let result = Examples.evaluate(events, target: Self.limit, start: "2024-01-01", now: "2024-01-05 12:00")
        #expect(result.streak.currentStreak == 4)
        #expect(result.days(from: day("2024-01-01"), through: day("2024-01-04")).map(\.state) == [.kept, .kept, .kept, .kept])
        #expect(result.day(day("2023-12-31")).state == .beforeHistory)
        #expect(result.day(day("2024-01-03")).fraction == 1)
    }

    @Test func withoutAStartDayALimitStartsOnItsFirstEventsDay() {
        let events = [Self.logged("01-03 12:00", 1)]
        let result = Examples.evaluate(events, target: Self.limit, now: "2024-01-05 12:00")
        #expect(result.streak.currentStreak == 2)
        #expect(result.firstHistoryDay == day("2024-01-03"))
    }

    @Test func aLimitWithNoEventAndNoStartDayJudgesNothingAndIsActive() {
        let streak = Examples.evaluate([], target: Self.limit, now: "2024-01-05 12:00").streak
        #expect(streak.currentStreak == 0)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 0))
        #expect(streak.amountLeft == 2)
    }

    @Test func aClosedDayOverItsLimitIsAGap() {
        let events = [Self.logged("01-02 12:00", 2.001)]
        let result = Examples.evaluate(events, target: Self.limit, start: "2024-01-01", now: "2024-01-04 12:00")
        #expect(result.day(day("2024-01-02")).state == .gap)
        #expect(result.day(day("2024-01-02")).isOverLimit)
        #expect(result.day(day("2024-01-02")).fraction == 0)
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.longestStreak == 1)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 1))
    }

    @Test func anOpenDayWithinItsLimitIsPendingNotCounted() {
        let events = [Self.logged("01-03 09:00", 1)]
        let result = Examples.evaluate(events, target: Self.limit, start: "2024-01-01", now: "2024-01-03 12:00")
        #expect(result.day(day("2024-01-03")).state == .open)
        #expect(result.streak.currentStreak == 2)
        #expect(result.streak.todayAmount == 1)
        #expect(result.streak.amountLeft == 1)
        #expect(result.streak.todayEventCount == 1)
        #expect(result.streak.dateStreakDeadline == nil)
    }

    @Test func todayOverItsLimitInManualModeReportsOneFreezeNeeded() throws {
        let events = [Self.logged("01-03 09:00", 3)]
        let configuration = StreakConfiguration(streakKey: "coffee", freezeBehavior: .manuallyConsumeFreezes, target: Self.limit, startDay: day("2024-01-01"))
        let freezes = [freeze(earned: "2023-12-01 00:00")]
        let result = StreakCalculator.evaluate(events: events, freezes: freezes, configuration: configuration, currentDate: at("2024-01-03 12:00"), timezone: .newYork)
        #expect(result.streak.currentStreak == 0)
        #expect(result.streak.freezesNeededToSaveStreak == 1)
        #expect(result.daysToSave == [day("2024-01-03")])
        #expect(result.streak.calculatedStatus == .broken(daysSinceLastEvent: 1))
        let consumptions = try StreakCalculator.manualFreezeConsumptions(
            for: result, freezes: freezes, configuration: configuration, currentDate: at("2024-01-03 12:00"), timezone: .newYork
        )
        let saved = StreakCalculator.evaluate(
            events: events + consumptions.map(\.freezeEvent), freezes: [], configuration: configuration, currentDate: at("2024-01-03 12:05"), timezone: .newYork
        )
        #expect(saved.streak.currentStreak == 2)
        #expect(saved.streak.calculatedStatus == .active(daysSinceLastEvent: 1))
        #expect(saved.day(day("2024-01-03")).state == .frozen)
    }

    @Test func aLimitIsActiveWhenTodayIsWithinAfterAnEarlierDayWentOver() {
        let events = [Self.logged("01-02 12:00", 5)]
        let streak = Examples.evaluate(events, target: Self.limit, start: "2024-01-01", now: "2024-01-03 12:00").streak
        #expect(streak.currentStreak == 0)
        #expect(streak.longestStreak == 1)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 2))
    }

    @Test func restAndSkippedDaysAreNotJudgedWhateverWasLogged() {
        // Mon-Fri: Saturday 01-06 over the limit rests; Monday 01-08 is skipped.
        let events = [Self.logged("01-06 12:00", 9), Self.logged("01-08 12:00", 9)]
        let configuration = StreakConfiguration(
            streakKey: "coffee", freezeBehavior: .noFreezes, schedule: .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]),
            target: Self.limit, startDay: day("2024-01-01")
        )
        let result = StreakCalculator.evaluate(
            events: events, configuration: configuration, currentDate: at("2024-01-09 12:00"), timezone: .newYork, skips: [day("2024-01-08")]
        )
        #expect(result.streak.currentStreak == 5)
        #expect(result.day(day("2024-01-06")).state == .rest)
        #expect(result.day(day("2024-01-08")).state == .skipped)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 4))
    }

    @Test func aLimitIsNeverAtRiskAndHasNoDeadline() {
        let result = Examples.evaluate([], target: .atMost(0, per: .day), start: "2024-01-01", leeway: 3, now: "2024-01-05 01:00")
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 2))
        #expect(result.streak.dateStreakDeadline == nil)
        // Yesterday is still open within the leeway: pending, not counted yet.
        #expect(result.streak.currentStreak == 3)
    }

    @Test func aLeewayEventGoesToTheDayItDoesNotPushOver() {
        // 01-02 at 01:00 may be credited to 01-01 (already at 1 of 1) or to 01-02.
        let events = [Self.logged("01-01 12:00"), Self.logged("01-02 01:00")]
        let result = Examples.evaluate(events, target: .atMost(1, per: .day), start: "2024-01-01", leeway: 3, now: "2024-01-03 12:00")
        #expect(result.streak.currentStreak == 2)
        #expect(result.day(day("2024-01-01")).amount == 1)
        #expect(result.day(day("2024-01-02")).amount == 1)
    }

    // MARK: Crediting whole events

    @Test func wholeEventsMoveNeverParts() {
        // 01-01 has 4 of 5; the 01:00 event of 3 may go to 01-01 or stay on 01-02, whole: no
        // part of it can top up 01-01 while the rest keeps 01-02. When 01-01 closed (03:00)
        // the noon event was not logged yet: the 3 kept 01-01, and settled there (rule 4a).
        let events = [Self.logged("01-01 12:00", 4), Self.logged("01-02 01:00", 3), Self.logged("01-02 12:00", 2)]
        let result = Examples.evaluate(events, target: .atLeast(5, per: .day), unit: "km", leeway: 3, now: "2024-01-02 13:00")
        #expect(result.day(day("2024-01-02")).amount == 2)
        #expect(result.day(day("2024-01-01")).amount == 7)
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.todayAmount == 2)
    }
}
