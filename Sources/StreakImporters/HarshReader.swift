import Foundation
import GamificationSupport
import SwiftfulGamification

/// harsh's folder: the `habits` file (`Name: frequency[: end date]`, `! Heading` lines,
/// `#` comments) and the append-only `log` (`date : habit : y|n|s[ : comment[ : amount]]`,
/// the last line for a day and habit winning). Formats: docs/IMPORT_FORMATS.md, section 1.
public enum HarshReader {
    /// The folder harsh uses: `$HARSHPATH`, else `$XDG_CONFIG_HOME/harsh` (`~/.config/harsh`).
    public static func defaultFolder(environment: [String: String]) -> String {
        if let path = environment["HARSHPATH"], !path.isEmpty { return path }
        return XDGDirectories(environment: environment).configHome + "/harsh"
    }

    /// - Parameter strict: refuse a log with any line that does not read; otherwise such a
    ///   line is left out and named in the remarks by its number, as harsh itself skips it
    ///   (a log no line of which reads is refused either way: it is not harsh's).
    public static func read(folder: String, today: CalendarDay, strict: Bool = false) throws -> SourceContents {
        let habitsPath = "\(folder)/habits", logPath = "\(folder)/log"
        let habitsText = try SourceFiles.text(habitsPath, expecting: "a harsh folder with a habits file")
        let logText = FileManager.default.fileExists(atPath: logPath) ? try SourceFiles.text(logPath, expecting: "harsh's log") : ""
        var habits = try habitList(habitsText, file: habitsPath, today: today)
        let remarks = try applyLog(logText, file: logPath, to: &habits, strict: strict)
        return SourceContents(habits: habits, remarks: remarks)
    }

