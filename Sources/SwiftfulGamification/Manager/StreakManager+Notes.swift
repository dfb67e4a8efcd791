import Foundation

extension StreakManager {
    /// Writes a note on `day` (today by default), kept or not, or replaces the one there.
    /// - Throws: `StreakRuleError.invalidNote` for an empty text or one over 1,000
    ///   characters, `.controlCharacter` for a line break, `.noteOutOfRange` for a day to
    ///   come, or no user; nothing is written then.
    public func setNote(_ text: String, on day: CalendarDay? = nil) async throws {
        let userId = try requireUser()
        let key = configuration.streakKey
        let note = StreakNote(day: day ?? CalendarDay(containing: now(), in: timeZone()), text: text)
        try await tracked(start: .setNoteStart(day: note.day), success: .setNoteSuccess(day: note.day), failure: Event.setNoteFail) {
            try note.validate()
            try StreakValidation.validateNoteDay(note.day, now: now(), timezone: timeZone())
            try await remote.setNote(userId: userId, streakKey: key, note: note)
            notes = try await remote.getNotes(userId: userId, streakKey: key)
        }
        await calculate(userId: userId)
    }

    /// Takes back the note on `day`.
    /// - Throws: `StreakStoreError.noNote` when the day has none, or no user.
    public func removeNote(on day: CalendarDay) async throws {
        let userId = try requireUser()
        let key = configuration.streakKey
        try await tracked(start: .removeNoteStart(day: day), success: .removeNoteSuccess(day: day), failure: Event.removeNoteFail) {
            try await remote.removeNote(userId: userId, streakKey: key, day: day)
            notes = try await remote.getNotes(userId: userId, streakKey: key)
        }
        await calculate(userId: userId)
    }

    /// The note on `day`, if any.
    public func note(on day: CalendarDay) -> StreakNote? {
        notes.first { $0.day == day }
    }
}
