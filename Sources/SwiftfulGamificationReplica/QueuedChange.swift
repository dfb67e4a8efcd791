import Foundation
import StreakStoreKit
import SwiftfulGamification

/// A write made while the server was away, as it waits in the outbox: what it changes, of
/// which streak, when and in which zone, under the operation id it is pushed with (the
/// server records a write's result under that id, so pushing it twice applies it once).
struct QueuedChange: Codable, Sendable {
    let operation: String
    let userId: String
    let streakKey: String
    let now: Date
    let timezone: String
    let change: Change

    /// The write, in the vocabulary every store applies (`StreakStore.apply`).
    typealias Change = StreakChange

    var zone: TimeZone { TimeZone(identifier: timezone) ?? TimeZone(identifier: "UTC")! }

    /// Applies the change to `store` as of the time it was made. The points it earned were
    /// settled on the copy and wait in the outbox as changes of their own, so none are
    /// settled here.
    func apply(to store: any StreakStore) async throws {
        try await store.apply(change, to: StreakRef(userId: userId, key: streakKey), at: now, timezone: zone, settlingPoints: false)
    }

    /// Whether `error`, from pushing this change, means it was applied already (by an
    /// earlier push whose reply was lost): nothing to report then.
    func meansAlreadyApplied(_ error: any Error) -> Bool { change.meansAlreadyApplied(error) }

    /// The streaks the change touches (a rename two; points changes none).
    var streakKeys: [String] { change.streakKeys(applyingTo: streakKey) }

    /// The change in a few words, for the report of a sync.
    var summary: String { change.summary(of: streakKey) }
}
