import Foundation
import SwiftfulGamification

/// The append-only freeze ledger: `add` and `use` records, folded into the freezes.
enum FreezeLedger {
    enum Record {
        case add(StreakFreeze)
        case use(id: String, date: Date)

        var line: String {
            switch self {
            case .add(let freeze):
                var members: [(String, String)] = [("id", JSONText.quoted(freeze.id))]
                if let earned = freeze.dateEarned { members.append(("date_earned", JSONText.quoted(ISODate.format(earned)))) }
                if let expires = freeze.dateExpires { members.append(("date_expires", JSONText.quoted(ISODate.format(expires)))) }
                if let used = freeze.dateUsed { members.append(("date_used", JSONText.quoted(ISODate.format(used)))) }
                return JSONText.object([("op", "\"add\""), ("freeze", JSONText.object(members))])
            case .use(let id, let date):
                return JSONText.object([("op", "\"use\""), ("id", JSONText.quoted(id)), ("date_used", JSONText.quoted(ISODate.format(date)))])
            }
        }
    }

    /// The freezes in the order they were added, with the warnings for lines skipped.
    static func read(_ path: String) throws -> (freezes: [StreakFreeze], warnings: [String]) {
        guard let bytes = try POSIXFile.read(path) else { return ([], []) }
        var freezes: [StreakFreeze] = []
        var positions: [String: Int] = [:]
        var warnings: [String] = []
        let name = (path as NSString).lastPathComponent
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let isLast = index == lines.count - 1
            if isLast { warnings.append("\(name): incomplete last line ignored"); break }
            do {
                switch try parse(String(line)) {
                case .add(let freeze):
                    guard positions[freeze.id] == nil else { continue }
                    positions[freeze.id] = freezes.count
                    freezes.append(freeze)
                case .use(let id, let date):
                    guard let position = positions[id] else { throw EventJSON.Problem("use of unknown freeze '\(id)'") }
                    if !freezes[position].isUsed { freezes[position] = freezes[position].markedUsed(at: date) }
                }
            } catch let problem as EventJSON.Problem {
                warnings.append("\(name):\(index + 1): \(problem.reason); line skipped")
            }
        }
        return (freezes, warnings)
    }

    static func parse(_ line: String) throws -> Record {
        let value: JSONValue
        do { value = try JSONValue.parse(line) } catch { throw EventJSON.Problem("not valid JSON") }
        switch value["op"]?.string {
        case "add":
            guard let freeze = value["freeze"], let id = freeze["id"]?.string, !id.isEmpty else {
                throw EventJSON.Problem("add without a freeze id")
            }
            return .add(StreakFreeze(
                id: id, dateEarned: try date(freeze["date_earned"]), dateUsed: try date(freeze["date_used"]),
                dateExpires: try date(freeze["date_expires"])
            ))
        case "use":
            guard let id = value["id"]?.string, let used = try date(value["date_used"]) else {
                throw EventJSON.Problem("use without an id and date")
            }
            return .use(id: id, date: used)
        default:
            throw EventJSON.Problem("unknown freeze record")
        }
    }

    private static func date(_ value: JSONValue?) throws -> Date? {
        guard let value, value != .null else { return nil }
        guard let text = value.string, let date = ISODate.parse(text) else { throw EventJSON.Problem("bad date \(value)") }
        return date
    }
}
