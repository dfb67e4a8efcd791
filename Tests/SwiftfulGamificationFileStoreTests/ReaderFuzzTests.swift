import Foundation
import GamificationSupport
import StreakImporters
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// Random bytes, damaged lines and boundary numbers thrown at every reader: the import
/// reader, the event-line reader and each store file. No input crashes the program; each bad
/// line or file is named with a reason; a read never writes a user file. Seeds replay.
struct ReaderFuzzTests {
    static let seeds: [UInt64] = Array(0..<40)
    static let now = at("2024-06-01 12:00")

    // MARK: - Inputs

    static let boundaryNumbers = [
        "0", "-0", "1", "-1", "1.5", "1e300", "-1e300", "1e-300", "3e9", "-1e13", "7258118400", "7258118399.999999",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e19", "18446744073709551616",
        "123456789012345678901234567890",
    ]
    static let boundaryStrings = [
        #""""#, #""2024-02-30T00:00:00Z""#, #""0000-01-01T00:00:00Z""#, #""9999-12-31T23:59:59Z""#,
        #""1970-01-01T00:00:00Z""#, #""2199-12-31T23:59:59.999999Z""#, #""2024-01-01T00:00:00+99:99""#,
        #""2024-01-01T00:00:00.1234567890123Z""#, #""\u0000""#, #""\ud800""#, #""🔥""#, #""Mars/Base""#, #""UTC""#,
        "\"" + String(repeating: "a", count: 5_000) + "\"",
    ]
    static let boundaryValues = boundaryNumbers + boundaryStrings + [
        "null", "true", "{}", "[]", #"{"type":"int","value":1e300}"#, String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
    ]

    /// One line: random bytes, a valid line with a random value swapped in, or a valid line
    /// with bytes flipped, dropped or cut.
    static func line(_ random: inout SeededGenerator) -> [UInt8] {
        let template: [(String, String)] = [
            ("id", #""e\#(random.next() % 1_000)""#), ("date_created", #""2024-0\#(1 + random.next() % 5)-10T12:00:00Z""#),
            ("timezone", #""America/New_York""#), ("is_freeze", "false"), ("metadata", #"{"minutes":30}"#),
        ]
        switch random.next() % 4 {
        case 0:
            return (0..<Int(random.next() % 120)).map { _ in UInt8(truncatingIfNeeded: random.next()) }.filter { $0 != 10 }
        case 1:
            var members = template
            let slot = Int(random.next() % UInt64(members.count))
            members[slot].1 = boundaryValues.randomElement(using: &random)!
            return Array(object(members).utf8)
        case 2:
            var members = template
            members.removeAll { _ in random.next() % 4 == 0 }
            return Array(object(members).utf8)
        default:
            var bytes = Array(object(template).utf8)
            for _ in 0..<(1 + random.next() % 3) where !bytes.isEmpty {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next()) == 10 ? 32 : UInt8(truncatingIfNeeded: random.next() | 1)
                case 1: bytes.remove(at: index)
                default: bytes = Array(bytes[..<index])
                }
            }
            return bytes.filter { $0 != 10 }
        }
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    static func document(_ random: inout SeededGenerator, lines: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<lines {
            bytes += line(&random)
            bytes += random.next() % 5 == 0 ? [13, 10] : [10]
        }
        return bytes
    }

    // MARK: - The import reader

    @Test(arguments: seeds)
    func importReaderNamesEveryBadLineAndAcceptsOnlyValidEvents(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let bytes = Self.document(&random, lines: 60)
        let batch = StreakTransfer.parseJSONLines(bytes, source: "fuzz", now: Self.now)
        let lineCount = bytes.split(separator: 10, omittingEmptySubsequences: false).filter { line in
            !line.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 }
        }.count
        let accepted = batch.events.count + batch.freezes.count + (batch.configuration == nil ? 0 : 1)
        #expect(accepted + batch.problems.count >= lineCount, "seed \(seed)")
        for problem in batch.problems {
            #expect(problem.line >= 1 && problem.line <= 61, "seed \(seed)")
            #expect(!problem.reason.isEmpty, "seed \(seed)")
        }
        for event in batch.events {
            #expect(throws: Never.self, "seed \(seed): \(event)") { try event.validate(now: Self.now) }
        }
        for freeze in batch.freezes {
            #expect(throws: Never.self, "seed \(seed): \(freeze)") { try freeze.validate() }
        }
    }

