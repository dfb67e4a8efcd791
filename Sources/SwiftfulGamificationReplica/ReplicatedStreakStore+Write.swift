import Foundation
import StreakStoreKit
import SwiftfulGamification

extension ReplicatedStreakStore {
    /// A write whose queued form is known before it runs, made the same way on the replica.
    func write<T: Sendable>(
        _ userId: String, _ key: String, _ now: Date, _ zone: TimeZone, _ change: QueuedChange.Change,
        _ call: @escaping @Sendable (any StreakStore) async throws -> T
    ) async throws -> T {
        try await write(userId, key, now, zone, keys: change.streakKeys(applyingTo: key), queueing: { _ in change }, call)
    }

    /// Runs `call` on the server, then (`mirroring`, else `call`) on the replica when the
    /// replica held exactly what the server held before it; while the server is out of
    /// reach, on the replica only, queueing what `queueing` makes of its result (nil: nothing
    /// to push). Whatever waits in the outbox is pushed first: the server takes changes in
    /// the order they were made.
    func write<T: Sendable>(
        _ userId: String, _ key: String, _ now: Date, _ zone: TimeZone, keys: [String]? = nil,
        queueing queue: @escaping @Sendable (T) -> QueuedChange.Change?,
        _ call: @escaping @Sendable (any StreakStore) async throws -> T,
        mirroring mirror: (@Sendable (any StreakStore, T) async throws -> T)? = nil
    ) async throws -> T {
        try checkUser(userId)
        let keys = keys ?? [key]
        let operation = StoreOperation()
        return try await lock.run {
            if self.offlineReason == nil {
                do {
                    try await self.pushLocked()
                    let result = try await StoreOperation.$current.withValue(operation) { try await call(self.remote) }
                    await self.mirrorLocked(operation, keys: keys) { replica in
                        if let mirror { _ = try await mirror(replica, result) } else { _ = try await call(replica) }
                    }
                    return result
                } catch where Self.isUnreachable(error) {
                    // Refused, timed out, or cut off before the reply: queued under the same
                    // operation id, so a write the server did take is not taken twice.
                    self.wentOffline(error)
                }
            }
            try self.markStale(keys)
            let result = try await call(self.replica)
            if let change = queue(result) {
                try self.enqueueLocked(QueuedChange(operation: operation.id, userId: userId, streakKey: key, now: now, timezone: zone.identifier, change: change))
            }
            return result
        }
    }

    /// Puts a change made on the replica alone in the outbox, to be pushed at the next sync.
    func enqueueLocked(_ change: QueuedChange) throws {
        try Outbox(files: files).append(change)
        state.withLock { $0.queuedHere += 1 }
        updateSync { $0.pendingChanges += 1 }
    }

    /// Makes the server's write on the replica too, when the replica held what the server
    /// held before it (the write moved each streak's revision from the one last pulled);
    /// otherwise the streaks are marked stale and the next pull reads them whole. A write
    /// that committed nothing (nothing new, or a result it had already) leaves both as they
    /// are. Never fails: the server has the change, so the command must not say otherwise;
    /// at worst the whole copy is read again.
    func mirrorLocked(_ operation: StoreOperation, keys: [String], _ apply: @Sendable (any StreakStore) async throws -> Void) async {
        let moved = operation.revisions
        guard !moved.isEmpty else { return }
        var cursor = SyncCursor.read(files)
        let read = cursor
        let exact = keys.count == 1 && keys.allSatisfy { key in moved[key].map { (cursor.revisions[key] ?? 0) == $0.before } ?? false }
        do {
            guard exact else { throw StaleCopy() }
            try await apply(replica)
            for key in keys { cursor.revisions[key] = moved[key]?.after }
            cursor.synced = clock()
            try cursor.write(files, since: read)
            updateSync { $0.lastSynced = cursor.synced }
        } catch {
            do { try markStale(keys) } catch { try? FileManager.default.removeItem(atPath: files.syncPath) }
        }
    }

    private struct StaleCopy: Error {}

    /// The replica's copy of these streaks may differ from the server's: the next pull reads them whole.
    func markStale(_ keys: [String]) throws {
        var cursor = SyncCursor.read(files)
        let read = cursor
        for key in keys { cursor.revisions[key] = nil }
        try cursor.write(files, since: read)
    }

    static func isUnreachable(_ error: any Error) -> Bool {
        (error as? any StoreReachabilityError)?.isUnreachable ?? false
    }

    func wentOffline(_ error: any Error) {
        setOffline((error as? any StoreReachabilityError)?.unreachableReason ?? StreakStoreError.sentence(error))
    }

    /// Why the server is out of reach (nil: it answers), and the sync state that shows it.
    func setOffline(_ reason: String?) {
        state.withLock { $0.offlineReason = reason }
        updateSync { $0.isOffline = reason != nil }
    }
}
