import Foundation
import StreakStoreKit
import SwiftfulGamification

extension CommandContext {
    /// Hands `change` of the streak `key` to the store (the vocabulary every write shares,
    /// `StreakStore.apply`) as of this command's time. The store settles the points the change
    /// earned; when those could not be recorded, a warning says so (the change itself is saved).
    @discardableResult
    func apply(_ change: StreakChange, to key: String) async throws -> StreakChangeResult {
        let produced = try await store.apply(change, to: StreakRef(userId: userId, key: key), at: now, timezone: zone)
        if let failure = produced.pointsFailure { console.warn(PointsSettling.failureWarning(failure)) }
        return produced
    }

    /// After a write of several streaks that is not one change (an import of many): what
    /// they earn is recorded, as `apply` records it; a failure is a warning (the write is saved).
    func settlePoints(ofStreaks keys: [String]) async {
        do {
            try await store.settlePoints(ofStreaks: keys, userId: userId, now: now, timezone: zone)
        } catch {
            console.warn(PointsSettling.failureWarning(StreakStoreError.sentence(error)))
        }
    }
}
