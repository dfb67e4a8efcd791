import Foundation
@testable import StreakStoreKit
import Testing
import TestSupport
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// `onOwnThreads` is the same store, every call run off the cooperative pool: its answers
/// and the files it writes are the direct calls' own, and its watchers see its writes.
struct OwnThreadsTests {
    @Test func answersAsTheStoreItselfDoes() async throws {
        let fixture = StoreFixture()
        let direct = fixture.store()
        let offloaded = fixture.store().onOwnThreads
        let now = at("2024-01-02 10:00")
        _ = try await offloaded.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "daily"), now: now, timezone: newYork)
        let logged = try await offloaded.addEvents([event("2024-01-02 09:00", id: "e1")], userId: "u1", streakKey: "daily", now: now, timezone: newYork)
        #expect(logged.added.map(\.id) == ["e1"])
        #expect(try direct.events(userId: "u1", streakKey: "daily").map(\.id) == ["e1"])
        #expect(try await offloaded.evaluate(userId: "u1", streakKey: "daily", now: now, timezone: newYork).streak.totalEvents == 1)
        #expect(offloaded.location == direct.location)
        let undone = try await offloaded.undoLastEvent(userId: "u1", streakKey: "daily", since: nil, now: now, timezone: newYork)
        #expect(undone.removed?.id == "e1")
        #expect(try direct.events(userId: "u1", streakKey: "daily").isEmpty)
        // A rule error comes back as the store's own.
        await #expect(throws: StreakStoreError.self) {
            _ = try await offloaded.addEvents([event("2024-01-02 09:00")], userId: "u1", streakKey: "nope", now: now, timezone: newYork)
        }
    }

    @Test func itsWatchersSeeItsWrites() async throws {
        let fixture = StoreFixture()
        let store = fixture.store().onOwnThreads
        let now = at("2024-01-02 10:00")
        _ = try await store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "daily"), now: now, timezone: newYork)
        var updates = store.watch(userId: "u1", streakKey: "daily", now: { now }, timezone: { newYork }).makeAsyncIterator()
        #expect(try await next(&updates)?.streak.totalEvents == 0)
        _ = try await store.addEvents([event("2024-01-02 09:00")], userId: "u1", streakKey: "daily", now: now, timezone: newYork)
        #expect(try await next(&updates)?.streak.totalEvents == 1)
    }

    /// A manager on the file store gets it on its own threads without being asked.
    @Test @MainActor func aManagersServicesUseTheStoreOnItsOwnThreads() async throws {
        let services = FileStreakServices(store: StoreFixture().store(), userId: "u1")
        let remote = try #require(services.remote as? StoreRemoteStreakService)
        #expect(remote.store is FileStoreOnOwnThreads)
    }
}
