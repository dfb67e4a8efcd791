import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 5: freezes.
struct FreezeRuleTests {
    let twoKeptDays = [event("2024-01-01 12:00"), event("2024-01-02 12:00")]

    func auto(_ freezes: [StreakFreeze], now: String = "2024-01-04 09:00", events: [StreakEvent]? = nil) -> StreakEvaluation {
        calculate(events ?? twoKeptDays, freezes: freezes, behavior: .autoConsumeFreezes, now: now)
    }

    @Test func noFreezesModeIgnoresFreezesAndFreezeEvents() {
        let history = [event("2024-01-01 12:00"), KeptDayRuleTests.freezeEvent("2024-01-02 12:00"), event("2024-01-03 12:00")]
        let result = calculate(history, freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .noFreezes, now: "2024-01-03 13:00")
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.freezesAvailableCount == 0)
        #expect(result.freezeConsumptions.isEmpty)
    }

    @Test func freezeExpiringAsTheGapDayBeginsIsNotEligible() {
        let result = auto([freeze(earned: "2023-12-01 00:00", expires: "2024-01-03 00:00")])
        #expect(result.streak.currentStreak == 0)
        #expect(result.freezeConsumptions.isEmpty)
    }

    @Test func freezeExpiringDuringTheGapDayIsEligible() {
        let result = auto([freeze(earned: "2023-12-01 00:00", expires: "2024-01-03 00:00:01")])
        #expect(result.streak.currentStreak == 2)
        #expect(result.freezeConsumptions.map(\.day) == [day("2024-01-03")])
    }

    @Test func freezeMustBeEarnedBeforeTheGapDayEnds() {
        #expect(auto([freeze(earned: "2024-01-03 23:59:59")]).streak.currentStreak == 2)
        #expect(auto([freeze(earned: "2024-01-04 00:00")]).streak.currentStreak == 0)
    }

    @Test func freezeWithoutEarnedDateIsEligible() {
        #expect(auto([StreakFreeze(id: "undated")]).streak.currentStreak == 2)
    }

    @Test func usedFreezesAreNeverConsumed() {
        let result = auto([freeze(earned: "2023-12-01 00:00", used: "2023-12-20 00:00")])
        #expect(result.streak.currentStreak == 0)
        #expect(result.streak.freezesAvailableCount == 0)
    }

    @Test func oldestEarnedFreezeIsConsumedFirst() {
        let result = auto([freeze("newer", earned: "2023-12-20 00:00"), freeze("older", earned: "2023-12-01 00:00")])
        #expect(result.freezeConsumptions.map(\.freezeId) == ["older"])
        #expect(result.streak.freezesAvailable?.map(\.id) == ["newer"])
    }

    @Test func eachMissedDayIsBridgedAsItSettlesWhileAFreezeIsLeft() {
        // Rule 5 under settlement: one freeze bridges the first missed day; it stays spent
        // when the second is missed too.
        let result = auto([freeze("a", earned: "2023-12-01 00:00")], now: "2024-01-05 09:00")
        #expect(result.freezeConsumptions.map(\.day) == [day("2024-01-03")])
        #expect(result.streak.currentStreak == 0)
        #expect(result.streak.longestStreak == 2)
        let enough = auto([freeze("a", earned: "2023-12-01 00:00"), freeze("b", earned: "2023-12-02 00:00")], now: "2024-01-05 09:00")
        #expect(enough.streak.currentStreak == 2)
        #expect(enough.freezeConsumptions.map(\.freezeId) == ["a", "b"])
        #expect(enough.freezeConsumptions.map(\.day) == [day("2024-01-03"), day("2024-01-04")])
    }

    @Test func gapsAnywhereInTheCurrentRunAreBridged() {
        let history = ["01", "03", "05"].map { event("2024-01-\($0) 12:00") }
        let result = auto(
            [freeze("a", earned: "2023-12-01 00:00"), freeze("b", earned: "2023-12-02 00:00")],
            now: "2024-01-05 13:00", events: history
        )
        #expect(result.streak.currentStreak == 3)
        #expect(result.streak.longestStreak == 3)
        #expect(Set(result.freezeConsumptions.map(\.day)) == [day("2024-01-02"), day("2024-01-04")])
    }

    @Test func noFreezeBeforeTheFirstEventOrForOpenDays() {
        let freezes = (1...10).map { freeze("f\($0)", earned: "2023-12-01 00:00") }
        let result = auto(freezes, now: "2024-01-07 12:00", events: [event("2024-01-05 12:00")])
        #expect(result.freezeConsumptions.map(\.day) == [day("2024-01-06")])
        #expect(result.day(day("2024-01-04")).state == .beforeHistory)
        #expect(result.day(day("2024-01-07")).state == .open)
    }

    @Test func consumptionIsRecordedAsAFreezeEventAtNoonOfTheDay() throws {
        let result = auto([freeze(earned: "2023-12-01 00:00")])
        let consumption = try #require(result.freezeConsumptions.first)
        #expect(consumption.date == at("2024-01-03 12:00"))
        #expect(consumption.freezeEvent.isFreeze)
        #expect(consumption.freezeEvent.freezeId == "f1")
        #expect(consumption.freezeEvent.timezone == "America/New_York")
    }

    @Test func resultDoesNotDependOnWhenTheCalculationRan() {
        let freezes = [freeze(earned: "2023-12-01 00:00")]
        let early = auto(freezes, now: "2024-01-04 00:01")
        let recordedEvents = twoKeptDays + early.freezeConsumptions.map(\.freezeEvent)
        let recordedFreezes = freezes.map { $0.markedUsed(at: at("2024-01-04 00:01")) }
        let late = auto(recordedFreezes, now: "2024-01-04 23:00", events: recordedEvents)
        #expect(early.streak.currentStreak == late.streak.currentStreak)
        #expect(late.freezeConsumptions.isEmpty)
        #expect(late.day(day("2024-01-03")).state == .frozen)
    }

    @Test func manualModeConsumesNothingAndReportsTheGap() {
        let freezes = [freeze("a", earned: "2023-12-01 00:00"), freeze("b", earned: "2023-12-02 00:00")]
        let result = calculate(twoKeptDays, freezes: freezes, behavior: .manuallyConsumeFreezes, now: "2024-01-05 09:00")
        #expect(result.freezeConsumptions.isEmpty)
        #expect(result.streak.freezesNeededToSaveStreak == 2)
        #expect(result.daysToSave == [day("2024-01-03"), day("2024-01-04")])
        #expect(result.streak.applyManualStreakFreezeStatus == .canSaveStreakWithFreezes(count: 2))
    }

    @Test func manualUseBridgesTheGapAllOrNothing() throws {
        let freezes = [freeze("b", earned: "2023-12-02 00:00"), freeze("a", earned: "2023-12-01 00:00"), freeze("c", earned: "2023-12-03 00:00")]
        let manual = config(freezes: .manuallyConsumeFreezes)
        let now = at("2024-01-05 09:00")
        let consumptions = try StreakCalculator.manualFreezeConsumptions(
            events: twoKeptDays, freezes: freezes, configuration: manual, currentDate: now, timezone: .newYork
        )
        #expect(consumptions.map(\.freezeId) == ["a", "b"])
        let used = Set(consumptions.map(\.freezeId))
        let restored = StreakCalculator.calculateStreak(
            events: twoKeptDays + consumptions.map(\.freezeEvent),
            freezes: freezes.map { used.contains($0.id) ? $0.markedUsed(at: now) : $0 },
            configuration: manual, currentDate: now, timezone: .newYork
        ).streak
        #expect(restored.currentStreak == 2)
        #expect(restored.status == .atRisk)
        #expect(restored.freezesNeededToSaveStreak == 0)
        #expect(restored.freezesAvailableCount == 1)
    }

    @Test func manualUseRefusesWithTooFewOrExpiredFreezes() {
        let manual = config(freezes: .manuallyConsumeFreezes)
        let now = at("2024-01-05 09:00")
        let freezes = [freeze("a", earned: "2023-12-01 00:00"), freeze("x", earned: "2023-12-01 00:00", expires: "2024-01-05 00:00")]
        #expect(throws: StreakRuleError.notEnoughFreezes(needed: 2, available: 1)) {
            try StreakCalculator.manualFreezeConsumptions(events: twoKeptDays, freezes: freezes, configuration: manual, currentDate: now, timezone: .newYork)
        }
        #expect(throws: StreakRuleError.nothingToSave) {
            try StreakCalculator.manualFreezeConsumptions(events: twoKeptDays, freezes: freezes, configuration: manual, currentDate: at("2024-01-03 09:00"), timezone: .newYork)
        }
        #expect(throws: StreakRuleError.freezesNotManual(.autoConsumeFreezes)) {
            try StreakCalculator.manualFreezeConsumptions(events: twoKeptDays, freezes: freezes, configuration: config(freezes: .autoConsumeFreezes), currentDate: now, timezone: .newYork)
        }
    }

    @Test func manualModeOffersToRestoreAfterTodayIsKept() {
        let history = twoKeptDays + [event("2024-01-05 08:00")]
        let result = calculate(history, behavior: .manuallyConsumeFreezes, now: "2024-01-05 09:00")
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.freezesNeededToSaveStreak == 2)
    }

    @Test func manualModeReportsNothingForAnOldGap() {
        let history = ["01", "04", "05"].map { event("2024-01-\($0) 12:00") }
        let result = calculate(history, behavior: .manuallyConsumeFreezes, now: "2024-01-05 13:00")
        #expect(result.streak.currentStreak == 2)
        #expect(result.streak.freezesNeededToSaveStreak == 0)
    }
}
