import Foundation
@testable import StreakStoreKit
import Testing
import TestSupport
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// Experience points and progress in the file store: exactly once, never lower, whole lines
/// only, and live to every watcher whoever writes.
struct PointsLedgerTests {
    private func xp(_ id: String, _ points: Int, at text: String = "2024-01-02 09:00") -> ExperiencePointsEvent {
        ExperiencePointsEvent(id: id, dateCreated: at(text), points: points, metadata: ["source": "test"], timezone: "America/New_York")
    }

    private func ledger(_ fixture: StoreFixture, _ kind: String, _ key: String) -> String {
        fixture.root + "/users/u1/\(kind)/\(key).jsonl"
    }

    @Test func eventsReadBackAsWrittenAndAnIdIsStoredOnce() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        let first = xp("a", 10)
        #expect(try store.addExperienceEvents([first, xp("b", -3)], userId: "u1", experienceKey: "main").count == 2)
        #expect(try store.addExperienceEvents([xp("a", 99), xp("c", 5)], userId: "u1", experienceKey: "main").map(\.id) == ["c"])
        let events = try store.experienceEvents(userId: "u1", experienceKey: "main")
        #expect(events.map(\.points) == [10, -3, 5])
        #expect(events.first == first)
        try store.deleteAllExperienceEvents(userId: "u1", experienceKey: "main", now: at("2024-01-03 09:00"))
        #expect(try store.experienceEvents(userId: "u1", experienceKey: "main").isEmpty)
        #expect(try store.addExperienceEvents([xp("a", 1)], userId: "u1", experienceKey: "main").count == 1, "a new era after the clear")
        #expect(try store.experienceEvents(userId: "u1", experienceKey: "other").isEmpty)
        #expect(try store.ledgerKeys("experience", userId: "u1") == ["main"])
        #expect(try store.ledgerKeys("progress", userId: "u1").isEmpty)
    }

    @Test func badInputIsRefusedBeforeAnythingIsWritten() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        #expect(throws: StreakStoreError.invalidLedgerKey("../x")) { try store.experienceEvents(userId: "u1", experienceKey: "../x") }
        let badZone = ExperiencePointsEvent(id: "z", dateCreated: at("2024-01-02 09:00"), points: 1, timezone: "Mars/Base")
        #expect(throws: (any Error).self) { try store.addExperienceEvents([xp("ok", 1), badZone], userId: "u1", experienceKey: "main") }
        #expect(throws: ProgressError.invalidValue) { try store.saveProgress(.mock(id: "a", value: 1.5), userId: "u1") }
        let notANumber = ExperiencePointsEvent(id: "n", dateCreated: at("2024-01-02 09:00"), points: 1, metadata: ["x": .double(.nan)], timezone: "UTC")
        #expect(throws: (any Error).self) { try store.addExperienceEvents([notANumber], userId: "u1", experienceKey: "main") }
        let huge = ExperiencePointsEvent(id: "h", dateCreated: at("2024-01-02 09:00"), points: Int.max, timezone: "UTC")
        #expect(throws: (any Error).self) { try store.addExperienceEvents([huge], userId: "u1", experienceKey: "main") }
        #expect(!FileManager.default.fileExists(atPath: ledger(fixture, "experience", "main")))
        #expect(!FileManager.default.fileExists(atPath: ledger(fixture, "progress", "default")))
    }

    @Test func concurrentWritersLoseNoEventAndStoreNoneTwice() throws {
        let fixture = StoreFixture()
        let jobs: [@Sendable (FileStreakStore) -> Void] = (0..<4).map { writer in
            { store in
                for index in 0..<25 {
                    // Every writer also tries the shared ids: each must land once.
                    _ = try? store.addExperienceEvents(
                        [ExperiencePointsEvent(id: "w\(writer)-\(index)", dateCreated: at("2024-01-02 09:00"), points: 1, timezone: "UTC"),
                         ExperiencePointsEvent(id: "shared-\(index)", dateCreated: at("2024-01-02 09:00"), points: 100, timezone: "UTC")],
                        userId: "u1", experienceKey: "main"
                    )
                }
            }
        }
        fixture.concurrently(jobs)
        let events = try fixture.store().experienceEvents(userId: "u1", experienceKey: "main")
        #expect(events.count == 125)
        #expect(Set(events.map(\.id)).count == 125)
        #expect(events.reduce(0) { $0 + $1.points } == 100 + 2_500)
    }

    @Test func progressNeverDecreasesUnderConcurrentWriters() throws {
        let fixture = StoreFixture()
        // Four writers race rising and falling values for the same items.
        let jobs: [@Sendable (FileStreakStore) -> Void] = (0..<4).map { writer in
            { store in
                for step in 0..<30 {
                    let value = Double((step * 7 + writer * 13) % 31) / 30
                    _ = try? store.saveProgress(ProgressItem(id: "Item \(step % 3)", progressKey: "default", value: value), userId: "u1")
                }
            }
        }
        fixture.concurrently(jobs)
        var highest: [String: Double] = [:]
        for writer in 0..<4 {
            for step in 0..<30 {
                let value = Double((step * 7 + writer * 13) % 31) / 30
                highest["item_\(step % 3)", default: 0] = max(highest["item_\(step % 3)", default: 0], value)
            }
        }
        let items = try fixture.store().progressItems(userId: "u1", progressKey: "default")
        #expect(Dictionary(uniqueKeysWithValues: items.map { ($0.sanitizedId, $0.value) }) == highest)
        // A lower value now changes nothing and says what is kept.
        let kept = try fixture.store().saveProgress(ProgressItem(id: "Item 0", progressKey: "default", value: 0), userId: "u1")
        #expect(kept.value == highest["item_0"])
    }

    @Test func settingsChangedByConcurrentWritersKeepEveryChange() throws {
        let fixture = StoreFixture()
        // Four writers, each giving its own streaks their points per day, one of them also
        // turning points on: read, changed and written whole, a change could be lost.
        let jobs: [@Sendable (FileStreakStore) -> Void] = (0..<4).map { writer in
            { store in
                for index in 0..<15 {
                    var changes: [StreakPointsSettings.Change] = [.streakPointsPerDay(streakKey: "s\(writer)-\(index)", points: writer * 100 + index)]
                    if writer == 0, index == 7 { changes.append(.turnOn(since: CalendarDay(year: 2024, month: 1, day: 2))) }
                    _ = try? store.updatePointsSettings(changes, userId: "u1")
                }
            }
        }
        fixture.concurrently(jobs)
        let settings = try fixture.store().pointsSettings(userId: "u1")
        #expect(settings.pointsPerDayByStreak.count == 60)
        #expect(settings.pointsPerDayByStreak["s3-14"] == 314)
        #expect(settings.isOn && settings.earningSince == CalendarDay(year: 2024, month: 1, day: 2))
        // Applied twice, a change changes nothing more; a rename carries the streak's own.
        let store = fixture.store()
        let moved = try store.updatePointsSettings([.moveStreak(from: "s1-1", to: "renamed"), .moveStreak(from: "s1-1", to: "renamed")], userId: "u1")
        #expect(moved.after.pointsPerDayByStreak["renamed"] == 101 && moved.after.pointsPerDayByStreak["s1-1"] == nil)
        #expect(try store.updatePointsSettings([.turnOn(since: CalendarDay(year: 2025, month: 1, day: 1))], userId: "u1").after.earningSince
            == CalendarDay(year: 2024, month: 1, day: 2))
    }

    @Test func theFastReadingOfEarnedLinesGivesWhatTheDecoderGives() throws {
        let metadata: [[String: GamificationDictionaryValue]] = [
            [:], ["streak": "run", "kind": "day"], ["n": .int(-3), "ok": .bool(true), "share": .double(0.1), "big": .double(1e300)],
            ["quote \"and\\ \u{1F600} ü\n": .string("line\nbreak \u{7}")], ["f": .float(0.25)], ["g": .cgFloat(1.5)], ["whole": .double(2)],
        ]
        var checked = 0
        for (index, values) in metadata.enumerated() {
            for zone in ["Europe/Paris", nil] as [String?] {
                let event = ExperiencePointsEvent(
                    id: "id-\(index) \"x\"", dateCreated: Date(timeIntervalSince1970: 1_700_000_000.123456), points: index * 7 - 20, metadata: values,
                    timezone: zone
                )
                let line = Array(try PointsLedgerLine.earned(event).line().utf8)
                let decoded = try PointsLedgerLine.decoder.decode(PointsLedgerLine.self, from: line)
                guard case .earned(let expected) = decoded else { Issue.record("not earned"); continue }
                #expect(expected == event)
                if case .earned(let fast)? = PointsLedgerFastPath.earned(line[...]) {
                    #expect(fast == expected, "\(String(decoding: line, as: UTF8.self))")
                    checked += 1
                }
            }
        }
        #expect(checked == 10, "float and cgFloat metadata are left to the decoder; the rest is read fast")
        // Other kinds and hand-written forms go to the decoder.
        #expect(PointsLedgerFastPath.earned(Array(#"{"kind":"cleared","date":"2024-01-01T00:00:00Z"}"#.utf8)[...]) == nil)
        #expect(PointsLedgerFastPath.earned(Array(#"{"kind":"earned","event":{"id":"a","date_created":"2024-01-01T00:00:00Z","points":1,"metadata":{"x":3}}}"#.utf8)[...]) == nil)
    }

    @Test func aCutLastLineIsSkippedWithAWarningAndTheNextWriteStartsAFreshLine() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        try store.addExperienceEvents([xp("a", 10)], userId: "u1", experienceKey: "main")
        let path = ledger(fixture, "experience", "main")
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(#"{"kind":"earned","event":{"id":"torn","po"#.utf8))
        handle.closeFile()
        #expect(try fixture.store().experienceEvents(userId: "u1", experienceKey: "main").map(\.id) == ["a"])
        #expect(fixture.warnings.contains { $0.contains("unfinished last line") })
        try store.addExperienceEvents([xp("b", 1)], userId: "u1", experienceKey: "main")
        #expect(try store.experienceEvents(userId: "u1", experienceKey: "main").map(\.id) == ["a", "b"])
    }

    @Test func aFailedAppendLeavesTheLedgerByteForByte() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        try store.saveProgress(.mock(id: "a", value: 0.5), userId: "u1")
        let path = ledger(fixture, "progress", "default")
        let before = FileManager.default.contents(atPath: path)
        // A second name for the ledger: the store refuses to append through it.
        try FileManager.default.linkItem(atPath: path, toPath: path + ".link")
        #expect(throws: (any Error).self) { try store.saveProgress(.mock(id: "a", value: 0.9), userId: "u1") }
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(try store.progressItems(userId: "u1", progressKey: "default").map(\.value) == [0.5])
    }

    @Test func aSettingsChangeOnDamagedOrLinkedSettingsIsRefusedAndChangesNothing() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        try store.updatePointsSettings([.pointsPerDay(20)], userId: "u1")
        let path = fixture.root + "/users/u1/points.json"
        // Damaged: reported by name, the file left as it was.
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileStoreError.self) { try store.updatePointsSettings([.turnOff], userId: "u1") }
        #expect(FileManager.default.contents(atPath: path) == Data("{not json".utf8))
        // A link to a file elsewhere: refused, and the file it names untouched.
        let outside = fixture.root + "/outside.json"
        try Data(#"{"on":true}"#.utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside)
        #expect(throws: (any Error).self) { try store.updatePointsSettings([.turnOff], userId: "u1") }
        #expect(FileManager.default.contents(atPath: outside) == Data(#"{"on":true}"#.utf8))
    }

    @Test @MainActor func watchersSeeAnotherWritersPointsAndProgress() async throws {
        let fixture = StoreFixture()
        let clock = TestClock(at("2024-01-02 10:00"))
        let service = StoreExperiencePointsService(store: fixture.store().pointsOnOwnThreads, now: { clock.now }, timeZone: { newYork })
        var points = service.streamCurrentExperiencePoints(userId: "u1", experienceKey: "main").makeAsyncIterator()
        #expect(try await next(&points)?.pointsAllTime == 0)
        try fixture.store().addExperienceEvents([xp("a", 40, at: "2024-01-02 09:30")], userId: "u1", experienceKey: "main")
        let update = try await next(&points)
        #expect(update?.pointsToday == 40)

        let progress = StoreProgressService(store: fixture.store().pointsOnOwnThreads)
        let (updates, deletions) = progress.streamProgressUpdates(userId: "u1", progressKey: "default")
        var updateIterator = updates.makeAsyncIterator()
        var deletionIterator = deletions.makeAsyncIterator()
        try fixture.store().saveProgress(.mock(id: "World 1", value: 0.4), userId: "u1")
        #expect(try await next(&updateIterator)?.value == 0.4)
        try fixture.store().deleteProgress(id: "world_1", userId: "u1", progressKey: "default", now: at("2024-01-02 10:00"))
        #expect(try await next(&deletionIterator) == "world_1")
    }

    @Test @MainActor func managersRunOnTheFileStore() async throws {
        let fixture = StoreFixture()
        let clock = TestClock(at("2024-01-02 10:00"))
        let xpManager = ExperiencePointsManager(
            services: ExperiencePointsStoreServices(remote: StoreExperiencePointsService(store: fixture.store().pointsOnOwnThreads, now: { clock.now }, timeZone: { newYork }),
                                                    local: MockLocalExperiencePointsPersistence()),
            configuration: .mock(), now: { clock.now }, timeZone: { newYork }
        )
        try await xpManager.logIn(userId: "u1")
        try await xpManager.addExperiencePoints(points: 15)
        #expect(xpManager.currentExperiencePointsData.pointsToday == 15)
        // Another process earns: the manager hears it.
        try fixture.store().addExperienceEvents([xp("other", 5, at: "2024-01-02 09:59")], userId: "u1", experienceKey: "main")
        #expect(await eventually { xpManager.currentExperiencePointsData.pointsToday == 20 })

        let progressManager = ProgressManager(
            services: ProgressStoreServices(remote: StoreProgressService(store: fixture.store().pointsOnOwnThreads), local: MockLocalProgressPersistence()),
            configuration: .mock()
        )
        try await progressManager.logIn(userId: "u1")
        try await progressManager.addProgress(id: "a", value: 0.3)
        try fixture.store().saveProgress(.mock(id: "a", value: 0.8), userId: "u1")
        #expect(await eventually { progressManager.getProgress(id: "a") == 0.8 })
        try await progressManager.addProgress(id: "a", value: 0.5)
        #expect(try fixture.store().progressItems(userId: "u1", progressKey: "default").map(\.value) == [0.8])
    }
}
