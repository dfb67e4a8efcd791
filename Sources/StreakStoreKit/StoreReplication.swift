import Foundation
import SwiftfulGamification
import Synchronization

/// What a store says about being reachable, for a replica that queues writes while it is not.
public protocol StoreReachabilityError: Error {
    /// The server could not be reached or stopped answering: the write may be queued and
    /// pushed later (false for refusals that waiting will not fix: a bad password, a
    /// missing database, a rule).
    var isUnreachable: Bool { get }
    /// Why, in a few words without the store's name ("connection refused").
    var unreachableReason: String { get }
}

/// A store whose every streak carries a revision that any change to it moves: what a
/// replica compares to know which streaks to read again.
public protocol RevisionedStreakStore: StreakStore {
    /// Every streak of the user (archived ones too) and its revision now.
    func revisions(userId: String) async throws -> [String: Int64]
}

/// A store keeping experience points and progress that can say cheaply which of a user's
/// ledgers changed: what a replica compares to know which to read again.
public protocol RevisionedPointsStore: PointsStore {
    /// A value for each of the user's ledgers that any change to it moves: `experience/KEY`,
    /// `progress/KEY`, and `settings` once there are settings. A ledger emptied is left out.
    func pointsRevisions(userId: String) async throws -> [String: String]
    /// Yields whenever any of the user's experience events, progress items or points
    /// settings may have changed (by any writer, on any machine), and after a reconnection.
    func watchAllPoints(userId: String) -> AsyncStream<Void>
}

/// What a write learns from and tells the store it runs on, carried by the task
/// (`StoreOperation.$current`): the replica uses it to push a queued write under the id it
/// was queued with, so a write whose reply was lost is recorded once, however often it is pushed.
public final class StoreOperation: Sendable {
    /// The write's own id; a store that records its writes answers a repeat with the first result.
    public let id: String
    private let state = Mutex<State>(State())

    private struct State {
        var writes = 0
        var revisions: [String: (before: Int64, after: Int64)] = [:]
    }

    @TaskLocal public static var current: StoreOperation?

    public init(id: String = UUID().uuidString) {
        self.id = id
    }

    /// The id of the next write the store makes for this operation (an operation that is
    /// several writes gives each its own id, the same ones every time it runs again).
    public func nextWriteId() -> String {
        let count = state.withLock { state in
            state.writes += 1
            return state.writes
        }
        return count == 1 ? id : "\(id).\(count)"
    }

    /// Noted by a store that commits a change of `streakKey` that moved its revision from
    /// `before` to `after` (a repeat answered from the record notes nothing).
    public func noteRevision(streakKey: String, before: Int64, after: Int64) {
        state.withLock { state in
            let first = state.revisions[streakKey]?.before ?? before
            state.revisions[streakKey] = (first, after)
        }
    }

    /// The revisions the operation moved, per streak: from before its first write to after its last.
    public var revisions: [String: (before: Int64, after: Int64)] {
        state.withLock { $0.revisions }
    }
}
