import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 3: kept, frozen, open and gap days.
struct KeptDayRuleTests {
    static func freezeEvent(_ text: String, _ zone: TimeZone = .newYork) -> StreakEvent {
        StreakEvent(dateCreated: at(text, zone), timezone: zone.identifier, isFreeze: true, freezeId: "f")
    }

    @Test func dayBelowTheGoalIsNotKept() {
        let result = calculate([event("2024-01-01 12:00"), event("2024-01-02 12:00")], goal: 2, now: "2024-01-02 13:00")
        #expect(result.day(day("2024-01-01")).state == .gap)
        #expect(result.streak.currentStreak == 0)
    }

    @Test(arguments: [1, 3])
    func frozenDayBridgesButAddsNothing(goal: Int) {
        let history = events(goal, "2024-01-01 12:00") + [Self.freezeEvent("2024-01-02 12:00")] + events(goal, "2024-01-03 12:00")
        let result = calculate(history, goal: goal, behavior: .manuallyConsumeFreezes, now: "2024-01-03 13:00")
        #expect(result.day(day("2024-01-02")).state == .frozen)
        #expect(result.streak.currentStreak == 2)
        #expect(result.streak.longestStreak == 2)
        #expect(result.streak.totalEvents == 2 * goal)
    }

    @Test func freezeEventIsNotShiftedByLeeway() {
        // A freeze event at 01:00 covers 01-02 only, not 01-01.
        let history = [event("2023-12-31 12:00"), Self.freezeEvent("2024-01-02 01:00"), event("2024-01-03 12:00")]
        let result = calculate(history, leeway: 3, behavior: .autoConsumeFreezes, now: "2024-01-03 13:00")
        #expect(result.day(day("2024-01-01")).state == .gap)
        #expect(result.day(day("2024-01-02")).state == .frozen)
        #expect(result.streak.currentStreak == 1)
    }

    @Test func yesterdayClosesAtTheLeewayHour() {
        let history = [event("2024-01-01 12:00")]
        #expect(calculate(history, leeway: 3, now: "2024-01-03 02:59:59").day(day("2024-01-02")).state == .open)
        #expect(calculate(history, leeway: 3, now: "2024-01-03 03:00").day(day("2024-01-02")).state == .gap)
    }

    @Test func todayIsAlwaysOpenUntilKept() {
        let result = calculate([event("2024-01-01 12:00")], now: "2024-01-02 23:59")
        #expect(result.day(day("2024-01-02")).state == .open)
        #expect(result.streak.currentStreak == 1)
    }
}
