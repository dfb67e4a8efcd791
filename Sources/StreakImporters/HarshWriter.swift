import Foundation
import SwiftfulGamification

/// Writes streaks as harsh's `habits` and `log` files: groups as `! Heading` lines, a
/// day with events `y` (with its total on a streak that measures an amount), a skip `s`.
public enum HarshWriter {
    /// - Returns: a line for each streak harsh cannot hold exactly.
    public static func write(_ streaks: [ExportedStreak], to folder: String, zone: TimeZone, today: CalendarDay) throws -> [String] {
        try ExportFolder.prepare(folder, files: ["habits", "log"])
        var notes: [String] = []
        var habits = ["# Written by streaks export --format harsh"]
        var log: [(CalendarDay, Int, String)] = []
        var heading: String?? = .none
        let names = uniqueNames(streaks)
        // harsh lists habits under the heading above them: grouped streaks after ungrouped.
        let order = streaks.indices.sorted { (streaks[$0].configuration.group ?? "", $0) < (streaks[$1].configuration.group ?? "", $1) }
        for index in order {
            let streak = streaks[index], name = names[index]
            let group = streak.configuration.group
            if heading != .some(group), let group {
                habits.append("! \(group.replacingOccurrences(of: "! ", with: "!"))")
            }
            heading = .some(group)
            let (frequency, remark) = self.frequency(streak.configuration)
            if let remark { notes.append("\(streak.configuration.streakKey): \(remark)") }
            if name != streak.name {
                let why = streak.name.contains(":") ? "harsh's files cannot hold \":\" in a name" : "another streak has its name"
                notes.append("\(streak.configuration.streakKey): named \"\(name)\" (\(why))")
            }
            let totals = streak.dayTotals(defaultZone: zone)
            // An archived streak ends on its last day with events (harsh's end date).
            let end = streak.archived ? ": \(totals.keys.max() ?? today)" : ""
            habits.append("\(name): \(frequency)\(end)")
            let amounts = streak.configuration.measuresAmount
            var days: [CalendarDay: (result: String, note: String, amount: String)] = [:]
            for (day, total) in totals { days[day] = ("y", "", amounts ? StreakAmount.text(total) : "") }
            for day in streak.skips { days[day] = ("s", days[day]?.note ?? "", "") }
            for note in streak.notes { days[note.day, default: ("n", "", "")].note = note.text.replacingOccurrences(of: " : ", with: " - ") }
            for (day, entry) in days { log.append((day, index, "\(day) : \(name) : \(entry.result) : \(entry.note) : \(entry.amount)")) }
        }
        try ExportFolder.write(habits.joined(separator: "\n") + "\n", to: "\(folder)/habits")
        try ExportFolder.write(log.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2).joined(separator: "\n") + (log.isEmpty ? "" : "\n"), to: "\(folder)/log")
        return notes
    }

    /// `1` daily, `N` every N days, `T/I` T in any I days (a week's T as `T/7`, a month's as
    /// `T/30`), or `0` for tracking only; an amount's target has no place in harsh.
    static func frequency(_ configuration: StreakConfiguration) -> (String, String?) {
        if configuration.isTrackingOnly { return ("0", nil) }
        var remark: String? = nil
        let frequency: String
        let schedule = configuration.schedule
        switch schedule {
        case .daily: frequency = "1"
        case .timesPerWeek(let times):
            frequency = "\(times)/7"
            remark = "\(schedule.text) from \(configuration.weekStart.shortName.lowercased()); harsh has \(times) in any 7 days"
        case .weekdays(let days):
            frequency = "\(days.count)/7"
            remark = "due on \(schedule.text); harsh has \(days.count) in any 7 days"
        case .rolling(let times, let days):
            frequency = times == 1 ? "\(days)" : "\(times)/\(days)"
            // For every N days one window or every window is the same rule (rule 12).
            if times > 1 { remark = "\(schedule.text); harsh keeps a day when some \(days)-day window around it holds \(times), not every window" }
        case .timesPerMonth(let times):
            frequency = "\(times)/30"
            remark = "\(times) days a calendar month; harsh has \(times) in any 30 days"
        }
        if let target = configuration.target {
            remark = [remark, "its target (\(StreakShape(schedule: configuration.schedule, target: target, unit: configuration.unit).text)) is not harsh's; the log keeps each day's total"]
                .compactMap { $0 }.joined(separator: "; ")
        } else if configuration.eventsRequiredPerDay > 1 {
            remark = "\(configuration.eventsRequiredPerDay) events a day; harsh has one answer a day"
        }
        return (frequency, remark)
    }

    /// Names harsh can hold (no ":" in them), each once.
    static func uniqueNames(_ streaks: [ExportedStreak]) -> [String] {
        var used = Set<String>()
        return streaks.map { streak in
            var name = streak.name.replacingOccurrences(of: ":", with: "-").trimmingCharacters(in: .whitespaces)
            if name.isEmpty || name.hasPrefix("#") || name.hasPrefix("!") { name = streak.configuration.streakKey }
            var candidate = name, number = 2
            while used.contains(candidate) {
                candidate = "\(name) \(number)"
                number += 1
            }
            used.insert(candidate)
            return candidate
        }
    }
}
