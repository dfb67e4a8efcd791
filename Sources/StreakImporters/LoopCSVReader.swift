import CSV
import Foundation
import GamificationSupport
import SwiftfulGamification
import ZIPFoundation

/// Loop Habit Tracker's CSV export: the zip, or its unpacked folder. `Habits.csv` lists
/// the habits (the header before 2.3.1, or after it with type, target and archived), and
/// each exported habit's folder `NNN Name/` holds its `Checkmarks.csv` (no header before
/// 2.3.1; `Date,Value,Notes` after, values as words). Formats: docs/IMPORT_FORMATS.md, 3a.
public enum LoopCSVReader {
    public static func read(path: String) throws -> SourceContents {
        try read(files: try files(at: path), source: path)
    }

    /// The export's CSV files by their path inside it, from a zip or a folder.
    static func files(at path: String) throws -> [String: Data] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportFormatError(path, "there is no such file or folder (expected Loop's CSV export, a .zip or its folder)")
        }
        var files: [String: Data] = [:]
        if isDirectory.boolValue {
            let root = URL(fileURLWithPath: path)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [:] }
            for case let url as URL in walker where url.pathExtension.lowercased() == "csv" {
                let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count)).trimmingPrefix("/")
                files[String(relative)] = try SourceFiles.data(url.path, expecting: "a CSV file")
            }
            return files
        }
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ImportFormatError(path, "is not a zip archive (expected Loop's CSV export, a .zip or its folder)")
        }
        var total: UInt64 = 0
        for entry in archive where entry.type == .file && entry.path.lowercased().hasSuffix(".csv") {
            total += entry.uncompressedSize
            guard total <= UInt64(SourceFiles.largestFile) else { throw ImportFormatError(path, "unpacks to more than \(SourceFiles.largestFile >> 20) MiB") }
            var data = Data()
            do {
                _ = try archive.extract(entry) { data.append($0) }
            } catch {
                throw ImportFormatError(path, field: entry.path, "is damaged: \(error)")
            }
            files[entry.path] = data
        }
        return files
    }

    static func read(files: [String: Data], source: String) throws -> SourceContents {
        // The export may sit in a folder of its own inside the zip.
        guard let habitsPath = files.keys.filter({ $0 == "Habits.csv" || $0.hasSuffix("/Habits.csv") }).min(by: { $0.count < $1.count }) else {
            throw ImportFormatError(source, "holds no Habits.csv (is it Loop's CSV export?)")
        }
        let root = String(habitsPath.dropLast("Habits.csv".count))
        let rows = try table(files[habitsPath]!, file: "\(source): \(habitsPath)")
        guard let header = rows.first else { throw ImportFormatError("\(source): \(habitsPath)", "it is empty") }
        let columns = try HabitsColumns(header, file: "\(source): \(habitsPath)")
        // Each habit's folder, by its number ("001 Stretch" is habit 1).
        var folders: [Int: String] = [:]
        for path in files.keys where path.hasPrefix(root) && path.hasSuffix("/Checkmarks.csv") {
            let folder = path.dropFirst(root.count).dropLast("/Checkmarks.csv".count)
            guard !folder.contains("/"), let number = Int(folder.prefix { $0.isNumber }) else { continue }
            folders[number] = path
        }
        var habits: [ImportedHabit] = []
        var remarks: [String] = []
        for (index, row) in rows.dropFirst().enumerated() where !(row.count == 1 && row[0].isEmpty) {
            let line = index + 2
            let file = "\(source): \(habitsPath)"
            var loop = try columns.habit(row, file: file, line: line)
            guard let path = folders[index + 1] else {
                remarks.append("\"\(loop.name)\" has no history in this export (Loop exports the habits selected)")
                habits.append(try loop.habit(file: file, field: "line \(line)"))
                continue
            }
            let checkmarks = try table(files[path]!, file: "\(source): \(path)")
            // Before 2.3.1 Habits.csv has no type: a measurable habit shows in its values (thousandths).
            let measured = !columns.hasType && checkmarks.contains { $0.count >= 2 && (entryValue($0[1]).map { $0 > LoopHabitRow.Value.skip || $0 < LoopHabitRow.Value.unknown } ?? false) }
            if measured { loop.numerical = true }
            var habit = try loop.habit(file: file, field: "line \(line)")
            if measured { habit.leftOut.append("its target and unit (Loop before 2.3.1 does not export them): tracking only") }
            var notDone = 0
            for (offset, mark) in checkmarks.enumerated() where !(mark.count == 1 && mark[0].isEmpty) {
                if offset == 0, mark.first == "Date" { continue }
                let place = "\(source): \(path)"
                guard mark.count >= 2, let day = CalendarDay(parsing: mark[0]) else {
                    throw ImportFormatError(place, line: offset + 1, "\"\(mark.joined(separator: ","))\" is not \"date,value\"")
                }
                guard let value = entryValue(mark[1]) else {
                    throw ImportFormatError(place, line: offset + 1, field: "value", "\"\(mark[1])\" is not a Loop entry value")
                }
                if loop.record(value, note: mark.count > 2 ? mark[2] : "", on: day, into: &habit) { notDone += 1 }
            }
            if notDone > 0 { habit.leftOut.append("\(counted(notDone, "day")) marked not done (a day without events says the same)") }
            let scoresPath = String(path.dropLast("Checkmarks.csv".count)) + "Scores.csv"
            if let scores = files[scoresPath] { habit.sourceScores = try Self.scores(scores, file: "\(source): \(scoresPath)") }
            habits.append(habit)
        }
        return SourceContents(habits: habits, remarks: remarks)
    }

    /// A habit's `Scores.csv`: `Date,Score` then a day and its score (0 to 1) a line.
    static func scores(_ data: Data, file: String) throws -> [CalendarDay: Double] {
        var scores: [CalendarDay: Double] = [:]
        for (offset, row) in try table(data, file: file).enumerated() where !(row.count == 1 && row[0].isEmpty) {
            if offset == 0, row.first == "Date" { continue }
            guard row.count >= 2, let day = CalendarDay(parsing: row[0]), let score = Double(row[1]), (0...1).contains(score) else {
                throw ImportFormatError(file, line: offset + 1, "\"\(row.joined(separator: ","))\" is not \"date,score\" with a score from 0 to 1")
            }
            scores[day] = score
        }
        return scores
    }

    /// A value as Loop writes it: a word from 2.3.1 on, digits before (and for amounts).
    static func entryValue(_ text: String) -> Int? {
        switch text.trimmingCharacters(in: .whitespaces) {
        case "YES_MANUAL": LoopHabitRow.Value.yesManual
        case "YES_AUTO": LoopHabitRow.Value.yesAuto
        case "NO": LoopHabitRow.Value.no
        case "SKIP": LoopHabitRow.Value.skip
        case "UNKNOWN": LoopHabitRow.Value.unknown
        case let digits: Int(digits)
        }
    }

    /// A CSV file's rows; a quote left open is an error naming the file.
    static func table(_ data: Data, file: String) throws -> [[String]] {
        let text = try SourceFiles.text(data, file: file, expecting: "a CSV file")
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text)
        } catch {
            throw ImportFormatError(file, "is not CSV: \(error)")
        }
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        if let error = reader.error { throw ImportFormatError(file, line: rows.count + 1, "is not CSV: \(error)") }
        return rows
    }

    /// Where Habits.csv keeps each field: the header of Loop 1, of 2.0 to 2.3.0, or of 2.3.1 on.
    struct HabitsColumns {
        var index: [String: Int] = [:]
        /// Whether the header says each habit's type (2.3.1 on).
        var hasType: Bool { index["Type"] != nil }

        init(_ header: [String], file: String) throws {
            for (position, name) in header.enumerated() { index[name.trimmingCharacters(in: .whitespaces)] = position }
            guard index["Name"] != nil,
                  index["FrequencyNumerator"] != nil || index["NumRepetitions"] != nil else {
                throw ImportFormatError(file, line: 1, "the header \"\(header.joined(separator: ","))\" is not Loop's Habits.csv")
            }
        }

        func habit(_ row: [String], file: String, line: Int) throws -> LoopHabitRow {
            func field(_ names: String...) -> String? {
                for name in names { if let position = index[name], position < row.count { return row[position] } }
                return nil
            }
            func number(_ names: String...) throws -> Int {
                guard let text = names.lazy.compactMap({ field($0) }).first, let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                    throw ImportFormatError(file, line: line, field: names[0], "is not a whole number")
                }
                return value
            }
            guard let name = field("Name"), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ImportFormatError(file, line: line, field: "Name", "the habit has no name")
            }
            var habit = LoopHabitRow(name: name)
            habit.frequencyNumerator = try number("FrequencyNumerator", "NumRepetitions")
            habit.frequencyDenominator = try number("FrequencyDenominator", "Interval")
            habit.question = field("Question") ?? ""
            habit.description = field("Description") ?? ""
            switch field("Type") ?? "YES_NO" {
            case "YES_NO": break
            case "NUMERICAL": habit.numerical = true
            case let other: throw ImportFormatError(file, line: line, field: "Type", "\"\(other)\" is not YES_NO or NUMERICAL")
            }
            if habit.numerical {
                habit.unit = field("Unit") ?? ""
                habit.atMost = field("Target Type") == "AT_MOST"
                let target = field("Target Value") ?? ""
                guard let value = Double(target) else { throw ImportFormatError(file, line: line, field: "Target Value", "\"\(target)\" is not a number") }
                habit.targetValue = value
            }
            habit.archived = field("Archived?") == "true"
            return habit
        }
    }
}
