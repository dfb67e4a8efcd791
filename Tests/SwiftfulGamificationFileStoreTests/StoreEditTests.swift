import Foundation
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// Removing events and freezes, archiving and renaming: each a record or a rename under the
/// lock, never a rewritten line, and nothing lost while other writers write.
struct StoreEditTests {
    private func bytes(_ fixture: StoreFixture, _ file: String, key: String = "daily") -> Data {
        FileManager.default.contents(atPath: fixture.path(file, key: key)) ?? Data()
    }

    @Test func removalsArchivingAndFreezeRemovalsLoseNothingWhileOthersLog() throws {
        let fixture = StoreFixture()
        let store = try fixture.create(StreakConfiguration(streakKey: "daily", freezeBehavior: .manuallyConsumeFreezes))
        let past = (0..<20).map { event("2024-01-\(String(format: "%02d", $0 + 1)) 12:00", id: "past-\($0)") }
        try store.log(past, now: "2024-01-25 08:00")
        let freezes = (0..<8).map { StreakFreeze(id: "gift-\($0)", dateEarned: at("2024-01-02 08:00")) }
        try store.addFreezes(freezes, userId: "u1", streakKey: "daily", now: at("2024-01-25 08:00"), timezone: newYork)
        let logBefore = bytes(fixture, "events.jsonl")
        let ledgerBefore = bytes(fixture, "freezes.jsonl")
        let now = at("2024-01-25 09:00")

        var jobs: [@Sendable (FileStreakStore) -> Void] = (0..<4).map { writer in
            { store in
                for index in 0..<25 {
                    _ = try? store.addEvents([event("2024-01-25 08:30", id: "w\(writer)-\(index)")], userId: "u1", streakKey: "daily", now: now, timezone: newYork)
                }
            }
        }
        jobs.append { store in
            for index in stride(from: 0, to: 20, by: 2) {
                _ = try? store.removeEvent(id: "past-\(index)", userId: "u1", streakKey: "daily", now: now, timezone: newYork)
            }
        }
        jobs.append { store in
            for index in 0..<4 { _ = try? store.removeFreeze(id: "gift-\(index)", userId: "u1", streakKey: "daily", now: now, timezone: newYork) }
        }
        jobs.append { store in
            for round in 0..<7 { _ = try? store.setArchived(round % 2 == 0, userId: "u1", streakKey: "daily", now: now, timezone: newYork) }
        }
        fixture.concurrently(jobs)

        let reader = fixture.store()
        let ids = Set(try reader.events(userId: "u1", streakKey: "daily").map(\.id))
        #expect(ids.count == 20 + 100 - 10)
        #expect(ids.isSuperset(of: (0..<4).flatMap { writer in (0..<25).map { "w\(writer)-\($0)" } }))
        #expect(ids.isDisjoint(with: stride(from: 0, to: 20, by: 2).map { "past-\($0)" }))
        #expect(try reader.freezes(userId: "u1", streakKey: "daily").map(\.id).sorted() == (4..<8).map { "gift-\($0)" })
        #expect(try reader.isArchived(userId: "u1", streakKey: "daily"))
        // Only appended to: what was there is still there, byte for byte.
        #expect(bytes(fixture, "events.jsonl").prefix(logBefore.count) == logBefore)
        #expect(bytes(fixture, "freezes.jsonl").prefix(ledgerBefore.count) == ledgerBefore)
        // And a recount from the log alone agrees.
        try FileManager.default.removeItem(atPath: fixture.path("snapshot.json"))
        #expect(try fixture.store().status(now: "2024-01-25 09:00").totalEvents == 110)
    }

