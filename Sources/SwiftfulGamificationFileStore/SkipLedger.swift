import Foundation
import SwiftfulGamification

/// The append-only skip ledger (`skips.jsonl`): `skip` and `unskip` records of calendar
/// days (rule 9), folded into the days skipped.
enum SkipLedger {
    enum Record: Equatable {
        case skip(CalendarDay, date: Date)
        case unskip(CalendarDay, date: Date)

        var line: String {
            var writer = JSONWriter()
            writer.beginObject()
            let (op, day, date) = switch self {
            case .skip(let day, let date): ("skip", day, date)
            case .unskip(let day, let date): ("unskip", day, date)
            }
            writer.key("op")
            writer.string(op)
            writer.key("day")
            writer.string(day.description)
            writer.key("date")
            writer.date(date)
            writer.endObject()
            return writer.text
        }
    }

    /// The days skipped, ascending, with the warnings for lines skipped.
    static func read(_ path: String) throws -> (days: [CalendarDay], warnings: [String]) {
        var days = Set<CalendarDay>()
        let warnings = try RecordFile.forEachLine(path) { line in
            switch try parse(line) {
            case .skip(let day, _): days.insert(day)
            case .unskip(let day, _): days.remove(day)
            }
        }
        return (days.sorted(), warnings)
    }

    static func parse(_ line: UnsafeBufferPointer<UInt8>) throws -> Record {
        let value: JSONValue
        do { value = try JSONValue.parse(line) } catch { throw EventJSON.Problem("not valid JSON") }
        guard let text = value["day"]?.string, let day = CalendarDay(parsing: text) else {
            throw EventJSON.Problem("skip record without a valid \"day\" (YYYY-MM-DD)")
        }
        guard let date = try FreezeLedger.date(value["date"]) else { throw EventJSON.Problem("skip record without a \"date\"") }
        switch value["op"]?.string {
        case "skip": return .skip(day, date: date)
        case "unskip": return .unskip(day, date: date)
        default: throw EventJSON.Problem("unknown skip record")
        }
    }
}
