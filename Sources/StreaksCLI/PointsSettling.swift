import Foundation
import Synchronization
import SwiftfulGamification

/// After a command that wrote, the points its streaks earned (or no longer earn) are
/// recorded, when points are on and the store keeps them.
enum PointsSettling {
    /// Settles every streak of the context's user (after a command whose writes did not go
    /// through `StreakStore.apply`, which settles its own); returns the events added.
    @discardableResult
    static func settle(_ context: CommandContext) async throws -> [ExperiencePointsEvent] {
        guard let points = context.store as? any PointsStore, !points.settlesPointsOfItsChanges,
              try await points.pointsSettings(userId: context.userId).isOn else { return [] }
        let evaluations = try await context.readListed({ try await context.store.streakKeys(userId: context.userId) }) { key in
            try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
        }
        return try await StreakPoints.settle(evaluations, in: points, userId: context.userId, now: context.now, timezone: context.zone)
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

/// The context a command opened, so that points can be settled once it is done.
final class OpenedContext: Sendable {
    private let context = Mutex<CommandContext?>(nil)

    func set(_ context: CommandContext) { self.context.withLock { $0 = context } }
    var value: CommandContext? { context.withLock { $0 } }
}