    @Test func archivedStreaksLeaveTheListUntilBroughtBack() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "water"), now: at("2024-01-01 08:00"), timezone: newYork)
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00", key: "water")
        try store.setArchived(true, userId: "u1", streakKey: "water", now: at("2024-01-02 08:00"), timezone: newYork)
        #expect(try fixture.store().streakKeys(userId: "u1") == ["daily"])
        #expect(try fixture.store().streakKeys(userId: "u1", includingArchived: true) == ["daily", "water"])
        // Still there, still named: its events are kept.
        #expect(try fixture.store().status(now: "2024-01-01 13:00", key: "water").totalEvents == 1)
        try store.setArchived(false, userId: "u1", streakKey: "water", now: at("2024-01-02 08:00"), timezone: newYork)
        #expect(try fixture.store().streakKeys(userId: "u1") == ["daily", "water"])
    }

    @Test func renameMovesEverythingAndIsRefusedWhileTheNewKeyExists() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00", id: "a"), event("2024-01-02 12:00", id: "b")], now: "2024-01-02 13:00")
        try store.addFreezes([StreakFreeze(id: "f", dateEarned: at("2024-01-01 08:00"))], userId: "u1", streakKey: "daily", now: at("2024-01-02 13:00"), timezone: newYork)
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "taken"), now: at("2024-01-01 08:00"), timezone: newYork)
        let before = fixture.contents("events.jsonl")
        #expect(throws: StreakStoreError.streakExists("taken")) {
            try store.renameStreak(userId: "u1", from: "daily", to: "taken", now: at("2024-01-02 13:00"), timezone: newYork)
        }
        #expect(fixture.contents("events.jsonl") == before)

        let renamed = try store.renameStreak(userId: "u1", from: "daily", to: "reading", now: at("2024-01-02 13:00"), timezone: newYork)
        #expect(renamed.streak.streakKey == "reading")
        #expect(renamed.streak.currentStreak == 2)
        let reader = fixture.store()
        #expect(try reader.streakKeys(userId: "u1") == ["reading", "taken"])
        #expect(try reader.events(userId: "u1", streakKey: "reading").map(\.id) == ["a", "b"])
        #expect(try reader.freezes(userId: "u1", streakKey: "reading").map(\.id) == ["f"])
        #expect(try reader.settings(userId: "u1", streakKey: "reading").configuration.streakKey == "reading")
        #expect(try String(contentsOfFile: fixture.path("events.jsonl", key: "reading"), encoding: .utf8) == before)
    }

    @Test func renameWhileOthersLogLosesNoAcknowledgedEvent() throws {
        let fixture = StoreFixture()
        try fixture.create()
        let now = at("2024-01-02 13:00")
        let acknowledged = Acknowledged()
        var jobs: [@Sendable (FileStreakStore) -> Void] = (0..<3).map { writer in
            { store in
                for index in 0..<30 {
                    let id = "w\(writer)-\(index)"
                    // Whichever key the streak has at that moment.
                    for key in ["daily", "renamed"] {
                        if (try? store.addEvents([event("2024-01-02 12:00", id: id)], userId: "u1", streakKey: key, now: now, timezone: newYork)) != nil {
                            acknowledged.add(id)
                            break
                        }
                    }
                }
            }
        }
        jobs.append { store in
            Thread.sleep(forTimeInterval: 0.005)
            _ = try? store.renameStreak(userId: "u1", from: "daily", to: "renamed", now: now, timezone: newYork)
        }
        fixture.concurrently(jobs)
        let keys = try fixture.store().streakKeys(userId: "u1")
        #expect(keys.count == 1)
        let stored = Set(try fixture.store().events(userId: "u1", streakKey: keys[0]).map(\.id))
        #expect(stored == acknowledged.ids)
        #expect(stored.count == 90)
    }

    @Test func aFreezeIsTakenBackOnlyWhileUnused() throws {
        let fixture = StoreFixture()
        let store = try fixture.create(StreakConfiguration(streakKey: "daily", freezeBehavior: .manuallyConsumeFreezes))
        try store.log([event("2024-01-01 12:00"), event("2024-01-03 12:00")], now: "2024-01-03 13:00")
        try store.addFreezes(["used", "spare"].map { StreakFreeze(id: $0, dateEarned: at("2024-01-01 08:00")) }, userId: "u1", streakKey: "daily", now: at("2024-01-03 13:00"), timezone: newYork)
        let used = try store.useFreezesManually(userId: "u1", streakKey: "daily", now: at("2024-01-03 13:00"), timezone: newYork)
        #expect(used.used.count == 1)
        let usedId = used.used[0].freezeId
        let ledger = fixture.contents("freezes.jsonl")
        #expect(throws: StreakRuleError.freezeAlreadyUsed(usedId)) {
            try store.removeFreeze(id: usedId, userId: "u1", streakKey: "daily", now: at("2024-01-03 14:00"), timezone: newYork)
        }
        #expect(throws: StreakRuleError.freezeNotFound("nope")) {
            try store.removeFreeze(id: "nope", userId: "u1", streakKey: "daily", now: at("2024-01-03 14:00"), timezone: newYork)
        }
        #expect(fixture.contents("freezes.jsonl") == ledger)
        let spare = usedId == "used" ? "spare" : "used"
        let after = try store.removeFreeze(id: spare, userId: "u1", streakKey: "daily", now: at("2024-01-03 14:00"), timezone: newYork)
        #expect(after.streak.freezesAvailableCount == 0)
        #expect(after.streak.currentStreak == 2)  // bridged, and a frozen day adds 0
        #expect(fixture.contents("freezes.jsonl").hasPrefix(ledger))
        #expect(try fixture.store().freezes(userId: "u1", streakKey: "daily").map(\.id) == [usedId])
    }

    @Test func removingAPastDaysEventIsARecordAndUnknownIdsAreRefused() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00", id: "a"), event("2024-01-02 12:00", id: "b"), event("2024-01-03 12:00", id: "c")], now: "2024-01-03 13:00")
        let log = fixture.contents("events.jsonl")
        let removed = try store.removeEvent(id: "b", userId: "u1", streakKey: "daily", now: at("2024-01-03 14:00"), timezone: newYork)
        #expect(removed.removed.id == "b")
        #expect(removed.evaluation.streak.currentStreak == 1)
        #expect(fixture.contents("events.jsonl").hasPrefix(log))
        #expect(throws: StreakStoreError.unknownEvent("b")) {
            try store.removeEvent(id: "b", userId: "u1", streakKey: "daily", now: at("2024-01-03 14:00"), timezone: newYork)
        }
    }
}

private final class Acknowledged: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var ids: Set<String> = []
    func add(_ id: String) { lock.withLock { _ = ids.insert(id) } }
}
