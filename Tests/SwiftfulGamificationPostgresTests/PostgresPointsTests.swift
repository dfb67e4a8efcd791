import PostgresTestSupport
import Foundation
import PostgresNIO
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// Experience points and progress in PostgreSQL: an id once, a value never lower however
/// many connections race, a lost COMMIT reply answered as the first reply would have been,
/// another role's plain SQL kept out, and every change heard by watchers.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct PostgresPointsTests {
    let now = date("2024-03-05T12:00:00Z")

    func key() -> String { "xp" + UUID().uuidString.prefix(6).lowercased() }

    func xp(_ id: String, _ points: Int) -> ExperiencePointsEvent {
        ExperiencePointsEvent(id: id, dateCreated: now, points: points, metadata: ["source": "test", "ratio": .float(0.5)], timezone: "Europe/Paris")
    }

    @Test func eventsRoundTripOnceAndAClearEmptiesTheKey() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser(), key = key()
        #expect(try await store.addExperienceEvents([xp("a", 10), xp("b", -4)], userId: user, experienceKey: key).map(\.id) == ["a", "b"])
        #expect(try await store.addExperienceEvents([xp("a", 99), xp("c", 1)], userId: user, experienceKey: key).map(\.id) == ["c"])
        let events = try await store.experienceEvents(userId: user, experienceKey: key)
        #expect(events == [xp("a", 10), xp("b", -4), xp("c", 1)])
        try await store.saveProgress(ProgressItem(id: "a", progressKey: key, value: 0.2), userId: user)
        #expect(try await store.experienceKeys(userId: user) == [key])
        #expect(try await store.progressKeys(userId: user) == [key])
        try await store.deleteAllExperienceEvents(userId: user, experienceKey: key, now: now)
        #expect(try await store.experienceEvents(userId: user, experienceKey: key).isEmpty)
        await #expect(throws: StreakStoreError.invalidLedgerKey("no key")) { try await store.experienceEvents(userId: user, experienceKey: "no key") }
        let settings = StreakPointsSettings(isOn: true, earningSince: CalendarDay(year: 2024, month: 3, day: 1), pointsPerDayByStreak: ["run": 20])
        try await store.setPointsSettings(settings, userId: user)
        #expect(try await store.pointsSettings(userId: user) == settings)
        #expect(try await store.pointsSettings(userId: TestDatabase.freshUser()) == StreakPointsSettings())
    }

    @Test func aStreaksEarningsAreItsOwnAlone() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser(), ledger = StreakPoints.experienceKey
        let ids = ["day.s3.2024-03-01", "day.s30.2024-03-01", "milestone.s3.2024-03-01.7", "day.s3.2024-03-01#2", "quiz.s3.1", "s3", "day.xs3.2024-03-01"]
        try await store.addExperienceEvents(ids.map { xp($0, 5) }, userId: user, experienceKey: ledger)
        let earnings = try await store.streakEarnings(userId: user, streakKeys: ["s3"])
        #expect(earnings.map(\.id) == ["day.s3.2024-03-01", "milestone.s3.2024-03-01.7", "day.s3.2024-03-01#2"])
        #expect(try await store.streakEarnings(userId: user, streakKeys: ["s3", "s30"]).count == 4)
        #expect(try await store.streakEarnings(userId: TestDatabase.freshUser(), streakKeys: ["s3"]).isEmpty)
        #expect(try await store.addStreakEarnings([xp("day.s3.2024-03-01", 1), xp("day.s3.2024-03-02", 1)], userId: user, streakKeys: ["s3"]).map(\.id) == ["day.s3.2024-03-02"])
        try await store.deleteAllExperienceEvents(userId: user, experienceKey: ledger, now: now)
        #expect(try await store.streakEarnings(userId: user, streakKeys: ["s3"]).isEmpty)
    }

    @Test func progressNeverDecreasesUnderConcurrentConnections() async throws {
        let user = TestDatabase.freshUser(), key = key()
        let stores = try await [TestDatabase.store(role: "app"), TestDatabase.store(role: "app")]
        defer { Task { for store in stores { await store.close() } } }
        var highest: [String: Double] = [:]
        var writes: [(Int, ProgressItem)] = []
        for writer in 0..<2 {
            for step in 0..<25 {
                let value = Double((step * 7 + writer * 13) % 31) / 30
                let item = ProgressItem(id: "Item \(step % 3)", progressKey: key, value: value)
                writes.append((writer, item))
                highest[item.sanitizedId] = max(highest[item.sanitizedId] ?? 0, value)
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                let mine = writes.filter { $0.0 == writer }.map(\.1)
                group.addTask { for item in mine { try await stores[writer].saveProgress(item, userId: user) } }
            }
            try await group.waitForAll()
        }
        let items = try await stores[0].progressItems(userId: user, progressKey: key)
        #expect(Dictionary(uniqueKeysWithValues: items.map { ($0.sanitizedId, $0.value) }) == highest)
        let kept = try await stores[1].saveProgress(ProgressItem(id: "Item 0", progressKey: key, value: 0), userId: user)
        #expect(kept.value == highest["item_0"])
        try await stores[0].deleteProgress(id: "item_0", userId: user, progressKey: key, now: now)
        #expect(try await stores[1].progressItems(userId: user, progressKey: key).count == 2)
        try await stores[0].deleteProgress(id: nil, userId: user, progressKey: key, now: now)
        #expect(try await stores[1].progressItems(userId: user, progressKey: key).isEmpty)
    }

    @Test func settingsChangedOnConcurrentConnectionsKeepEveryChange() async throws {
        let user = TestDatabase.freshUser()
        let stores = try await [TestDatabase.store(role: "app"), TestDatabase.store(role: "app"), TestDatabase.store(role: "app")]
        defer { Task { for store in stores { await store.close() } } }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<3 {
                group.addTask {
                    for index in 0..<10 {
                        try await stores[writer].updatePointsSettings([.streakPointsPerDay(streakKey: "s\(writer)-\(index)", points: writer * 100 + index)], userId: user)
                    }
                }
            }
            try await group.waitForAll()
        }
        let settings = try await stores[0].pointsSettings(userId: user)
        #expect(settings.pointsPerDayByStreak.count == 30)
        #expect(settings.pointsPerDayByStreak["s2-9"] == 209)
        let on = try await stores[1].updatePointsSettings([.turnOn(since: CalendarDay(year: 2024, month: 3, day: 5))], userId: user)
        #expect(!on.before.isOn && on.after.isOn && on.after.pointsPerDayByStreak.count == 30)
    }

    @Test func revisionsMoveWithEveryChangeAndOnlyThen() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser(), key = key()
        #expect(try await store.pointsRevisions(userId: user).isEmpty)
        try await store.addExperienceEvents([xp("a", 10)], userId: user, experienceKey: key)
        try await store.saveProgress(ProgressItem(id: "a", progressKey: key, value: 0.2), userId: user)
        try await store.updatePointsSettings([.pointsPerDay(12)], userId: user)
        let first = try await store.pointsRevisions(userId: user)
        #expect(Set(first.keys) == ["experience/\(key)", "progress/\(key)", "settings"])
        #expect(try await store.pointsRevisions(userId: user) == first)
        // Nothing new: no revision moves.
        try await store.addExperienceEvents([xp("a", 10)], userId: user, experienceKey: key)
        try await store.saveProgress(ProgressItem(id: "a", progressKey: key, value: 0.1), userId: user)
        #expect(try await store.pointsRevisions(userId: user) == first)
        // A clear and the same id added again, a higher value, other settings: each moves its own.
        try await store.deleteAllExperienceEvents(userId: user, experienceKey: key, now: now)
        #expect(try await store.pointsRevisions(userId: user)["experience/\(key)"] == nil)
        try await store.addExperienceEvents([xp("a", 10)], userId: user, experienceKey: key)
        try await store.saveProgress(ProgressItem(id: "a", progressKey: key, value: 0.3), userId: user)
        try await store.updatePointsSettings([.pointsPerDay(13)], userId: user)
        let second = try await store.pointsRevisions(userId: user)
        for name in first.keys { #expect(second[name] != nil && second[name] != first[name], "\(name)") }
        // Another user's ledgers are not listed.
        #expect(try await store.pointsRevisions(userId: TestDatabase.freshUser()).isEmpty)
    }

    @Test func anotherRolesPlainSQLReachesNothing() async throws {
        let alice = try await TestDatabase.store(role: "alice")
        defer { Task { await alice.close() } }
        let key = key()
        try await alice.addExperienceEvents([xp("a1", 10)], userId: "alice", experienceKey: key)
        try await alice.saveProgress(ProgressItem(id: "w1", progressKey: key, value: 0.5), userId: "alice")
        try await alice.setPointsSettings(StreakPointsSettings(isOn: true), userId: "alice")
        for table in ["experience_events", "progress_items", "points_settings"] {
            #expect(try await TestDatabase.sql("SELECT count(*)::text FROM \(table) WHERE user_id = 'alice'", role: "bob") == ["0"])
        }
        _ = try await TestDatabase.sql("UPDATE progress_items SET value = 0 WHERE user_id = 'alice'", role: "bob")
        _ = try await TestDatabase.sql("DELETE FROM experience_events WHERE user_id = 'alice'", role: "bob")
        let planted = try await TestDatabase.sqlState(
            of: "INSERT INTO experience_events (user_id, experience_key, event_id, date_us, points, metadata) VALUES ('alice', '\(key)', 'x', 0, 1000, '{}')",
            role: "bob"
        )
        #expect(planted == "42501", "refused by the policy")
        #expect(try await alice.experienceEvents(userId: "alice", experienceKey: key).map(\.points) == [10])
        #expect(try await alice.progressItems(userId: "alice", progressKey: key).map(\.value) == [0.5])
        // Plain SQL cannot lower a value either, even its owner's: the table checks 0...1 and
        // the store the order; and a value out of range is refused.
        #expect(try await TestDatabase.sqlState(of: "UPDATE progress_items SET value = 2 WHERE user_id = 'alice'", role: "alice") == "23514")
    }

    @Test @MainActor func watchersHearAnotherConnectionsPointsAndProgress() async throws {
        let writer = try await TestDatabase.store(role: "app"), reader = try await TestDatabase.store(role: "app")
        defer { Task { await writer.close(); await reader.close() } }
        let user = TestDatabase.freshUser(), key = key()
        let clock = now
        let service = StoreExperiencePointsService(store: reader, now: { clock }, timeZone: { TimeZone(identifier: "Europe/Paris")! })
        var points = service.streamCurrentExperiencePoints(userId: user, experienceKey: key).makeAsyncIterator()
        // The first value comes once the listener is attached.
        #expect(try await next(&points)?.pointsAllTime == 0)
        try await writer.addExperienceEvents([xp("w", 5)], userId: user, experienceKey: key)
        #expect(try await next(&points)?.pointsAllTime == 5)
        try await writer.saveProgress(ProgressItem(id: "first", progressKey: key, value: 0.1), userId: user)
        let progress = StoreProgressService(store: reader)
        let (updates, _) = progress.streamProgressUpdates(userId: user, progressKey: key)
        var iterator = updates.makeAsyncIterator()
        #expect(try await next(&iterator)?.id == "first")
        try await writer.saveProgress(ProgressItem(id: "second", progressKey: key, value: 0.7), userId: user)
        let second = try await next(&iterator)
        #expect(second?.id == "second" && second?.value == 0.7)
    }
}

