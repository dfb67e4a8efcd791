import PostgresTestSupport
import Foundation
@testable import SwiftfulGamification
@testable import StreakStoreKit
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

    /// The dashboard's edit form: a new key and new settings are one change, so they are
    /// saved together or not at all, on both stores (a key taken refuses both).
    @Test func aNewKeyWithNewSettingsIsOneWriteOnBothStores() async throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let now = Date(timeIntervalSince1970: 1_704_470_400)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("change-rename-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await TestDatabase.store(role: "app")
        defer { Task { await database.close() } }
        let files = FileStreakStore(rootPath: directory).onOwnThreads
        for store in [files, database] as [any StreakStore] {
            let user = TestDatabase.freshUser()
            let ref = StreakRef(userId: user, key: "floss")
            try await store.apply(.create(StreakConfiguration(streakKey: "floss")), to: ref, at: now, timezone: zone)
            try await store.apply(.create(StreakConfiguration(streakKey: "teeth")), to: StreakRef(userId: user, key: "teeth"), at: now, timezone: zone)
            try await store.apply(.addEvents([StreakEvent(id: "a", dateCreated: now, timezone: zone.identifier)], creating: nil), to: ref, at: now, timezone: zone)
            func edit(to key: String) -> StreakChange {
                .settings(goal: 2, leewayHours: 3, freezeBehavior: nil, schedule: nil, details: StreakDetails(title: "Brush"), renamingTo: key)
            }
            #expect(edit(to: "brush").streakKeys(applyingTo: "floss") == ["floss", "brush"])
            #expect(edit(to: "floss").streakKeys(applyingTo: "floss") == ["floss"])
            // Onto a key taken: neither the key nor the settings change.
            await #expect(throws: StreakStoreError.streakExists("teeth")) { try await store.apply(edit(to: "teeth"), to: ref, at: now, timezone: zone) }
            let untouched = try await store.evaluate(userId: user, streakKey: "floss", now: now, timezone: zone)
            #expect(untouched.configuration.leewayHours == 0 && untouched.configuration.title == nil && untouched.configuration.eventsRequiredPerDay == 1)
            // Onto a free key: both, in one write, the events with them.
            let edited = try #require(try await store.apply(edit(to: "brush"), to: ref, at: now, timezone: zone).evaluation)
            #expect(edited.configuration.streakKey == "brush" && edited.configuration.leewayHours == 3 && edited.configuration.title == "Brush")
            #expect(edited.configuration.eventsRequiredPerDay == 2 && edited.streak.totalEvents == 1)
            #expect(try await store.streakKeys(userId: user) == ["brush", "teeth"])
            let read = try await store.evaluate(userId: user, streakKey: "brush", now: now, timezone: zone)
            #expect(StoreAgreementTests.fields(read) == StoreAgreementTests.fields(edited))
            // The same key as now is no rename: the settings alone.
            let same = try await store.apply(edit(to: "brush"), to: StreakRef(userId: user, key: "brush"), at: now, timezone: zone).evaluation
            #expect(same?.configuration.streakKey == "brush")
            // Settings the streak refuses (a weekly goal made daily) refuse the new key with them.
            let weekly = StreakRef(userId: user, key: "weekly")
            try await store.apply(.create(StreakConfiguration(streakKey: "weekly", schedule: .timesPerWeek(3))), to: weekly, at: now, timezone: zone)
            let daily = StreakChange.settings(
                goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: .weekdays([.monday]), details: StreakDetails(), renamingTo: "monday"
            )
            await #expect(throws: StreakRuleError.self) { try await store.apply(daily, to: weekly, at: now, timezone: zone) }
            #expect(try await store.streakKeys(userId: user) == ["brush", "teeth", "weekly"])
            let still = try await store.evaluate(userId: user, streakKey: "weekly", now: now, timezone: zone)
            #expect(still.configuration.schedule == .timesPerWeek(3))
        }
    }
}
