import Foundation
import Testing
@testable import SwiftfulGamification

/// Every row of rule 10's worked-examples table in STREAK_RULES.md (America/New_York, 2024;
/// 01-01 is a Monday; local times, noon unless the table says).
struct AmountWorkedExamplesTests {
    /// An event at local `time` ("MM-DD HH:MM" in 2024) with `amount` (nil: counted as 1).
    static func logged(_ time: String, _ amount: Double? = nil, id: String = UUID().uuidString) -> StreakEvent {
        StreakEvent(id: id, dateCreated: at("2024-\(time)"), timezone: TimeZone.newYork.identifier, amount: amount)
    }

    static func evaluate(
        _ events: [StreakEvent], target: StreakTarget, unit: String? = nil, start: String? = nil, leeway: Int = 0,
        freezes: [StreakFreeze] = [], behavior: FreezeBehavior = .noFreezes, skips: [String] = [], now: String
    ) -> StreakEvaluation {
        let configuration = StreakConfiguration(
            streakKey: "measure", leewayHours: leeway, freezeBehavior: behavior, target: target, unit: unit, startDay: start.map(day)
        )
        return StreakCalculator.evaluate(
            events: events, freezes: freezes, configuration: configuration, currentDate: at(now), timezone: .newYork,
            skips: skips.map(day)
        )
    }

    // MARK: At least 5 km a day

    @Test func row1AtLeastFiveKilometresADayIsAtRiskWithOneThousandthLeft() {
        let events = [Self.logged("01-01 12:00", 3), Self.logged("01-01 18:00", 2.5), Self.logged("01-02 12:00", 5), Self.logged("01-03 12:00", 4.999)]
        let streak = Self.evaluate(events, target: .atLeast(5, per: .day), unit: "km", now: "2024-01-03 20:00").streak
        #expect(streak.currentStreak == 2)
        #expect(streak.longestStreak == 2)
        #expect(streak.calculatedStatus == .atRisk)
        #expect(streak.todayAmount == 4.999)
        #expect(streak.amountLeft == 0.001)
        #expect(streak.unit == "km")
        #expect(streak.target == .atLeast(5, per: .day))
        #expect(streak.dateStreakDeadline == at("2024-01-04 00:00"))
    }

    // MARK: At most 2 a day (counted events)

    static let twoADay: [StreakEvent] = [
        logged("01-01 10:00"), logged("01-01 10:00"), logged("01-02 10:00"),
        logged("01-03 10:00"), logged("01-03 10:00"), logged("01-03 10:00"),
    ]

    @Test func row2AtMostTwoADayIsBrokenOnceTodayGoesOver() {
        let result = Self.evaluate(Self.twoADay, target: .atMost(2, per: .day), start: "2024-01-01", now: "2024-01-03 12:00")
        #expect(result.streak.currentStreak == 0)
        #expect(result.streak.longestStreak == 2)
        #expect(result.streak.calculatedStatus == .broken(daysSinceLastEvent: 1))
        #expect(result.streak.isOverLimit == true)
        #expect(result.streak.amountLeft == 0)
        #expect(result.streak.todayEventCount == 3)
        #expect(result.day(day("2024-01-03")).state == .gap)
        #expect(result.day(day("2024-01-03")).isOverLimit)
    }

    @Test func row3AtMostTwoADayBeforeTodaysEventsIsActiveWithNoDeadline() {
        let streak = Self.evaluate(Self.twoADay, target: .atMost(2, per: .day), start: "2024-01-01", now: "2024-01-03 09:00").streak
        #expect(streak.currentStreak == 2)
        #expect(streak.longestStreak == 2)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 1))
        #expect(streak.dateStreakDeadline == nil)
        #expect(streak.todayAmount == 0)
        #expect(streak.amountLeft == 2)
        #expect(streak.isOverLimit == false)
    }

    @Test func row4AtMostTwoADayWithAnAutoFreezeBridgesTodayAtOnce() {
        let result = Self.evaluate(
            Self.twoADay, target: .atMost(2, per: .day), start: "2024-01-01",
            freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .autoConsumeFreezes, now: "2024-01-03 12:00"
        )
        #expect(result.streak.currentStreak == 2)
        #expect(result.streak.longestStreak == 2)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 1))
        #expect(result.streak.freezesAvailableCount == 0)
        #expect(result.freezeConsumptions.map(\.day) == [day("2024-01-03")])
        #expect(result.day(day("2024-01-03")).state == .frozen)
    }

    // MARK: At most 0 a day

