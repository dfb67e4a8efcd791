import PostgresTestSupport
import Foundation
import PostgresNIO
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing

/// A write whose COMMIT reply never arrives: the server commits, the connection is cut
/// before the reply, and the store's retry on a new connection must not apply it again.
/// The role `held` of the test cluster commits only once a standby that never comes has the
/// commit, while its `synchronous_commit` is on; the backend is terminated in that wait
/// (the transaction is committed, the client never hears so), and the retry's new session
/// commits at once.
@Suite(.serialized, .enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct LostCommitTests {
    let utc = TimeZone(identifier: "UTC")!
    let now = date("2024-03-05T12:00:00Z")

    /// `operation` on a new store as `held`, its COMMIT reply lost once.
    func withLostCommit<T: Sendable>(
        whileHeld: @escaping @Sendable (_ pid: String) async throws -> Void = { _ in },
        _ operation: @escaping @Sendable (PostgresStreakStore) async throws -> T
    ) async throws -> T {
        let admin = try await Self.adminSession()
        defer { Task { try? await admin.close() } }
        _ = try await TestDatabase.sql("ALTER ROLE held SET synchronous_commit = on", on: admin)
        let store = PostgresStreakStore(database: try TestDatabase.location(role: "held"))
        defer { Task { await store.close() } }
        let task = Task { try await operation(store) }
        var held: String?
        for _ in 0..<400 where held == nil {
            held = try await TestDatabase.sql(
                "SELECT pid::text FROM pg_stat_activity WHERE usename = 'held' AND wait_event = 'SyncRep'", on: admin
            ).first
            if held == nil { try await Task.sleep(for: .milliseconds(25)) }
        }
        _ = try await TestDatabase.sql("ALTER ROLE held SET synchronous_commit = local", on: admin)
        guard let held else {
            task.cancel()
            Issue.record("no COMMIT was held")
            throw CancellationError()
        }
        try await whileHeld(held)
        _ = try await TestDatabase.sql("SELECT pg_terminate_backend(\(held))::text", on: admin)
        return try await task.value
    }

    /// A session of `held` that commits locally, with the role's sessions set to do so too.
    static func adminSession() async throws -> PostgresConnection {
        let admin = try await TestDatabase.connect(role: "held")
        _ = try await TestDatabase.sql("SET synchronous_commit = local", on: admin)
        _ = try await TestDatabase.sql("ALTER ROLE held SET synchronous_commit = local", on: admin)
        return admin
    }

    /// A store of `held` whose writes commit at once, for setting up.
    func setUpStore() async throws -> PostgresStreakStore {
        try await Self.adminSession().close()
        return try await TestDatabase.store(role: "held")
    }

    func key() -> String { "lost" + UUID().uuidString.prefix(6).lowercased() }

    func event(_ id: String, _ offset: TimeInterval = 0) -> StreakEvent {
        StreakEvent(id: id, dateCreated: now.addingTimeInterval(offset), timezone: "UTC")
    }

    @Test func aLogIsStoredOnceAndReportedAdded() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        _ = try await setup.addEvents([event("l0", -60)], userId: "held", streakKey: key, now: now, timezone: utc, freshIds: false, creating: StreakConfiguration(streakKey: key))
        let result = try await withLostCommit { store in
            try await store.addEvents([self.event("l1")], userId: "held", streakKey: key, now: self.now, timezone: self.utc)
        }
        #expect(result.added.map(\.id) == ["l1"])
        #expect(try await setup.events(userId: "held", streakKey: key).map(\.id) == ["l0", "l1"])
    }

    @Test func anUndoRemovesOneEvent() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        _ = try await setup.addEvents([event("u1", -180), event("u2", -120), event("u3", -60)], userId: "held", streakKey: key, now: now,
                                      timezone: utc, freshIds: false, creating: StreakConfiguration(streakKey: key))
        let result = try await withLostCommit { store in
            try await store.undoLastEvent(userId: "held", streakKey: key, since: nil, now: self.now, timezone: self.utc)
        }
        #expect(result.removed?.id == "u3")
        #expect(result.evaluation.streak.totalEvents == 2)
        #expect(try await setup.events(userId: "held", streakKey: key).map(\.id) == ["u1", "u2"])
    }

    @Test func aCreateSucceedsOnce() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        _ = try await withLostCommit { store in
            try await store.createStreak(userId: "held", configuration: StreakConfiguration(streakKey: key, eventsRequiredPerDay: 2), now: self.now, timezone: self.utc)
        }
        #expect(try await setup.streakKeys(userId: "held").filter { $0 == key }.count == 1)
        #expect(try await setup.settings(userId: "held", streakKey: key).goalHistory.count == 1)
    }

    @Test func aRenameSucceedsOnce() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        _ = try await setup.createStreak(userId: "held", configuration: StreakConfiguration(streakKey: key), now: now, timezone: utc)
        _ = try await withLostCommit { store in
            try await store.renameStreak(userId: "held", from: key, to: key + "_new", now: self.now, timezone: self.utc)
        }
        let keys = try await setup.streakKeys(userId: "held")
        #expect(keys.contains(key + "_new") && !keys.contains(key))
    }

    @Test func aManualFreezeUseIsAppliedAndReportedOnce() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        let configuration = StreakConfiguration(streakKey: key, freezeBehavior: .manuallyConsumeFreezes)
        _ = try await setup.addEvents([event("d1", -3 * 86_400), event("d2", -2 * 86_400)], userId: "held", streakKey: key, now: now,
                                      timezone: utc, freshIds: false, creating: configuration)
        let earned = now.addingTimeInterval(-5 * 86_400)
        _ = try await setup.addFreezes([StreakFreeze(id: "f1", dateEarned: earned), StreakFreeze(id: "f2", dateEarned: earned)],
                                       userId: "held", streakKey: key, now: now, timezone: utc)
        let result = try await withLostCommit { store in
            try await store.useFreezesManually(userId: "held", streakKey: key, now: self.now, timezone: self.utc)
        }
        #expect(result.used.map(\.freezeId) == ["f1"])
        #expect(try await setup.freezes(userId: "held", streakKey: key).filter(\.isUsed).map(\.id) == ["f1"])
        #expect(result.evaluation.streak.currentStreak == 2)  // the frozen day bridges, adding 0
    }

    @Test func aConfigChangeIsRecordedOnce() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        _ = try await setup.createStreak(userId: "held", configuration: StreakConfiguration(streakKey: key), now: now.addingTimeInterval(-86_400), timezone: utc)
        _ = try await withLostCommit { store in
            try await store.updateConfiguration(userId: "held", streakKey: key, goal: 3, leewayHours: 2, freezeBehavior: nil, now: self.now, timezone: self.utc)
        }
        let settings = try await setup.settings(userId: "held", streakKey: key)
        #expect(settings.goalHistory.map(\.eventsRequiredPerDay) == [1, 3])
        #expect(settings.configuration.leewayHours == 2)
    }

    /// While a write holds its streak's lock, another role sees in `pg_locks` that the
    /// backend holds an advisory lock, but its key is not a hash of the user and streak key.
    @Test func lockKeysAreNotDerivableFromUserAndKey() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        _ = try await setup.createStreak(userId: "held", configuration: StreakConfiguration(streakKey: key), now: now, timezone: utc)
        _ = try await setup.addEvents([event("k1")], userId: "held", streakKey: key, now: now, timezone: utc)
        _ = try await withLostCommit(whileHeld: { pid in
            let seen = try await TestDatabase.sql(
                "SELECT ((classid::bigint << 32) | objid::bigint)::text FROM pg_locks WHERE locktype = 'advisory' AND pid = \(pid)", role: "bob"
            )
            #expect(seen.count == 1)
            let guesses = try await TestDatabase.sql(
                """
                SELECT hashtextextended(g, 0)::text FROM unnest(ARRAY['held' || chr(31) || '\(key)', 'held' || '\(key)', '\(key)', 'held:\(key)']) AS g
                UNION ALL SELECT hashtext('held' || chr(31) || '\(key)')::bigint::text
                """, role: "bob"
            )
            #expect(Set(seen).isDisjoint(with: guesses))
        }) { store in
            // An undo takes the lock (a log is written without one: aLogIsStoredOnceAndReportedAdded).
            try await store.undoLastEvent(userId: "held", streakKey: key, since: nil, now: self.now, timezone: self.utc)
        }
    }
}
