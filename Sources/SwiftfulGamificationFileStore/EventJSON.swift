import Foundation
import SwiftfulGamification

/// Events as JSON objects: the log's lines and the import format.
///
/// `date_created` is ISO 8601 with `Z` or an offset, or epoch seconds; `timezone` is a
/// required IANA name; `metadata` values are plain JSON scalars or upstream's typed form.
package enum EventJSON {
    package struct Problem: Error, Equatable {
        package let reason: String
        package init(_ reason: String) { self.reason = reason }
    }

    package static func line(for event: StreakEvent) -> String {
        var writer = JSONWriter()
        write(event, to: &writer)
        return writer.text
    }

    /// `{"id":…,"date_created":…,"timezone":…,"is_freeze":…[,"amount":…][,"freeze_id":…][,"metadata":{…}]}`;
    /// with `everyKey`, `freeze_id` (null) and `metadata` (`{}`) are written even when empty.
    package static func write(_ event: StreakEvent, to writer: inout JSONWriter, everyKey: Bool = false) {
        writer.beginObject()
        writer.key("id")
        writer.string(event.id)
        writer.key("date_created")
        writer.date(event.dateCreated)
        writer.key("timezone")
        writer.string(event.timezone)
        writer.key("is_freeze")
        writer.bool(event.isFreeze)
        if let amount = event.amount {
            writer.key("amount")
            writer.raw(StreakAmount.text(amount))
        }
        if let freezeId = event.freezeId {
            writer.key("freeze_id")
            writer.string(freezeId)
        } else if everyKey {
            writer.key("freeze_id")
            writer.raw("null")
        }
        if !event.metadata.isEmpty || everyKey {
            writer.key("metadata")
            writer.beginObject()
            for (key, value) in event.metadata.sorted(by: { $0.key < $1.key }) {
                writer.key(named: key)
                writer.raw(plain(value))
            }
            writer.endObject()
        }
        writer.endObject()
    }

    /// The log lines of `events`, newline-terminated, handed to `emit` in blocks of about
    /// 4 MB; each block is written on two cores when there are many events (an import).
    static func writeLines(_ events: [StreakEvent], emit: ([UInt8]) throws -> Void) rethrows {
        let block = 40_000
        var start = 0
        while start < events.count {
            let end = min(events.count, start + block)
            if end - start >= 2_000, ProcessInfo.processInfo.activeProcessorCount > 1 {
                let middle = (start + end) / 2
                let halves = [start..<middle, middle..<end]
                nonisolated(unsafe) var parts: [[UInt8]] = [[], []]
                parts.withUnsafeMutableBufferPointer { slots in
                    nonisolated(unsafe) let slots = slots
                    DispatchQueue.concurrentPerform(iterations: 2) { half in slots[half] = lines(events, halves[half]) }
                }
                try emit(parts[0])
                try emit(parts[1])
            } else {
                try emit(lines(events, start..<end))
            }
            start = end
        }
    }

    private static func lines(_ events: [StreakEvent], _ range: Range<Int>) -> [UInt8] {
        var writer = JSONWriter(capacity: range.count * 110)
        for index in range {
            write(events[index], to: &writer)
            writer.newline()
        }
        return writer.bytes
    }

    /// The metadata as one JSON object, keys sorted.
    package static func metadataObject(_ metadata: [String: GamificationDictionaryValue]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            writer.key(named: key)
            writer.raw(plain(value))
        }
        writer.endObject()
        return writer.text
    }

    static func plain(_ value: GamificationDictionaryValue) -> String {
        switch value {
        case .string(let text): return JSONText.quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return JSONText.number(number)
        // Typed, so they read back as what they were (a plain number reads as a double).
        case .float(let number): return #"{"type":"float","value":\#(JSONText.number(Double(number)))}"#
        case .cgFloat(let number): return #"{"type":"cgFloat","value":\#(JSONText.number(Double(number)))}"#
        }
    }

    /// - Parameter requireId: without it, a missing id becomes a fresh UUID.
    package static func event(from value: JSONValue, zones: inout ZoneNameCache, requireId: Bool) throws -> StreakEvent {
        guard case .object = value else { throw Problem("expected a JSON object") }
        let id: String
        switch value["id"] {
        case .string(let text) where !text.isEmpty:
            guard text.utf8.count <= StreakValidation.maximumIdLength else {
                throw Problem("\"id\" is \(text.utf8.count) bytes long; at most \(StreakValidation.maximumIdLength) are allowed")
            }
            id = text
        case .integer(let number): id = String(number)
        case nil, .null?:
            guard !requireId else { throw Problem("missing \"id\"") }
            id = UUID().uuidString
        default: throw Problem("\"id\" must be a non-empty string")
        }
        let date: Date
        switch value["date_created"] {
        case .string(let text)?:
            guard let parsed = ISODate.parse(text) else {
                throw Problem("\"date_created\" '\(text)' is not ISO 8601 with an offset or Z")
            }
            date = parsed
        case .integer(let seconds)?: date = Date(timeIntervalSince1970: TimeInterval(seconds))
        case .number(let seconds)?: date = Date(timeIntervalSince1970: seconds)
        default: throw Problem("missing \"date_created\"")
        }
        guard StreakValidation.supportedDates.contains(date) else {
            throw Problem("\"date_created\" \(value["date_created"]!.shortText) is out of range: dates must be from 1970-01-01 to 2199-12-31")
        }
        guard let zone = value["timezone"]?.string else { throw Problem("missing \"timezone\"") }
        guard zones.isValid(zone) else { throw Problem("unknown time zone '\(zone)'") }
        var isFreeze = false
        switch value["is_freeze"] {
        case .bool(let flag)?: isFreeze = flag
        case nil, .null?: break
        default: throw Problem("\"is_freeze\" must be true or false")
        }
        let freezeId = value["freeze_id"]?.string
        return StreakEvent(
            id: id, dateCreated: date, timezone: zone, isFreeze: isFreeze, freezeId: freezeId,
            metadata: try metadata(value["metadata"]), amount: try amount(value["amount"])
        )
    }

    /// Rule 10: a number from 0 to 1e9 (nil: the event counts 1).
    private static func amount(_ value: JSONValue?) throws -> Double? {
        guard let value, value != .null else { return nil }
        guard let number = value.double, StreakAmount.isValid(number) else {
            throw Problem("\"amount\" \(value.shortText) must be a number from 0 to 1000000000")
        }
        return number
    }

    private static func metadata(_ value: JSONValue?) throws -> [String: GamificationDictionaryValue] {
        guard let value, value != .null else { return [:] }
        guard case .object(let members) = value else { throw Problem("\"metadata\" must be an object") }
        var metadata: [String: GamificationDictionaryValue] = [:]
        for member in members {
            let key = member.key
            do {
                try StreakValidation.validateMetadataKey(key)
            } catch {
                throw Problem("metadata key '\(key)' must use letters, digits or underscores")
            }
            metadata[key] = try metadataValue(member.value, key: key)
        }
        return metadata
    }

    private static func metadataValue(_ value: JSONValue, key: String) throws -> GamificationDictionaryValue {
        switch value {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .int(number)
        case .number(let number): return .double(number)
        case .object:
            // Upstream's typed form: {"type": "int", "value": 3}.
            switch (value["type"]?.string, value["value"]) {
            case ("string"?, .string(let text)?): return .string(text)
            case ("bool"?, .bool(let flag)?): return .bool(flag)
            case ("int"?, .integer(let number)?): return .int(number)
            case ("double"?, let number?):
                if let double = number.double { return .double(double) }
            case ("float"?, let number?):
                if let double = number.double { return .float(Float(double)) }
            case ("cgFloat"?, let number?):
                if let double = number.double { return .cgFloat(CGFloat(double)) }
            default: break
            }
            throw Problem("metadata '\(key)' has an unknown typed value")
        default:
            throw Problem("metadata '\(key)' must be a string, number or true/false")
        }
    }
}