    /// The habits, in file order, with their headings and end dates.
    static func habitList(_ text: String, file: String, today: CalendarDay) throws -> [ImportedHabit] {
        var habits: [ImportedHabit] = []
        var heading: String?
        var names = Set<String>()
        for (index, rawLine) in SourceFiles.lines(text).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !rawLine.hasPrefix("#") else { continue }
            if rawLine.hasPrefix("!") {
                guard let start = rawLine.range(of: "! ") else {
                    throw ImportFormatError(file, line: index + 1, "a heading is \"! Name\"")
                }
                let rest = rawLine[start.upperBound...]
                let text = rest.range(of: "! ").map { String(rest[..<$0.lowerBound]) } ?? String(rest)
                heading = text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text.trimmingCharacters(in: .whitespaces)
                continue
            }
            let fields = rawLine.components(separatedBy: ": ")
            guard fields.count >= 2 else {
                throw ImportFormatError(file, line: index + 1, "\"\(line)\" is not \"Name: frequency\" (is this harsh's habits file?)")
            }
            guard fields.count <= 3 else {
                throw ImportFormatError(file, line: index + 1, "a habit line is \"Name: frequency[: end date]\"; a name cannot hold \": \"")
            }
            let name = fields[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw ImportFormatError(file, line: index + 1, "the habit has no name") }
            guard names.insert(name).inserted else { throw ImportFormatError(file, line: index + 1, "\"\(name)\" is listed twice") }
            var habit = ImportedHabit(name: name, group: heading, rule: try rule(fields[1].trimmingCharacters(in: .whitespaces), file: file, line: index + 1))
            if fields.count == 3 {
                let text = fields[2].trimmingCharacters(in: .whitespaces)
                guard let end = CalendarDay(parsing: text) else {
                    throw ImportFormatError(file, line: index + 1, field: "end date", "\"\(text)\" is not a date (YYYY-MM-DD)")
                }
                if end < today {
                    habit.archived = true
                } else {
                    habit.leftOut.append("its end date, \(end) (archive it then)")
                }
            }
            habits.append(habit)
        }
        guard !habits.isEmpty else { throw ImportFormatError(file, "it lists no habits") }
        return habits
    }

    /// `1` daily, `N` or `Nw` once in N days, `T/I` T in any I days, `0` tracking only.
    static func rule(_ text: String, file: String, line: Int) throws -> HabitRule {
        func number(_ part: Substring) throws -> Int {
            let weeks = part.hasSuffix("w")
            guard let value = Int(weeks ? part.dropLast() : part), value >= 0 else {
                throw ImportFormatError(file, line: line, field: "frequency", "\"\(text)\" is not 1, N, Nw or T/I")
            }
            return weeks ? value * 7 : value
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            let days = try number(parts[0])
            return days == 0 ? .trackingOnly(unit: nil) : .times(1, in: .days(days))
        case 2:
            let (times, days) = (try number(parts[0]), try number(parts[1]))
            guard days > 0, times <= days else {
                throw ImportFormatError(file, line: line, field: "frequency", "\"\(text)\" asks for more days than its period has")
            }
            return times == 0 ? .trackingOnly(unit: nil) : .times(times, in: .days(days))
        default:
            throw ImportFormatError(file, line: line, field: "frequency", "\"\(text)\" is not 1, N, Nw or T/I")
        }
    }

    /// Reads the log into the habits it names, the last line for a day and habit winning:
    /// `y` done (with its amount), `s` skipped, `n` not done; its comment becomes the day's note.
    static func applyLog(_ text: String, file: String, to habits: inout [ImportedHabit], strict: Bool = false) throws -> [String] {
        var index: [String: Int] = [:]
        for (position, habit) in habits.enumerated() { index[habit.name] = position }
        var unknown = Set<String>()
        var last = Array(repeating: [CalendarDay: (result: String, comment: String, amount: Double?)](), count: habits.count)
        var unreadable: [ImportFormatError] = []
        var read = 0
        for (offset, line) in SourceFiles.lines(text).enumerated() {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix("#") else { continue }
            let entry: LogEntry
            do {
                entry = try LogEntry(line, file: file, number: offset + 1)
            } catch let error as ImportFormatError {
                if strict { throw error }
                unreadable.append(error)
                continue
            }
            read += 1
            guard let position = index[entry.habit] else {
                unknown.insert(entry.habit)
                continue
            }
            last[position][entry.day] = (entry.result, entry.comment, entry.amount)
        }
        // Not one line reads: another tool's file, not a damaged line in harsh's.
        if read == 0, let first = unreadable.first { throw first }
        for position in habits.indices {
            var notDone = 0
            for (day, entry) in last[position] {
                switch entry.result {
                case "y": habits[position].days[day] = .done(amount: entry.amount)
                case "s": habits[position].days[day] = .skipped
                default: notDone += 1
                }
                habits[position].setNote(entry.comment, on: day)
            }
            if notDone > 0 {
                habits[position].leftOut.append("\(counted(notDone, "day")) logged \"n\" (a day without events says the same)")
            }
        }
        let shown = unreadable.prefix(20).map { "left out: \($0.localizedDescription)" }
        let more = unreadable.count > 20 ? ["left out: \(unreadable.count - 20) more log lines that do not read"] : []
        return shown + more + unknown.sorted().map { "log lines for \"\($0)\", which the habits file does not list" }
    }

    /// One line of the log: `date : habit : y|n|s[ : comment[ : amount]]`.
    struct LogEntry {
        let day: CalendarDay
        let habit: String
        let result: String
        let comment: String
        let amount: Double?

        init(_ line: String, file: String, number: Int) throws {
            var fields = line.components(separatedBy: " : ")
            guard fields.count >= 3 else {
                throw ImportFormatError(file, line: number, "\"\(line)\" is not \"date : habit : y|n|s[ : comment[ : amount]]\" (is this harsh's log?)")
            }
            guard let day = CalendarDay(parsing: fields[0]) else {
                throw ImportFormatError(file, line: number, field: "date", "\"\(fields[0])\" is not a date (YYYY-MM-DD)")
            }
            let result = fields[2].trimmingCharacters(in: .whitespaces)
            guard ["y", "n", "s"].contains(result) else {
                throw ImportFormatError(file, line: number, field: "result", "\"\(fields[2])\" is not y, n or s")
            }
            if fields.count > 5 {
                // A comment holding " : ": the comment is everything between the result and
                // the last field when that is a number (the amount), else up to the end.
                let amountLast = Double(fields[fields.count - 1].trimmingCharacters(in: .whitespaces)) != nil
                let end = amountLast ? fields.count - 1 : fields.count
                let comment = fields[3..<end].joined(separator: " : ")
                fields = Array(fields[0..<3]) + [comment] + (amountLast ? [fields[fields.count - 1]] : [])
            }
            let amountText = fields.count > 4 ? fields[4].trimmingCharacters(in: .whitespaces) : ""
            var amount: Double?
            if !amountText.isEmpty {
                guard let value = Double(amountText), value.isFinite, value >= 0 else {
                    throw ImportFormatError(file, line: number, field: "amount", "\"\(amountText)\" is not a number of 0 or more")
                }
                amount = value
            }
            self.day = day
            self.habit = fields[1]
            self.result = result
            self.comment = fields.count > 3 ? fields[3] : ""
            self.amount = amount
        }
    }
}
