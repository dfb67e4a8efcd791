import Foundation
import SwiftfulGamification

extension StreakChangeRequest {
    /// What applying a request gave: what the change produced, and whether it had been
    /// applied already (a removal sent again: answered with the streak as it is, nothing changed).
    public struct Applied: Sendable {
        public let produced: StreakChangeResult
        public let alreadyApplied: Bool
        /// The streaks' revisions the change moved, from before to after (stores that keep
        /// revisions), for an offline copy on the other side of a server.
        public var revisions: [String: (before: Int64, after: Int64)] = [:]
    }

    /// Applies the request to the user's streak through `StreakStore.apply`, under its
    /// operation id (a new one when it has none), as `streaks apply` and the server do.
    /// - Throws: `StreakRuleError` for a key that is not a streak key, and what the store throws.
    public func apply(on store: any StreakStore, userId: String, at now: Date, timezone: TimeZone) async throws -> Applied {
        if !change.isPoints { try StreakValidation.validateStreakKey(key) }
        let operation = StoreOperation(id: self.operation ?? UUID().uuidString)
        do {
            let produced = try await StoreOperation.$current.withValue(operation) {
                try await store.apply(change, to: StreakRef(userId: userId, key: key), at: now, timezone: timezone)
            }
            return Applied(produced: produced, alreadyApplied: false, revisions: operation.revisions)
        } catch where change.meansAlreadyApplied(error) {
            // Sent again after it was applied (a reply lost, a script run twice): as asked already.
            let evaluation = try? await store.evaluate(userId: userId, streakKey: key, now: now, timezone: timezone)
            return Applied(produced: StreakChangeResult(evaluation: evaluation), alreadyApplied: true)
        }
    }
}
