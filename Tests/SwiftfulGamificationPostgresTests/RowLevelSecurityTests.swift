import PostgresTestSupport
import PostgresNIO
import Foundation
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing

/// Two people share one database, each as their own role: neither can read, change or hear
/// about the other's streaks, through the store or by plain SQL.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct RowLevelSecurityTests {
    let utc = TimeZone(identifier: "UTC")!
    let now = date("2024-03-05T12:00:00Z")

    @Test func aRoleReachesOnlyItsOwnStreaks() async throws {
        let alice = try await TestDatabase.store(role: "alice"), bob = try await TestDatabase.store(role: "bob")
        defer { Task { await alice.close(); await bob.close() } }
        let key = "rls" + UUID().uuidString.prefix(6).lowercased()
        _ = try await alice.addEvents([StreakEvent(id: "a1", dateCreated: now, timezone: "UTC")], userId: "alice", streakKey: key, now: now,
                                      timezone: utc, freshIds: false, creating: StreakConfiguration(streakKey: key))
        // Through the store, as bob: alice's streak does not exist for him.
        #expect(try await bob.streakKeys(userId: "alice").isEmpty)
        await #expect(throws: StreakStoreError.self) { _ = try await bob.events(userId: "alice", streakKey: key) }
        await #expect {
            _ = try await bob.addEvents([StreakEvent(id: "b1", dateCreated: now, timezone: "UTC")], userId: "alice", streakKey: key, now: now, timezone: utc)
        } throws: { error in
            if case PostgresStoreError.notAllowed = error { return true }
            return false
        }
        // Creating rows in alice's name is refused by the policy.
        await #expect {
            _ = try await bob.createStreak(userId: "alice", configuration: StreakConfiguration(streakKey: key + "x"), now: now, timezone: utc)
        } throws: { error in
            if case PostgresStoreError.notAllowed = error { return true }
            return false
        }
        // Plain SQL as bob: nothing of alice's to see, change or delete.
        for table in ["streaks", "streak_events", "streak_summaries", "streak_channels"] {
            #expect(try await TestDatabase.sql("SELECT count(*)::text FROM \(table) WHERE user_id = 'alice'", role: "bob") == ["0"])
        }
        _ = try await TestDatabase.sql("UPDATE streak_events SET removed_us = 1 WHERE user_id = 'alice'", role: "bob")
        _ = try await TestDatabase.sql("DELETE FROM streaks WHERE user_id = 'alice'", role: "bob")
        #expect(try await alice.events(userId: "alice", streakKey: key).map(\.id) == ["a1"])
        // alice's notification channel is hers alone: bob cannot learn its name.
        let channels = try await TestDatabase.sql("SELECT channel FROM streak_channels", role: "alice")
        #expect(channels.count == 1)
        #expect(try await TestDatabase.sql("SELECT channel FROM streak_channels WHERE user_id = 'alice'", role: "bob").isEmpty)
    }

    /// The setting a server names its user in (`streaks.user`) gives a tenant nothing: bob,
    /// not a member of alice's role, naming her reaches none of her rows (nor his own while
    /// it names her), cannot write in her name, and naming a role that does not exist fails.
    @Test func namingAnotherUserInTheSettingReachesNothing() async throws {
        let alice = try await TestDatabase.store(role: "alice")
        defer { Task { await alice.close() } }
        let key = "named" + UUID().uuidString.prefix(6).lowercased()
        _ = try await alice.addEvents([StreakEvent(id: "a1", dateCreated: now, timezone: "UTC")], userId: "alice", streakKey: key, now: now,
                                      timezone: utc, freshIds: false, creating: StreakConfiguration(streakKey: key))
        let bob = try await TestDatabase.connect(role: "bob")
        defer { Task { try? await bob.close() } }
        _ = try await TestDatabase.sql("SELECT set_config('streaks.user', 'alice', false)", on: bob)
        for table in ["streaks", "streak_events", "streak_summaries", "streak_channels", "streak_server_tokens"] {
            #expect(try await TestDatabase.sql("SELECT count(*)::text FROM \(table)", on: bob) == ["0"], "\(table)")
        }
        #expect(try await TestDatabase.sql("UPDATE streak_events SET removed_us = 1 WHERE user_id = 'alice' RETURNING event_id", on: bob).isEmpty)
        var refused: String?
        do {
            _ = try await TestDatabase.sql(
                "INSERT INTO points_settings (user_id, settings) VALUES ('alice', '{}')", on: bob
            )
        } catch let error as PSQLError { refused = error.serverInfo?[.sqlState] }
        #expect(refused == "42501", "a row in alice's name is refused by the policy")
        _ = try await TestDatabase.sql("SELECT set_config('streaks.user', 'no_such_role_\(key)', false)", on: bob)
        var unknown: String?
        do { _ = try await TestDatabase.sql("SELECT count(*)::text FROM streaks", on: bob) } catch let error as PSQLError { unknown = error.serverInfo?[.sqlState] }
        #expect(unknown == "42704")
        #expect(try await alice.events(userId: "alice", streakKey: key).map(\.id) == ["a1"])
    }

    /// Listening on his own channel, bob hears his own write and not alice's.
    @Test func notificationsReachOnlyTheirOwner() async throws {
        let alice = try await TestDatabase.store(role: "alice"), bob = try await TestDatabase.store(role: "bob")
        defer { Task { await alice.close(); await bob.close() } }
        let key = "quiet" + UUID().uuidString.prefix(6).lowercased()
        _ = try await bob.createStreak(userId: "bob", configuration: StreakConfiguration(streakKey: key), now: now, timezone: utc)
        let channel = try #require(try await TestDatabase.sql("SELECT channel FROM streak_channels", role: "bob").first)
        let heard = try await TestDatabase.notifications(on: channel, role: "bob") {
            _ = try await alice.createStreak(userId: "alice", configuration: StreakConfiguration(streakKey: key + "a"), now: self.now, timezone: self.utc)
            _ = try await bob.createStreak(userId: "bob", configuration: StreakConfiguration(streakKey: key + "b"), now: self.now, timezone: self.utc)
        }
        // (Other tests write bob's streaks meanwhile: only this test's keys count.)
        // A payload is the key and the writing store's random id (which lets it skip its own).
        let keys = heard.map { String($0.split(separator: "\u{1F}").first ?? "") }
        #expect(keys.filter { $0.hasPrefix(key) } == [key + "b"])
    }
}
