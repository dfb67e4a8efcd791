import Foundation
import StreakImporters
@testable import StreakStoreKit
import Testing
import TestSupport
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// Day notes in the file store: records in `notes.jsonl`, written under the store lock with
/// the same promises as the skip ledger, carried by every evaluation the store publishes.
struct NoteStoreTests {
    private let user = "u1"

    private func note(_ store: FileStreakStore, _ text: String, on day: String, now: String = "2024-01-05 20:00") throws -> StreakEvaluation {
        try store.setNote(text, on: CalendarDay(parsing: day)!, userId: user, streakKey: "daily", now: at(now), timezone: newYork)
    }

    private func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    @Test func notesAreAddedReplacedAndRemovedAsRecords() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-04 12:00")], now: "2024-01-04 13:00")
        let first = try note(store, "knee hurt", on: "2024-01-04")
        #expect(first.notes == [StreakNote(day: day("2024-01-04"), text: "knee hurt")])
        // A missed day takes a note too; a replacement is a new record, the old line stays.
        _ = try note(store, "sick", on: "2024-01-02")
        let replaced = try note(store, "knee better", on: "2024-01-04")
        #expect(replaced.notes.map(\.text) == ["sick", "knee better"])
        let removed = try store.removeNote(on: day("2024-01-02"), userId: user, streakKey: "daily", now: at("2024-01-05 20:00"), timezone: newYork)
        #expect(removed.notes.map(\.day) == [day("2024-01-04")])
        #expect(try fixture.store().notes(userId: user, streakKey: "daily") == [StreakNote(day: day("2024-01-04"), text: "knee better")])
        let lines = fixture.contents("notes.jsonl").split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].contains(#""op":"note""#) && lines[0].contains(#""text":"knee hurt""#))
        #expect(lines[3].contains(#""op":"unnote""#) && lines[3].contains(#""day":"2024-01-02""#))
        // Notes are not part of the count.
        #expect(removed.streak.totalEvents == 1)
    }

    @Test func theSameTextAgainWritesNothing() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        _ = try note(store, "same", on: "2024-01-03")
        let before = fixture.contents("notes.jsonl")
        _ = try note(store, "same", on: "2024-01-03")
        #expect(fixture.contents("notes.jsonl") == before)
    }

    @Test func textIsKeptExactlyWithQuotesBackslashesAndWideCharacters() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let text = #"said "ouch" \ 膝が痛い 🏃‍♀️ tab-free"#
        _ = try note(store, text, on: "2024-01-03")
        try? FileManager.default.removeItem(atPath: fixture.path("current.json"))
        #expect(try fixture.store().notes(userId: user, streakKey: "daily").first?.text == text)
        #expect(try fixture.store().evaluate(userId: user, streakKey: "daily", now: at("2024-01-05 21:00"), timezone: newYork).notes.first?.text == text)
    }

    @Test func badNotesAreRefusedBeforeAnythingIsWritten() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        #expect(throws: StreakRuleError.invalidNote(length: 0)) { try note(store, " ", on: "2024-01-03") }
        #expect(throws: StreakRuleError.invalidNote(length: 1_001)) { try note(store, String(repeating: "x", count: 1_001), on: "2024-01-03") }
        #expect(throws: StreakRuleError.controlCharacter("note")) { try note(store, "a\tb", on: "2024-01-03") }
        #expect(throws: StreakRuleError.noteOutOfRange(day("2024-01-06"), earliest: day("1970-01-01"), latest: day("2024-01-05"))) {
            try note(store, "later", on: "2024-01-06")
        }
        #expect(throws: StreakStoreError.noNote("daily", day: day("2024-01-03"))) {
            try store.removeNote(on: day("2024-01-03"), userId: user, streakKey: "daily", now: at("2024-01-05 20:00"), timezone: newYork)
        }
        #expect(throws: StreakStoreError.self) { try store.setNote("x", on: day("2024-01-03"), userId: user, streakKey: "nope", now: at("2024-01-05 20:00"), timezone: newYork) }
        #expect(!FileManager.default.fileExists(atPath: fixture.path("notes.jsonl")))
    }

    /// Today is the writer's today: late evening in New York is already tomorrow in Tokyo.
    @Test func todayIsTheWritersZones() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let now = at("2024-01-05 20:00")
        #expect(throws: StreakRuleError.self) { try store.setNote("x", on: day("2024-01-06"), userId: user, streakKey: "daily", now: now, timezone: newYork) }
        #expect(try store.setNote("x", on: day("2024-01-06"), userId: user, streakKey: "daily", now: now, timezone: tokyo).notes.count == 1)
    }

    /// A store written before notes (no `notes.jsonl`, a cache without notes) loads unchanged.
    @Test func aStoreFromBeforeNotesLoadsUnchanged() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let logged = try store.log([event("2024-01-04 12:00")], now: "2024-01-04 13:00").evaluation
        #expect(!FileManager.default.fileExists(atPath: fixture.path("notes.jsonl")))
        #expect(!fixture.contents("current.json").contains("\"notes\""))
        let read = try fixture.store().evaluate(userId: user, streakKey: "daily", now: at("2024-01-04 14:00"), timezone: newYork)
        #expect(read.notes.isEmpty)
        #expect(read.streak.currentStreak == logged.streak.currentStreak)
        #expect(try fixture.store().notes(userId: user, streakKey: "daily").isEmpty)
    }

    /// Every published evaluation carries the notes: the cache readers take, and what a
    /// watcher of another store object (another process) receives.
    @Test func everyPublishedEvaluationCarriesTheNotes() async throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let clock = TestClock(at("2024-01-05 20:30"))
        var iterator = store.watch(userId: user, streakKey: "daily", now: { clock.now }, timezone: { newYork }).makeAsyncIterator()
        #expect(try await next(&iterator)?.notes.isEmpty == true)
        _ = try note(fixture.store(), "from elsewhere", on: "2024-01-05")
        let update = try #require(try await next(&iterator))
        #expect(update.notes.map(\.text) == ["from elsewhere"])
        #expect(fixture.contents("current.json").contains("from elsewhere"))
        // A log after it still carries the note.
        let logged = try fixture.store().log([event("2024-01-05 20:10")], now: "2024-01-05 20:20").evaluation
        #expect(logged.notes.map(\.text) == ["from elsewhere"])
        let fresh = try fixture.store().refresh(userId: user, streakKey: "daily", now: at("2024-01-05 20:25"), timezone: newYork)
        #expect(fresh.notes.map(\.text) == ["from elsewhere"])
    }

    /// A note written by hand into the ledger around the store: a change to notes.jsonl makes
    /// the cached result stale (its stamps cover the ledger), so readers see it.
    @Test func theCacheCoversTheNoteLedger() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-04 12:00")], now: "2024-01-04 13:00")
        fixture.append(raw: #"{"op":"note","day":"2024-01-04","text":"by hand","date":"2024-01-04T18:00:00Z"}"# + "\n", to: "notes.jsonl")
        let read = try fixture.store().evaluate(userId: user, streakKey: "daily", now: at("2024-01-04 13:30"), timezone: newYork)
        #expect(read.notes.map(\.text) == ["by hand"])
    }

    @Test func damagedAndTornLinesAreSkippedWithAWarningAndTheNextRecordStartsOnAFreshLine() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        _ = try note(store, "kept", on: "2024-01-02")
        fixture.append(raw: "not json\n", to: "notes.jsonl")
        fixture.append(raw: #"{"op":"note","day":"2024-01-03","text":"","date":"2024-01-04T18:00:00Z"}"# + "\n", to: "notes.jsonl")
        fixture.append(raw: #"{"op":"note","day":"2024-01-0"#, to: "notes.jsonl")
        let before = fixture.contents("notes.jsonl")
        #expect(try fixture.store().notes(userId: user, streakKey: "daily").map(\.text) == ["kept"])
        #expect(fixture.warnings.contains { $0.hasPrefix("notes.jsonl:2: not valid JSON") })
        #expect(fixture.warnings.contains { $0.hasPrefix("notes.jsonl:3: A note must not be empty") })
        #expect(fixture.warnings.contains { $0.contains("notes.jsonl: incomplete last line") })
        _ = try note(fixture.store(), "after", on: "2024-01-04")
        let after = fixture.contents("notes.jsonl")
        #expect(after.hasPrefix(before))
        #expect(try fixture.store().notes(userId: user, streakKey: "daily").map(\.text) == ["kept", "after"])
    }

    @Test func aLedgerThatIsNotAPlainFileIsRefusedByNameAndNothingIsWritten() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try FileManager.default.createDirectory(atPath: fixture.path("notes.jsonl"), withIntermediateDirectories: false)
        let events = fixture.contents("events.jsonl")
        #expect(throws: FileStoreError.self) { try note(store, "x", on: "2024-01-03") }
        #expect(throws: FileStoreError.self) { try store.log([event("2024-01-04 12:00")], now: "2024-01-04 13:00") }
        #expect(fixture.contents("events.jsonl") == events)
    }

    /// A kill half way through a compound write (an import of notes and events, killed after
    /// its note records): the next process to take the lock puts the ledger back, so the
    /// import is there whole or not at all, and a retry brings it in once.
    @Test func aKilledImportLeavesNoHalfOfItsNotes() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        _ = try note(store, "before", on: "2024-01-02")
        let ledger = fixture.contents("notes.jsonl")
        let userDirectory = fixture.root + "/users/u1"
        let folder = StreakFolder(directory: userDirectory + "/streaks/daily")
        let journal = WriteJournal(directory: userDirectory, compound: true)
        try folder.appendNoteRecords([.note(StreakNote(day: day("2024-01-03"), text: "half"), date: at("2024-01-05 20:00"))], journal: journal)
        #expect(WriteJournal.isPending(in: userDirectory))
        // Killed here: neither finished nor undone.
        #expect(try fixture.store().notes(userId: user, streakKey: "daily").map(\.text) == ["before"])
        #expect(fixture.contents("notes.jsonl") == ledger)
        #expect(!WriteJournal.isPending(in: userDirectory))
        let batch = ImportBatch(events: [event("2024-01-03 12:00", id: "i1")], notes: [StreakNote(day: day("2024-01-03"), text: "half")])
        for _ in 0..<2 { _ = try fixture.store().importBatch(batch, userId: user, streakKey: "daily", now: at("2024-01-05 20:00"), timezone: newYork) }
        #expect(try fixture.store().notes(userId: user, streakKey: "daily").map(\.text) == ["before", "half"])
        #expect(fixture.contents("notes.jsonl").split(separator: "\n").count == 2)
    }

    @Test func exportAndImportCarryNotes() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-04 12:00", id: "e1")], now: "2024-01-04 13:00")
        _ = try note(store, #"with "quotes""#, on: "2024-01-04")
        let text = try StreakTransfer.exportJSONLines(
            configuration: store.settings(userId: user, streakKey: "daily").configuration, goalHistory: [], freezes: [],
            notes: store.notes(userId: user, streakKey: "daily"), events: store.events(userId: user, streakKey: "daily")
        )
        #expect(text.contains(#"{"note":{"day":"2024-01-04","text":"with \"quotes\""}}"#))
        let batch = StreakTransfer.parseJSONLines(Array(text.utf8), source: "export", now: at("2024-01-05 20:00"))
        #expect(batch.problems.isEmpty)
        #expect(batch.notes == [StreakNote(day: day("2024-01-04"), text: #"with "quotes""#)])
        let other = StoreFixture()
        let imported = try other.store().importBatch(batch, userId: user, streakKey: "daily", now: at("2024-01-05 20:00"), timezone: newYork)
        #expect(imported.evaluation.notes == batch.notes)
        // A bad note line is a problem with its line number, like any other.
        let bad = StreakTransfer.parseJSONLines(Array(#"{"note":{"day":"2024-01-04","text":""}}"#.utf8), source: "f", now: at("2024-01-05 20:00"))
        #expect(bad.problems.map(\.line) == [1])
        #expect(bad.notes.isEmpty)
    }

    @Test func eventsAsJSONPlaceEachNoteAfterItsDaysEvents() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-03 12:00", id: "a"), event("2024-01-04 12:00", id: "b")], now: "2024-01-04 13:00")
        let json = StreakTransfer.exportJSONArray(
            events: try store.events(userId: user, streakKey: "daily"), skips: [day("2024-01-03")],
            notes: [StreakNote(day: day("2024-01-03"), text: "n3"), StreakNote(day: day("2024-01-02"), text: "n2")], zone: newYork
        )
        let order = ["\"n2\"", "\"id\":\"a\"", "\"skip\"", "\"n3\"", "\"id\":\"b\""].map { json.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
    }
}
