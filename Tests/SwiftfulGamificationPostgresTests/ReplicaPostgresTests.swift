import PostgresTestSupport
import Foundation
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationPostgres
import SwiftfulGamificationReplica
import Testing

/// The replica's contract with PostgreSQL: a write pushed again under its operation id is
/// answered from the record, revisions move by one per write, and changes queued while the
/// server was unreachable reach it once.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct ReplicaPostgresTests {
    let utc = TimeZone(identifier: "UTC")!
    let start = date("2024-03-05T12:00:00Z")

    func day(_ offset: Int) -> Date { start.addingTimeInterval(Double(offset) * 86_400) }

    @Test("a freeze use pushed twice under one operation id is applied once, and the second push hears the first result")
    func operationIdAnswersRepeats() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser()
        _ = try await store.createStreak(
            userId: user, configuration: StreakConfiguration(streakKey: "gym", freezeBehavior: .manuallyConsumeFreezes), now: day(-3), timezone: utc
        )
        _ = try await store.addFreezes([StreakFreeze(id: "f1", dateEarned: day(-3))], userId: user, streakKey: "gym", now: day(-3), timezone: utc)
        _ = try await store.addEvents([StreakEvent(dateCreated: day(-2), timezone: "UTC")], userId: user, streakKey: "gym", now: day(-2), timezone: utc)
        _ = try await store.addEvents([StreakEvent(dateCreated: day(0), timezone: "UTC")], userId: user, streakKey: "gym", now: day(0), timezone: utc)
        let before = try await store.revisions(userId: user)["gym"]
        let operation = StoreOperation(id: UUID().uuidString)
        let first = try await StoreOperation.$current.withValue(operation) {
            try await store.useFreezesManually(userId: user, streakKey: "gym", now: day(0), timezone: utc)
        }
        #expect(first.used.map(\.freezeId) == ["f1"])
        let moved = try #require(operation.revisions["gym"])
        #expect(moved.before == before && moved.after == before.map { $0 + 1 })
        #expect(try await store.revisions(userId: user)["gym"] == moved.after)
        // Without the id the repeat is refused (nothing left to bridge); with it, answered from the record.
        await #expect(throws: StreakRuleError.self) { try await store.useFreezesManually(userId: user, streakKey: "gym", now: day(0), timezone: utc) }
        let again = try await StoreOperation.$current.withValue(StoreOperation(id: operation.id)) {
            try await store.useFreezesManually(userId: user, streakKey: "gym", now: day(0), timezone: utc)
        }
        #expect(again.used == first.used)
        #expect(try await store.freezes(userId: user, streakKey: "gym").filter { $0.dateUsed != nil }.count == 1)
        #expect(try await store.revisions(userId: user)["gym"] == moved.after)
    }

    @Test("changes queued while the server was unreachable are pushed to it once; the copy and the server agree")
    func queuedChangesReachPostgres() async throws {
        let server = try await TestDatabase.store(role: "app")
        defer { Task { await server.close() } }
        let user = TestDatabase.freshUser()
        let directory = NSTemporaryDirectory() + "replica-pg-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let online = try ReplicatedStreakStore(remote: server, directory: directory, userId: user, clock: { [start] in start })
        _ = try await online.addEvents(
            [StreakEvent(dateCreated: day(0), timezone: "UTC")], userId: user, streakKey: "read", now: day(0), timezone: utc, freshIds: true,
            creating: StreakConfiguration(streakKey: "read")
        )
        // The same copy, its server out of reach: a socket directory where none listens.
        let nowhere = try PostgresLocation(url: "postgres://app:secret@/streaks?host=\(directory)/nowhere&connect_timeout=2")
        let unreachable = PostgresStreakStore(database: nowhere)
        let offline = try ReplicatedStreakStore(remote: unreachable, directory: directory, userId: user, clock: { [start] in start })
        for offset in 1...4 {
            _ = try await offline.addEvents(
                [StreakEvent(dateCreated: day(offset), timezone: "UTC")], userId: user, streakKey: "read", now: day(offset), timezone: utc,
                freshIds: true, creating: nil
            )
        }
        _ = try await offline.addSkips([CalendarDay(year: 2024, month: 3, day: 10)], userId: user, streakKey: "read", now: day(5), timezone: utc)
        #expect(offline.syncState.pendingChanges == 5)
        #expect(try await offline.evaluate(userId: user, streakKey: "read", now: day(5), timezone: utc).streak.currentStreak == 5)
        await unreachable.close()

        let back = try ReplicatedStreakStore(remote: server, directory: directory, userId: user, clock: { [start] in start })
        let report = try await back.sync(now: day(5), timezone: utc)
        #expect(report.pushed == 5 && report.refused.isEmpty)
        let pushedAgain = try await back.sync(now: day(5), timezone: utc)
        #expect(pushedAgain.pushed == 0)
        #expect(try await server.events(userId: user, streakKey: "read").count == 5)
        #expect(try await server.skips(userId: user, streakKey: "read").count == 1)
        let there = try await server.evaluate(userId: user, streakKey: "read", now: day(5), timezone: utc)
        let here = try await back.evaluate(userId: user, streakKey: "read", now: day(5), timezone: utc)
        #expect(there.streak == here.streak)
        #expect(here.streak.currentStreak == 5)
    }

    @Test("a goal change dated before the latest one (pushed late) joins the history at its date; the later goal stays")
    func lateGoalChangeIsMerged() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser()
        _ = try await store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "read"), now: day(-5), timezone: utc)
        _ = try await store.updateConfiguration(userId: user, streakKey: "read", goal: 4, leewayHours: nil, freezeBehavior: nil, now: day(0), timezone: utc)
        _ = try await store.updateConfiguration(userId: user, streakKey: "read", goal: 2, leewayHours: 5, freezeBehavior: nil, now: day(-2), timezone: utc)
        let settings = try await store.settings(userId: user, streakKey: "read")
        #expect(settings.configuration.eventsRequiredPerDay == 4)
        #expect(settings.configuration.leewayHours == 5)
        #expect(settings.goalHistory.map(\.eventsRequiredPerDay) == [1, 2, 4])
        #expect(settings.goalHistory.map(\.date) == [day(-5), day(-2), day(0)])
    }
}
