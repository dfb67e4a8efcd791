import Foundation
import SwiftfulGamification

/// Every write of a streak by name, as upstream's services and the stores' own callers
/// make them: each is one `StreakChange` through the store's one entry point
/// (`applyUnsettled`), points not settled (what the CLI, the dashboard and the server write
/// goes through `apply`, which settles them).
extension StreakStore {
    private func write(_ change: StreakChange, _ userId: String, _ key: String, _ now: Date, _ zone: TimeZone) async throws -> StreakChangeResult {
        try await applyUnsettled(change, to: StreakRef(userId: userId, key: key), at: now, timezone: zone)
    }

    /// The streak as a write that must give one left it.
    private func evaluation(_ change: StreakChange, _ userId: String, _ key: String, _ now: Date, _ zone: TimeZone) async throws -> StreakEvaluation {
        try await write(change, userId, key, now, zone).evaluation(of: key)
    }

    // MARK: Streaks

    /// - Throws: `StreakStoreError.streakExists`, or a validation error.
    public func createStreak(userId: String, configuration: StreakConfiguration, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await evaluation(.create(configuration), userId, configuration.streakKey, now, timezone)
    }

    /// Changes the goal (from today on), the leeway or the freeze behaviour.
    public func updateConfiguration(
        userId: String, streakKey: String, goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, now: Date, timezone: TimeZone
    ) async throws -> StreakEvaluation {
        try await evaluation(.configure(goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior), userId, streakKey, now, timezone)
    }

    /// Changes which days are due from today on (rule 8; earlier days keep theirs).
    /// - Throws: `StreakRuleError.scheduleUnitChange` between a weekly schedule and a day one.
    public func updateSchedule(_ schedule: StreakSchedule, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> StreakEvaluation {
        try await evaluation(.schedule(schedule), userId, streakKey, now, timezone)
    }

    /// Changes the goal, leeway, freeze behaviour, schedule, title, group and position (each
    /// where given; an empty title or group removes it) in one write: all of it or none.
    public func updateSettings(
        userId: String, streakKey: String, goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, schedule: StreakSchedule?,
        details: StreakDetails, now: Date, timezone: TimeZone
    ) async throws -> StreakEvaluation {
        let change = StreakChange.settings(goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: schedule, details: details)
        return try await evaluation(change, userId, streakKey, now, timezone)
    }

    public func setArchived(_ archived: Bool, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await evaluation(.archive(archived), userId, streakKey, now, timezone)
    }

    /// Its earned points and points settings move with it, in the same write.
    /// - Throws: `StreakStoreError.streakExists` while `newKey` is taken.
    public func renameStreak(userId: String, from oldKey: String, to newKey: String, now: Date, timezone: TimeZone) async throws
        -> StreakEvaluation {
        try await write(.rename(to: newKey), userId, oldKey, now, timezone).evaluation(of: newKey)
    }

    /// Makes every earlier event stop counting (kept, not deleted).
    public func resetStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await evaluation(.reset, userId, streakKey, now, timezone)
    }

    // MARK: Trash

    /// Moves a streak to the trash: its key is free at once, and `restoreStreak` brings it
    /// back until it expires (`TrashedStreak.keptFor` after; the first write after that
    /// empties it). `archive` is another thing: hidden, kept, its key held.
    public func deleteStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> TrashedStreak {
        try await write(.delete, userId, streakKey, now, timezone).trashed(of: streakKey)
    }

    /// Brings back the latest deleted streak with `streakKey`, under `newKey` when given (its
    /// earnings then move with it in the same write, unless a live streak holds `streakKey`).
    /// - Throws: `StreakStoreError.notInTrash`, `.restoreKeyTaken` while the key is taken.
    public func restoreStreak(userId: String, streakKey: String, as newKey: String?, now: Date, timezone: TimeZone) async throws
        -> StreakEvaluation {
        try await write(.restore(as: newKey), userId, streakKey, now, timezone).evaluation(of: newKey ?? streakKey)
    }

    // MARK: Events

