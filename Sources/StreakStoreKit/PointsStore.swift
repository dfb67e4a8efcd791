import Foundation
import SwiftfulGamification

/// A store that keeps experience points and progress beside the streaks (the file store
/// does): what `StoreExperiencePointsService` and `StoreProgressService` run on.
public protocol PointsStore: Sendable {
    /// The events since the last `deleteAllExperienceEvents`, in the order added.
    func experienceEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent]
    /// Adds the events whose ids the store does not have; returns those.
    @discardableResult
    func addExperienceEvents(_ events: [ExperiencePointsEvent], userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent]
    func deleteAllExperienceEvents(userId: String, experienceKey: String, now: Date) async throws
    /// The events of the streaks ledger (`StreakPoints.experienceKey`) that are earnings of
    /// the streaks `streakKeys` names, in the order added: what settling those streaks reads.
    func streakEarnings(userId: String, streakKeys: Set<String>) async throws -> [ExperiencePointsEvent]
    /// Adds to the streaks ledger the earnings (of the streaks `streakKeys` names) whose ids
    /// it does not have; returns those.
    @discardableResult
    func addStreakEarnings(_ events: [ExperiencePointsEvent], userId: String, streakKeys: Set<String>) async throws -> [ExperiencePointsEvent]
    /// Yields now, and whenever the key's events may have changed (by any writer).
    func watchExperience(userId: String, experienceKey: String) -> AsyncThrowingStream<Void, any Error>

    func progressItems(userId: String, progressKey: String) async throws -> [ProgressItem]
    /// Sets the item's value unless the store has a higher one; returns the item kept.
    @discardableResult
    func saveProgress(_ item: ProgressItem, userId: String) async throws -> ProgressItem
    /// Deletes one item (by sanitized id), or all of the key's when `id` is nil.
    func deleteProgress(id: String?, userId: String, progressKey: String, now: Date) async throws
    /// Yields now, and whenever the key's items may have changed (by any writer).
    func watchProgress(userId: String, progressKey: String) -> AsyncThrowingStream<Void, any Error>

    /// The keys the user has experience events or progress items under, sorted (for `copy`).
    func experienceKeys(userId: String) async throws -> [String]
    func progressKeys(userId: String) async throws -> [String]

    /// Whether the user's streaks earn points, and how many (off when never set).
    func pointsSettings(userId: String) async throws -> StreakPointsSettings
    /// Replaces the settings whole (what `copy` does).
    func setPointsSettings(_ settings: StreakPointsSettings, userId: String) async throws
    /// Applies `changes` to the settings the store holds, atomically (read, changed and
    /// written under one lock, so a concurrent change is never lost); returns them before and after.
    @discardableResult
    func updatePointsSettings(_ changes: [StreakPointsSettings.Change], userId: String) async throws
        -> (before: StreakPointsSettings, after: StreakPointsSettings)

    /// Whether what a change earns is settled where the change is applied (a streak server
    /// does it inside its own write), so a caller of this store settles nothing itself.
    var settlesPointsOfItsChanges: Bool { get }
}

extension PointsStore {
    public var settlesPointsOfItsChanges: Bool { false }

    /// The whole ledger read, and the earnings of `streakKeys` kept (a store that can read
    /// them alone does so).
    public func streakEarnings(userId: String, streakKeys: Set<String>) async throws -> [ExperiencePointsEvent] {
        try await experienceEvents(userId: userId, experienceKey: StreakPoints.experienceKey).filter {
            StreakPoints.earningStreakKey(of: $0.id).map(streakKeys.contains) ?? false
        }
    }

    @discardableResult
    public func addStreakEarnings(_ events: [ExperiencePointsEvent], userId: String, streakKeys: Set<String>) async throws -> [ExperiencePointsEvent] {
        try await addExperienceEvents(events, userId: userId, experienceKey: StreakPoints.experienceKey)
    }
}
