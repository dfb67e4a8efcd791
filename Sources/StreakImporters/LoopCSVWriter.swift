import Foundation
import SwiftfulGamification

/// Writes streaks in the layout of Loop Habit Tracker's CSV export (2.3.1): `Habits.csv`,
/// the wide `Checkmarks.csv` Beaver imports, and `NNN Name/Checkmarks.csv` per habit.
public enum LoopCSVWriter {
    /// Writes into `folder` (made when missing; files already there are never replaced).
    /// - Returns: a line for each streak Loop cannot hold exactly.
    public static func write(_ streaks: [ExportedStreak], to folder: String, zone: TimeZone) throws -> [String] {
        let folders = streaks.enumerated().map { folderName(index: $0.offset, name: $0.element.name) }
        try ExportFolder.prepare(folder, files: ["Habits.csv", "Checkmarks.csv"] + folders)
        var notes: [String] = []
        var habitRows = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?"]
        var wide: [CalendarDay: [String]] = [:]
        for (index, streak) in streaks.enumerated() {
            let (habit, remark) = LoopHabitRow.habit(of: streak.configuration, named: streak.name)
            if let remark { notes.append("\(streak.configuration.streakKey): \(remark)") }
            habitRows.append([
                String(format: "%03d", index + 1), streak.name, habit.numerical ? "NUMERICAL" : "YES_NO", "", "",
                String(habit.frequencyNumerator), String(habit.frequencyDenominator), "#00897B", habit.unit,
                habit.numerical ? (habit.atMost ? "AT_MOST" : "AT_LEAST") : "", habit.numerical ? "\(habit.targetValue)" : "",
                streak.archived ? "true" : "false",
            ].map(field).joined(separator: ","))
            var rows = ["Date,Value,Notes"]
            for (day, entry) in entries(streak, numerical: habit.numerical, zone: zone) {
                rows.append([day.description, word(entry.value), entry.note].map(field).joined(separator: ","))
                wide[day, default: Array(repeating: "UNKNOWN", count: streaks.count)][index] = word(entry.value)
            }
            try ExportFolder.write(rows.joined(separator: "\n") + "\n", to: "\(folder)/\(folders[index])/Checkmarks.csv")
        }
        try ExportFolder.write(habitRows.joined(separator: "\n") + "\n", to: "\(folder)/Habits.csv")
        // Loop writes the wide file by hand: names unquoted, every row ending in a comma.
        var wideRows = ["Date," + streaks.map { $0.name.replacingOccurrences(of: ",", with: " ") + "," }.joined()]
        for (day, values) in wide.sorted(by: { $0.key > $1.key }) { wideRows.append("\(day)," + values.map { $0 + "," }.joined()) }
        try ExportFolder.write(wideRows.joined(separator: "\n") + "\n", to: "\(folder)/Checkmarks.csv")
        return notes
    }

    /// A habit's days, newest first: done (or the day's total in thousandths), skipped, or
    /// only a note.
    static func entries(_ streak: ExportedStreak, numerical: Bool, zone: TimeZone) -> [(CalendarDay, (value: Int, note: String))] {
        var days: [CalendarDay: (value: Int, note: String)] = [:]
        for (day, total) in streak.dayTotals(defaultZone: zone) {
            days[day] = (numerical ? Int(StreakAmount.thousandths(total)) : LoopHabitRow.Value.yesManual, "")
        }
        for day in streak.skips { days[day] = (LoopHabitRow.Value.skip, "") }
        for note in streak.notes { days[note.day, default: (LoopHabitRow.Value.unknown, "")].note = note.text }
        return days.sorted { $0.key > $1.key }
    }

    /// The value as Loop 2.3.1 prints it: a word for 0 to 3 and -1, digits otherwise.
    static func word(_ value: Int) -> String {
        switch value {
        case LoopHabitRow.Value.yesManual: "YES_MANUAL"
        case LoopHabitRow.Value.yesAuto: "YES_AUTO"
        case LoopHabitRow.Value.no: "NO"
        case LoopHabitRow.Value.skip: "SKIP"
        case LoopHabitRow.Value.unknown: "UNKNOWN"
        default: String(value)
        }
    }

    /// "001 Stretch": Loop keeps letters, digits, space, dot, underscore and dash.
    static func folderName(index: Int, name: String) -> String {
        let kept = name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || " ._-".unicodeScalars.contains($0)) }
        let cleaned = String(String.UnicodeScalarView(kept)).prefix(100).trimmingCharacters(in: .whitespaces)
        return String(format: "%03d", index + 1) + (cleaned.isEmpty ? "" : " \(cleaned)")
    }

    /// Quoted only when it must be, quotes doubled (as opencsv writes).
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