    @Test(arguments: boundaryValues)
    func everyBoundaryValueInEveryFieldIsAnEventOrANamedProblem(value: String) {
        for field in ["id", "date_created", "timezone", "is_freeze", "metadata", "freeze_id"] {
            var members: [(String, String)] = [("id", #""x""#), ("date_created", #""2024-01-01T12:00:00Z""#), ("timezone", #""UTC""#)]
            members.removeAll { $0.0 == field }
            members.append((field, value))
            let line = Self.object(members)
            let batch = StreakTransfer.parseJSONLines(Array(line.utf8), source: "edge", now: Self.now)
            #expect(batch.events.count + batch.problems.count == 1, "\(line)")
            for event in batch.events {
                #expect(throws: Never.self, "\(line)") { try event.validate(now: Self.now) }
            }
        }
    }

    // MARK: - The event log and every store file

    @Test(arguments: seeds.prefix(20))
    func aFuzzedLogLoadsWithWarningsAndIsNeverWritten(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let fixture = StoreFixture()
        let store = try fixture.create(now: "2024-01-01 08:00")
        try store.log([event("2024-05-30 12:00"), event("2024-05-31 12:00")], now: "2024-06-01 11:00")
        var bytes = Array(fixture.contents("events.jsonl").utf8)
        bytes += Self.document(&random, lines: 40)
        if random.next() % 2 == 0 { bytes += Self.line(&random) }  // an unterminated last line
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.path("events.jsonl")))
        for rebuild in [true, false] {
            if rebuild { try? FileManager.default.removeItem(atPath: fixture.path("snapshot.json")) }
            let streak = try fixture.store().status(now: "2024-06-01 12:00")
            #expect((streak.totalEvents ?? 0) >= 2, "seed \(seed)")
            #expect(FileManager.default.contents(atPath: fixture.path("events.jsonl")) == Data(bytes), "seed \(seed)")
        }
        // A recount from the log alone agrees with what the snapshot says.
        let cached = try fixture.store().status(now: "2024-06-01 12:00")
        try? FileManager.default.removeItem(atPath: fixture.path("snapshot.json"))
        #expect(try fixture.store().status(now: "2024-06-01 12:00").isSameStreak(as: cached), "seed \(seed)")
    }

    @Test(arguments: ["config.json", "freezes.jsonl", "snapshot.json", "ids.bin", "current.json"])
    func aFuzzedStoreFileIsReportedOrIgnoredNeverTrustedOrWritten(file: String) throws {
        for seed in Self.seeds.prefix(25) {
            var random = SeededGenerator(seed: seed &+ 1_000)
            let fixture = StoreFixture()
            let store = try fixture.create(now: "2024-01-01 08:00")
            try store.log([event("2024-05-30 12:00"), event("2024-05-31 12:00")], now: "2024-06-01 11:00")
            try store.addFreezes([StreakFreeze(id: "f1", dateEarned: at("2024-01-02 08:00"))], userId: "u1", streakKey: "daily", now: at("2024-06-01 11:00"), timezone: newYork)
            let original = FileManager.default.contents(atPath: fixture.path(file)) ?? Data()
            let damaged = Self.damage(Array(original), &random)
            try Data(damaged).write(to: URL(fileURLWithPath: fixture.path(file)))
            let userFiles = ["events.jsonl", "freezes.jsonl", "config.json"].map { FileManager.default.contents(atPath: fixture.path($0)) }

            do {
                let streak = try fixture.store().status(now: "2024-06-01 12:00")
                // Derived files are rebuilt; the streak is still the log's.
                if ["snapshot.json", "ids.bin", "current.json"].contains(file) {
                    #expect(streak.totalEvents == 2, "\(file) seed \(seed)")
                }
            } catch let error as FileStoreError {
                #expect(!error.localizedDescription.isEmpty)
                #expect(file == "config.json", "\(file) seed \(seed): \(error)")
            }
            do {
                try fixture.store().log([event("2024-06-01 11:30")], now: "2024-06-01 12:00")
            } catch {
                #expect(error is FileStoreError || error is StreakRuleError, "\(file) seed \(seed): \(error)")
                let after = ["events.jsonl", "freezes.jsonl", "config.json"].map { FileManager.default.contents(atPath: fixture.path($0)) }
                #expect(after == userFiles, "\(file) seed \(seed)")
            }
        }
    }

    /// Random bytes, or `bytes` with a stretch replaced by a boundary value, flipped or cut.
    static func damage(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        guard !bytes.isEmpty, random.next() % 4 != 0 else {
            return (0..<Int(random.next() % 400)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
        var damaged = bytes
        switch random.next() % 3 {
        case 0:
            // A number in the file becomes a boundary number.
            if let start = damaged.indices.filter({ (48...57).contains(damaged[$0]) }).randomElement(using: &random) {
                var end = start
                while end < damaged.count, (48...57).contains(damaged[end]) { end += 1 }
                damaged.replaceSubrange(start..<end, with: Array(boundaryNumbers.randomElement(using: &random)!.utf8))
            }
        case 1:
            for _ in 0..<(1 + random.next() % 8) {
                damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: random.next())
            }
        default:
            damaged = Array(damaged[..<Int(random.next() % UInt64(damaged.count))])
        }
        return damaged
    }
}
