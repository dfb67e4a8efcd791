import Foundation
import SwiftfulGamification

/// The append-only note ledger (`notes.jsonl`): `note` records (a day's text, adding or
/// replacing its note) and `unnote` records (taking it back), folded into the notes. A
/// streak written before notes has no ledger, and no notes.
enum NoteLedger {
    enum Record: Equatable {
        case note(StreakNote, date: Date)
        case unnote(CalendarDay, date: Date)

        var line: String {
            switch self {
            case .note(let note, let date):
                DayRecordLine.line(op: "note", day: note.day, date: date) { writer in
                    writer.key("text")
                    writer.string(note.text)
                }
            case .unnote(let day, let date):
                DayRecordLine.line(op: "unnote", day: day, date: date)
            }
        }
    }

    /// The notes by date, with the warnings for lines skipped.
    static func read(_ path: String) throws -> (notes: [StreakNote], warnings: [String]) {
        var texts: [CalendarDay: String] = [:]
        let warnings = try RecordFile.forEachLine(path) { line in
            switch try parse(line) {
            case .note(let note, _): texts[note.day] = note.text
            case .unnote(let day, _): texts[day] = nil
            }
        }
        return (texts.map { StreakNote(day: $0.key, text: $0.value) }.sorted { $0.day < $1.day }, warnings)
    }

    /// One record; a note's text is held to the rules a write follows (a line edited by
    /// hand into an empty or overlong note is skipped with a warning, like any damage).
    static func parse(_ line: UnsafeBufferPointer<UInt8>) throws -> Record {
        let record = try DayRecordLine.parse(line, kind: "note")
        switch record.op {
        case "note":
            guard let text = record.value["text"]?.string else { throw EventJSON.Problem("note record without a \"text\"") }
            let note = StreakNote(day: record.day, text: text)
            do { try StreakValidation.validateStoredNote(note) } catch {
                throw EventJSON.Problem(StreakStoreError.sentence(error))
            }
            return .note(note, date: record.date)
        case "unnote":
            return .unnote(record.day, date: record.date)
        default:
            throw EventJSON.Problem("unknown note record")
        }
    }
}