    /// Adds events, skipping ids the streak already holds (a replayed write adds nothing).
    /// - Parameter freshIds: the ids were made up just now, so no duplicate can exist.
    /// - Parameter creating: creates the streak in the same write when it does not exist.
    public func addEvents(
        _ events: [StreakEvent], userId: String, streakKey: String, now: Date, timezone: TimeZone, freshIds: Bool,
        creating configuration: StreakConfiguration?
    ) async throws -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        let result = try await write(.addEvents(events, creating: configuration, freshIds: freshIds ? true : nil), userId, streakKey, now, timezone)
        return (result.added, try result.evaluation(of: streakKey))
    }

    /// Removes the last regular event still counting, if logged at or after `since`.
    public func undoLastEvent(userId: String, streakKey: String, since: Date?, now: Date, timezone: TimeZone) async throws
        -> (removed: StreakEvent?, evaluation: StreakEvaluation) {
        let result = try await write(.undoLast(since: since), userId, streakKey, now, timezone)
        return (result.removed, try result.evaluation(of: streakKey))
    }

    /// - Throws: `StreakStoreError.unknownEvent` when no regular event with that id counts.
    public func removeEvent(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (removed: StreakEvent, evaluation: StreakEvaluation) {
        let result = try await write(.removeEvent(id: id), userId, streakKey, now, timezone)
        guard let removed = result.removed else { throw StreakStoreError.unknownEvent(id) }
        return (removed, try result.evaluation(of: streakKey))
    }

    /// A whole streak in one write (creating it when new): configuration and goal history
    /// for a new streak, freezes and events whose ids it does not hold yet.
    public func importBatch(_ batch: ImportBatch, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        let result = try await write(.importing(batch), userId, streakKey, now, timezone)
        return (result.added, try result.evaluation(of: streakKey))
    }

    // MARK: Freezes

    /// Adds freezes (an id the streak already holds is skipped).
    public func addFreezes(_ freezes: [StreakFreeze], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> StreakEvaluation {
        try await evaluation(.addFreezes(freezes), userId, streakKey, now, timezone)
    }

    /// - Throws: `StreakRuleError.freezeNotFound` / `.freezeAlreadyUsed`.
    public func useFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws {
        try await write(.useFreeze(id: id), userId, streakKey, now, timezone)
    }

    /// Manual mode: bridges the missed days with available freezes, all or nothing.
    public func useFreezesManually(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (used: [FreezeConsumption], evaluation: StreakEvaluation) {
        let result = try await write(.useFreezesManually, userId, streakKey, now, timezone)
        return (result.usedFreezes, try result.evaluation(of: streakKey))
    }

    /// Takes back an unused freeze. - Throws: `StreakRuleError.freezeNotFound` / `.freezeAlreadyUsed`.
    public func removeFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await evaluation(.removeFreeze(id: id), userId, streakKey, now, timezone)
    }

    // MARK: Skips

    /// Skips days (one already skipped is left as it is).
    /// - Throws: `StreakRuleError.skipOutOfRange` before writing anything.
    public func addSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await evaluation(.addSkips(days), userId, streakKey, now, timezone)
    }

    /// Takes skips back (a day not skipped is left as it is).
    public func removeSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> StreakEvaluation {
        try await evaluation(.removeSkips(days), userId, streakKey, now, timezone)
    }

    // MARK: Notes

    /// Adds a note on `day`, or replaces the one there (the same text again writes nothing).
    /// - Throws: `StreakRuleError.invalidNote`, `.controlCharacter` or `.noteOutOfRange`
    ///   (a day to come) before writing anything.
    public func setNote(_ text: String, on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> StreakEvaluation {
        try await evaluation(.setNote(StreakNote(day: day, text: text)), userId, streakKey, now, timezone)
    }

    /// Takes back the note on `day`. - Throws: `StreakStoreError.noNote` when the day has none.
    public func removeNote(on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await evaluation(.removeNote(day), userId, streakKey, now, timezone)
    }
}

extension StreakChange {
    /// The import of `batch` into one streak (its archive state is the caller's to apply).
    public static func importing(_ batch: ImportBatch) -> StreakChange {
        .importBatch(
            configuration: batch.configuration, goalHistory: batch.goalHistory, freezes: batch.freezes, events: batch.events, skips: batch.skips,
            notes: batch.notes
        )
    }
}

extension StreakChangeResult {
    /// The streak as the write left it: every write of a streak gives one back.
    public func evaluation(of key: String) throws -> StreakEvaluation {
        guard let evaluation else { throw StreakStoreError.unknownStreak(key, known: []) }
        return evaluation
    }

    /// What a `delete` put in the trash.
    public func trashed(of key: String) throws -> TrashedStreak {
        guard let trashed else { throw StreakStoreError.unknownStreak(key, known: []) }
        return trashed
    }
}
