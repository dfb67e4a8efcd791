import Foundation
import SwiftfulGamification

extension FileStreakStore {
    /// The streak's notes by date, as the note ledger (`notes.jsonl`) folds them.
    public func notes(userId: String, streakKey: String) throws -> [StreakNote] {
        try readLedger(userId: userId, streakKey: streakKey) { try $0.notes() }
    }

    /// Writes the note on `day`, recorded in the note ledger under the store lock: a new one
    /// or a replacement; the same text again writes nothing.
    /// - Throws: `StreakRuleError.invalidNote`, `.controlCharacter` or `.noteOutOfRange`
    ///   before anything is written.
    @discardableResult
    public func setNote(_ text: String, on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) throws
        -> StreakEvaluation {
        let note = StreakNote(day: day, text: text)
        try note.validate()
        try StreakValidation.validateNoteDay(day, now: now, timezone: timezone)
        return try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let current = try context.folder.notes().notes
            guard !current.contains(note) else { return }
            try context.folder.appendNoteRecords([.note(note, date: now)], journal: context.journal)
        }
    }

    /// Takes back the note on `day`, recorded in the note ledger.
    /// - Throws: `StreakStoreError.noNote` when the day has none (nothing is written).
    @discardableResult
    public func removeNote(on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            guard try context.folder.notes().notes.contains(where: { $0.day == day }) else {
                throw StreakStoreError.noNote(streakKey, day: day)
            }
            try context.folder.appendNoteRecords([.unnote(day, date: now)], journal: context.journal)
        }
    }
}
