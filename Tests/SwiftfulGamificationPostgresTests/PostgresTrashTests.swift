import PostgresTestSupport
import Foundation
@testable import SwiftfulGamification
@testable import StreakStoreKit
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import Testing

/// The trash in PostgreSQL: the key free at once, the row whole for 30 days (pinned clocks),
/// restores under the key or another, expiry by a later write, and nothing of it reachable by
/// another role.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct PostgresTrashTests {
    let utc = TimeZone(identifier: "UTC")!
    let now = date("2024-03-05T12:00:00Z")

    @Test func aDeletedStreaksKeyIsFreeAndItComesBackWholeUnderAnotherKey() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser()
        let events = (0..<3).map { StreakEvent(id: "e\($0)", dateCreated: now.addingTimeInterval(Double($0 - 2) * 86_400), timezone: "UTC") }
        _ = try await store.addEvents(events, userId: user, streakKey: "run", now: now, timezone: utc, freshIds: false,
                                      creating: StreakConfiguration(streakKey: "run").titled("Morning run"))
        _ = try await store.setNote("tempo", on: CalendarDay(containing: now, in: utc), userId: user, streakKey: "run", now: now, timezone: utc)
        let trashed = try await store.deleteStreak(userId: user, streakKey: "run", now: now, timezone: utc)
        #expect(trashed == TrashedStreak(streakKey: "run", title: "Morning run", dateDeleted: now, eventCount: 3))
        #expect(try await store.streakKeys(userId: user, includingArchived: true).isEmpty)
        #expect(try await store.revisions(userId: user).isEmpty)
        await #expect(throws: StreakStoreError.self) { _ = try await store.events(userId: user, streakKey: "run") }

        _ = try await store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "run"), now: now, timezone: utc)
        await #expect(throws: StreakStoreError.restoreKeyTaken("run")) {
            _ = try await store.restoreStreak(userId: user, streakKey: "run", as: nil, now: self.now, timezone: self.utc)
        }
        await #expect(throws: StreakStoreError.notInTrash("walk", inTrash: ["run"])) {
            _ = try await store.restoreStreak(userId: user, streakKey: "walk", as: nil, now: self.now, timezone: self.utc)
        }
        let restored = try await store.restoreStreak(userId: user, streakKey: "run", as: "run2", now: now, timezone: utc)
        #expect(restored.streak.currentStreak == 3 && restored.configuration.title == "Morning run")
        #expect(restored.configuration.streakKey == "run2")
        #expect(try await store.notes(userId: user, streakKey: "run2").map(\.text) == ["tempo"])
        #expect(try await store.streakKeys(userId: user) == ["run", "run2"])
        #expect(try await store.trashedStreaks(userId: user, now: now).isEmpty)
    }

    @Test func aStoresFirstWriteThirtyDaysOnEmptiesTheTrash() async throws {
        let user = TestDatabase.freshUser()
        let first = try await TestDatabase.store(role: "app")
        _ = try await first.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "old"), now: now, timezone: utc)
        _ = try await first.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "daily"), now: now, timezone: utc)
        _ = try await first.deleteStreak(userId: user, streakKey: "old", now: now, timezone: utc)
        await first.close()
        let rows = { try await TestDatabase.sql("SELECT count(*)::text FROM streaks WHERE user_id = '\(user)'", role: "app") }
        // A day short of 30 days: listed, kept by a write.
        let later = now.addingTimeInterval(29 * 86_400)
        let second = try await TestDatabase.store(role: "app")
        _ = try await second.addEvents([StreakEvent(id: "a", dateCreated: later, timezone: "UTC")], userId: user, streakKey: "daily", now: later, timezone: utc)
        #expect(try await second.trashedStreaks(userId: user, now: later).map(\.streakKey) == ["old"])
        await second.close()
        #expect(try await rows() == ["2"])
        // Thirty days on: not listed, and the first write of the next store object removes it.
        let expired = now.addingTimeInterval(30 * 86_400)
        let third = try await TestDatabase.store(role: "app")
        defer { Task { await third.close() } }
        #expect(try await third.trashedStreaks(userId: user, now: expired).isEmpty)
        await #expect(throws: StreakStoreError.self) {
            _ = try await third.restoreStreak(userId: user, streakKey: "old", as: nil, now: expired, timezone: self.utc)
        }
        _ = try await third.addEvents([StreakEvent(id: "b", dateCreated: expired, timezone: "UTC")], userId: user, streakKey: "daily", now: expired, timezone: utc)
        #expect(try await rows() == ["1"])
    }

    @Test func aFileStoresTrashCopiesIntoTheDatabaseAndBack() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trash-copy-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = FileStreakStore(rootPath: directory)
        let user = TestDatabase.freshUser()
        let events = (0..<2).map { StreakEvent(id: "c\($0)", dateCreated: now.addingTimeInterval(Double($0 - 1) * 86_400), timezone: "UTC") }
        _ = try files.addEvents(events, userId: user, streakKey: "tea", now: now, timezone: utc, freshIds: false,
                                creating: StreakConfiguration(streakKey: "tea", target: .atMost(2, per: .day)))
        let trashed = try files.deleteStreak(userId: user, streakKey: "tea", now: now, timezone: utc)
        let (batch, archived) = try files.trashedStreak(userId: user, streakKey: "tea", dateDeleted: trashed.dateDeleted)
        let database = try await TestDatabase.store(role: "app")
        defer { Task { await database.close() } }
        for _ in 0..<2 {
            try await database.importTrashed(batch, archived: archived, userId: user, streakKey: "tea", dateDeleted: trashed.dateDeleted, now: now, timezone: utc)
        }
        #expect(try await database.trashedStreaks(userId: user, now: now) == [trashed])
        #expect(try await database.streakKeys(userId: user, includingArchived: true).isEmpty)
        let (back, _) = try await database.trashedStreak(userId: user, streakKey: "tea", dateDeleted: trashed.dateDeleted)
        #expect(back.events.map(\.id) == ["c0", "c1"] && back.configuration?.target == .atMost(2, per: .day))
        let restored = try await database.restoreStreak(userId: user, streakKey: "tea", as: nil, now: now, timezone: utc)
        #expect(restored.streak.totalEvents == 2 && restored.configuration.streakKey == "tea")
    }

    @Test func anotherRoleNeitherSeesNorRestoresNorEmptiesTheTrash() async throws {
        let alice = try await TestDatabase.store(role: "alice"), bob = try await TestDatabase.store(role: "bob")
        defer { Task { await alice.close(); await bob.close() } }
        let key = "gone" + UUID().uuidString.prefix(6).lowercased()
        _ = try await alice.createStreak(userId: "alice", configuration: StreakConfiguration(streakKey: key), now: now, timezone: utc)
        _ = try await alice.deleteStreak(userId: "alice", streakKey: key, now: now, timezone: utc)
        #expect(try await bob.trashedStreaks(userId: "alice", now: now).isEmpty)
        await #expect(throws: (any Error).self) { _ = try await bob.restoreStreak(userId: "alice", streakKey: key, as: nil, now: self.now, timezone: self.utc) }
        _ = try await TestDatabase.sql("DELETE FROM streaks WHERE user_id = 'alice' AND deleted_us IS NOT NULL", role: "bob")
        _ = try await TestDatabase.sql("UPDATE streaks SET deleted_us = NULL WHERE user_id = 'alice'", role: "bob")
        #expect(try await alice.trashedStreaks(userId: "alice", now: now).contains { $0.streakKey == key })
        #expect(try await !alice.streakKeys(userId: "alice").contains(key))
    }
}
