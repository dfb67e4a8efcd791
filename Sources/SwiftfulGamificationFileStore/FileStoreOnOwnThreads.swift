import Foundation
import StreakStoreKit
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

    func applyUnsettled(_ change: StreakChange, to ref: StreakRef, at now: Date, timezone: TimeZone) async throws -> StreakChangeResult {
        try await BlockingIO.run { try files.applyUnsettled(change, to: ref, at: now, timezone: timezone) }
    }

    func streakKeys(userId: String, includingArchived: Bool) async throws -> [String] {
        try await BlockingIO.run { try files.streakKeys(userId: userId, includingArchived: includingArchived) }
    }

    func trashedStreaks(userId: String, now: Date) async throws -> [TrashedStreak] {
        try await BlockingIO.run { try files.trashedStreaks(userId: userId, now: now) }
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

    func skips(userId: String, streakKey: String) async throws -> [CalendarDay] {
        try await BlockingIO.run { try files.skips(userId: userId, streakKey: streakKey) }
    }

    func notes(userId: String, streakKey: String) async throws -> [StreakNote] {
        try await BlockingIO.run { try files.notes(userId: userId, streakKey: streakKey) }
    }

    func isArchived(userId: String, streakKey: String) async throws -> Bool {
        try await BlockingIO.run { try files.isArchived(userId: userId, streakKey: streakKey) }
    }

    func events(userId: String, streakKey: String) async throws -> [StreakEvent] {
        try await BlockingIO.run { try files.events(userId: userId, streakKey: streakKey) }
    }

    func events(userId: String, streakKey: String, on day: CalendarDay, timezone: TimeZone) async throws -> [StreakEvent] {
        try await BlockingIO.run { try files.events(userId: userId, streakKey: streakKey, on: day, timezone: timezone) }
    }

    func importBatches(_ batches: [(streakKey: String, batch: ImportBatch)], userId: String, now: Date, timezone: TimeZone) async throws
        -> [(added: [StreakEvent], evaluation: StreakEvaluation)] {
        try await BlockingIO.run { try files.importBatches(batches, userId: userId, now: now, timezone: timezone) }
    }

    func freezes(userId: String, streakKey: String) async throws -> [StreakFreeze] {
        try await BlockingIO.run { try files.freezes(userId: userId, streakKey: streakKey) }
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
