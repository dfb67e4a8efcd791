import Foundation
import SwiftfulGamification

extension CommandContext {
    /// Hands `change` of the streak `key` to the store (the vocabulary every write shares,
    /// `StreakStore.apply`) as of this command's time. The store settles the points the change
    /// earned, so the command settles nothing afterwards; when those could not be recorded,
    /// a warning says so (the change itself is saved).
    @discardableResult
    func apply(_ change: StreakChange, to key: String) async throws -> StreakChangeResult {
        let produced = try await store.apply(change, to: StreakRef(userId: userId, key: key), at: now, timezone: zone)
        console.saved.pointsSettled()
        if let failure = produced.pointsFailure { console.warn(PointsSettling.failureWarning(failure)) }
        return produced
    }
}
