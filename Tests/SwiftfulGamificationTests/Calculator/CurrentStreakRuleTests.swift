import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 4: the current streak and the choice of crediting.
struct CurrentStreakRuleTests {
    @Test func pendingOpenDaysDoNotBreakTheRun() {
        let result = calculate([event("2024-01-01 12:00"), event("2024-01-02 12:00")], leeway: 3, now: "2024-01-04 01:00")
        #expect(result.day(day("2024-01-03")).state == .open)
        #expect(result.day(day("2024-01-04")).state == .open)
        #expect(result.streak.currentStreak == 2)
    }

    @Test func fewerFreezesWinATie() {
        // Keeping yesterday with the 00:30 event would need a freeze for 01-02; leaving
        // yesterday open and crediting the event to 01-02 gives the same streak for free.
        let history = [event("2024-01-01 12:00"), event("2024-01-03 00:30")]
        let result = calculate(
            history, freezes: [freeze(earned: "2023-12-01 00:00")], leeway: 3,
            behavior: .autoConsumeFreezes, now: "2024-01-04 01:00"
        )
        #expect(result.streak.currentStreak == 2)
        #expect(result.freezeConsumptions.isEmpty)
        #expect(result.streak.freezesAvailableCount == 1)
        #expect(result.day(day("2024-01-02")).state == .kept)
        #expect(result.streak.status == .canExtendWithLeeway)
    }

    @Test func anEventInTheLeewayStaysOnItsHomeNightWhenAllElseIsEqual() {
        // Rule 4, tie 3: logged at 00:30 with a 3-hour leeway, it is the night before's.
        let history = [event("2024-01-01 12:00"), event("2024-01-02 12:00"), event("2024-01-04 00:30")]
        let result = calculate(history, leeway: 3, now: "2024-01-04 01:00")
        #expect(result.streak.currentStreak == 3)
        #expect(result.streak.todayEventCount == 0)
        #expect(result.day(day("2024-01-03")).state == .kept)
        #expect(result.streak.status == .atRisk)
        #expect(result.streak.dateStreakDeadline == at("2024-01-05 03:00"))
    }

    @Test func moreOpenDaysKeptWhenPossible() {
        let history = [event("2024-01-01 12:00"), event("2024-01-02 12:00")] + events(2, "2024-01-04 00:30")
        let result = calculate(history, leeway: 3, now: "2024-01-04 01:00")
        #expect(result.streak.currentStreak == 4)
        #expect(result.day(day("2024-01-03")).state == .kept)
        #expect(result.day(day("2024-01-04")).state == .kept)
    }

    @Test func eventsAreTakenSoTheRunReachesFurthestBack() {
        // Goal 1, leeway 3: the 23:30 event of 01-02 can keep 01-02 or 01-03, and the 01:00
        // event of 01-03 can keep 01-02 or 01-03. Both days must get one each.
        let history = [event("2024-01-01 12:00"), event("2024-01-02 23:30"), event("2024-01-03 01:00")]
        let result = calculate(history, leeway: 3, now: "2024-01-03 20:00")
        #expect(result.streak.currentStreak == 3)
    }

    @Test func dateStreakStartIsTheFirstKeptDayOfTheRun() {
        let history = ["01", "02", "04", "05", "06"].map { event("2024-01-\($0) 12:00") }
        let result = calculate(history, now: "2024-01-06 18:00").streak
        #expect(result.currentStreak == 3)
        #expect(result.dateStreakStart == at("2024-01-04 00:00"))
    }
}
