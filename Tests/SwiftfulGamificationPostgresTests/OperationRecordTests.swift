import PostgresTestSupport
import Foundation
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// A write's result is kept under its operation id for a day (a retry whose reply was lost
/// finds it); older records are forgotten by a store's first write and every 100th after.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct OperationRecordTests {
    let utc = TimeZone(identifier: "UTC")!

    func records(of user: String) async throws -> Int {
        Int(try await TestDatabase.sql("SELECT count(*)::text FROM streak_operations WHERE user_id = '\(user)'", role: "app").first ?? "") ?? -1
    }

    func log(_ store: PostgresStreakStore, user: String, at now: Date) async throws {
        _ = try await store.addEvents([StreakEvent(id: UUID().uuidString, dateCreated: now, timezone: "UTC")], userId: user, streakKey: "s", now: now, timezone: utc)
    }

    @Test func recordsOlderThanADayAreForgottenByAFirstWriteAndEveryHundredth() async throws {
        let user = TestDatabase.freshUser(), start = date("2024-03-05T12:00:00Z")
        let first = try await TestDatabase.store(role: "app")
        _ = try await first.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "s"), now: start, timezone: utc)
        try await log(first, user: user, at: start)
        await first.close()
        #expect(try await records(of: user) == 2)

        // A new store (as each `streaks` command is): its first write forgets both.
        let second = try await TestDatabase.store(role: "app")
        defer { Task { await second.close() } }
        try await log(second, user: user, at: start.addingTimeInterval(2 * 86_400))
        #expect(try await records(of: user) == 1)

        // Two days later, a long-lived store: writes 2 to 100 keep everything, the 101st forgets.
        let later = start.addingTimeInterval(4 * 86_400)
        for index in 0..<99 { try await log(second, user: user, at: later.addingTimeInterval(Double(index))) }
        #expect(try await records(of: user) == 100)
        try await log(second, user: user, at: later.addingTimeInterval(100))
        #expect(try await records(of: user) == 100)
        #expect(try await second.events(userId: user, streakKey: "s").count == 102)
    }
}
