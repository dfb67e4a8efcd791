import PostgresTestSupport
import Foundation
@testable import SwiftfulGamification
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// Issue 50 on both stores: each change of the vocabulary, applied once on one store and twice
/// on the other kind, leaves the same streak; the file store and PostgreSQL agree on it.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct StreakChangeAgreementTests {
    @Test func eachChangeAppliedTwiceAppliesOnceOnBothStores() async throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let now = Date(timeIntervalSince1970: 1_704_470_400)
        let today = CalendarDay(containing: now, in: zone)
        let changes: [StreakChange] = [
            .addEvents([StreakEvent(id: "a", dateCreated: now.addingTimeInterval(-86_400), timezone: zone.identifier, amount: 3)], creating: nil),
            .addFreezes([StreakFreeze(id: "f1", dateEarned: now)]),
            .addSkips([today.adding(days: -3)]),
            .removeSkips([today.adding(days: -3)]),
            .setNote(StreakNote(day: today, text: "a good day")),
            .settings(goal: nil, leewayHours: 2, freezeBehavior: nil, schedule: nil, details: StreakDetails(title: "Floss", measure: .max)),
            .archive(true),
        ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("change-agree-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await TestDatabase.store(role: "app")
        defer { Task { await database.close() } }
        let files = FileStreakStore(rootPath: directory).onOwnThreads
        let configuration = StreakConfiguration(streakKey: "floss", freezeBehavior: .noFreezes, target: .trackingOnly, unit: "kg")
        for (index, change) in changes.enumerated() {
            let user = TestDatabase.freshUser()
            let ref = StreakRef(userId: user, key: "floss")
            var results: [String] = []
            for (store, times) in [(files, 1), (database, 2)] as [(any StreakStore, Int)] {
                try await store.apply(.create(configuration), to: ref, at: now, timezone: zone)
                var last: StreakEvaluation?
                for _ in 0..<times { last = try await store.apply(change, to: ref, at: now, timezone: zone).evaluation }
                let read = try await store.evaluate(userId: user, streakKey: "floss", now: now, timezone: zone)
                #expect(last.map(StoreAgreementTests.fields) == StoreAgreementTests.fields(read), "\(index): \(change.summary(of: "floss")) gave back what it stored")
                results.append(StoreAgreementTests.fields(read))
            }
            #expect(results[0] == results[1], "\(change.summary(of: "floss")): \(StoreAgreementTests.difference(results[0], results[1]))")
        }
    }
}
