import Foundation
import SwiftfulGamification
import Synchronization

/// Progress kept by a `PointsStore`, for a `ProgressManager`: every process sees the same
/// items, values never decrease whoever writes, and each stream yields the items that
/// changed (and the sanitized ids deleted) whenever any of them writes.
@MainActor
public final class StoreProgressService: RemoteProgressService {
    public nonisolated let store: any PointsStore
    private let now: @Sendable () -> Date
    /// This process's listeners' update streams, by progress key.
    private var listeners: [UUID: (progressKey: String, continuation: AsyncThrowingStream<ProgressItem, any Error>.Continuation)] = [:]

    public init(store: any PointsStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    public func getAllProgressItems(userId: String, progressKey: String) async throws -> [ProgressItem] {
        try await store.progressItems(userId: userId, progressKey: progressKey)
    }

    public func streamProgressUpdates(userId: String, progressKey: String) -> (
        updates: AsyncThrowingStream<ProgressItem, any Error>,
        deletions: AsyncThrowingStream<String, any Error>
    ) {
        let (updates, updateContinuation) = AsyncThrowingStream<ProgressItem, any Error>.makeStream()
        let (deletions, deletionContinuation) = AsyncThrowingStream<String, any Error>.makeStream()
        let changes = store.watchProgress(userId: userId, progressKey: progressKey)
        let store = store
        let task = Task {
            // What the listener was last told, by sanitized id.
            var told: [String: ProgressItem] = [:]
            do {
                for try await _ in changes {
                    let items = try await store.progressItems(userId: userId, progressKey: progressKey)
                    let current = Dictionary(items.map { ($0.sanitizedId, $0) }) { _, newer in newer }
                    for item in items where told[item.sanitizedId].map({ !Self.same($0, item) }) ?? true {
                        updateContinuation.yield(item)
                    }
                    for id in told.keys.sorted() where current[id] == nil { deletionContinuation.yield(id) }
                    told = current
                }
                updateContinuation.finish()
                deletionContinuation.finish()
            } catch {
                updateContinuation.finish(throwing: error)
                deletionContinuation.finish(throwing: error)
            }
        }
        // The watch stops when both streams end: a caller may keep only one of them.
        let open = Mutex(2)
        let ended: @Sendable (Any) -> Void = { _ in
            if open.withLock({ count in count -= 1; return count == 0 }) { task.cancel() }
        }
        let id = UUID()
        listeners[id] = (progressKey, updateContinuation)
        updateContinuation.onTermination = { [weak self] reason in
            ended(reason)
            Task { @MainActor in self?.listeners[id] = nil }
        }
        deletionContinuation.onTermination = { ended($0) }
        return (updates, deletions)
    }

    private nonisolated static func same(_ first: ProgressItem, _ second: ProgressItem) -> Bool {
        first.id == second.id && first.value == second.value && first.dateModified == second.dateModified && first.metadata == second.metadata
    }

    /// Saves the item; when the store keeps a higher value (another device's), this
    /// process's listeners get that one, so no manager goes on showing the lower.
    public func addProgress(userId: String, progressKey: String, item: ProgressItem) async throws {
        let kept = try await store.saveProgress(item, userId: userId)
        guard kept.value > item.value else { return }
        for listener in listeners.values where listener.progressKey == kept.progressKey { listener.continuation.yield(kept) }
    }

    public func deleteProgress(userId: String, progressKey: String, id: String) async throws {
        try await store.deleteProgress(id: id, userId: userId, progressKey: progressKey, now: now())
    }

    public func deleteAllProgress(userId: String, progressKey: String) async throws {
        try await store.deleteProgress(id: nil, userId: userId, progressKey: progressKey, now: now())
    }
}
