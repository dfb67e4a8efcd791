import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 7: a weekly streak whose first week is still open has not broken; it takes the open
/// week's status (America/New_York, 2024; 01-01 is a Monday).
struct FirstUnitStatusTests {
    private func evaluate(_ events: [StreakEvent], schedule: StreakSchedule = .daily, target: StreakTarget? = nil, leeway: Int = 0, now: String) -> CurrentStreakData {
        StreakCalculator.evaluate(
            events: events,
            configuration: StreakConfiguration(streakKey: "w", leewayHours: leeway, schedule: schedule, target: target, unit: target == nil ? nil : "km"),
            currentDate: at(now), timezone: .newYork
        ).streak
    }

    @Test func aFirstWeekWithTimeLeftIsActive() {
        let streak = evaluate([event("2024-01-08 12:00")], schedule: .timesPerWeek(3), now: "2024-01-10 12:00")
        #expect(streak.currentStreak == 0)
        #expect(streak.calculatedStatus == .active(daysSinceLastEvent: 2))
        #expect(streak.dateStreakDeadline == nil)
    }

    @Test func aFirstWeekThatNeedsTodayIsAtRisk() {
        // Saturday, 1 of 3: Saturday and Sunday must both be kept.
        let streak = evaluate([event("2024-01-08 12:00")], schedule: .timesPerWeek(3), now: "2024-01-13 12:00")
        #expect(streak.calculatedStatus == .atRisk)
    }

    @Test func aFirstWeeklyAmountIsActiveUntilItsLastDay() {
        let target = StreakTarget.atLeast(20, per: .week)
        let events = [AmountWorkedExamplesTests.logged("01-08 12:00", 6), AmountWorkedExamplesTests.logged("01-09 12:00", 7.3)]
        #expect(evaluate(events, target: target, now: "2024-01-10 12:00").calculatedStatus == .active(daysSinceLastEvent: 1))
        #expect(evaluate(events, target: target, now: "2024-01-14 12:00").calculatedStatus == .atRisk)
        // Judged short when it closed: broken.
        #expect(evaluate(events, target: target, now: "2024-01-15 12:00").calculatedStatus == .broken(daysSinceLastEvent: 6))
    }

    @Test func aFirstWeekOpenOnlyThroughYesterdaysLeewayIsAtRisk() {
        let streak = evaluate([event("2024-01-08 12:00"), event("2024-01-10 12:00")], schedule: .timesPerWeek(3), leeway: 3, now: "2024-01-15 01:00")
        #expect(streak.currentStreak == 0)
        #expect(streak.calculatedStatus == .atRisk)
        // Once that week has closed short, the streak is broken.
        let later = evaluate([event("2024-01-08 12:00"), event("2024-01-10 12:00")], schedule: .timesPerWeek(3), leeway: 3, now: "2024-01-15 04:00")
        #expect(later.calculatedStatus == .broken(daysSinceLastEvent: 5))
    }
}
