import Foundation

extension StreakValidation {
    /// The days a note may be on at `now`: from 1970-01-01 (the first supported date) to
    /// today in `timezone`. A note is about a day that happened, kept or not; no day to come.
    public static func noteWindow(now: Date, timezone: TimeZone) -> ClosedRange<CalendarDay> {
        let first = CalendarDay(containing: supportedDates.lowerBound, in: TimeZone(identifier: "UTC")!)
        let today = CalendarDay(containing: now, in: timezone)
        return first...max(first, today)
    }

    /// - Throws: `StreakRuleError.noteOutOfRange` for a day outside `noteWindow`.
    public static func validateNoteDay(_ day: CalendarDay, now: Date, timezone: TimeZone) throws {
        let window = noteWindow(now: now, timezone: timezone)
        guard window.contains(day) else { throw StreakRuleError.noteOutOfRange(day, earliest: window.lowerBound, latest: window.upperBound) }
    }

    /// A note as a store keeps it, wherever it came from (an import, a copy, a pull): its
    /// text, and a day any store can hold (1970-01-01 to 2199-12-31; imports are not bound to
    /// today, as the day may be today somewhere else).
    /// - Throws: `StreakRuleError.invalidNote`, `.controlCharacter` or `.dateOutOfRange`.
    public static func validateStoredNote(_ note: StreakNote) throws {
        try validateNote(note.text)
        try validateDate(note.day.startDate(in: TimeZone(identifier: "UTC")!), "note's day")
    }
}
