import PostgresTestSupport
import Foundation
import PostgresNIO
import SwiftfulGamification
@testable import SwiftfulGamificationPostgres
import Testing

/// A row that names a streak belongs to that streak's owner: another role's plain SQL can
/// neither plant rows under someone's streak nor learn which ids it holds, and a database
/// migrated from before this rule loses the rows planted while it did not hold.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct RowOwnershipTests {
    let utc = TimeZone(identifier: "UTC")!
    let now = date("2024-03-05T12:00:00Z")

    /// An event row of `user` under `streakId`, as plain SQL.
    static func eventInsert(streakId: String, id: String, user: String = "current_user") -> String {
        "INSERT INTO streak_events (user_id, streak_id, event_id, date_us, timezone, is_freeze, metadata) VALUES (\(user), \(streakId), '\(id)', 1709640000000000, 'UTC', false, '{}')"
    }

    static func freezeInsert(streakId: String, id: String, user: String = "current_user") -> String {
        "INSERT INTO streak_freezes (user_id, streak_id, freeze_id) VALUES (\(user), \(streakId), '\(id)')"
    }

    @Test func anotherRoleCannotPlantRowsUnderAStreak() async throws {
        let alice = try await TestDatabase.store(role: "alice"), bob = try await TestDatabase.store(role: "bob")
        defer { Task { await alice.close(); await bob.close() } }
        let key = "own" + UUID().uuidString.prefix(6).lowercased()
        _ = try await alice.addEvents([StreakEvent(id: "a1", dateCreated: now, timezone: "UTC")], userId: "alice", streakKey: key, now: now,
                                      timezone: utc, freshIds: false, creating: StreakConfiguration(streakKey: key))
        _ = try await alice.addFreezes([StreakFreeze(id: "f1", dateEarned: now)], userId: "alice", streakKey: key, now: now, timezone: utc)
        _ = try await bob.addEvents([StreakEvent(id: "b1", dateCreated: now, timezone: "UTC")], userId: "bob", streakKey: key, now: now,
                                    timezone: utc, freshIds: false, creating: StreakConfiguration(streakKey: key))
        let hers = try #require(try await TestDatabase.sql("SELECT id::text FROM streaks WHERE streak_key = '\(key)'", role: "alice").first)
        let his = try #require(try await TestDatabase.sql("SELECT id::text FROM streaks WHERE streak_key = '\(key)'", role: "bob").first)

        // Her ids and ids she does not have are refused alike: nothing to probe.
        for id in ["a1", "x-1"] {
            #expect(try await TestDatabase.sqlState(of: Self.eventInsert(streakId: hers, id: id), role: "bob") == "23503")
        }
        for id in ["f1", "y-1"] {
            #expect(try await TestDatabase.sqlState(of: Self.freezeInsert(streakId: hers, id: id), role: "bob") == "23503")
        }
        let summary = "INSERT INTO streak_summaries (user_id, streak_id, history, current_streak, longest_streak, live_events, revision, updated_us) VALUES (current_user, \(hers), '', 9, 9, 9, 0, 0)"
        #expect(try await TestDatabase.sqlState(of: summary, role: "bob") == "23503")
        // Moving his own rows under her streak is refused too.
        #expect(try await TestDatabase.sqlState(of: "UPDATE streak_events SET streak_id = \(hers) WHERE streak_id = \(his)", role: "bob") == "23503")
        #expect(try await TestDatabase.sqlState(of: "UPDATE streak_summaries SET streak_id = \(hers) WHERE streak_id = \(his)", role: "bob") == "23503")

        #expect(try await alice.events(userId: "alice", streakKey: key).map(\.id) == ["a1"])
        #expect(try await alice.freezes(userId: "alice", streakKey: key).map(\.id) == ["f1"])
        #expect(try await bob.events(userId: "bob", streakKey: key).map(\.id) == ["b1"])
        // The id bob tried is still hers to use.
        let added = try await alice.addEvents([StreakEvent(id: "x-1", dateCreated: now, timezone: "UTC")], userId: "alice", streakKey: key, now: now, timezone: utc)
        #expect(added.added.map(\.id) == ["x-1"])
        #expect(added.evaluation.streak.totalEvents == 2)
    }

    /// A database at schema version 1, where bob could plant rows, is repaired by migrating:
    /// the planted rows go, alice's summary is rebuilt from her own events only, and the same
    /// plant is refused afterwards.
    @Test func migratingAnOldDatabaseRemovesPlantedRows() async throws {
        let ownerName = try TestDatabase.owner().username
        let scratch = try await TestDatabase.scratchDatabase(role: ownerName)
        let database = scratch.database
        let owner = try await TestDatabase.connect(role: ownerName, database: database)
        try await PostgresSchema.migrate(owner, location: scratch, upTo: 1)
        try await owner.close()

        let streak = try #require(try await TestDatabase.sql(
            """
            INSERT INTO streaks (streak_key, events_required_per_day, leeway_hours, freeze_behavior, use_server_calculation, goal_history, created_us)
            VALUES ('water', 1, 0, 'auto', false, '[]', 1709640000000000) RETURNING id::text
            """, role: "alice", database: database
        ).first)
        let history = PostgresStreakStore.json(StreakHistory(events: [
            StreakEvent(id: "a1", dateCreated: now, timezone: "UTC"), StreakEvent(id: "b-planted", dateCreated: now, timezone: "UTC"),
        ], leewayHours: 0))
        _ = try await TestDatabase.sql(Self.eventInsert(streakId: streak, id: "a1"), role: "alice", database: database)
        _ = try await TestDatabase.sql(
            "INSERT INTO streak_summaries (streak_id, history, current_streak, longest_streak, live_events, revision, updated_us) VALUES (\(streak), '\(history)', 1, 1, 2, 1, 0)",
            role: "alice", database: database
        )
        // Version 1 lets bob plant an event and a freeze under her streak.
        #expect(try await TestDatabase.sqlState(of: Self.eventInsert(streakId: streak, id: "b-planted"), role: "bob", database: database) == nil)
        #expect(try await TestDatabase.sqlState(of: Self.freezeInsert(streakId: streak, id: "b-freeze"), role: "bob", database: database) == nil)

        // A role that is not the owner is told who must migrate, and changes nothing.
        let early = PostgresStreakStore(database: try PostgresLocation(url: "postgres://alice:secret@/\(database)?host=\(scratch.host)&port=\(scratch.port)"))
        await #expect {
            _ = try await early.streakKeys(userId: "alice")
        } throws: { error in
            if case PostgresStoreError.needsMigration(_, version: 2, role: "alice") = error { return true }
            return false
        }
        await early.close()

        let migrating = PostgresStreakStore(database: scratch)
        _ = try await migrating.streakKeys(userId: ownerName)
        await migrating.close()
        let everyRow = "SELECT user_id || ':' || event_id FROM streak_events WHERE streak_id = \(streak) UNION ALL SELECT user_id || ':' || freeze_id FROM streak_freezes WHERE streak_id = \(streak)"
        #expect(try await TestDatabase.sql(everyRow, role: "postgres", database: database) == ["alice:a1"])

        let alice = PostgresStreakStore(database: try PostgresLocation(url: "postgres://alice:secret@/\(database)?host=\(scratch.host)&port=\(scratch.port)"))
        defer { Task { await alice.close() } }
        let evaluation = try await alice.evaluate(userId: "alice", streakKey: "water", now: now, timezone: utc)
        #expect(evaluation.streak.totalEvents == 1)
        #expect(try await TestDatabase.sqlState(of: Self.eventInsert(streakId: streak, id: "b-again"), role: "bob", database: database) == "23503")
    }
}
