import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

struct EventLineTests {
    static func parseBoth(_ line: String) throws -> (fast: StreakEvent?, general: EventLogRecord) {
        var zones = ZoneNameCache()
        var fastPath = EventLineFastPath()
        var text = line
        return try text.withUTF8 { bytes in
            (fastPath.event(bytes, zones: &zones), try EventLogRecord.parse(bytes, zones: &zones))
        }
    }

    @Test(arguments: [
        StreakEvent(id: "a", dateCreated: at("2024-01-01 12:00"), timezone: "America/New_York"),
        StreakEvent(id: "b", dateCreated: Date(timeIntervalSince1970: 1_704_128_400.25), timezone: "Asia/Tokyo"),
    ])
    func fastPathReadsWhatTheStoreWrites(event: StreakEvent) throws {
        let line = EventLogRecord.event(event).line
        let (fast, general) = try Self.parseBoth(line)
        #expect(fast == event)
        #expect(general == .event(event))
    }

    @Test(arguments: [
        #"{"id":"a\"b","date_created":"2024-01-01T17:00:00Z","timezone":"UTC","is_freeze":false}"#,
        #"{"id":"a","date_created":"2024-01-01T17:00:00Z","timezone":"UTC","is_freeze":false,"metadata":{"n":1}}"#,
        #"{"id":"a","date_created":"2024-01-01T17:00:00Z","timezone":"UTC","is_freeze":true,"freeze_id":"f"}"#,
        #"{"date_created":"2024-01-01T17:00:00Z","id":"a","timezone":"UTC"}"#,
        #"{"id":"a","date_created":"2024-01-01T17:00:00Z","timezone":"Mars/Base","is_freeze":false}"#,
    ])
    func anythingElseGoesToTheGeneralParser(line: String) throws {
        var zones = ZoneNameCache()
        var fastPath = EventLineFastPath()
        var text = line
        let fast = text.withUTF8 { fastPath.event($0, zones: &zones) }
        #expect(fast == nil)
    }

    @Test func everyKindOfMetadataValueReadsBackAsItWas() throws {
        let metadata: [String: GamificationDictionaryValue] = [
            "s": "text", "b": true, "i": 3, "d": 2.5, "f": .float(1.1), "c": .cgFloat(CGFloat(0.3)),
        ]
        let event = StreakEvent(id: "m", dateCreated: at("2024-01-01 12:00"), timezone: "UTC", metadata: metadata)
        let (_, general) = try Self.parseBoth(EventLogRecord.event(event).line)
        #expect(general == .event(event))
    }

    @Test func jsonParserHandlesEscapesAndNumbers() throws {
        let value = try JSONValue.parse(#"{"s": "a\n\u00e9\ud83d\ude00\"", "i": -12, "d": 1.5e2, "b": [true, null], "o": {}}"#)
        #expect(value["s"] == .string("a\né😀\""))
        #expect(value["i"] == .integer(-12))
        #expect(value["d"] == .number(150))
        #expect(value["b"] == .array([.bool(true), .null]))
        #expect(value["o"] == .object([]))
        for bad in [#"{"a": }"#, #"{"a": 1"#, #"[1,]"#, #""\x""#, "{\"a\": \"\u{01}\"}", "01a", #""\u12G4""#, #""\ud800""#, #""\udc00""#, #""a\"#] {
            #expect(throws: JSONValue.ParseError.self, "\(bad)") { try JSONValue.parse(bad) }
        }
        // An escaped string's error says where: the bad escape, not the string's start.
        #expect(throws: JSONValue.ParseError(offset: 5, reason: "unknown escape")) { try JSONValue.parse(#"["ab\q"]"#) }
    }

    @Test(arguments: [
        ("2024-01-05T09:30:00Z", 1_704_447_000.0), ("2024-01-05T09:30:00.250-05:00", 1_704_465_000.25),
        ("2024-01-05 09:30:00+0530", 1_704_427_200.0), ("1969-12-31T23:59:59Z", -1.0),
    ])
    func isoDatesParse(text: String, seconds: Double) {
        #expect(ISODate.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["2024-02-30T00:00:00Z", "2024-01-05T09:30:00", "2024-01-05T24:00:00Z", "2024-1-05T09:30:00Z", "2024-01-05T09:30:00Zjunk"])
    func badIsoDatesAreRejected(text: String) {
        #expect(ISODate.parse(text) == nil)
    }

    @Test func isoDatesRoundTrip() {
        for seconds in [0.0, 1_704_447_000, 1_704_447_000.123456, -86_400.5] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISODate.parse(ISODate.format(date)) == ISODate.normalized(date))
        }
        #expect(ISODate.format(Date(timeIntervalSince1970: 1_704_447_000)) == "2024-01-05T09:30:00Z")
    }

    /// The stored time of an event logged "now" is never after now, and reads back exactly.
    @Test func microsecondsRoundDownAndRoundTrip() {
        var random = SeededGenerator(seed: 2_024)
        for _ in 0..<20_000 {
            let seconds = Double(random.next() % 7_258_118_400) + Double(random.next() % 1_000_000_000) / 1e9
            let date = Date(timeIntervalSince1970: seconds)
            let stored = ISODate.normalized(date)
            #expect(stored <= date, "\(seconds)")
            #expect(date.timeIntervalSince(stored) < 0.000_001_01, "\(seconds)")
            #expect(ISODate.normalized(stored) == stored, "\(seconds)")
            #expect(ISODate.parse(ISODate.format(date)) == stored, "\(seconds)")
        }
    }
}
