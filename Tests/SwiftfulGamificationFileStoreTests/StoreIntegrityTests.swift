import Foundation
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// The store's promises under damage: links, directories, FIFOs, edited files, failed writes.
struct StoreIntegrityTests {
    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    // MARK: - Writes are all or nothing

    @Test func undoingAJournalPutsEveryByteBack() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        let log = fixture.path("events.jsonl")
        let config = fixture.path("config.json")
        let (logBefore, configBefore) = (bytes(log), bytes(config))
        let fresh = fixture.path("new.jsonl")

        let journal = WriteJournal()
        _ = try POSIXFile.append(Array("{\"half\":\n".utf8), to: log, journal: journal)
        _ = try POSIXFile.append(Array("more\n".utf8), to: log, journal: journal)
        _ = try POSIXFile.append(Array("x\n".utf8), to: fresh, journal: journal)
        try POSIXFile.writeAtomically(Array("{}".utf8), to: config, journal: journal)
        try POSIXFile.writeAtomically(Array("{ }".utf8), to: config, journal: journal)
        #expect(bytes(log) != logBefore)
        #expect(journal.undo().isEmpty)

        #expect(bytes(log) == logBefore)
        #expect(bytes(config) == configBefore)
        #expect(!FileManager.default.fileExists(atPath: fresh))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.path("")).filter { $0.contains(".prev-") || $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func finishingAJournalKeepsTheChangesAndDropsTheOldVersions() throws {
        let fixture = StoreFixture()
        try fixture.create()
        let journal = WriteJournal()
        try POSIXFile.writeAtomically(Array("{}".utf8), to: fixture.path("config.json"), journal: journal)
        try journal.finish()
        #expect(fixture.contents("config.json") == "{}")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.path("")).allSatisfy { !$0.contains(".prev-") })
    }

    @Test func aFailedWriteOfANewStreakLeavesNoStreakBehind() throws {
        let fixture = StoreFixture()
        let store = fixture.store()
        // A failure inside the write, after config.json and the first line were written.
        #expect(throws: (any Error).self) {
            try store.write(userId: "u1", streakKey: "daily", creating: StreakConfiguration(streakKey: "daily"), now: at("2024-01-01 12:00"), timezone: newYork) { context in
                _ = try context.folder.append([event("2024-01-01 11:00")], to: &context.loaded, journal: context.journal)
                throw FileStoreError.notWritable(path: "test", reason: "injected")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path("config.json")))
        #expect(!FileManager.default.fileExists(atPath: fixture.path("events.jsonl")))
        #expect(try store.streakKeys(userId: "u1").isEmpty)
    }

    @Test func aWriteThatFailsAfterAppendingLeavesTheLogAsItWas() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        let before = bytes(fixture.path("events.jsonl"))
        #expect(throws: FileStoreError.self) {
            try store.write(userId: "u1", streakKey: "daily", now: at("2024-01-02 12:00"), timezone: newYork) { context in
                _ = try context.folder.append([event("2024-01-02 11:00")], to: &context.loaded, journal: context.journal)
                try context.folder.appendFreezeRecords([.add(StreakFreeze(id: "f"))], journal: context.journal)
                throw FileStoreError.notWritable(path: "test", reason: "injected")
            }
        }
        #expect(bytes(fixture.path("events.jsonl")) == before)
        #expect(!FileManager.default.fileExists(atPath: fixture.path("freezes.jsonl")))
        #expect(try fixture.store().status(now: "2024-01-02 13:00").totalEvents == 1)
    }

    // MARK: - Writers that ignore the lock

    @Test func aLineAppendedAfterTheCalculationIsNotClaimedByTheCachedResult() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        // Its lock file deleted, another writer appends while this one caches its result.
        let line = EventJSON.line(for: event("2024-01-02 09:00")) + "\n"
        store.beforeCaching.withLock { $0 = { fixture.append(raw: line, to: "events.jsonl") } }
        try store.log([event("2024-01-02 10:00")], now: "2024-01-02 11:00")
        store.beforeCaching.withLock { $0 = nil }

        #expect(try fixture.store().status(now: "2024-01-02 11:00").totalEvents == 3)
        #expect(try store.refresh(userId: "u1", streakKey: "daily", now: at("2024-01-02 11:00"), timezone: newYork).streak.totalEvents == 3)
    }

    @Test func aFreezeAddedAfterTheCalculationIsNotClaimedByTheCachedResult() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        let line = FreezeLedger.Record.add(StreakFreeze(id: "f1", dateEarned: at("2024-01-01 00:00"))).line + "\n"
        store.beforeCaching.withLock { $0 = { fixture.append(raw: line, to: "freezes.jsonl") } }
        try store.log([event("2024-01-02 10:00")], now: "2024-01-02 11:00")
        store.beforeCaching.withLock { $0 = nil }

        #expect(try fixture.store().status(now: "2024-01-02 11:00").freezesAvailableCount == 1)
    }

    // MARK: - Links, directories, FIFOs

    @Test(arguments: ["ids.bin", "snapshot.json", "current.json"])
    func aDerivedFileLinkedToTheLogIsReplacedNeverWrittenThrough(derived: String) throws {
        for symbolic in [true, false] {
            let fixture = StoreFixture()
            let store = try fixture.create()
            try store.log([event("2024-01-01 12:00"), event("2024-01-02 12:00")], now: "2024-01-02 13:00")
            let log = fixture.path("events.jsonl")
            let before = try #require(bytes(log))
            try FileManager.default.removeItem(atPath: fixture.path(derived))
            if symbolic {
                try FileManager.default.createSymbolicLink(atPath: fixture.path(derived), withDestinationPath: "events.jsonl")
            } else {
                try FileManager.default.linkItem(atPath: log, toPath: fixture.path(derived))
            }
            let result = try fixture.store().log([event("2024-01-03 12:00")], now: "2024-01-03 13:00")
            #expect(result.evaluation.streak.totalEvents == 3)
            let after = try #require(bytes(log))
            #expect(after.prefix(before.count) == before, "\(derived) as a \(symbolic ? "symbolic" : "hard") link")
            #expect(after.count > before.count)
            let status = try POSIXFile.status(fixture.path(derived))
            #expect(status?.isPrivateRegularFile == true)
            #expect(try fixture.store().status(now: "2024-01-03 13:00").totalEvents == 3)
        }
    }

    @Test(arguments: ["events.jsonl", "freezes.jsonl", "config.json"])
    func aUserFileThatIsNotAFileIsRefusedByName(file: String) throws {
        for kind in ["symlink", "directory", "fifo"] {
            let fixture = StoreFixture()
            let store = try fixture.create()
            try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
            try store.addFreezes([StreakFreeze(id: "f")], userId: "u1", streakKey: "daily", now: at("2024-01-01 13:00"), timezone: newYork)
            let path = fixture.path(file)
            try FileManager.default.removeItem(atPath: path)
            switch kind {
            case "symlink": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/null")
            case "directory": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            default: #expect(mkfifo(path, 0o644) == 0)
            }
            let error = #expect(throws: FileStoreError.self) { try fixture.store().log([event("2024-01-02 12:00")], now: "2024-01-02 13:00") }
            #expect(error == .notARegularFile(path: path, kind: kind == "symlink" ? "a symbolic link" : kind == "fifo" ? "a FIFO" : "a directory"))
            #expect(error?.localizedDescription.contains(file) == true)
        }
    }

    @Test func aHardLinkedLogIsNeverAppendedTo() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        let backup = fixture.root + "/backup.jsonl"
        try FileManager.default.linkItem(atPath: fixture.path("events.jsonl"), toPath: backup)
        let before = bytes(backup)
        #expect(throws: FileStoreError.hardLinked(path: fixture.path("events.jsonl"), links: 2)) {
            try fixture.store().log([event("2024-01-02 12:00")], now: "2024-01-02 13:00")
        }
        #expect(bytes(backup) == before)
        #expect(try fixture.store().status(now: "2024-01-02 13:00").totalEvents == 1)
    }

    // MARK: - Damage is noticed and reported

    @Test func aLineOverwrittenInPlaceIsReportedAndRecounted() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let days = (1...9).map { event("2024-01-0\($0) 12:00") }
        try store.log(days, now: "2024-01-09 13:00")
        #expect(try fixture.store().status(now: "2024-01-09 13:00").currentStreak == 9)
        // Overwrite line 5 with spaces-for-letters of the same length, in place.
        let path = fixture.path("events.jsonl")
        var lines = fixture.contents("events.jsonl").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[4] = String(repeating: "x", count: lines[4].count)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        handle.write(Data(lines.joined(separator: "\n").utf8))
        handle.closeFile()

        let reader = StoreFixture.Reader(fixture)
        let streak = try reader.store.status(now: "2024-01-09 13:00")
        #expect(streak.currentStreak == 4)
        #expect(streak.totalEvents == 8)
        #expect(reader.warnings.contains { $0.contains("changed in its first") })
        #expect(reader.warnings.contains { $0.hasPrefix("events.jsonl:5:") })
        // The damage stays reported while it is there.
        let again = StoreFixture.Reader(fixture)
        _ = try again.store.status(now: "2024-01-09 13:00")
        #expect(again.warnings.contains { $0.hasPrefix("events.jsonl:5:") })
    }

    @Test func anEditedSnapshotIsRebuiltNotBelieved() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00"), event("2024-01-02 12:00")], now: "2024-01-02 13:00")
        let path = fixture.path("snapshot.json")
        let edited = fixture.contents("snapshot.json")
            .replacingOccurrences(of: #""offset":\d+"#, with: #""offset":0"#, options: .regularExpression)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try fixture.store().status(now: "2024-01-02 13:00").totalEvents == 2)
    }

    @Test func aDeletedLogIsReported() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00")], now: "2024-01-01 13:00")
        try FileManager.default.removeItem(atPath: fixture.path("events.jsonl"))
        let reader = StoreFixture.Reader(fixture)
        #expect(try reader.store.status(now: "2024-01-01 13:00").totalEvents == 0)
        #expect(reader.warnings.contains { $0.contains("events.jsonl is gone") })
    }

    @Test func idsBinReplacedByGarbageDoesNotLetADuplicateIn() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00", id: "a"), event("2024-01-02 12:00", id: "b")], now: "2024-01-02 13:00")
        let status = try POSIXFile.status(fixture.path("ids.bin"))
        let size = try #require(status).size
        try Data(repeating: 0x5A, count: size).write(to: URL(fileURLWithPath: fixture.path("ids.bin")))
        let again = try fixture.store().log([event("2024-01-01 12:00", id: "a")], now: "2024-01-02 13:00")
        #expect(again.added.isEmpty)
        #expect(try fixture.store().status(now: "2024-01-02 13:00").totalEvents == 2)
    }

    // MARK: - Line ends and numbers

    @Test func crlfFilesReadLikeLF() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00"), event("2024-01-02 12:00")], now: "2024-01-02 13:00")
        try store.addFreezes([StreakFreeze(id: "f1"), StreakFreeze(id: "f2")], userId: "u1", streakKey: "daily", now: at("2024-01-02 13:00"), timezone: newYork)
        for file in ["events.jsonl", "freezes.jsonl"] {
            let crlf = fixture.contents(file).replacingOccurrences(of: "\n", with: "\r\n")
            try crlf.write(toFile: fixture.path(file), atomically: true, encoding: .utf8)
        }
        try? FileManager.default.removeItem(atPath: fixture.path("snapshot.json"))
        let reader = fixture.store()
        #expect(try reader.freezes(userId: "u1", streakKey: "daily").count == 2)
        #expect(try reader.status(now: "2024-01-02 13:00").totalEvents == 2)
        try reader.addFreezes([StreakFreeze(id: "f3")], userId: "u1", streakKey: "daily", now: at("2024-01-02 13:00"), timezone: newYork)
        #expect(try fixture.store().freezes(userId: "u1", streakKey: "daily").count == 3)
        #expect(fixture.warnings.isEmpty)
    }

    @Test(arguments: [
        (#""events_required_per_day" : 1"#, #""events_required_per_day" : 3000000000"#),
        (#""leeway_hours" : 0"#, #""leeway_hours" : 25"#),
        (#""date_created" : "2024"#, #""date_created" : "11476"#),
    ])
    func absurdNumbersInConfigAreReportedNotTrusted(replace: String, with: String) throws {
        let fixture = StoreFixture()
        try fixture.create()
        let path = fixture.path("config.json")
        let text = fixture.contents("config.json")
        #expect(text.contains(replace))
        try text.replacingOccurrences(of: replace, with: with).write(toFile: path, atomically: true, encoding: .utf8)
        let before = bytes(path)
        let error = #expect(throws: FileStoreError.self) { try fixture.store().status(now: "2024-01-02 13:00") }
        #expect(error?.localizedDescription.contains("config.json is damaged") == true)
        #expect(throws: FileStoreError.self) { try fixture.store().log([event("2024-01-02 12:00")], now: "2024-01-02 13:00") }
        #expect(bytes(path) == before)
    }

    @Test(arguments: [-1e13, -1.0, 7_258_118_400.0, 1e300])
    func datesOutsideTheSupportedRangeAreRefused(seconds: Double) throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let far = Date(timeIntervalSince1970: seconds)
        #expect(throws: StreakRuleError.self) {
            try store.addEvents([StreakEvent(dateCreated: far, timezone: "UTC")], userId: "u1", streakKey: "daily", now: at("2024-01-02 13:00"), timezone: newYork)
        }
        #expect(throws: StreakRuleError.self) {
            try store.addFreezes([StreakFreeze(id: "x", dateEarned: far)], userId: "u1", streakKey: "daily", now: at("2024-01-02 13:00"), timezone: newYork)
        }
        #expect(throws: StreakRuleError.self) { try store.evaluate(userId: "u1", streakKey: "daily", now: far, timezone: newYork) }
        #expect(fixture.contents("events.jsonl").isEmpty)
        #expect(fixture.contents("freezes.jsonl").isEmpty)
    }
}

extension StoreFixture {
    /// A store object of its own with its own warnings, as a separate process would see.
    final class Reader: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [String] = []
        var warnings: [String] { lock.withLock { collected } }
        private(set) var store: FileStreakStore!

        init(_ fixture: StoreFixture) {
            store = FileStreakStore(rootPath: fixture.root) { [weak self] message in
                guard let self else { return }
                self.lock.withLock { self.collected.append(message) }
            }
        }
    }
}
