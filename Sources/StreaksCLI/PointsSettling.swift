import Foundation
import StreakStoreKit
import SwiftfulGamification

/// Points in commands: the settings changed as a change of the store (which settles what
/// every streak earns with them), and the catch-up `points` makes before it shows them.
enum PointsSettling {
    /// `changes` to the points settings, applied as one change; the settings before and after.
    @discardableResult
    static func change(_ changes: [StreakPointsSettings.Change], _ context: CommandContext) async throws
        -> (before: StreakPointsSettings, after: StreakPointsSettings) {
        _ = try store(context)
        guard let settings = try await context.apply(.pointsSettings(changes), to: "").pointsSettings else { throw CLIError.pointsNotKept(context.store.location) }
        return settings
    }

    /// Settles every streak of the context's user: what a write could not record (its
    /// warning said so) is recorded now. Returns the events added.
    @discardableResult
    static func settle(_ context: CommandContext) async throws -> [ExperiencePointsEvent] {
        let store = context.store
        return try await store.settlePoints(
            ofStreaks: try await store.streakKeys(userId: context.userId), userId: context.userId, now: context.now, timezone: context.zone
        )
    }

    /// The warning when a command's points could not be recorded after what it saved.
    static func failureWarning(_ reason: String) -> String {
        "the points earned could not be recorded (\(reason)); `streaks points` records them later"
    }

    /// The points store of the context, or the reason there is none.
    static func store(_ context: CommandContext) throws -> any PointsStore {
        guard let points = context.store as? any PointsStore else { throw CLIError.pointsNotKept(context.store.location) }
        return points
    }
}
