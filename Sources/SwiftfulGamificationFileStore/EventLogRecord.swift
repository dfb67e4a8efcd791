import Foundation
import SwiftfulGamification

/// One line of an event log: an event, or an operation on earlier lines. The log is
/// append-only, so undo and reset are recorded rather than performed.
enum EventLogRecord: Equatable {
    case event(StreakEvent)
    /// The event no longer counts (the whole event is kept so readers can subtract it).
    case remove(StreakEvent, date: Date)
    /// No earlier event counts.
    case reset(date: Date)

    /// The line, without its newline.
    var line: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .event(let event):
            EventJSON.write(event, to: &writer)
        case .remove(let event, let date):
            writer.beginObject()
            writer.key("op")
            writer.string("remove")
            writer.key("id")
            writer.string(event.id)
            writer.key("date")
            writer.date(date)
            writer.key("event")
            EventJSON.write(event, to: &writer)
            writer.endObject()
        case .reset(let date):
            writer.beginObject()
            writer.key("op")
            writer.string("reset")
            writer.key("date")
            writer.date(date)
            writer.endObject()
        }
    }

    /// Each record's line and newline, as bytes to append to a log.
    static func lines(_ records: [EventLogRecord]) -> [UInt8] {
        var writer = JSONWriter(capacity: records.count * 110)
        for record in records {
            record.write(to: &writer)
            writer.newline()
        }
        return writer.bytes
    }

    /// Reads a line written by `line` (or by a person, in any key order).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, zones: inout ZoneNameCache) throws -> EventLogRecord {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch let error as JSONValue.ParseError {
            throw EventJSON.Problem("not valid JSON (\(error.reason) at column \(error.offset + 1))")
        }
        guard let op = value["op"] else {
            return .event(try EventJSON.event(from: value, zones: &zones, requireId: true))
        }
        guard let date = value["date"]?.string.flatMap(ISODate.parse) else { throw EventJSON.Problem("operation without a valid \"date\"") }
        switch op.string {
        case "remove":
            guard let event = value["event"] else { throw EventJSON.Problem("remove without an \"event\"") }
            return .remove(try EventJSON.event(from: event, zones: &zones, requireId: true), date: date)
        case "reset":
            return .reset(date: date)
        default:
            throw EventJSON.Problem("unknown operation \(op)")
        }
    }
}

/// Remembers which zone names are valid, so a million lines cost a handful of lookups.
package struct ZoneNameCache {
    private var known: [String: Bool] = [:]
    private var lastValid: String?

    package init() {}

    mutating func isValid(_ name: String) -> Bool {
        if name == lastValid { return true }
        if let answer = known[name] {
            if answer { lastValid = name }
            return answer
        }
        let answer = !name.isEmpty && TimeZone(identifier: name) != nil
        known[name] = answer
        if answer { lastValid = name }
        return answer
    }
}
