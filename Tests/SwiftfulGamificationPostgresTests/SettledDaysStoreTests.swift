import PostgresTestSupport
import Foundation
@testable import SwiftfulGamification
@testable import StreakStoreKit
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// Rule 4a through both stores: each keeps the settled days of its last write with the
/// history it stores, so a log the next day settles only the day that closed since.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct SettledDaysStoreTests {
    @Test func aLogTheNextDaySettlesOneDayInBothStores() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("settled-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await TestDatabase.store(role: "app")
        defer { Task { await database.close() } }
        let user = TestDatabase.freshUser(), zone = TimeZone(identifier: "America/New_York")!
        let configuration = StreakConfiguration(streakKey: "walk", leewayHours: 2, freezeBehavior: .autoConsumeFreezes)
        let start = Date(timeIntervalSince1970: 1_704_157_200)  // 2024-01-01T20:00:00-05:00
        let events = (0..<60).map { StreakEvent(id: "e\($0)", dateCreated: start.addingTimeInterval(Double($0) * 86_400), timezone: zone.identifier) }
        let now = start.addingTimeInterval(59 * 86_400 + 600)
        for store in [FileStreakStore(rootPath: directory).onOwnThreads, database] as [any StreakStore] {
            _ = try await store.addEvents(events, userId: user, streakKey: "walk", now: now, timezone: zone, freshIds: false, creating: configuration)
            let next = StreakEvent(id: "next", dateCreated: now.addingTimeInterval(86_400), timezone: zone.identifier)
            let written = try await store.addEvents([next], userId: user, streakKey: "walk", now: next.dateCreated, timezone: zone, freshIds: false, creating: nil)
            #expect(written.evaluation.daysSettled == 1, "\(store.location)")
            #expect(written.evaluation.streak.currentStreak == 61, "\(store.location)")
        }
    }
}
