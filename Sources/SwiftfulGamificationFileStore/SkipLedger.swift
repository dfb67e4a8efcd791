import Foundation
import SwiftfulGamification

/// The append-only skip ledger (`skips.jsonl`): `skip` and `unskip` records of calendar
/// days (rule 9), folded into the days skipped.
enum SkipLedger {
    enum Record: Equatable {
        case skip(CalendarDay, date: Date)
        case unskip(CalendarDay, date: Date)

        var line: String {
            switch self {
            case .skip(let day, let date): DayRecordLine.line(op: "skip", day: day, date: date)
            case .unskip(let day, let date): DayRecordLine.line(op: "unskip", day: day, date: date)
            }
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
        let record = try DayRecordLine.parse(line, kind: "skip")
        switch record.op {
        case "skip": return .skip(record.day, date: record.date)
        case "unskip": return .unskip(record.day, date: record.date)
        default: throw EventJSON.Problem("unknown skip record")
        }
    }
}
