import Foundation
import Observation
import Testing
@testable import SwiftfulGamification

@MainActor
struct StreakManagerSessionTests {
    @Test func initLoadsTheCachedStreakSynchronously() {
        let cached = CurrentStreakData.mockKeptToday(streakKey: "daily", currentStreak: 12, now: at("2024-01-10 09:00"))
        let fixture = ManagerFixture(cached: cached)
        #expect(fixture.manager.currentStreakData == cached)
        #expect(ManagerFixture().manager.currentStreakData == .blank(streakKey: "daily"))
    }

    @Test func logInAttachesTheListenerAndCalculates() async throws {
        let fixture = ManagerFixture()
        try await fixture.seed([event("2024-01-09 12:00"), event("2024-01-10 08:00")])
        try await fixture.manager.logIn(userId: "u1")
        #expect(fixture.manager.isListening)
        await settle { fixture.remote.listenerCount(streakKey: "daily") == 1 }
        #expect(fixture.remote.listenerCount(streakKey: "daily") == 1)
        #expect(fixture.manager.currentStreakData.currentStreak == 2)
        #expect(fixture.manager.currentStreakData.userId == "u1")
        #expect(fixture.local.getSavedStreakData(streakKey: "daily")?.currentStreak == 2)
    }

    @Test func updatesFromTheRemoteReachTheManager() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        let pushed = CurrentStreakData.mockKeptToday(streakKey: "daily", currentStreak: 40, now: fixture.clock.now)
        try await fixture.remote.updateCurrentStreak(userId: "u1", streakKey: "daily", streak: pushed)
        await settle { fixture.manager.currentStreakData.currentStreak == 40 }
        #expect(fixture.manager.currentStreakData.currentStreak == 40)
        #expect(fixture.manager.currentStreakData.userId == "u1")
    }

    @Test func listenerReattachesAfterAFailure() async throws {
        let fixture = ManagerFixture()
        fixture.remote.nextStreamError = StreakError.notLoggedIn
        try await fixture.manager.logIn(userId: "u1")
        await settle { fixture.remote.listenerCount(streakKey: "daily") == 1 }
        #expect(fixture.logger.names.contains("StreakMan_RemoteListener_Fail"))
        #expect(fixture.remote.listenerCount(streakKey: "daily") == 1)
        let pushed = CurrentStreakData.mockKeptToday(streakKey: "daily", currentStreak: 9, now: fixture.clock.now)
        try await fixture.remote.updateCurrentStreak(userId: "u1", streakKey: "daily", streak: pushed)
        await settle { fixture.manager.currentStreakData.currentStreak == 9 }
        #expect(fixture.manager.currentStreakData.currentStreak == 9)
    }

    @Test func logOutCancelsTheListenerAndClearsTheCache() async throws {
        let fixture = ManagerFixture()
        try await fixture.seed([event("2024-01-10 08:00")])
        try await fixture.manager.logIn(userId: "u1")
        fixture.manager.logOut()
        #expect(!fixture.manager.isListening)
        #expect(fixture.manager.userId == nil)
        #expect(fixture.manager.currentStreakData == .blank(streakKey: "daily"))
        #expect(fixture.local.getSavedStreakData(streakKey: "daily") == .blank(streakKey: "daily"))
        await settle { fixture.remote.listenerCount(streakKey: "daily") == 0 }
        #expect(fixture.remote.listenerCount(streakKey: "daily") == 0)
        let pushed = CurrentStreakData.mockKeptToday(streakKey: "daily", currentStreak: 3, now: fixture.clock.now)
        try await fixture.remote.updateCurrentStreak(userId: "u1", streakKey: "daily", streak: pushed)
        await settle { false }
        #expect(fixture.manager.currentStreakData == .blank(streakKey: "daily"))
    }

    @Test func switchingUsersLogsTheFirstOneOut() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        try await fixture.manager.logIn(userId: "u2")
        #expect(fixture.manager.userId == "u2")
        await settle { fixture.remote.listenerCount(streakKey: "daily") == 1 }
        #expect(fixture.remote.listenerCount(streakKey: "daily") == 1)
    }

    @Test func invalidInputIsRejectedAtLogIn() async {
        let fixture = ManagerFixture(configuration: config(key: "Bad Key"))
        await #expect(throws: StreakRuleError.invalidStreakKey("Bad Key")) { try await fixture.manager.logIn(userId: "u1") }
        await #expect(throws: StreakRuleError.emptyIdentifier("user")) { try await ManagerFixture().manager.logIn(userId: "") }
        await #expect(throws: StreakRuleError.invalidGoal(0)) {
            try await ManagerFixture(configuration: config(goal: 0)).manager.logIn(userId: "u1")
        }
    }

    @Test func everyCallNeedsAUser() async {
        let manager = ManagerFixture().manager
        await #expect(throws: StreakError.notLoggedIn) { try await manager.addStreakEvent() }
        await #expect(throws: StreakError.notLoggedIn) { try await manager.getAllStreakEvents() }
        await #expect(throws: StreakError.notLoggedIn) { try await manager.addStreakFreeze() }
        await #expect(throws: StreakError.notLoggedIn) { try await manager.useStreakFreezes() }
    }

    @Test func managerIsObservable() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        final class Flag: @unchecked Sendable { var changed = false }
        let flag = Flag()
        withObservationTracking { _ = fixture.manager.currentStreakData } onChange: { flag.changed = true }
        try await fixture.manager.addStreakEvent()
        #expect(flag.changed)
    }
}
