import Foundation
import GamificationSupport
import SwiftfulGamification

/// dijo's `habit_record.json` and `habit_record[auto].json`: an array of Bit, Count and
/// Float habits, each with `stats` keyed by day. Formats: docs/IMPORT_FORMATS.md, section 2.
public enum DijoReader {
    public static let fileNames = ["habit_record.json", "habit_record[auto].json"]

    /// dijo's data folder: `$XDG_DATA_HOME/dijo` or `~/.local/share/dijo` (Linux), and
    /// `~/Library/Application Support/rs.nerdypepper.dijo` (macOS).
    public static func defaultFolder(environment: [String: String]) -> String {
        #if os(macOS)
        return XDGDirectories(environment: environment).home + "/Library/Application Support/rs.nerdypepper.dijo"
        #else
        return XDGDirectories(environment: environment).dataHome + "/dijo"
        #endif
    }

    /// Reads a data folder (both files, the regular one first, as dijo does) or one file.
    public static func read(path: String) throws -> SourceContents {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard isDirectory.boolValue else { return SourceContents(habits: try habits(in: path)) }
        let files = fileNames.map { "\(path)/\($0)" }.filter { FileManager.default.fileExists(atPath: $0) }
        guard !files.isEmpty else { throw ImportFormatError(path, "holds no \(fileNames[0]) (is this dijo's data folder?)") }
        return SourceContents(habits: try files.flatMap(habits(in:)))
    }

    static func habits(in file: String) throws -> [ImportedHabit] {
        let data = try SourceFiles.data(file, expecting: "dijo's habit_record.json")
        let records: [Record]
        do {
            records = try JSONDecoder().decode([Record].self, from: data)
        } catch let error as DecodingError {
            throw ImportFormatError(file, field: SourceJSON.path(of: error), SourceJSON.reason(error, expecting: "dijo's habit_record.json"))
        }
        return try records.enumerated().map { try habit($0.element, file: file, index: $0.offset) }
    }

    private static func habit(_ record: Record, file: String, index: Int) throws -> ImportedHabit {
        let field = "habit \(index + 1), \"\(record.name)\""
        var habit: ImportedHabit
        switch record.type {
        case "Bit":
            habit = ImportedHabit(name: record.name, rule: .daily)
        case "Count":
            guard case .count(let goal)? = record.goal else { throw ImportFormatError(file, field: field, "a Count habit's goal is a whole number") }
            habit = ImportedHabit(name: record.name, rule: goal > 0 ? .amount(Double(goal), limit: false, per: .days(1), unit: nil) : .trackingOnly(unit: nil))
        case "Float":
            guard case .float(let goal)? = record.goal else { throw ImportFormatError(file, field: field, "a Float habit's goal is {value, precision}") }
            habit = ImportedHabit(name: record.name, rule: goal > 0 ? .amount(goal, limit: false, per: .days(1), unit: nil) : .trackingOnly(unit: nil))
        default:
            throw ImportFormatError(file, field: field, "\"\(record.type)\" is not a dijo habit kind (Bit, Count or Float)")
        }
        var notDone = 0
        for (text, value) in record.stats {
            guard let day = CalendarDay(parsing: text) else { throw ImportFormatError(file, field: "\(field), stats", "\"\(text)\" is not a date") }
            switch (record.type, value) {
            case ("Bit", .bool(true)): habit.days[day] = .done(amount: nil)
            case ("Bit", .bool(false)): notDone += 1
            case ("Count", .count(let count)) where count > 0: habit.days[day] = .done(amount: Double(count))
            case ("Float", .float(let amount)) where amount > 0: habit.days[day] = .done(amount: amount)
            case ("Count", .count), ("Float", .float): notDone += 1
            default: throw ImportFormatError(file, field: "\(field), stats \(text)", "the value does not fit a \(record.type) habit")
            }
        }
        if notDone > 0 { habit.leftOut.append("\(counted(notDone, "day")) marked not done or 0") }
        if record.auto == true { habit.group = "auto" }
        return habit
    }

    private struct Record: Decodable {
        var type: String
        var name: String
        var stats: [String: Value]
        var goal: Value?
        var auto: Bool?
    }

    /// A stats value or a goal: a Bit's bool, a Count's whole number, a Float's
    /// `{value, precision}` (the number `value / 10^precision`).
    private enum Value: Decodable {
        case bool(Bool), count(Int), float(Double)

        private struct Fixed: Decodable {
            var value: Int
            var precision: Int
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let count = try? container.decode(Int.self) {
                guard count >= 0 else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "a count is 0 or more") }
                self = .count(count)
            } else {
                let fixed = try container.decode(Fixed.self)
                guard fixed.value >= 0, (0...9).contains(fixed.precision) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "a float is a value of 0 or more and a precision of 0 to 9")
                }
                self = .float(Double(fixed.value) / pow(10, Double(fixed.precision)))
            }
        }
    }
}

/// Messages for JSON a reader refuses.
enum SourceJSON {
    static func path(of error: DecodingError) -> String? {
        let path: [any CodingKey] = switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context): context.codingPath
        @unknown default: []
        }
        guard !path.isEmpty else { return nil }
        return path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }

    static func reason(_ error: DecodingError, expecting: String) -> String {
        switch error {
        case .keyNotFound(let key, _): "\"\(key.stringValue)\" is missing (is this \(expecting)?)"
        case .typeMismatch(let type, _): "expected \(type == String.self ? "text" : "\(type)".lowercased()) here (is this \(expecting)?)"
        case .valueNotFound: "a value is missing (is this \(expecting)?)"
        case .dataCorrupted(let context):
            context.codingPath.isEmpty ? "it is not JSON, or is cut short (expected \(expecting))" : context.debugDescription
        @unknown default: "it is not \(expecting)"
        }
    }
}
