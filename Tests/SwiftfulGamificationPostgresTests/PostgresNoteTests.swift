import PostgresTestSupport
import Foundation
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// Day notes in PostgreSQL (migration 6, `streak_notes`): written in the one-transaction
/// write under its operation id, carried by every evaluation, guarded by row-level security,
/// and announced to other machines by NOTIFY.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct PostgresNoteTests {
    let utc = TimeZone(identifier: "UTC")!
    let now = date("2024-03-05T12:00:00Z")
    let day = CalendarDay(year: 2024, month: 3, day: 4)

    func streak(_ store: PostgresStreakStore, user: String, key: String = "daily") async throws {
        _ = try await store.addEvents([StreakEvent(id: "e1", dateCreated: now.addingTimeInterval(-86_400), timezone: "UTC")], userId: user,
                                      streakKey: key, now: now, timezone: utc, freshIds: false, creating: StreakConfiguration(streakKey: key))
    }

    @Test func notesAreAddedReplacedAndRemovedAndEveryResultCarriesThem() async throws {
        let store = try await TestDatabase.store(role: "app"), other = try await TestDatabase.store(role: "app")
        defer { Task { await store.close(); await other.close() } }
        let user = TestDatabase.freshUser()
        try await streak(store, user: user)
        let added = try await store.setNote("knee hurt", on: day, userId: user, streakKey: "daily", now: now, timezone: utc)
        #expect(added.notes == [StreakNote(day: day, text: "knee hurt")])
        _ = try await store.setNote("missed: rain", on: day.adding(days: -3), userId: user, streakKey: "daily", now: now, timezone: utc)
        let replaced = try await store.setNote(#"better, "mostly" 🙂"#, on: day, userId: user, streakKey: "daily", now: now, timezone: utc)
        #expect(replaced.notes.map(\.text) == ["missed: rain", #"better, "mostly" 🙂"#])
        // Another connection reads them, from the stored result and from the table.
        #expect(try await other.evaluate(userId: user, streakKey: "daily", now: now, timezone: utc).notes == replaced.notes)
        #expect(try await other.notes(userId: user, streakKey: "daily") == replaced.notes)
        // A log after them (the write without a lock) still carries them.
        let logged = try await other.addEvents([StreakEvent(id: "e2", dateCreated: now, timezone: "UTC")], userId: user, streakKey: "daily",
                                               now: now, timezone: utc)
        #expect(logged.evaluation.notes == replaced.notes)
        // A calculation from scratch (another zone: the stored result does not hold) too.
        #expect(try await other.evaluate(userId: user, streakKey: "daily", now: now, timezone: TimeZone(identifier: "Asia/Tokyo")!).notes == replaced.notes)
        let removed = try await store.removeNote(on: day.adding(days: -3), userId: user, streakKey: "daily", now: now, timezone: utc)
        #expect(removed.notes.map(\.day) == [day])
        await #expect(throws: StreakStoreError.noNote("daily", day: day.adding(days: -3))) {
            _ = try await store.removeNote(on: day.adding(days: -3), userId: user, streakKey: "daily", now: now, timezone: utc)
        }
        await #expect(throws: StreakRuleError.self) {
            _ = try await store.setNote("later", on: day.adding(days: 2), userId: user, streakKey: "daily", now: now, timezone: utc)
        }
        #expect(try await TestDatabase.sql("SELECT count(*)::text FROM streak_notes WHERE user_id = '\(user)'", role: "app") == ["1"])
    }

    /// A write pushed again under its operation id (a replica's retry after a lost reply) is
    /// answered from its record: the removal is not tried again, and does not fail.
    @Test func aRepeatedOperationIsAnsweredFromItsRecord() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser()
        try await streak(store, user: user)
        _ = try await store.setNote("x", on: day, userId: user, streakKey: "daily", now: now, timezone: utc)
        for _ in 0..<2 {
            let result = try await StoreOperation.$current.withValue(StoreOperation(id: "note-op-\(user)")) {
                try await store.removeNote(on: self.day, userId: user, streakKey: "daily", now: self.now, timezone: self.utc)
            }
            #expect(result.notes.isEmpty)
        }
        #expect(try await store.notes(userId: user, streakKey: "daily").isEmpty)
    }

    /// Row-level security as on the skips table: bob can neither see alice's notes nor plant
    /// one under her streak, by plain SQL.
    @Test func anotherRoleCanNeitherReadNorPlantNotes() async throws {
        let alice = try await TestDatabase.store(role: "alice")
        defer { Task { await alice.close() } }
        let key = "notes" + UUID().uuidString.prefix(6).lowercased()
        try await streak(alice, user: "alice", key: key)
        _ = try await alice.setNote("alice's own", on: day, userId: "alice", streakKey: key, now: now, timezone: utc)
        let id = try #require(try await TestDatabase.sql("SELECT id::text FROM streaks WHERE user_id = 'alice' AND streak_key = '\(key)'", role: "alice").first)
        #expect(try await TestDatabase.sql("SELECT count(*)::text FROM streak_notes WHERE user_id = 'alice'", role: "bob") == ["0"])
        // Planting under alice's streak: refused whether in her name (policy) or in his (the owning key).
        let inHerName = try await TestDatabase.sqlState(
            of: "INSERT INTO streak_notes (user_id, streak_id, day, note, changed_us) VALUES ('alice', \(id), 19000, 'planted', 0)", role: "bob"
        )
        let inHisName = try await TestDatabase.sqlState(
            of: "INSERT INTO streak_notes (user_id, streak_id, day, note, changed_us) VALUES ('bob', \(id), 19000, 'planted', 0)", role: "bob"
        )
        #expect(inHerName == "42501")
        #expect(inHisName != nil)
        _ = try await TestDatabase.sql("UPDATE streak_notes SET note = 'changed' WHERE user_id = 'alice'", role: "bob")
        _ = try await TestDatabase.sql("DELETE FROM streak_notes WHERE user_id = 'alice'", role: "bob")
        #expect(try await alice.notes(userId: "alice", streakKey: key).map(\.text) == ["alice's own"])
    }

    /// Another machine's dashboard sees a note change live, through LISTEN/NOTIFY.
    @Test func aWatcherHearsANoteWrittenElsewhere() async throws {
        let writer = try await TestDatabase.store(role: "app"), reader = try await TestDatabase.store(role: "app")
        defer { Task { await writer.close(); await reader.close() } }
        let user = TestDatabase.freshUser()
        try await streak(writer, user: user)
        let stream = reader.watch(userId: user, streakKey: "daily", now: { self.now }, timezone: { TimeZone(identifier: "UTC")! })
        async let heard = first(stream) { $0.notes.first?.text == "from the laptop" }
        try await Task.sleep(for: .milliseconds(300))
        _ = try await writer.setNote("from the laptop", on: day, userId: user, streakKey: "daily", now: now, timezone: utc)
        let evaluation = try await heard
        #expect(evaluation?.notes == [StreakNote(day: day, text: "from the laptop")])
    }

    /// `copy` and a replica's pull move notes as part of the whole streak; an import replaces
    /// a day's differing note and leaves an equal one.
    @Test func aWholeStreakCarriesItsNotesIntoAnotherStore() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser()
        try await streak(store, user: user)
        _ = try await store.setNote("one", on: day, userId: user, streakKey: "daily", now: now, timezone: utc)
        let (batch, _) = try await store.wholeStreak(userId: user, streakKey: "daily")
        #expect(batch.notes.map(\.text) == ["one"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = FileStreakStore(rootPath: directory)
        _ = try files.importBatch(batch, userId: user, streakKey: "daily", now: now, timezone: utc)
        #expect(try files.notes(userId: user, streakKey: "daily") == batch.notes)
        var changed = batch
        changed.notes = [StreakNote(day: day, text: "two"), StreakNote(day: day.adding(days: -1), text: "new")]
        let imported = try await store.importBatch(changed, userId: user, streakKey: "daily", now: now, timezone: utc)
        #expect(imported.evaluation.notes.map(\.text) == ["new", "two"])
    }
}

extension LostCommitTests {
    /// A note removal whose COMMIT reply was lost: its retry finds the operation recorded and
    /// returns what it did, instead of failing because the note is gone.
    @Test func aNoteRemovalIsAppliedAndReportedOnce() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        let day = CalendarDay(year: 2024, month: 3, day: 5)
        _ = try await setup.createStreak(userId: "held", configuration: StreakConfiguration(streakKey: key), now: now, timezone: utc)
        _ = try await setup.setNote("gone soon", on: day, userId: "held", streakKey: key, now: now, timezone: utc)
        let result = try await withLostCommit { store in
            try await store.removeNote(on: day, userId: "held", streakKey: key, now: self.now, timezone: self.utc)
        }
        #expect(result.notes.isEmpty)
        #expect(try await setup.notes(userId: "held", streakKey: key).isEmpty)
    }
}
