import Foundation
@testable import StreakStoreKit
import Testing
import TestSupport
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// A streak that moves to another key (a rename, a restore under another key) takes its
/// earned points and points settings with it in the same write: whole with the move, or
/// not at all, so a kill between the two can never leave its earnings under a key no streak
/// has (the new key would then earn the same days again).
struct EarningsMoveTests {
    private let user = "u1"

    /// `daily` kept 5 days at 20 points a day (a milestone at 3 too), points settled.
    private func storeWithEarnings(_ fixture: StoreFixture) async throws -> FileStreakStore {
        let store = fixture.store()
        try store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "daily"), now: at("2024-01-01 08:00"), timezone: newYork)
        for day in 1...5 {
            _ = try store.addEvents([event("2024-01-0\(day) 12:00")], userId: user, streakKey: "daily", now: at("2024-01-0\(day) 13:00"), timezone: newYork)
        }
        try store.updatePointsSettings([.turnOn(since: CalendarDay(year: 2024, month: 1, day: 1)), .streakPointsPerDay(streakKey: "daily", points: 20)], userId: user)
        try await settle(store, "daily", at: "2024-01-05 14:00")
        #expect(try net(store, "daily") == 5 * 20 + 3)
        return store
    }

    @discardableResult
    private func settle(_ store: FileStreakStore, _ key: String, at text: String) async throws -> [ExperiencePointsEvent] {
        let evaluation = try store.evaluate(userId: user, streakKey: key, now: at(text), timezone: newYork)
        let points = try #require(store.onOwnThreads as? any PointsStore)
        return try await StreakPoints.settle([evaluation], in: points, userId: user, now: at(text), timezone: newYork)
    }

    /// What the ledger holds for one streak key.
    private func net(_ store: FileStreakStore, _ key: String) throws -> Int {
        try store.experienceEvents(userId: user, experienceKey: StreakPoints.experienceKey)
            .filter { StreakPoints.baseId(of: $0.id).flatMap(StreakPoints.streakKey(ofBase:)) == key }.map(\.points).reduce(0, +)
    }

    private func pointsFiles(_ fixture: StoreFixture) -> [String?] {
        ["/users/u1/experience/streaks.jsonl", "/users/u1/points.json"].map { try? String(contentsOfFile: fixture.root + $0, encoding: .utf8) }
    }

    @Test func aRenameTakesItsEarningsAndItsOwnPointsPerDayInTheSameWrite() async throws {
        let fixture = StoreFixture()
        let store = try await storeWithEarnings(fixture)
        try store.renameStreak(userId: user, from: "daily", to: "books", now: at("2024-01-05 15:00"), timezone: newYork)
        #expect(try net(store, "daily") == 0)
        #expect(try net(store, "books") == 103)
        #expect(try store.pointsSettings(userId: user).pointsPerDay(for: "books") == 20)
        #expect(try await settle(store, "books", at: "2024-01-05 16:00").isEmpty, "nothing is earned twice")
        _ = try store.addEvents([event("2024-01-06 12:00")], userId: user, streakKey: "books", now: at("2024-01-06 13:00"), timezone: newYork)
        try await settle(store, "books", at: "2024-01-06 14:00")
        #expect(try net(store, "books") == 123, "its own 20 a day went with it")
    }

    @Test func aRenameWhilePointsAreOffStillMovesThemSoTurningThemOnDoesNotPayTwice() async throws {
        let fixture = StoreFixture()
        let store = try await storeWithEarnings(fixture)
        try store.updatePointsSettings([.turnOff], userId: user)
        try store.renameStreak(userId: user, from: "daily", to: "books", now: at("2024-01-05 15:00"), timezone: newYork)
        try store.updatePointsSettings([.turnOn(since: CalendarDay(year: 2024, month: 1, day: 1))], userId: user)
        #expect(try await settle(store, "books", at: "2024-01-05 16:00").isEmpty)
        #expect(try net(store, "daily") + net(store, "books") == 103)
    }

    @Test func aRenameThatFailsAfterMovingTheEarningsPutsThemBack() async throws {
        let fixture = StoreFixture()
        let store = try await storeWithEarnings(fixture)
        let before = pointsFiles(fixture)
        // The streak's folder is read after the move: a ledger that is not a file fails it.
        try FileManager.default.createDirectory(atPath: fixture.path("notes.jsonl"), withIntermediateDirectories: false)
        #expect(throws: (any Error).self) {
            try store.renameStreak(userId: user, from: "daily", to: "books", now: at("2024-01-05 15:00"), timezone: newYork)
        }
        #expect(pointsFiles(fixture) == before)
        #expect(try store.streakKeys(userId: user) == ["daily"])
        #expect(try net(store, "daily") == 103)
    }

    @Test func aRenameKilledAfterMovingTheEarningsIsUndoneWholeByTheNextReader() async throws {
        let fixture = StoreFixture()
        let store = try await storeWithEarnings(fixture)
        let before = pointsFiles(fixture)
        let streaks = fixture.root + "/users/u1/streaks"
        // The rename's steps up to the earnings, then the process "dies" (no finish, no undo).
        let journal = WriteJournal(directory: fixture.root + "/users/u1", compound: true)
        try journal.willRename(streaks + "/daily", to: streaks + "/books")
        #expect(rename(streaks + "/daily", streaks + "/books") == 0)
        try store.moveEarningsLocked(userId: user, from: "daily", to: "books", now: at("2024-01-05 15:00"), timezone: newYork, journal: journal)
        #expect(pointsFiles(fixture) != before)
        let next = fixture.store()
        #expect(try next.streakKeys(userId: user) == ["daily"])
        #expect(pointsFiles(fixture) == before)
        #expect(try net(next, "daily") == 103 && net(next, "books") == 0)
    }

    @Test func aRestoreUnderAnotherKeyTakesItsEarningsUnlessALiveStreakHoldsTheOldKey() async throws {
        let fixture = StoreFixture()
        let store = try await storeWithEarnings(fixture)
        try store.deleteStreak(userId: user, streakKey: "daily", now: at("2024-01-05 15:00"), timezone: newYork)
        try store.restoreStreak(userId: user, streakKey: "daily", as: "books", now: at("2024-01-05 16:00"), timezone: newYork)
        #expect(try net(store, "daily") == 0 && net(store, "books") == 103)

        // Deleted again, and a new `daily` made and kept a day: its own earnings stay its own.
        try store.deleteStreak(userId: user, streakKey: "books", now: at("2024-01-05 17:00"), timezone: newYork)
        try store.restoreStreak(userId: user, streakKey: "books", as: "daily", now: at("2024-01-05 18:00"), timezone: newYork)
        try store.deleteStreak(userId: user, streakKey: "daily", now: at("2024-01-05 19:00"), timezone: newYork)
        try store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "daily"), now: at("2024-01-06 08:00"), timezone: newYork)
        _ = try store.addEvents([event("2024-01-06 12:00")], userId: user, streakKey: "daily", now: at("2024-01-06 13:00"), timezone: newYork)
        try await settle(store, "daily", at: "2024-01-06 14:00")
        let live = try net(store, "daily")
        try store.restoreStreak(userId: user, streakKey: "daily", as: "reading", now: at("2024-01-06 15:00"), timezone: newYork)
        #expect(try net(store, "daily") == live)
        #expect(try net(store, "reading") == 0)
    }

    /// Found by the change-driven fault script: a settings write killed between its backup
    /// link and its rename left `points.json` with two names, and every later settings write
    /// (a rename's too) refused it as a user's hard link.
    @Test func aBackupLinkAKilledSettingsWriteLeftIsCleanedByTheNextWriter() async throws {
        let fixture = StoreFixture()
        let store = try await storeWithEarnings(fixture)
        let settings = fixture.root + "/users/u1/points.json"
        #expect(link(settings, settings + ".prev-4242-7") == 0)
        try store.updatePointsSettings([.pointsPerDay(30)], userId: user)
        try store.renameStreak(userId: user, from: "daily", to: "books", now: at("2024-01-05 15:00"), timezone: newYork)
        #expect(try store.pointsSettings(userId: user).pointsPerDay == 30)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/users/u1")
        #expect(!names.contains { $0.contains(".prev-") })
    }
}
