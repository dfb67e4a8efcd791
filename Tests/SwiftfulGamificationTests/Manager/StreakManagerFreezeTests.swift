import Foundation
import Testing
@testable import SwiftfulGamification

@MainActor
struct StreakManagerFreezeTests {
    /// Kept 01-07 and 01-08, missed 01-09; now 01-10 12:00 in New York.
    func fixtureWithMissedDay(_ behavior: FreezeBehavior) async throws -> ManagerFixture {
        let fixture = ManagerFixture(configuration: config(freezes: behavior))
        try await fixture.seed([event("2024-01-07 12:00"), event("2024-01-08 12:00")])
        try await fixture.remote.addStreakFreeze(userId: "u1", streakKey: "daily", freeze: freeze("old", earned: "2023-12-01 00:00"))
        return fixture
    }

    @Test func addStreakFreezeStoresAnUnusedFreezeEarnedNow() async throws {
        let fixture = ManagerFixture(configuration: config(freezes: .manuallyConsumeFreezes))
        try await fixture.manager.logIn(userId: "u1")
        let added = try await fixture.manager.addStreakFreeze(id: "gift", dateExpires: at("2024-02-01 00:00"))
        #expect(added.dateEarned == fixture.clock.now)
        #expect(try await fixture.manager.getAllStreakFreezes() == [added])
        #expect(fixture.manager.currentStreakData.freezesAvailableCount == 1)
        #expect(fixture.logger.names.contains("StreakMan_AddStreakFreeze_Success"))
        await #expect(throws: StreakRuleError.freezeExpired("stale")) {
            try await fixture.manager.addStreakFreeze(id: "stale", dateExpires: at("2024-01-01 00:00"))
        }
    }

    @Test func autoConsumedFreezeIsRecordedOnce() async throws {
        let fixture = try await fixtureWithMissedDay(.autoConsumeFreezes)
        try await fixture.manager.logIn(userId: "u1")
        #expect(fixture.manager.currentStreakData.currentStreak == 2)
        #expect(fixture.manager.currentStreakData.freezesAvailableCount == 0)
        let freezeEvents = try await fixture.manager.getAllStreakEvents().filter(\.isFreeze)
        #expect(freezeEvents.count == 1)
        #expect(freezeEvents.first?.freezeId == "old")
        #expect(fixture.remote.freezesUsedCount == 1)
        #expect(fixture.logger.names.filter { $0 == "StreakMan_Freeze_AutoConsumed" }.count == 1)
    }

    @Test func racingCalculationsConsumeAFreezeOnce() async throws {
        let fixture = try await fixtureWithMissedDay(.autoConsumeFreezes)
        let second = fixture.makeManager(configuration: config(freezes: .autoConsumeFreezes))
        async let first: Void = fixture.manager.logIn(userId: "u1")
        async let other: Void = second.logIn(userId: "u1")
        async let again: Void = fixture.manager.recalculateStreakAndWait()
        _ = try await (first, other, again)
        await fixture.manager.recalculateStreakAndWait()
        await second.recalculateStreakAndWait()
        #expect(fixture.remote.freezesUsedCount == 1)
        #expect(try await fixture.manager.getAllStreakEvents().filter(\.isFreeze).count == 1)
        #expect(fixture.manager.currentStreakData.currentStreak == 2)
        #expect(second.currentStreakData.currentStreak == 2)
    }

    @Test func manualModeWaitsForTheUser() async throws {
        let fixture = try await fixtureWithMissedDay(.manuallyConsumeFreezes)
        fixture.clock.set(at("2024-01-10 12:00"))
        try await fixture.manager.logIn(userId: "u1")
        #expect(fixture.manager.currentStreakData.currentStreak == 0)
        #expect(fixture.manager.currentStreakData.freezesNeededToSaveStreak == 1)
        #expect(fixture.manager.currentStreakData.shouldPromptFreezeUsage)
        #expect(fixture.remote.freezesUsedCount == 0)

        #expect(try await fixture.manager.useStreakFreezes() == .didUseFreezesAndSavedStreak)
        #expect(fixture.manager.currentStreakData.currentStreak == 2)
        #expect(fixture.manager.currentStreakData.freezesNeededToSaveStreak == 0)
        #expect(fixture.logger.names.contains("StreakMan_Freeze_ManuallyConsumed"))
        #expect(try await fixture.manager.useStreakFreezes() == .didNotUseFreezes)
    }

    @Test func manualUseThrowsWhenFreezesAreShort() async throws {
        let fixture = try await fixtureWithMissedDay(.manuallyConsumeFreezes)
        fixture.clock.set(at("2024-01-11 12:00"))
        try await fixture.manager.logIn(userId: "u1")
        await #expect(throws: StreakRuleError.notEnoughFreezes(needed: 2, available: 1)) {
            try await fixture.manager.useStreakFreezes()
        }
        #expect(fixture.remote.freezesUsedCount == 0)
        #expect(fixture.logger.names.contains("StreakMan_UseStreakFreezes_Fail"))
    }

    @Test func useStreakFreezesDoesNothingOutsideManualMode() async throws {
        let fixture = try await fixtureWithMissedDay(.noFreezes)
        try await fixture.manager.logIn(userId: "u1")
        #expect(try await fixture.manager.useStreakFreezes() == .didNotUseFreezes)
    }
}
