import Foundation
import SwiftfulGamification

/// One habit as another tracker keeps it, read whole, before it becomes a streak.
public struct ImportedHabit: Sendable, Equatable {
    /// The name the source shows (kept as the streak's title).
    public var name: String
    /// The heading, tag or category the source shows it under.
    public var group: String?
    public var archived = false
    /// What the source asks of the habit, in the source's own terms.
    public var rule: HabitRule
    /// Each day the source records, the last word for a day winning.
    public var days: [CalendarDay: HabitDay] = [:]
    /// Notes the source keeps on days, already one line each.
    public var notes: [CalendarDay: String] = [:]
    /// What the source holds that no streak keeps, one line each ("4 days logged as not done").
    public var leftOut: [String] = []
    /// The strength the source showed on each day it exported (Loop's score, 0 to 1): never
    /// imported (rule 13 computes it again), only compared after the import.
    public var sourceScores: [CalendarDay: Double] = [:]

    public init(name: String, group: String? = nil, archived: Bool = false, rule: HabitRule) {
        self.name = name
        self.group = group
        self.archived = archived
        self.rule = rule
    }

    /// Sets a day's note, made one line (line breaks and tabs become spaces) and cut to
    /// the longest note a streak keeps, saying so.
    public mutating func setNote(_ text: String, on day: CalendarDay) {
        let line = text.split(whereSeparator: { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        guard !line.isEmpty else {
            notes[day] = nil
            return
        }
        if line.count > StreakValidation.longestNote {
            leftOut.append("the end of the note on \(day) (\(line.count) characters; a note keeps \(StreakValidation.longestNote))")
            notes[day] = String(line.prefix(StreakValidation.longestNote))
        } else {
            notes[day] = line
        }
    }
}

/// What a source records on a day.
public enum HabitDay: Sendable, Equatable {
    /// Done, with the amount the source gives (nil for a yes/no habit).
    case done(amount: Double?)
    /// Skipped: planned rest that keeps the streak (rule 9).
    case skipped
}
