import Foundation
import GamificationSupport
import Testing
import TestSupport
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// Settling a streak reads only that streak's earnings from the streaks ledger: whatever the
/// ledger holds (keys inside other keys, escaped ids, clears, damage, other writers' lines),
/// the filtered read is the whole read filtered, and an id already recorded is never added again.
struct StreakEarningsTests {
    private let keys = ["s3", "s30", "run", "xs3x", "cleared"]

    private func ledgerPath(_ fixture: StoreFixture) -> String {
        fixture.root + "/users/u1/experience/streaks.jsonl"
    }

    private func earning(_ key: String, _ day: Int, repeat count: Int = 1, points: Int = 10) -> ExperiencePointsEvent {
        let base = "day.\(key).2024-01-\(String(format: "%02d", day))"
        return ExperiencePointsEvent(
            id: count == 1 ? base : "\(base)#\(count)", dateCreated: at("2024-01-\(String(format: "%02d", day)) 12:00"), points: points,
            metadata: ["streak": .string(key), "kind": "day"], timezone: "Europe/Berlin"
        )
    }

    /// A line another writer could have left: the id with every character escaped.
    private func escapedLine(_ event: ExperiencePointsEvent) -> String {
        let id = event.id.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
        return "{\"event\":{\"date_created\":\"\(ISODate.format(event.dateCreated))\",\"id\":\"\(id)\",\"metadata\":{},\"points\":\(event.points),\"timezone\":\"UTC\"},\"kind\":\"earned\"}\n"
    }

    private func append(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
        }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    private func whole(_ store: FileStreakStore, _ only: Set<String>) throws -> [ExperiencePointsEvent] {
        try store.experienceEvents(userId: "u1", experienceKey: StreakPoints.experienceKey).filter {
            StreakPoints.earningStreakKey(of: $0.id).map(only.contains) ?? false
        }
    }

    @Test func theFilteredReadIsTheWholeReadFilteredWhateverTheLedgerHolds() throws {
        var random = SeededGenerator(seed: 50)
        for round in 0..<12 {
            let fixture = StoreFixture()
            let writer = fixture.store(), reader = fixture.store()
            for step in 0..<40 {
                let key = keys.randomElement(using: &random)!
                let event = earning(key, Int.random(in: 1...28, using: &random), repeat: Int.random(in: 1...2, using: &random))
                switch Int.random(in: 0..<10, using: &random) {
                case 0: try append(escapedLine(event), to: ledgerPath(fixture))
                case 1: try append("{\"event\": {\"id\": \"day.s3.broken\n", to: ledgerPath(fixture))  // damaged
                case 2 where round % 3 == 0: try writer.deleteAllExperienceEvents(userId: "u1", experienceKey: StreakPoints.experienceKey, now: at("2024-02-01 09:00"))
                case 3: try writer.addExperienceEvents(
                    [ExperiencePointsEvent(id: "quiz-\(step)", dateCreated: at("2024-01-05 09:00"), points: 3, timezone: "UTC")],
                    userId: "u1", experienceKey: StreakPoints.experienceKey
                )
                default: try writer.addStreakEarnings([event], userId: "u1", streakKeys: [key])
                }
                // Asked by a store object that read before (its cache folds only what is new)
                // and by a new one, for one key and for several.
                let only: Set<String> = Bool.random(using: &random) ? [key] : Set(keys.filter { _ in Bool.random(using: &random) })
                let expected = try whole(fixture.store(), only)
                #expect(try reader.streakEarnings(userId: "u1", streakKeys: only) == expected, "round \(round) step \(step) \(only)")
                #expect(try fixture.store().streakEarnings(userId: "u1", streakKeys: only) == expected)
            }
        }
    }

    @Test func anEarningRecordedInAnyFormIsNotAddedAgain() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        try store.addExperienceEvents([earning("s30", 1)], userId: "u1", experienceKey: StreakPoints.experienceKey)
        try append(escapedLine(earning("s3", 2)), to: ledgerPath(fixture))
        let added = try store.addStreakEarnings([earning("s3", 1), earning("s3", 2), earning("s30", 1)], userId: "u1", streakKeys: ["s3"])
        #expect(added.map(\.id) == ["day.s3.2024-01-01"], "the escaped s3 line holds day 2; s30's id is another streak's, checked against the whole ledger")
        #expect(try store.addStreakEarnings([earning("s3", 1)], userId: "u1", streakKeys: ["s3"]).isEmpty)
        #expect(try fixture.store().streakEarnings(userId: "u1", streakKeys: ["s3"]).map(\.id) == ["day.s3.2024-01-02", "day.s3.2024-01-01"])
        #expect(try store.experienceEvents(userId: "u1", experienceKey: StreakPoints.experienceKey).map(\.id) == ["day.s30.2024-01-01", "day.s3.2024-01-02", "day.s3.2024-01-01"])
    }

    @Test func aDamagedLineIsNamedByItsNumberAmongAllTheLines() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        try store.addStreakEarnings([earning("run", 1), earning("run", 2), earning("run", 3)], userId: "u1", streakKeys: ["run"])
        try append("{\"event\": {\"id\": \"day.s3.broken\n", to: ledgerPath(fixture))
        try store.addStreakEarnings([earning("s3", 4)], userId: "u1", streakKeys: ["s3"])
        #expect(try fixture.store().streakEarnings(userId: "u1", streakKeys: ["s3"]).map(\.id) == ["day.s3.2024-01-04"])
        #expect(fixture.warnings.contains { $0.hasSuffix("streaks.jsonl:4: a damaged line was skipped") }, "\(fixture.warnings)")
    }

    @Test func aClearEmptiesEveryStreaksEarnings() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        try store.addStreakEarnings([earning("run", 1), earning("run", 2)], userId: "u1", streakKeys: ["run"])
        #expect(try store.streakEarnings(userId: "u1", streakKeys: ["run"]).count == 2)
        try fixture.store().deleteAllExperienceEvents(userId: "u1", experienceKey: StreakPoints.experienceKey, now: at("2024-02-01 09:00"))
        #expect(try store.streakEarnings(userId: "u1", streakKeys: ["run"]).isEmpty)
        #expect(try store.addStreakEarnings([earning("run", 1)], userId: "u1", streakKeys: ["run"]).count == 1, "a new era after the clear")
    }
}
