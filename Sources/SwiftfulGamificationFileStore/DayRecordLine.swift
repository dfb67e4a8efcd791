import Foundation
import SwiftfulGamification

/// The shape the day ledgers (skips, notes) share: `{"op":…,"day":"YYYY-MM-DD",…,"date":…}`.
enum DayRecordLine {
    /// A record's line; `fields` writes what comes between the day and the date.
    static func line(op: String, day: CalendarDay, date: Date, fields: (inout JSONWriter) -> Void = { _ in }) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("op")
        writer.string(op)
        writer.key("day")
        writer.string(day.description)
        fields(&writer)
        writer.key("date")
        writer.date(date)
        writer.endObject()
        return writer.text
    }

    /// A `kind` record's ("skip", "note") JSON, op, day and date; damage named for the kind.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, kind: String) throws -> (value: JSONValue, op: String?, day: CalendarDay, date: Date) {
        let value: JSONValue
        do { value = try JSONValue.parse(line) } catch { throw EventJSON.Problem("not valid JSON") }
        guard let text = value["day"]?.string, let day = CalendarDay(parsing: text) else {
            throw EventJSON.Problem("\(kind) record without a valid \"day\" (YYYY-MM-DD)")
        }
        guard let date = try FreezeLedger.date(value["date"]) else { throw EventJSON.Problem("\(kind) record without a \"date\"") }
        return (value, value["op"]?.string, day, date)
    }
}
