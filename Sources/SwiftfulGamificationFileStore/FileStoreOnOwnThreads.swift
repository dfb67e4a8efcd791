import Foundation
import SwiftfulGamification

extension FileStreakStore {
    /// This store for async code (the dashboard, a `StreakManager`): the same store, with
    /// every call run on threads of its own (`BlockingIO`), so a writer waiting on another
    /// process's lock or on `fsync` never holds one of the few threads all tasks share.
    public var onOwnThreads: any StreakStore { FileStoreOnOwnThreads(files: self) }
}

/// `FileStreakStore` with each call moved off the cooperative pool.
struct FileStoreOnOwnThreads: StreakStore {
    let files: FileStreakStore

    var location: String { files.location }

    func streakKeys(userId: String, includingArchived: Bool) async throws -> [String] {
        try await BlockingIO.run { try files.streakKeys(userId: userId, includingArchived: includingArchived) }
    }

    func createStreak(userId: String, configuration: StreakConfiguration, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.createStreak(userId: userId, configuration: configuration, now: now, timezone: timezone) }
    }

    func deleteStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> TrashedStreak {
        try await BlockingIO.run { try files.deleteStreak(userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func trashedStreaks(userId: String, now: Date) async throws -> [TrashedStreak] {
        try await BlockingIO.run { try files.trashedStreaks(userId: userId, now: now) }
    }

    func restoreStreak(userId: String, streakKey: String, as newKey: String?, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.restoreStreak(userId: userId, streakKey: streakKey, as: newKey, now: now, timezone: timezone) }
    }

    func trashedStreak(userId: String, streakKey: String, dateDeleted: Date) async throws -> (batch: ImportBatch, archived: Bool) {
        try await BlockingIO.run { try files.trashedStreak(userId: userId, streakKey: streakKey, dateDeleted: dateDeleted) }
    }

    func importTrashed(
        _ batch: ImportBatch, archived: Bool, userId: String, streakKey: String, dateDeleted: Date, now: Date, timezone: TimeZone
    ) async throws {
        try await BlockingIO.run {
            try files.importTrashed(batch, archived: archived, userId: userId, streakKey: streakKey, dateDeleted: dateDeleted, now: now, timezone: timezone)
        }
    }

    func settings(userId: String, streakKey: String) async throws -> (configuration: StreakConfiguration, goalHistory: [StreakGoalChange]) {
        try await BlockingIO.run { try files.settings(userId: userId, streakKey: streakKey) }
    }

    func updateConfiguration(
        userId: String, streakKey: String, goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, now: Date, timezone: TimeZone
    ) async throws -> StreakEvaluation {
        try await BlockingIO.run {
            try files.updateConfiguration(
                userId: userId, streakKey: streakKey, goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, now: now, timezone: timezone
            )
        }
    }

    func updateSchedule(_ schedule: StreakSchedule, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.updateSchedule(schedule, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func updateSettings(
        userId: String, streakKey: String, goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, schedule: StreakSchedule?,
        details: StreakDetails, now: Date, timezone: TimeZone
    ) async throws -> StreakEvaluation {
        try await BlockingIO.run {
            try files.updateSettings(
                userId: userId, streakKey: streakKey, goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: schedule,
                details: details, now: now, timezone: timezone
            )
        }
    }

    func skips(userId: String, streakKey: String) async throws -> [CalendarDay] {
        try await BlockingIO.run { try files.skips(userId: userId, streakKey: streakKey) }
    }

    func addSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.addSkips(days, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func removeSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.removeSkips(days, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func notes(userId: String, streakKey: String) async throws -> [StreakNote] {
        try await BlockingIO.run { try files.notes(userId: userId, streakKey: streakKey) }
    }

    func setNote(_ text: String, on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> StreakEvaluation {
        try await BlockingIO.run { try files.setNote(text, on: day, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func removeNote(on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.removeNote(on: day, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func isArchived(userId: String, streakKey: String) async throws -> Bool {
        try await BlockingIO.run { try files.isArchived(userId: userId, streakKey: streakKey) }
    }

    func setArchived(_ archived: Bool, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.setArchived(archived, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func renameStreak(userId: String, from oldKey: String, to newKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.renameStreak(userId: userId, from: oldKey, to: newKey, now: now, timezone: timezone) }
    }

    func resetStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.resetStreak(userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func addEvents(
        _ events: [StreakEvent], userId: String, streakKey: String, now: Date, timezone: TimeZone, freshIds: Bool,
        creating configuration: StreakConfiguration?
    ) async throws -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try await BlockingIO.run {
            try files.addEvents(events, userId: userId, streakKey: streakKey, now: now, timezone: timezone, freshIds: freshIds, creating: configuration)
        }
    }

    func undoLastEvent(userId: String, streakKey: String, since: Date?, now: Date, timezone: TimeZone) async throws
        -> (removed: StreakEvent?, evaluation: StreakEvaluation) {
        try await BlockingIO.run { try files.undoLastEvent(userId: userId, streakKey: streakKey, since: since, now: now, timezone: timezone) }
    }

    func removeEvent(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (removed: StreakEvent, evaluation: StreakEvaluation) {
        try await BlockingIO.run { try files.removeEvent(id: id, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func events(userId: String, streakKey: String) async throws -> [StreakEvent] {
        try await BlockingIO.run { try files.events(userId: userId, streakKey: streakKey) }
    }

    func events(userId: String, streakKey: String, on day: CalendarDay, timezone: TimeZone) async throws -> [StreakEvent] {
        try await BlockingIO.run { try files.events(userId: userId, streakKey: streakKey, on: day, timezone: timezone) }
    }

    func importBatch(_ batch: ImportBatch, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try await BlockingIO.run { try files.importBatch(batch, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func importBatches(_ batches: [(streakKey: String, batch: ImportBatch)], userId: String, now: Date, timezone: TimeZone) async throws
        -> [(added: [StreakEvent], evaluation: StreakEvaluation)] {
        try await BlockingIO.run { try files.importBatches(batches, userId: userId, now: now, timezone: timezone) }
    }

    func freezes(userId: String, streakKey: String) async throws -> [StreakFreeze] {
        try await BlockingIO.run { try files.freezes(userId: userId, streakKey: streakKey) }
    }

    func addFreezes(_ freezes: [StreakFreeze], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.addFreezes(freezes, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func useFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws {
        try await BlockingIO.run { try files.useFreeze(id: id, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func useFreezesManually(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (used: [FreezeConsumption], evaluation: StreakEvaluation) {
        try await BlockingIO.run { try files.useFreezesManually(userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func removeFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.removeFreeze(id: id, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func evaluate(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.evaluate(userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func refresh(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await BlockingIO.run { try files.refresh(userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func cachedStreak(userId: String, streakKey: String) -> CurrentStreakData? {
        files.cachedStreak(userId: userId, streakKey: streakKey)
    }

    func watch(userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone)
        -> AsyncThrowingStream<StreakEvaluation, any Error> {
        files.watch(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    func watchStreakKeys(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<[String]> {
        files.watchStreakKeys(userId: userId, now: now, timezone: timezone)
    }

    func watchStreaks(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<StreakListUpdate> {
        files.watchStreaks(userId: userId, now: now, timezone: timezone)
    }
}
