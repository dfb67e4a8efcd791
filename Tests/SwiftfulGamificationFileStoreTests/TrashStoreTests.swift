import Foundation
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// Delete with a way back: the key is free at once, the trash keeps the streak whole for 30
/// days (pinned clocks), a restore takes the key it had or another, and two processes
/// deleting and restoring at once leave every streak in exactly one place.
struct TrashStoreTests {
    func keys(_ store: FileStreakStore) throws -> [String] { try store.streakKeys(userId: "u1", includingArchived: true) }

    @Test func aDeletedStreaksKeyIsFreeAtOnceAndItComesBackWholeUnderAnotherKey() throws {
        let fixture = StoreFixture()
        let store = try fixture.create(StreakConfiguration(streakKey: "daily").titled("Morning pages"))
        try store.log((1...5).map { event("2024-01-0\($0) 12:00", id: "e\($0)") }, now: "2024-01-05 18:00")
        try store.addSkips([CalendarDay(year: 2024, month: 1, day: 6)], userId: "u1", streakKey: "daily", now: at("2024-01-05 18:00"), timezone: newYork)

        let trashed = try store.deleteStreak(userId: "u1", streakKey: "daily", now: at("2024-01-05 19:00"), timezone: newYork)
        #expect(trashed.streakKey == "daily" && trashed.title == "Morning pages" && trashed.eventCount == 5)
        #expect(trashed.dateExpires == at("2024-02-04 19:00"))
        #expect(try keys(store).isEmpty)
        #expect(throws: StreakStoreError.self) { try store.status(now: "2024-01-05 19:00") }

        // The key is free: a new streak takes it while the old one waits.
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "daily"), now: at("2024-01-05 20:00"), timezone: newYork)
        #expect(throws: StreakStoreError.restoreKeyTaken("daily")) {
            try store.restoreStreak(userId: "u1", streakKey: "daily", now: at("2024-01-05 21:00"), timezone: newYork)
        }
        let restored = try store.restoreStreak(userId: "u1", streakKey: "daily", as: "pages", now: at("2024-01-05 21:00"), timezone: newYork)
        #expect(restored.streak.currentStreak == 5)
        #expect(restored.configuration.streakKey == "pages" && restored.configuration.title == "Morning pages")
        #expect(try store.events(userId: "u1", streakKey: "pages").map(\.id) == (1...5).map { "e\($0)" })
        #expect(try store.skips(userId: "u1", streakKey: "pages") == [CalendarDay(year: 2024, month: 1, day: 6)])
        #expect(try keys(store) == ["daily", "pages"])
        #expect(try store.trashedStreaks(userId: "u1", now: at("2024-01-05 21:00")).isEmpty)
        // Another process reads the restored streak the same.
        #expect(try fixture.store().status(now: "2024-01-05 21:00", key: "pages").currentStreak == 5)
    }

    @Test func aRestoreOfAKeyTheTrashLacksNamesWhatItHolds() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "run"), now: at("2024-01-01 08:00"), timezone: newYork)
        try store.deleteStreak(userId: "u1", streakKey: "run", now: at("2024-01-02 08:00"), timezone: newYork)
        #expect(throws: StreakStoreError.notInTrash("walk", inTrash: ["run"])) {
            try store.restoreStreak(userId: "u1", streakKey: "walk", now: at("2024-01-02 09:00"), timezone: newYork)
        }
        #expect(throws: StreakStoreError.self) { try store.deleteStreak(userId: "u1", streakKey: "walk", now: at("2024-01-02 09:00"), timezone: newYork) }
    }

    @Test func theSameKeyDeletedTwiceKeepsBothAndTheLatestComesBackFirst() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        // Pinned to the same instant both times: the second takes the next microsecond.
        try store.deleteStreak(userId: "u1", streakKey: "daily", now: at("2024-01-02 08:00"), timezone: newYork)
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "daily"), now: at("2024-01-02 08:00"), timezone: newYork)
        try store.deleteStreak(userId: "u1", streakKey: "daily", now: at("2024-01-02 08:00"), timezone: newYork)
        let trashed = try store.trashedStreaks(userId: "u1", now: at("2024-01-02 09:00"))
        #expect(trashed.map(\.eventCount) == [0, 1])
        let restored = try store.restoreStreak(userId: "u1", streakKey: "daily", now: at("2024-01-02 09:00"), timezone: newYork)
        #expect(restored.streak.totalEvents == 0)
        #expect(try store.trashedStreaks(userId: "u1", now: at("2024-01-02 09:00")).map(\.eventCount) == [1])
    }

    @Test func theFirstWriteThirtyDaysOnEmptiesTheTrashAndNothingElseDoes() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "old"), now: at("2024-01-01 08:00"), timezone: newYork)
        try store.deleteStreak(userId: "u1", streakKey: "old", now: at("2024-01-02 08:00"), timezone: newYork)
        let trash = fixture.root + "/users/u1/trash"
        // A day short of 30: kept, by writes and reads alike.
        try store.log([event("2024-01-31 12:00")], now: "2024-01-31 12:00")
        #expect(try store.trashedStreaks(userId: "u1", now: at("2024-01-31 12:00")).count == 1)
        // Expired: no longer listed or restorable, and still on disk until a write.
        #expect(try store.trashedStreaks(userId: "u1", now: at("2024-02-01 08:00")).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash).count == 1)
        _ = try store.status(now: "2024-02-05 08:00")
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash).count == 1)
        try store.log([event("2024-02-05 12:00")], now: "2024-02-05 12:00")
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash).isEmpty)
        #expect(try keys(store) == ["daily"])
    }

    @Test func anExpiryKilledHalfWayLeavesNothingListedAndTheNextWriteFinishesIt() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let trash = fixture.root + "/users/u1/trash"
        try FileManager.default.createDirectory(atPath: trash + "/.expired-1000-gone/events.jsonl-fragment", withIntermediateDirectories: true)
        #expect(try store.trashedStreaks(userId: "u1", now: at("2024-01-02 08:00")).isEmpty)
        try store.log([event("2024-01-02 12:00")], now: "2024-01-02 12:00")
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash).isEmpty)
    }

    @Test func aTrashedStreakCopiesWholeIntoAnotherStoresTrashOnce() throws {
        let fixture = StoreFixture(), other = StoreFixture()
        let store = try fixture.create(StreakConfiguration(streakKey: "daily").titled("Pages"))
        try store.log((1...3).map { event("2024-01-0\($0) 12:00", id: "e\($0)") }, now: "2024-01-03 18:00")
        try store.setNote("tired", on: CalendarDay(year: 2024, month: 1, day: 2), userId: "u1", streakKey: "daily", now: at("2024-01-03 18:00"), timezone: newYork)
        let trashed = try store.deleteStreak(userId: "u1", streakKey: "daily", now: at("2024-01-04 08:00"), timezone: newYork)
        let (batch, archived) = try store.trashedStreak(userId: "u1", streakKey: "daily", dateDeleted: trashed.dateDeleted)
        #expect(batch.events.map(\.id) == ["e1", "e2", "e3"] && batch.notes.map(\.text) == ["tired"] && !archived)
        #expect(throws: StreakStoreError.self) { try store.trashedStreak(userId: "u1", streakKey: "daily", dateDeleted: at("2024-01-04 09:00")) }

        let target = other.store()
        for _ in 0..<2 {
            try target.importTrashed(batch, archived: archived, userId: "u1", streakKey: "daily", dateDeleted: trashed.dateDeleted,
                                     now: at("2024-01-05 08:00"), timezone: newYork)
        }
        #expect(try target.trashedStreaks(userId: "u1", now: at("2024-01-05 08:00")) == [trashed])
        #expect(try target.streakKeys(userId: "u1", includingArchived: true).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.root + "/users/u1/trash").count == 1)
        let restored = try target.restoreStreak(userId: "u1", streakKey: "daily", now: at("2024-01-05 08:00"), timezone: newYork)
        #expect(restored.configuration.title == "Pages" && restored.streak.totalEvents == 3 && restored.notes.map(\.text) == ["tired"])
    }

    @Test func deletesRestoresAndLogsFromManyProcessesLeaveEveryStreakInOnePlace() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let names = (0..<6).map { "s\($0)" }
        for name in names {
            try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: name), now: at("2024-01-01 08:00"), timezone: newYork)
        }
        let group = DispatchGroup()
        for (index, name) in names.enumerated() {
            let other = fixture.store()
            group.enter()
            Thread.detachNewThread {
                for round in 0..<10 {
                    let now = at("2024-01-02 08:00").addingTimeInterval(Double(round * 60 + index))
                    _ = try? other.addEvents([event("2024-01-02 07:00", id: "\(name)-\(round)")], userId: "u1", streakKey: "daily", now: now, timezone: newYork)
                    _ = try? other.deleteStreak(userId: "u1", streakKey: name, now: now, timezone: newYork)
                    _ = try? other.restoreStreak(userId: "u1", streakKey: name, now: now, timezone: newYork)
                }
                group.leave()
            }
        }
        group.wait()
        #expect(try keys(store) == ["daily"] + names)
        #expect(try store.trashedStreaks(userId: "u1", now: at("2024-01-02 09:00")).isEmpty)
        #expect(try store.events(userId: "u1", streakKey: "daily").count == 60)
    }
}
