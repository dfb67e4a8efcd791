import Foundation
import Testing
@testable import SwiftfulGamification

/// A limit over today before noon, in auto mode (rule 10: a freeze bridges it at once): the
/// freeze event is dated no later than now, so the next write finds the day bridged and
/// spends no second freeze on it.
@MainActor
struct LimitFreezeTests {
    @Test func aLimitOverBeforeNoonSpendsOneFreezeWhateverIsLoggedAfter() async throws {
        let coffee = StreakConfiguration(
            streakKey: "daily", freezeBehavior: .autoConsumeFreezes, target: .atMost(2, per: .day),
            startDay: CalendarDay(year: 2024, month: 1, day: 5)
        )
        let fixture = ManagerFixture(configuration: coffee)
        fixture.clock.set(at("2024-01-10 09:00"))
        try await fixture.manager.logIn(userId: "u1")
        for _ in 0..<3 { _ = try await fixture.manager.addStreakFreeze() }
        try await fixture.manager.addStreakEvent(amount: 3)
        fixture.clock.set(at("2024-01-10 09:30"))
        try await fixture.manager.addStreakEvent()
        fixture.clock.set(at("2024-01-10 10:00"))
        await fixture.manager.recalculateStreakAndWait()
        let freezes = try await fixture.manager.getAllStreakFreezes()
        #expect(freezes.filter { $0.dateUsed != nil }.count == 1)
        let freezeEvents = try await fixture.manager.getAllStreakEvents().filter(\.isFreeze)
        #expect(freezeEvents.count == 1)
        #expect(freezeEvents.allSatisfy { $0.dateCreated <= at("2024-01-10 09:00") })
        #expect(fixture.manager.currentStreakData.currentStreak == 5)
        #expect(fixture.manager.currentStreakData.freezesAvailableCount == 2)
    }

    @Test func aConsumptionForTodayIsNeverDatedAfterNow() {
        let events = [event("2024-01-10 08:00"), event("2024-01-10 08:10"), event("2024-01-10 08:20")]
        let (streak, consumptions) = StreakCalculator.calculateStreak(
            events: events, freezes: [StreakFreeze(id: "f1", dateEarned: at("2024-01-01 12:00"))],
            configuration: StreakConfiguration(streakKey: "coffee", freezeBehavior: .autoConsumeFreezes, target: .atMost(2, per: .day),
                                               startDay: CalendarDay(year: 2024, month: 1, day: 8)),
            currentDate: at("2024-01-10 09:00"), timezone: .newYork
        )
        #expect(consumptions.count == 1)
        #expect(consumptions.first?.date == at("2024-01-10 09:00"))
        #expect(streak.currentStreak == 2)
    }
}
