import Foundation
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing

/// A delete or restore whose COMMIT reply is lost: the retry finds its own work done.
extension LostCommitTests {
    @Test func aDeleteSucceedsOnce() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        _ = try await setup.addEvents([event("t1")], userId: "held", streakKey: key, now: now, timezone: utc, freshIds: false,
                                      creating: StreakConfiguration(streakKey: key))
        let trashed = try await withLostCommit { store in
            try await store.deleteStreak(userId: "held", streakKey: key, now: self.now, timezone: self.utc)
        }
        #expect(trashed.streakKey == key && trashed.eventCount == 1)
        #expect(try await !setup.streakKeys(userId: "held").contains(key))
        #expect(try await setup.trashedStreaks(userId: "held", now: now).filter { $0.streakKey == key }.count == 1)
    }

    @Test func aRestoreSucceedsOnce() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        _ = try await setup.addEvents([event("r1")], userId: "held", streakKey: key, now: now, timezone: utc, freshIds: false,
                                      creating: StreakConfiguration(streakKey: key))
        _ = try await setup.deleteStreak(userId: "held", streakKey: key, now: now, timezone: utc)
        let restored = try await withLostCommit { store in
            try await store.restoreStreak(userId: "held", streakKey: key, as: nil, now: self.now, timezone: self.utc)
        }
        #expect(restored.streak.totalEvents == 1)
        #expect(try await setup.streakKeys(userId: "held").contains(key))
        #expect(try await setup.trashedStreaks(userId: "held", now: now).filter { $0.streakKey == key }.isEmpty)
    }
}
