import Foundation
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

struct FileStreakStoreTests {
    @Test func eventsPersistAndAnotherStoreObjectSeesThem() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00"), event("2024-01-02 12:00")], now: "2024-01-02 13:00")
        let reopened = fixture.store()
        let streak = try reopened.status(now: "2024-01-02 13:00")
        #expect(streak.currentStreak == 2)
        #expect(streak.totalEvents == 2)
        #expect(fixture.store().cachedStreak(userId: "u1", streakKey: "daily")?.currentStreak == 2)
        #expect(fixture.contents("events.jsonl").split(separator: "\n").count == 2)
        #expect(try reopened.events(userId: "u1", streakKey: "daily").count == 2)
    }

    @Test func logLinesArePlainJSONAPersonCanRead() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00", id: "e1", metadata: ["minutes": 30, "note": "a \"quote\"", "pace": 5.0])], now: "2024-01-01 13:00")
        #expect(fixture.contents("events.jsonl") ==
            #"{"id":"e1","date_created":"2024-01-01T17:00:00Z","timezone":"America/New_York","is_freeze":false,"metadata":{"minutes":30,"note":"a \"quote\"","pace":5.0}}"# + "\n")
        let back = try store.events(userId: "u1", streakKey: "daily")
        #expect(back.first?.metadata == ["minutes": 30, "note": "a \"quote\"", "pace": 5.0])
    }

    @Test func appendsByAnotherWriterAreCaughtUp() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        fixture.append(raw: #"{"id":"x","date_created":"2024-01-02T17:00:00Z","timezone":"America/New_York"}"# + "\n", to: "events.jsonl")
        #expect(try store.status(now: "2024-01-02 13:00").currentStreak == 2)
    }

    @Test func duplicateIdsAreStoredOnce() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let first = try store.log([event("2024-01-01 12:00", id: "a"), event("2024-01-02 12:00", id: "b")], now: "2024-01-02 13:00")
        #expect(first.added.count == 2)
        let again = try fixture.store().log([event("2024-01-01 12:00", id: "a"), event("2024-01-02 09:00", id: "c"), event("2024-01-02 09:00", id: "c")], now: "2024-01-02 13:00")
        #expect(again.added.map(\.id) == ["c"])
        #expect(try store.status(now: "2024-01-02 13:00").totalEvents == 3)
    }

    @Test func tornLastLineIsSkippedAndNeverGluedToTheNextAppend() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        fixture.append(raw: #"{"id":"torn","date_created":"2024-01-0"#, to: "events.jsonl")
        let before = fixture.contents("events.jsonl")
        #expect(try fixture.store().status(now: "2024-01-01 14:00").totalEvents == 1)
        #expect(fixture.warnings.contains { $0.contains("incomplete last line") })
        try fixture.store().log([event("2024-01-02 12:00")], now: "2024-01-02 13:00")
        let after = fixture.contents("events.jsonl")
        #expect(after.hasPrefix(before))
        #expect(after.split(separator: "\n").count == 3)
        #expect(try fixture.store().status(now: "2024-01-02 13:00").totalEvents == 2)
    }

    @Test func corruptLineIsReportedWithItsNumberAndTheRestLoads() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        fixture.append(raw: "this is not json\n", to: "events.jsonl")
        fixture.append(raw: #"{"id":"y","date_created":"2024-01-02T17:00:00Z","timezone":"America/New_York"}"# + "\n", to: "events.jsonl")
        try? FileManager.default.removeItem(atPath: fixture.path("snapshot.json"))
        let streak = try fixture.store().status(now: "2024-01-02 13:00")
        #expect(streak.totalEvents == 2)
        #expect(fixture.warnings.contains { $0.hasPrefix("events.jsonl:2: not valid JSON") })
        #expect(fixture.contents("events.jsonl").contains("this is not json"))
    }

    @Test func derivedFilesAreRebuiltWhenMissingOrDamaged() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00"), event("2024-01-02 12:00")], now: "2024-01-02 13:00")
        try "garbage".write(toFile: fixture.path("snapshot.json"), atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: fixture.path("ids.bin"))
        try? FileManager.default.removeItem(atPath: fixture.path("current.json"))
        #expect(try fixture.store().status(now: "2024-01-02 13:00").currentStreak == 2)
        let again = try fixture.store().log([event("2024-01-02 12:30", id: "fresh")], now: "2024-01-02 13:00")
        #expect(again.evaluation.streak.totalEvents == 3)
    }

    @Test func undoRemovesTheLastEventByAppendingARecord() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00", id: "a"), event("2024-01-02 12:00", id: "b")], now: "2024-01-02 13:00")
        let undone = try fixture.store().undoLastEvent(userId: "u1", streakKey: "daily", now: at("2024-01-02 13:00"), timezone: newYork)
        #expect(undone.removed?.id == "b")
        #expect(undone.evaluation.streak.currentStreak == 1)
        #expect(fixture.contents("events.jsonl").contains(#""op":"remove""#))
        #expect(try fixture.store().events(userId: "u1", streakKey: "daily").map(\.id) == ["a"])
        let sinceToday = try store.undoLastEvent(userId: "u1", streakKey: "daily", since: at("2024-01-02 00:00"), now: at("2024-01-02 13:00"), timezone: newYork)
        #expect(sinceToday.removed == nil)
        #expect(try fixture.store().status(now: "2024-01-02 13:00").totalEvents == 1)
    }

    @Test func resetKeepsTheLogButNothingCounts() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00", id: "a")], now: "2024-01-01 13:00")
        try store.resetStreak(userId: "u1", streakKey: "daily", now: at("2024-01-01 14:00"), timezone: newYork)
        #expect(try fixture.store().status(now: "2024-01-01 15:00").status == .noEvents)
        #expect(fixture.contents("events.jsonl").contains(#""id":"a""#))
        let again = try fixture.store().log([event("2024-01-01 12:00", id: "a")], now: "2024-01-01 15:00")
        #expect(again.added.count == 1)
    }

    @Test func autoConsumedFreezeIsRecordedOnce() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.addFreezes([StreakFreeze(id: "f1", dateEarned: at("2023-12-01 00:00"))], userId: "u1", streakKey: "daily", now: at("2024-01-01 09:00"), timezone: newYork)
        try store.log([event("2024-01-01 12:00"), event("2024-01-02 12:00")], now: "2024-01-02 13:00")
        for _ in 0..<3 {
            let streak = try fixture.store().recalculate(userId: "u1", streakKey: "daily", now: at("2024-01-04 09:00"), timezone: newYork).streak
            #expect(streak.currentStreak == 2)
            #expect(streak.freezesAvailableCount == 0)
        }
        let events = try store.events(userId: "u1", streakKey: "daily")
        #expect(events.filter(\.isFreeze).count == 1)
        #expect(try store.freezes(userId: "u1", streakKey: "daily").first?.isUsed == true)
        #expect(fixture.contents("freezes.jsonl").split(separator: "\n").count == 2)
    }

    @Test func manualFreezesAreUsedAllOrNothing() throws {
        let fixture = StoreFixture()
        let store = try fixture.create(StreakConfiguration(streakKey: "daily", freezeBehavior: .manuallyConsumeFreezes))
        try store.log([event("2024-01-01 12:00"), event("2024-01-02 12:00")], now: "2024-01-02 13:00")
        try store.addFreezes([StreakFreeze(id: "f1", dateEarned: at("2023-12-01 00:00"))], userId: "u1", streakKey: "daily", now: at("2024-01-02 13:00"), timezone: newYork)
        #expect(throws: StreakRuleError.notEnoughFreezes(needed: 2, available: 1)) {
            try store.useFreezesManually(userId: "u1", streakKey: "daily", now: at("2024-01-05 09:00"), timezone: newYork)
        }
        let used = try store.useFreezesManually(userId: "u1", streakKey: "daily", now: at("2024-01-04 09:00"), timezone: newYork)
        #expect(used.used.count == 1)
        #expect(used.evaluation.streak.currentStreak == 2)
        #expect(throws: StreakRuleError.freezeAlreadyUsed("f1")) {
            try store.useFreeze(id: "f1", userId: "u1", streakKey: "daily", now: at("2024-01-04 09:00"), timezone: newYork)
        }
    }

    @Test func goalChangeAppliesFromToday() throws {
        let fixture = StoreFixture()
        let store = try fixture.create(StreakConfiguration(streakKey: "daily"))
        try store.log([event("2024-01-01 12:00"), event("2024-01-02 12:00"), event("2024-01-03 09:00")], now: "2024-01-03 10:00")
        let changed = try store.updateConfiguration(userId: "u1", streakKey: "daily", goal: 2, now: at("2024-01-03 11:00"), timezone: newYork)
        #expect(changed.streak.currentStreak == 2)
        #expect(changed.streak.eventsRequiredPerDay == 2)
        #expect(changed.day(CalendarDay(year: 2024, month: 1, day: 2)).goal == 1)
        #expect(try store.settings(userId: "u1", streakKey: "daily").goalHistory.count == 2)
    }

    @Test func leewayChangeRebuildsTheHistory() throws {
        let fixture = StoreFixture()
        let store = try fixture.create(StreakConfiguration(streakKey: "daily"))
        try store.log([event("2024-01-01 12:00"), event("2024-01-03 02:00")], now: "2024-01-03 10:00")
        #expect(try store.status(now: "2024-01-03 10:00").currentStreak == 1)
        let changed = try store.updateConfiguration(userId: "u1", streakKey: "daily", leewayHours: 3, now: at("2024-01-03 10:00"), timezone: newYork)
        #expect(changed.streak.currentStreak == 2)
        #expect(try fixture.store().status(now: "2024-01-03 10:00").currentStreak == 2)
    }

    @Test func badInputChangesNothing() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        let before = fixture.contents("events.jsonl")
        #expect(throws: StreakRuleError.self) { try store.log([event("2024-01-01 12:30"), event("2024-01-09 12:00")], now: "2024-01-01 13:00") }
        #expect(throws: StreakRuleError.invalidTimeZone("Mars/Base")) {
            try store.log([StreakEvent(dateCreated: at("2024-01-01 12:00"), timezone: "Mars/Base")], now: "2024-01-01 13:00")
        }
        #expect(throws: StreakStoreError.self) { try store.log([event("2024-01-01 12:30")], now: "2024-01-01 13:00", key: "nope") }
        #expect(throws: StreakStoreError.invalidUserId("../etc")) {
            try store.addEvents([], userId: "../etc", streakKey: "daily", now: at("2024-01-01 13:00"), timezone: newYork)
        }
        #expect(throws: StreakStoreError.streakExists("daily")) { try fixture.create() }
        #expect(fixture.contents("events.jsonl") == before)
    }

    @Test func severalUsersAndStreaksStaySeparate() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "reading"), now: at("2024-01-01 08:00"), timezone: newYork)
        try store.createStreak(userId: "u2", configuration: StreakConfiguration(streakKey: "daily"), now: at("2024-01-01 08:00"), timezone: newYork)
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00", key: "reading")
        #expect(try store.streakKeys(userId: "u1") == ["daily", "reading"])
        #expect(try store.status(now: "2024-01-01 13:00").totalEvents == 0)
        #expect(try store.status(now: "2024-01-01 13:00", key: "reading").totalEvents == 1)
        #expect(try store.evaluate(userId: "u2", streakKey: "daily", now: at("2024-01-01 13:00"), timezone: newYork).streak.totalEvents == 0)
    }

    @Test func unwritableLocationGivesAClearError() throws {
        let fixture = StoreFixture()
        try "a file".write(toFile: fixture.root, atomically: true, encoding: .utf8)
        let error = #expect(throws: FileStoreError.self) { try fixture.create() }
        #expect(error?.localizedDescription.contains(fixture.root) == true)
        try? FileManager.default.removeItem(atPath: fixture.root)
    }

    @Test func aDaysEventsByTheirOwnZonesWithoutRemovedOnes() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        try store.log([
            event("2024-01-02 08:00", id: "a"), event("2024-01-02 23:30", id: "b"), event("2024-01-03 00:10", id: "c"),
            StreakEvent(id: "t", dateCreated: at("2024-01-02 09:00", tokyo), timezone: "Asia/Tokyo"),  // 01-01 19:00 in New York
        ], now: "2024-01-03 12:00")
        _ = try store.undoLastEvent(userId: "u1", streakKey: "daily", now: at("2024-01-03 12:00"), timezone: newYork)  // removes t
        let day = CalendarDay(year: 2024, month: 1, day: 2)
        #expect(try store.events(userId: "u1", streakKey: "daily", on: day, timezone: newYork).map(\.id) == ["a", "b"])
        try store.log([StreakEvent(id: "t2", dateCreated: at("2024-01-02 09:00", tokyo), timezone: "Asia/Tokyo")], now: "2024-01-03 12:00")
        #expect(try store.events(userId: "u1", streakKey: "daily", on: day, timezone: newYork).map(\.id) == ["t2", "a", "b"])
        try store.resetStreak(userId: "u1", streakKey: "daily", now: at("2024-01-03 12:00"), timezone: newYork)
        #expect(try store.events(userId: "u1", streakKey: "daily", on: day, timezone: newYork).isEmpty)
    }

    @Test func pinnedClockBeforeSomeEventsLeavesThemOut() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00"), event("2024-01-05 12:00")], now: "2024-01-05 13:00")
        let earlier = try store.status(now: "2024-01-02 09:00")
        #expect(earlier.totalEvents == 1)
        #expect(earlier.status == .atRisk)
    }
}