/// A rename or a restore under another key moves the streak's earnings in its own
/// transaction, so no kill or lost connection can leave them under a key no streak has.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct PostgresEarningsMoveTests {
    let utc = TimeZone(identifier: "UTC")!

    func net(_ store: PostgresStreakStore, _ user: String, _ key: String) async throws -> Int {
        try await store.experienceEvents(userId: user, experienceKey: StreakPoints.experienceKey)
            .filter { $0.id.split(separator: ".").dropFirst().first.map(String.init) == key }.map(\.points).reduce(0, +)
    }

    @Test func aRenameAndARestoreAsAnotherKeyTakeTheEarningsInTheirOwnTransaction() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser()
        try await store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "daily"), now: date("2024-03-01T08:00:00Z"), timezone: utc)
        for day in 1...5 {
            let at = date("2024-03-0\(day)T12:00:00Z")
            _ = try await store.addEvents([StreakEvent(id: "e\(day)", dateCreated: at, timezone: "UTC")], userId: user, streakKey: "daily", now: at, timezone: utc, freshIds: true, creating: nil)
        }
        try await store.updatePointsSettings([.turnOn(since: CalendarDay(year: 2024, month: 3, day: 1)), .streakPointsPerDay(streakKey: "daily", points: 20)], userId: user)
        let settledAt = date("2024-03-05T13:00:00Z")
        let evaluation = try await store.evaluate(userId: user, streakKey: "daily", now: settledAt, timezone: utc)
        try await StreakPoints.settle([evaluation], in: store, userId: user, now: settledAt, timezone: utc)
        #expect(try await net(store, user, "daily") == 103)

        try await store.renameStreak(userId: user, from: "daily", to: "books", now: settledAt, timezone: utc)
        #expect(try await net(store, user, "daily") == 0)
        #expect(try await net(store, user, "books") == 103)
        #expect(try await store.pointsSettings(userId: user).pointsPerDay(for: "books") == 20)
        let renamed = try await store.evaluate(userId: user, streakKey: "books", now: settledAt, timezone: utc)
        #expect(try await StreakPoints.settle([renamed], in: store, userId: user, now: settledAt, timezone: utc).isEmpty, "nothing is earned twice")

        try await store.deleteStreak(userId: user, streakKey: "books", now: settledAt, timezone: utc)
        try await store.restoreStreak(userId: user, streakKey: "books", as: "reading", now: settledAt, timezone: utc)
        #expect(try await net(store, user, "books") == 0)
        #expect(try await net(store, user, "reading") == 103)

        // A live streak holding the old key keeps what it holds.
        try await store.deleteStreak(userId: user, streakKey: "reading", now: settledAt, timezone: utc)
        try await store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "reading"), now: settledAt, timezone: utc)
        try await store.restoreStreak(userId: user, streakKey: "reading", as: "pages", now: settledAt, timezone: utc)
        #expect(try await net(store, user, "reading") == 103)
        #expect(try await net(store, user, "pages") == 0)
    }
}
