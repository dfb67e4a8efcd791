import PostgresTestSupport
import Foundation
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing
import TestSupport

@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE (Tests/postgres/cluster.sh start DIR prints it)"))
struct PostgresStoreTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func aReplayedWriteAddsNothing() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser(), now = date("2024-03-05T12:00:00Z")
        let event = StreakEvent(id: "e1", dateCreated: date("2024-03-05T09:00:00Z"), timezone: "UTC", metadata: ["repo": "x"])
        let first = try await store.addEvents([event], userId: user, streakKey: "daily", now: now, timezone: utc, freshIds: false,
                                              creating: StreakConfiguration(streakKey: "daily"))
        let again = try await store.addEvents([event], userId: user, streakKey: "daily", now: now, timezone: utc)
        #expect(first.added.map(\.id) == ["e1"])
        #expect(again.added.isEmpty)
        #expect(again.evaluation.streak.totalEvents == 1)
        #expect(try await store.events(userId: user, streakKey: "daily") == [event])
    }

    /// A title is kept with the streak, changed with the other settings in one write, removed by "".
    @Test func aTitleIsStoredChangedAndRemoved() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser(), now = date("2024-03-05T12:00:00Z")
        let configuration = StreakConfiguration(streakKey: "tea").titled("Thé vert 🍵")
        let created = try await store.createStreak(userId: user, configuration: configuration, now: now, timezone: utc)
        #expect(created.configuration.title == "Thé vert 🍵")
        #expect(try await store.settings(userId: user, streakKey: "tea").configuration.title == "Thé vert 🍵")
        let changed = try await store.updateSettings(
            userId: user, streakKey: "tea", goal: 2, leewayHours: nil, freezeBehavior: nil, schedule: .weekdays([.monday]), details: StreakDetails(title: "Green tea"),
            now: now, timezone: utc
        )
        #expect(changed.configuration.title == "Green tea" && changed.configuration.eventsRequiredPerDay == 2)
        let reread = try await store.settings(userId: user, streakKey: "tea").configuration
        #expect(reread.title == "Green tea" && reread.schedule == .weekdays([.monday]))
        _ = try await store.updateSettings(
            userId: user, streakKey: "tea", goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil, details: StreakDetails(title: ""), now: now, timezone: utc
        )
        #expect(try await store.settings(userId: user, streakKey: "tea").configuration.title == nil)
    }

    /// A result stored before schedules (no unit in it) is recalculated, not served.
    @Test func aStoredResultFromBeforeSchedulesIsRecalculated() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser(), now = date("2024-03-05T12:00:00Z")
        _ = try await store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "work", schedule: .weekdays([.monday])), now: now, timezone: utc)
        _ = try await store.addEvents([StreakEvent(id: "e1", dateCreated: now, timezone: "UTC")], userId: user, streakKey: "work", now: now, timezone: utc)
        let stripped = try await TestDatabase.sql(
            """
            UPDATE streak_summaries SET evaluation = replace(replace(evaluation, '"streak_unit":"day",', ''), '"today_kind":"rest",', '')
            WHERE user_id = '\(user)' RETURNING (position('streak_unit' in evaluation) = 0)::text
            """,
            role: "app"
        )
        #expect(stripped == ["true"])
        let streak = try await store.evaluate(userId: user, streakKey: "work", now: now, timezone: utc).streak
        #expect(streak.streakUnit == .day)
        #expect(streak.todayKind == .rest)  // 2024-03-05 is a Tuesday
    }

    @Test func editsAreRecordedAndCounted() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser(), now = date("2024-03-05T12:00:00Z")
        _ = try await store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "run", leewayHours: 2), now: now, timezone: utc)
        await #expect(throws: StreakStoreError.streakExists("run")) {
            _ = try await store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "run"), now: now, timezone: utc)
        }
        let days = (1...4).map { StreakEvent(id: "d\($0)", dateCreated: date("2024-03-0\($0)T10:00:00Z"), timezone: "UTC") }
        var result = try await store.addEvents(days, userId: user, streakKey: "run", now: now, timezone: utc)
        #expect(result.evaluation.streak.currentStreak == 4)
        let removed = try await store.removeEvent(id: "d3", userId: user, streakKey: "run", now: now, timezone: utc)
        #expect(removed.evaluation.streak.currentStreak == 1)
        await #expect(throws: StreakStoreError.unknownEvent("d3")) {
            _ = try await store.removeEvent(id: "d3", userId: user, streakKey: "run", now: now, timezone: utc)
        }
        result = try await store.addEvents([StreakEvent(id: "d3b", dateCreated: date("2024-03-03T23:00:00Z"), timezone: "UTC")],
                                           userId: user, streakKey: "run", now: now, timezone: utc)
        #expect(result.evaluation.streak.currentStreak == 4)
        _ = try await store.updateConfiguration(userId: user, streakKey: "run", goal: 2, leewayHours: 0, freezeBehavior: nil, now: now, timezone: utc)
        let settings = try await store.settings(userId: user, streakKey: "run")
        #expect(settings.configuration.eventsRequiredPerDay == 2)
        #expect(settings.goalHistory.map(\.eventsRequiredPerDay) == [1, 2])
        _ = try await store.setArchived(true, userId: user, streakKey: "run", now: now, timezone: utc)
        #expect(try await store.streakKeys(userId: user).isEmpty)
        #expect(try await store.streakKeys(userId: user, includingArchived: true) == ["run"])
        _ = try await store.renameStreak(userId: user, from: "run", to: "jog", now: now, timezone: utc)
        #expect(try await store.streakKeys(userId: user, includingArchived: true) == ["jog"])
        let reset = try await store.resetStreak(userId: user, streakKey: "jog", now: now, timezone: utc)
        #expect(reset.streak.totalEvents == 0)
        #expect(try await store.events(userId: user, streakKey: "jog").isEmpty)
    }

    /// Eight writers on eight connections, all past a missed day with one freeze available:
    /// the freeze is used once, its freeze event recorded once, and every event is there
    /// (the frozen day bridges the streak and adds nothing to it: 2 days).
    @Test func concurrentWritersConsumeAFreezeOnce() async throws {
        let setup = try await TestDatabase.store(role: "app")
        let user = TestDatabase.freshUser(), zone = utc
        let configuration = StreakConfiguration(streakKey: "team", freezeBehavior: .autoConsumeFreezes)
        _ = try await setup.createStreak(userId: user, configuration: configuration, now: date("2024-03-01T08:00:00Z"), timezone: zone)
        _ = try await setup.addEvents([StreakEvent(id: "first", dateCreated: date("2024-03-01T09:00:00Z"), timezone: "UTC")],
                                      userId: user, streakKey: "team", now: date("2024-03-01T10:00:00Z"), timezone: zone)
        _ = try await setup.addFreezes([StreakFreeze(id: "f1", dateEarned: date("2024-02-01T00:00:00Z"))],
                                       userId: user, streakKey: "team", now: date("2024-03-01T10:00:00Z"), timezone: zone)
        await setup.close()
        let now = date("2024-03-03T12:00:00Z")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    let store = try await TestDatabase.store(role: "app")
                    for index in 0..<5 {
                        let event = StreakEvent(id: "w\(writer)-\(index)", dateCreated: now.addingTimeInterval(-Double(index)), timezone: "UTC")
                        _ = try await store.addEvents([event], userId: user, streakKey: "team", now: now, timezone: zone)
                    }
                    await store.close()
                }
            }
            try await group.waitForAll()
        }
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let events = try await store.events(userId: user, streakKey: "team")
        #expect(events.filter(\.isFreeze).map(\.freezeId) == ["f1"])
        #expect(events.filter { !$0.isFreeze }.count == 41)
        #expect(try await store.freezes(userId: user, streakKey: "team").map(\.isUsed) == [true])
        #expect(try await store.evaluate(userId: user, streakKey: "team", now: now, timezone: zone).streak.currentStreak == 2)
    }

    @Test func aWatcherHearsAnotherConnectionsWrite() async throws {
        let writer = try await TestDatabase.store(role: "app"), reader = try await TestDatabase.store(role: "app")
        defer { Task { await writer.close(); await reader.close() } }
        let user = TestDatabase.freshUser(), now = date("2024-03-05T12:00:00Z")
        _ = try await writer.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "daily"), now: now, timezone: utc)
        let stream = reader.watch(userId: user, streakKey: "daily", now: { now }, timezone: { TimeZone(identifier: "UTC")! })
        // Heard at all (within `first`'s wait), not timed: a loaded machine is slow, not wrong.
        async let heard = first(stream) { $0.streak.totalEvents == 1 }
        try await Task.sleep(for: .milliseconds(300))
        _ = try await writer.addEvents([StreakEvent(id: "x", dateCreated: now, timezone: "UTC")], userId: user, streakKey: "daily", now: now, timezone: utc)
        let evaluation = try await heard
        #expect(evaluation?.streak.currentStreak == 1)
    }

    @Test func badPlacesGiveOneClearLine() async throws {
        let owner = try TestDatabase.owner()
        let socket = owner.host.hasPrefix("/") ? "?host=\(owner.host)&port=\(owner.port)" : ""
        let wrong = PostgresStreakStore(database: try PostgresLocation(url: "postgres://alice:nope@/\(owner.database)" + socket))
        await #expect(throws: PostgresStoreError.badCredentials(wrong.location, role: "alice")) { _ = try await wrong.streakKeys(userId: "alice") }
        #expect(!wrong.location.contains("nope"))
        let missing = PostgresStreakStore(database: try PostgresLocation(url: "postgres://alice:secret@/no_such_db" + socket))
        await #expect(throws: PostgresStoreError.noSuchDatabase(missing.location, database: "no_such_db")) {
            _ = try await missing.streakKeys(userId: "alice")
        }
        let refused = PostgresStreakStore(database: try PostgresLocation(url: "postgres://alice:secret@/db?host=/nonexistent-dir"))
        await #expect {
            _ = try await refused.streakKeys(userId: "alice")
        } throws: { error in
            guard case PostgresStoreError.cannotConnect(_, let reason) = error else { return false }
            return reason.contains("connection refused")
        }
    }
}
