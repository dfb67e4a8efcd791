import Foundation
import SwiftfulGamification

/// The append-only freeze ledger: `add` and `use` records, folded into the freezes.
enum FreezeLedger {
    enum Record {
        case add(StreakFreeze)
        case use(id: String, date: Date)
        /// Taken back (an unused freeze given by mistake).
        case remove(id: String, date: Date)

        var line: String {
            var writer = JSONWriter()
            writer.beginObject()
            switch self {
            case .add(let freeze):
                writer.key("op")
                writer.string("add")
                writer.key("freeze")
                writer.beginObject()
                writer.key("id")
                writer.string(freeze.id)
                for (key, date) in [("date_earned", freeze.dateEarned), ("date_expires", freeze.dateExpires), ("date_used", freeze.dateUsed)] {
                    guard let date else { continue }
                    writer.key(named: key)
                    writer.date(date)
                }
                writer.endObject()
            case .use(let id, let date):
                writer.key("op")
                writer.string("use")
                writer.key("id")
                writer.string(id)
                writer.key("date_used")
                writer.date(date)
            case .remove(let id, let date):
                writer.key("op")
                writer.string("remove")
                writer.key("id")
                writer.string(id)
                writer.key("date")
                writer.date(date)
            }
            writer.endObject()
            return writer.text
        }
    }

    /// The freezes in the order they were added, with the warnings for lines skipped.
    static func read(_ path: String) throws -> (freezes: [StreakFreeze], warnings: [String]) {
        var freezes: [StreakFreeze] = []
        var positions: [String: Int] = [:]
        let warnings = try RecordFile.forEachLine(path) { line in
            switch try parse(line) {
            case .add(let freeze):
                guard positions[freeze.id] == nil else { return }
                positions[freeze.id] = freezes.count
                freezes.append(freeze)
            case .use(let id, let date):
                guard let position = positions[id] else { throw EventJSON.Problem("use of unknown freeze '\(id)'") }
                if !freezes[position].isUsed { freezes[position] = freezes[position].markedUsed(at: date) }
            case .remove(let id, _):
                guard let position = positions[id] else { throw EventJSON.Problem("removal of unknown freeze '\(id)'") }
                guard !freezes[position].isUsed else { throw EventJSON.Problem("removal of freeze '\(id)', which was used") }
                freezes.remove(at: position)
                positions = Dictionary(uniqueKeysWithValues: freezes.enumerated().map { ($1.id, $0) })
            }
        }
        return (freezes, warnings)
    }

    static func parse(_ line: UnsafeBufferPointer<UInt8>) throws -> Record {
        let value: JSONValue
        do { value = try JSONValue.parse(line) } catch { throw EventJSON.Problem("not valid JSON") }
        switch value["op"]?.string {
        case "add":
            guard let freeze = value["freeze"], let id = freeze["id"]?.string, !id.isEmpty else {
                throw EventJSON.Problem("add without a freeze id")
            }
            let parsed = StreakFreeze(
                id: id, dateEarned: try date(freeze["date_earned"]), dateUsed: try date(freeze["date_used"]),
                dateExpires: try date(freeze["date_expires"])
            )
            try parsed.validate()
            return .add(parsed)
        case "use":
            guard let id = value["id"]?.string, let used = try date(value["date_used"]) else {
                throw EventJSON.Problem("use without an id and date")
            }
            return .use(id: id, date: used)
        case "remove":
            guard let id = value["id"]?.string, let removed = try date(value["date"]) else {
                throw EventJSON.Problem("remove without an id and date")
            }
            return .remove(id: id, date: removed)
        default:
            throw EventJSON.Problem("unknown freeze record")
        }
    }

    static func date(_ value: JSONValue?) throws -> Date? {
        guard let value, value != .null else { return nil }
        guard let text = value.string, let date = ISODate.parse(text) else { throw EventJSON.Problem("bad date \(value.shortText)") }
        guard StreakValidation.supportedDates.contains(date) else { throw EventJSON.Problem("date \(text) out of range (1970-01-01 to 2199-12-31)") }
        return date
    }
}
