import Foundation
import Testing
import TestSupport
@testable import SwiftfulGamification

/// A remote's listener hands back what the manager sent it, and may do so late (a busy
/// main actor, a slow server): an older echo arriving after a newer calculation must not
/// put the screen back to before it.
@MainActor
struct StreakManagerEchoTests {
    /// Stores events in memory; what the manager sends is echoed only when the test says.
    final class LateEchoRemote: RemoteStreakService {
        var events: [StreakEvent] = []
        var sent: [CurrentStreakData] = []
        private var listeners: [AsyncThrowingStream<CurrentStreakData, any Error>.Continuation] = []

        func deliver(_ streak: CurrentStreakData) { listeners.forEach { $0.yield(streak) } }

        func streamCurrentStreak(userId: String, streakKey: String) -> AsyncThrowingStream<CurrentStreakData, any Error> {
            let (stream, continuation) = AsyncThrowingStream<CurrentStreakData, any Error>.makeStream()
            listeners.append(continuation)
            return stream
        }
        func updateCurrentStreak(userId: String, streakKey: String, streak: CurrentStreakData) async throws { sent.append(streak) }
        func calculateStreak(userId: String, streakKey: String, eventsRequiredPerDay: Int, leewayHours: Int, freezeBehavior: FreezeBehavior, timezone: String?) async throws {}
        func addEvent(userId: String, streakKey: String, event: StreakEvent) async throws { events.append(event) }
        func getAllEvents(userId: String, streakKey: String) async throws -> [StreakEvent] { events }
        func deleteAllEvents(userId: String, streakKey: String) async throws { events = [] }
        func addStreakFreeze(userId: String, streakKey: String, freeze: StreakFreeze) async throws {}
        func useStreakFreeze(userId: String, streakKey: String, freezeId: String) async throws {}
        func getAllStreakFreezes(userId: String, streakKey: String) async throws -> [StreakFreeze] { [] }
    }

    /// Keeps every streak the manager shows, in order.
    final class ShownStreaks: LocalStreakPersistence {
        var shown: [CurrentStreakData] = []
        func getSavedStreakData(streakKey: String) -> CurrentStreakData? { shown.last }
        func saveCurrentStreakData(streakKey: String, _ streak: CurrentStreakData?) throws { if let streak { shown.append(streak) } }
    }

    struct Services: StreakServices {
        let remote: any RemoteStreakService
        let local: any LocalStreakPersistence
    }

    @Test func anOlderEchoArrivingLateIsNotShownButAnotherDevicesChangeIs() async throws {
        let clock = TestClock(at("2024-01-10 12:00"))
        let remote = LateEchoRemote()
        remote.events = [event("2024-01-08 12:00"), event("2024-01-09 12:00")]
        let local = ShownStreaks()
        let manager = StreakManager(
            services: Services(remote: remote, local: local), configuration: config(),
            now: { clock.now }, timeZone: { .newYork }, listenerRetryDelay: .zero
        )
        try await manager.logIn(userId: "u1")
        try await manager.addStreakEvent()
        #expect(manager.currentStreakData.currentStreak == 3)
        let (before, after) = (remote.sent[0], remote.sent[1])
        #expect(before.currentStreak == 2 && after.currentStreak == 3)

        // Both echoes arrive late, in order; then another device's change.
        remote.deliver(before)
        remote.deliver(after)
        remote.deliver(CurrentStreakData(streakKey: "daily", userId: "u1", currentStreak: 3, longestStreak: 40))
        #expect(await eventually(seconds: 240) { manager.currentStreakData.longestStreak == 40 })
        let afterTheWrite = local.shown.drop { $0.currentStreak != 3 }
        #expect(afterTheWrite.allSatisfy { $0.currentStreak == 3 }, "\(local.shown.map(\.currentStreak))")
        manager.logOut()
    }
}
