import Foundation
import GamificationSupport
import NIOPosix
import SQLiteNIO
import SwiftfulGamification

/// Loop Habit Tracker's SQLite database (a backup, `.db`): `Habits` and `Repetitions`,
/// schema versions 12 to 25 (`PRAGMA user_version`). Formats: docs/IMPORT_FORMATS.md, 3b.
public enum LoopDatabaseReader {
    public static let knownVersions = 12...25

    /// Whether `file` starts as every SQLite database does.
    public static func isSQLite(_ file: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\u{0}".utf8)
    }

    public static func read(file: String) async throws -> SourceContents {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ImportFormatError(file, "there is no such file (expected a Loop backup, .db)")
        }
        // Read-only and immutable: a backup is never changed, nor a journal left beside it.
        let uri = "file:" + (file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file) + "?mode=ro&immutable=1"
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: uri))
        } catch {
            throw ImportFormatError(file, "cannot be opened as SQLite: \(error)")
        }
        do {
            let contents = try await read(connection, file: file)
            try await connection.close()
            return contents
        } catch {
            try? await connection.close()
            if error is ImportFormatError { throw error }
            throw ImportFormatError(file, "is not a Loop backup: \(Self.describe(error))")
        }
    }

    private static func read(_ connection: SQLiteConnection, file: String) async throws -> SourceContents {
        let version = try await connection.query("PRAGMA user_version").first?.column("user_version")?.integer ?? 0
        let tables = Set(try await connection.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.column("name")?.string?.lowercased() })
        guard tables.contains("habits"), tables.contains("repetitions") else {
            throw ImportFormatError(file, "has no Habits and Repetitions tables (is it a Loop backup?)")
        }
        guard knownVersions.contains(Int(version)) else {
            throw ImportFormatError(file, field: "user_version", "schema version \(version) is not one this reads (\(knownVersions.lowerBound) to \(knownVersions.upperBound)); open and back it up again with Loop 2")
        }
        let habitColumns = try await columns(of: "Habits", connection)
        let repetitionColumns = try await columns(of: "Repetitions", connection)
        func has(_ column: String) -> Bool { habitColumns.contains(column) }
        let wanted = ["id", "name", "freq_num", "freq_den", "archived", "type", "target_type", "target_value", "unit", "question", "description"]
        // Named as wanted whatever case the schema spells them in (schema 12 says `Id`).
        let select = wanted.map { has($0) ? "\($0) AS \($0)" : "NULL AS \($0)" }.joined(separator: ", ")
        var habits: [Int: (row: LoopHabitRow, habit: ImportedHabit, notDone: Int)] = [:]
        var order: [Int] = []
        for row in try await connection.query("SELECT \(select) FROM Habits ORDER BY \(has("position") ? "position, " : "")id") {
            guard let id = row.column("id")?.integer else { continue }
            let field = "Habits id \(id)"
            var habit = LoopHabitRow(name: row.column("name")?.string ?? "")
            habit.frequencyNumerator = Int(row.column("freq_num")?.integer ?? 1)
            habit.frequencyDenominator = Int(row.column("freq_den")?.integer ?? 1)
            habit.archived = (row.column("archived")?.integer ?? 0) != 0
            habit.numerical = (row.column("type")?.integer ?? 0) == 1
            habit.atMost = (row.column("target_type")?.integer ?? 0) == 1
            habit.targetValue = row.column("target_value")?.double ?? 0
            habit.unit = row.column("unit")?.string ?? ""
            habit.question = row.column("question")?.string ?? ""
            habit.description = row.column("description")?.string ?? ""
            guard !habit.name.trimmingCharacters(in: .whitespaces).isEmpty else { throw ImportFormatError(file, field: field, "the habit has no name") }
            habits[id] = (habit, try habit.habit(file: file, field: field), 0)
            order.append(id)
        }
        let value = repetitionColumns.contains("value") ? "value AS value" : "\(LoopHabitRow.Value.yesManual) AS value"
        let notes = repetitionColumns.contains("notes") ? "notes AS notes" : "NULL AS notes"
        var orphans = 0
        for row in try await connection.query("SELECT habit AS habit, timestamp AS timestamp, \(value), \(notes) FROM Repetitions ORDER BY timestamp, id") {
            guard let id = row.column("habit")?.integer, let stamp = row.column("timestamp")?.integer else {
                throw ImportFormatError(file, field: "Repetitions", "a row has no habit or timestamp")
            }
            guard var entry = habits[id] else {
                orphans += 1
                continue
            }
            // Milliseconds at 00:00 UTC of the user's own day: read back in UTC.
            let day = CalendarDay(dayNumber: Int((Double(stamp) / 86_400_000).rounded(.down)))
            if entry.row.record(Int(row.column("value")?.integer ?? -1), note: row.column("notes")?.string ?? "", on: day, into: &entry.habit) {
                entry.notDone += 1
            }
            habits[id] = entry
        }
        let list = order.map { id in
            var (_, habit, notDone) = habits[id]!
            if notDone > 0 { habit.leftOut.append("\(counted(notDone, "day")) marked not done (a day without events says the same)") }
            return habit
        }
        return SourceContents(habits: list, remarks: orphans > 0 ? ["\(orphans) repetitions of habits the backup does not hold"] : [])
    }

    /// Lowercased: SQLite's names are not case-sensitive, and Loop's schemas spell them both ways.
    private static func columns(of table: String, _ connection: SQLiteConnection) async throws -> Set<String> {
        Set(try await connection.query("PRAGMA table_info(\(table))").compactMap { $0.column("name")?.string?.lowercased() })
    }

    private static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        return text.contains("not a database") ? "it is not an SQLite database" : text
    }
}
