import Foundation
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore
import TestSupport

/// What a writer killed half way leaves, and what the next process makes of it (issue 29).
/// A kill is modelled by a write that stops without finishing or undoing its journal; the
/// real kills, at every system call, are in Tests/e2e/faults.sh.
struct InterruptedWriteTests {
    private func userDirectory(_ fixture: StoreFixture) -> String { fixture.root + "/users/u1" }

    private func storeWithFreezes(_ fixture: StoreFixture) throws -> FileStreakStore {
        let store = fixture.store()
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "daily", freezeBehavior: .manuallyConsumeFreezes), now: at("2024-01-01 08:00"), timezone: newYork)
        for day in 1...5 {
            _ = try store.addEvents([event("2024-01-0\(day) 12:00")], userId: "u1", streakKey: "daily", now: at("2024-01-0\(day) 13:00"), timezone: newYork)
        }
        try store.addFreezes([StreakFreeze(id: "f1", dateEarned: at("2024-01-01 09:00")), StreakFreeze(id: "f2", dateEarned: at("2024-01-01 09:00"))],
                             userId: "u1", streakKey: "daily", now: at("2024-01-05 14:00"), timezone: newYork)
        return store
    }

    /// Starts a compound write of freeze events and their uses, and stops after the events
    /// (the process "dies": the journal is neither finished nor undone).
    private func killAfterFreezeEvents(_ fixture: StoreFixture) throws {
        let folder = StreakFolder(directory: userDirectory(fixture) + "/streaks/daily")
        var loaded = try folder.loadHistory(leeway: StreakLeeway(hours: 0))
        let journal = WriteJournal(directory: userDirectory(fixture), compound: true)
        let freezeEvent = StreakEvent(id: "freeze-1", dateCreated: at("2024-01-06 12:00"), timezone: "America/New_York", isFreeze: true, freezeId: "f1")
        _ = try folder.append([freezeEvent], to: &loaded, journal: journal)
        #expect(WriteJournal.isPending(in: userDirectory(fixture)))
    }

    @Test func aReaderUndoesTheHalfOfAKilledCompoundWrite() throws {
        let fixture = StoreFixture()
        let store = try storeWithFreezes(fixture)
        let before = try store.evaluate(userId: "u1", streakKey: "daily", now: at("2024-01-08 12:00"), timezone: newYork).streak
        try killAfterFreezeEvents(fixture)
        let after = try fixture.store().evaluate(userId: "u1", streakKey: "daily", now: at("2024-01-08 12:00"), timezone: newYork).streak
        #expect(after.freezesNeededToSaveStreak == before.freezesNeededToSaveStreak)
        #expect(after.freezesAvailableCount == 2)
        #expect(!fixture.contents("events.jsonl").contains("freeze-1"))
        #expect(!WriteJournal.isPending(in: userDirectory(fixture)))
    }

    @Test func aWriterUndoesItThenUsesTheFreezesOnce() throws {
        let fixture = StoreFixture()
        _ = try storeWithFreezes(fixture)
        try killAfterFreezeEvents(fixture)
        let store = fixture.store()
        let (used, evaluation) = try store.useFreezesManually(userId: "u1", streakKey: "daily", now: at("2024-01-08 12:00"), timezone: newYork)
        #expect(used.count == 2)
        #expect(evaluation.streak.freezesAvailableCount == 0)
        #expect(evaluation.streak.currentStreak == 5)
        #expect(try store.freezes(userId: "u1", streakKey: "daily").allSatisfy(\.isUsed))
        #expect(!fixture.contents("events.jsonl").contains("freeze-1"))
    }

    @Test func aJournalNamingFilesOutsideTheStoreIsNotFollowed() throws {
        let fixture = StoreFixture()
        _ = try storeWithFreezes(fixture)
        let outside = fixture.root + "/outside.txt"
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: outside))
        let line = #"{"created":{"path":"../../outside.txt"}}"# + "\n"
        try Data(line.utf8).write(to: URL(fileURLWithPath: userDirectory(fixture) + "/" + WriteJournal.fileName))
        _ = try fixture.store().evaluate(userId: "u1", streakKey: "daily", now: at("2024-01-08 12:00"), timezone: newYork)
        #expect(FileManager.default.fileExists(atPath: outside))
        #expect(!WriteJournal.isPending(in: userDirectory(fixture)))
    }

    @Test func theStoresOwnBackupLinkAndTemporaryFileAreCleanedNotBlamedOnTheUser() throws {
        let fixture = StoreFixture()
        let store = try storeWithFreezes(fixture)
        // What a `config` killed between its backup link and its rename leaves.
        #expect(link(fixture.path("config.json"), fixture.path("config.json.prev-4242-7")) == 0)
        try Data("{".utf8).write(to: URL(fileURLWithPath: fixture.path("config.json.tmp-4242-8")))
        let result = try store.addEvents([event("2024-01-06 12:00")], userId: "u1", streakKey: "daily", now: at("2024-01-06 13:00"), timezone: newYork)
        #expect(result.evaluation.streak.currentStreak == 6)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/users/u1/streaks/daily")
        #expect(!names.contains { $0.contains(".prev-") || $0.contains(".tmp-") })
        try store.updateConfiguration(userId: "u1", streakKey: "daily", goal: 2, now: at("2024-01-06 14:00"), timezone: newYork)
    }

    @Test func aRenameKilledAfterMovingTheFolderIsUndoneWhole() throws {
        let fixture = StoreFixture()
        _ = try storeWithFreezes(fixture)
        let streaks = userDirectory(fixture) + "/streaks"
        let journal = WriteJournal(directory: userDirectory(fixture), compound: true)
        try journal.willRename(streaks + "/daily", to: streaks + "/books")
        #expect(rename(streaks + "/daily", streaks + "/books") == 0)
        // Killed before the config says the new key: even a listing puts it back first.
        let store = fixture.store()
        #expect(try store.streakKeys(userId: "u1") == ["daily"])
        let evaluation = try store.evaluate(userId: "u1", streakKey: "daily", now: at("2024-01-06 12:00"), timezone: newYork)
        #expect(evaluation.streak.streakKey == "daily")
        #expect(try store.streakKeys(userId: "u1") == ["daily"])
        let renamed = try store.renameStreak(userId: "u1", from: "daily", to: "books", now: at("2024-01-06 12:00"), timezone: newYork)
        #expect(renamed.streak.streakKey == "books" && renamed.streak.currentStreak == 5)
    }

    /// Issue 46: killed after the new config replaced the old one, the recovery restores the
    /// config from the write's own backup (it used to delete that backup as a leftover first,
    /// leaving folder `daily` whose config said `books`).
    @Test func aRenameKilledAfterItsNewConfigRestoresTheOldConfig() throws {
        let fixture = StoreFixture()
        _ = try storeWithFreezes(fixture)
        let original = fixture.contents("config.json")
        let streaks = userDirectory(fixture) + "/streaks"
        let journal = WriteJournal(directory: userDirectory(fixture), compound: true)
        try journal.willRename(streaks + "/daily", to: streaks + "/books")
        #expect(rename(streaks + "/daily", streaks + "/books") == 0)
        let settings = try #require(try StreakFolder(directory: streaks + "/books").settings())
        var renamed = settings
        renamed.configuration = renamed.configuration.renamed(to: "books")
        try renamed.write(to: streaks + "/books/config.json", journal: journal)
        // Killed here, before the journal is removed.
        let store = fixture.store()
        #expect(try store.streakKeys(userId: "u1") == ["daily"])
        #expect(fixture.contents("config.json") == original)
        let names = try FileManager.default.contentsOfDirectory(atPath: streaks + "/daily")
        #expect(!names.contains { WriteJournal.isLeftover($0) })
        #expect(try store.settings(userId: "u1", streakKey: "daily").configuration.streakKey == "daily")
    }

    /// Issue 46: a rename that fails after moving the folder and writing the new config
    /// (here a ledger that is not a file) puts the folder and the old config back.
    @Test func aRenameThatFailsLateLeavesTheStreakAsItWas() throws {
        let fixture = StoreFixture()
        let store = try storeWithFreezes(fixture)
        let original = fixture.contents("config.json")
        try FileManager.default.createDirectory(atPath: fixture.path("notes.jsonl"), withIntermediateDirectories: false)
        #expect(throws: (any Error).self) {
            try store.renameStreak(userId: "u1", from: "daily", to: "books", now: at("2024-01-06 12:00"), timezone: newYork)
        }
        #expect(try store.streakKeys(userId: "u1") == ["daily"])
        #expect(fixture.contents("config.json") == original)
        #expect(!WriteJournal.isPending(in: userDirectory(fixture)))
    }

    /// Issue 46: a journal that cannot be removed at the end of a write would make the next
    /// process undo the whole write after it reported success, so the write fails and is
    /// undone at once (`freeze use` said "Used 4 freezes", and the next command put them back).
    @Test func aJournalThatCannotBeRemovedFailsTheWriteAndUndoesIt() throws {
        let fixture = StoreFixture()
        _ = try storeWithFreezes(fixture)
        let directory = userDirectory(fixture)
        let before = fixture.contents("events.jsonl")
        let folder = StreakFolder(directory: directory + "/streaks/daily")
        var loaded = try folder.loadHistory(leeway: StreakLeeway(hours: 0))
        let journal = WriteJournal(directory: directory, compound: true)
        let freezeEvent = StreakEvent(id: "freeze-1", dateCreated: at("2024-01-06 12:00"), timezone: "America/New_York", isFreeze: true, freezeId: "f1")
        _ = try folder.append([freezeEvent], to: &loaded, journal: journal)
        // The journal's name taken by something unlink cannot remove.
        let path = directory + "/" + WriteJournal.fileName
        let held = try String(contentsOfFile: path, encoding: .utf8)
        #expect(unlink(path) == 0)
        try FileManager.default.createDirectory(atPath: path + "/x", withIntermediateDirectories: true)
        #expect(throws: FileStoreError.self) { try journal.finish() }
        #expect(journal.undo().isEmpty)
        #expect(fixture.contents("events.jsonl") == before)
        try FileManager.default.removeItem(atPath: path)
        _ = held
    }

    /// On the real clock, a writer that waited for the lock calculates at the time it got
    /// it: its result counts what writers before it logged meanwhile, and is published.
    @Test func aWriterOnTheRealClockReadsItAgainUnderTheLock() throws {
        let fixture = StoreFixture()
        let clock = TestClock(at("2025-01-05 12:00:05"))
        let store = FileStreakStore(rootPath: fixture.root, liveClock: { clock.now }, warn: { _ in })
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "daily", eventsRequiredPerDay: 2), now: at("2025-01-04 00:00"), timezone: newYork)
        _ = try store.addEvents([event("2025-01-05 12:00:01")], userId: "u1", streakKey: "daily", now: at("2025-01-05 12:00:01"), timezone: newYork)
        // Stamped (and its clock read) before the first writer's event, written after it.
        let late = try store.addEvents([event("2025-01-05 12:00:00")], userId: "u1", streakKey: "daily", now: at("2025-01-05 12:00:00"), timezone: newYork)
        #expect(late.evaluation.streak.totalEvents == 2)
        #expect(late.evaluation.streak.currentStreak == 1)
        #expect(FileManager.default.fileExists(atPath: fixture.path("current.json")))
    }

    @Test func aWriteWhoseClockIsBeforeALaterEventDoesNotHideItFromLaterReaders() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "daily", eventsRequiredPerDay: 2), now: at("2025-01-04 00:00"), timezone: newYork)
        _ = try store.addEvents([event("2025-01-05 12:00")], userId: "u1", streakKey: "daily", now: at("2025-01-05 12:00"), timezone: newYork)
        // A second writer that read its clock a second earlier, then waited for the lock.
        let late = try store.addEvents([event("2025-01-05 11:59:59")], userId: "u1", streakKey: "daily", now: at("2025-01-05 11:59:59"), timezone: newYork)
        #expect(late.evaluation.streak.totalEvents == 1)
        let later = try fixture.store().evaluate(userId: "u1", streakKey: "daily", now: at("2025-01-05 18:00"), timezone: newYork).streak
        #expect(later.totalEvents == 2)
        #expect(later.currentStreak == 1)
        #expect(later.todayEventCount == 2)
    }
}