    @Test func row5AtMostZeroADayKeepsEveryEmptyDayFromTheStartDay() {
        let result = Self.evaluate([], target: .atMost(0, per: .day), start: "2024-01-01", now: "2024-01-10 12:00")
        #expect(result.streak.currentStreak == 9)
        #expect(result.streak.longestStreak == 9)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 1))
        #expect(result.days(from: day("2024-01-01"), through: day("2024-01-09")).allSatisfy { $0.state == .kept })
        #expect(result.day(day("2024-01-10")).state == .open)
    }

    // MARK: At most 1 a day with leeway

    @Test func row6AtMostOneADayCreditsAnEarlyEventToTheDayItDoesNotPushOver() {
        let events = [Self.logged("01-02 01:00"), Self.logged("01-02 12:00")]
        let result = Self.evaluate(events, target: .atMost(1, per: .day), start: "2024-01-01", leeway: 3, now: "2024-01-02 13:00")
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.longestStreak == 1)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 1))
        #expect(result.day(day("2024-01-01")).eventCount == 1)
        #expect(result.day(day("2024-01-01")).state == .kept)
        #expect(result.streak.todayEventCount == 1)
        #expect(result.streak.amountLeft == 0)
    }

    // MARK: At least 20 a week

    static let twentyAWeek = [logged("01-01 12:00", 10), logged("01-03 12:00", 10.5), logged("01-08 12:00", 5)]

    @Test func row7AtLeastTwentyAWeekOnSaturdayIsActiveWithTheWeeksEndAsDeadline() {
        let result = Self.evaluate(Self.twentyAWeek, target: .atLeast(20, per: .week), now: "2024-01-13 12:00")
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.longestStreak == 1)
        // Days since the last kept day: the days of a kept week that hold some of its amount.
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 10))
        #expect(result.streak.streakUnit == .week)
        #expect(result.streak.weekAmount == 5)
        #expect(result.streak.amountLeft == 15)
        #expect(result.streak.dateStreakDeadline == at("2024-01-15 00:00"))
        #expect(result.weeks.last?.amount == 5)
        #expect(result.weeks.last?.targetAmount == 20)
        #expect(result.weeks.first?.state == .kept)
    }

    @Test func row8AtLeastTwentyAWeekOnSundayIsAtRisk() {
        let streak = Self.evaluate(Self.twentyAWeek, target: .atLeast(20, per: .week), now: "2024-01-14 12:00").streak
        #expect(streak.currentStreak == 1)
        #expect(streak.longestStreak == 1)
        #expect(streak.calculatedStatus == .atRisk)
        #expect(streak.dateStreakDeadline == at("2024-01-15 00:00"))
    }

    @Test func row9AtLeastTwentyAWeekWithThreeSkipsNeedsElevenPointFourTwoNine() {
        let events = [Self.logged("01-01 12:00", 20), Self.logged("01-11 12:00", 11.429)]
        let result = Self.evaluate(events, target: .atLeast(20, per: .week), skips: ["2024-01-08", "2024-01-09", "2024-01-10"], now: "2024-01-14 13:00")
        #expect(result.streak.currentStreak == 2)
        #expect(result.streak.longestStreak == 2)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 3))
        #expect(result.weeks.last?.targetAmount == 11.429)
        #expect(result.weeks.last?.state == .kept)
    }

    @Test func row10AtLeastTwentyAWeekWithThreeSkipsBreaksOneThousandthShort() {
        let events = [Self.logged("01-01 12:00", 20), Self.logged("01-11 12:00", 11.428)]
        let result = Self.evaluate(events, target: .atLeast(20, per: .week), skips: ["2024-01-08", "2024-01-09", "2024-01-10"], now: "2024-01-15 13:00")
        #expect(result.streak.currentStreak == 0)
        #expect(result.streak.longestStreak == 1)
        #expect(result.streak.calculatedStatus == .broken(daysSinceLastEvent: 14))
        #expect(result.weeks.dropLast().last?.state == .gap)
    }

    // MARK: At most 7 a week (counted events)

    @Test func row11AtMostSevenAWeekIsBrokenTheMomentTheWeekGoesOver() {
        let events = (1...7).map { Self.logged("01-0\($0) 12:00") } + (0..<8).map { _ in Self.logged("01-08 12:00") }
        let result = Self.evaluate(events, target: .atMost(7, per: .week), start: "2024-01-01", now: "2024-01-08 20:00")
        #expect(result.streak.currentStreak == 0)
        #expect(result.streak.longestStreak == 1)
        #expect(result.streak.calculatedStatus == .broken(daysSinceLastEvent: 1))
        #expect(result.streak.weekAmount == 8)
        #expect(result.streak.isOverLimit == true)
        #expect(result.weeks.last?.state == .gap)
    }
}
