import Foundation
import PostgresNIO
import StreakStoreKit
import SwiftfulGamification

extension PostgresStreakStore {
    public func notes(userId: String, streakKey: String) async throws -> [StreakNote] {
        try await read(userId: userId, streakKey: streakKey) { connection, row in try await self.notes(connection, of: row) }
    }

    /// Writes the note on `day` (a new one, or in place of the day's), in one write with the
    /// recalculation and the notification, under the write's operation id.
    /// - Throws: `StreakRuleError.invalidNote`, `.controlCharacter` or `.noteOutOfRange`
    ///   before anything is sent.
    func setNote(_ text: String, on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> StreakEvaluation {
        let note = StreakNote(day: day, text: text)
        try note.validate()
        try StreakValidation.validateNoteDay(day, now: now, timezone: timezone)
        return try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            try await Self.upsertNotes([note], in: context)
        }
    }

    /// Takes back the note on `day`. - Throws: `StreakStoreError.noNote` when the day has
    /// none (the write is rolled back: nothing changes, no one is notified).
    func removeNote(on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let rows = try await context.connection.query(
                "DELETE FROM streak_notes WHERE user_id = \(context.userId) AND streak_id = \(context.row.id) AND day = \(day.dayNumber) RETURNING day",
                logger: PostgresSession.logger
            )
            guard try await !rows.collect().isEmpty else { throw StreakStoreError.noNote(streakKey, day: day) }
            context.notes.removeAll { $0.day == day }
        }
    }

    /// Adds the notes the streak lacks and replaces those whose text differs (the last given
    /// for a day wins); a note the streak has word for word is left alone.
    static func upsertNotes(_ notes: [StreakNote], in context: WriteContext) async throws {
        let held = Set(context.notes)
        let changed = ImportBatch(notes: notes).notesByDay.map { StreakNote(day: $0.key, text: $0.value) }
            .filter { !held.contains($0) }.sorted { $0.day < $1.day }
        guard !changed.isEmpty else { return }
        try await context.connection.query(
            """
            INSERT INTO streak_notes (user_id, streak_id, day, note, changed_us)
            SELECT \(context.userId), \(context.row.id), n.day, n.note, \(context.nowMicros)
            FROM unnest(\(changed.map(\.day.dayNumber))::integer[], \(changed.map(\.text))::text[]) AS n(day, note)
            ON CONFLICT (user_id, streak_id, day) DO UPDATE SET note = EXCLUDED.note, changed_us = EXCLUDED.changed_us
            """,
            logger: PostgresSession.logger
        )
        let days = Set(changed.map(\.day))
        context.notes = (context.notes.filter { !days.contains($0.day) } + changed).sorted { $0.day < $1.day }
    }

    /// The streak's notes by date.
    func notes(_ connection: PostgresConnection, of row: StreakRow) async throws -> [StreakNote] {
        let rows = try await connection.query(
            "SELECT day, note FROM streak_notes WHERE user_id = \(row.userId) AND streak_id = \(row.id) ORDER BY day", logger: PostgresSession.logger
        )
        var notes: [StreakNote] = []
        for try await (day, text) in rows.decode((Int, String).self) { notes.append(StreakNote(day: CalendarDay(dayNumber: day), text: text)) }
        return notes
    }

    /// Notes from the two arrays a write's state reads (days ascending, texts in the same order).
    static func notes(days: [Int]?, texts: [String]?) -> [StreakNote] {
        zip(days ?? [], texts ?? []).map { StreakNote(day: CalendarDay(dayNumber: $0), text: $1) }
    }
}
