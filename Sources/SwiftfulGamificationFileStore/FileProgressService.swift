import Foundation
import Synchronization
import SwiftfulGamification

/// Progress kept in a `FileStreakStore`, for a `ProgressManager`: every process on the
/// machine sees the same items, values never decrease whoever writes, and each stream
/// yields the items that changed (and the ids deleted) when any of them writes.
@MainActor
public final class FileProgressService: RemoteProgressService {
    public nonisolated let store: FileStreakStore
    private let now: @Sendable () -> Date

    public init(store: FileStreakStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    public func getAllProgressItems(userId: String, progressKey: String) async throws -> [ProgressItem] {
        try store.progressItems(userId: userId, progressKey: progressKey)
    }

    public func streamProgressUpdates(userId: String, progressKey: String) -> (
        updates: AsyncThrowingStream<ProgressItem, any Error>,
        deletions: AsyncThrowingStream<String, any Error>
    ) {
        let (updates, updateContinuation) = AsyncThrowingStream<ProgressItem, any Error>.makeStream()
        let (deletions, deletionContinuation) = AsyncThrowingStream<String, any Error>.makeStream()
        let directory: String
        do {
            directory = try store.ledgerDirectory(.progress(progressKey), userId: userId)
        } catch {
            updateContinuation.finish(throwing: error)
            deletionContinuation.finish(throwing: error)
            return (updates, deletions)
        }
        let store = store
        // What the listener was last told, by sanitized id: only the watch's queue touches it.
        let told = Mutex<[String: ProgressItem]?>(nil)
        let emit: @Sendable () -> Void = {
            do {
                let items = try store.progressItems(userId: userId, progressKey: progressKey)
                let current = Dictionary(items.map { ($0.sanitizedId, $0) }) { _, newer in newer }
                let before = told.withLock { told in
                    defer { told = current }
                    return told ?? [:]
                }
                for item in items where before[item.sanitizedId].map({ !Self.same($0, item) }) ?? true {
                    updateContinuation.yield(item)
                }
                for id in before.keys.sorted() where current[id] == nil { deletionContinuation.yield(id) }
            } catch {
                updateContinuation.finish(throwing: error)
                deletionContinuation.finish(throwing: error)
            }
        }
        let watch = LedgerWatch(directory: directory, label: "progress-\(userId)-\(progressKey)", emit)
        watch.run(emit)
        updateContinuation.onTermination = { _ in watch.cancel() }
        deletionContinuation.onTermination = { _ in watch.cancel() }
        return (updates, deletions)
    }

    private nonisolated static func same(_ first: ProgressItem, _ second: ProgressItem) -> Bool {
        first.id == second.id && first.value == second.value && first.dateModified == second.dateModified && first.metadata == second.metadata
    }

    public func addProgress(userId: String, progressKey: String, item: ProgressItem) async throws {
        try store.saveProgress(item, userId: userId)
    }

    public func deleteProgress(userId: String, progressKey: String, id: String) async throws {
        try store.deleteProgress(id: id, userId: userId, progressKey: progressKey, now: now())
    }

    public func deleteAllProgress(userId: String, progressKey: String) async throws {
        try store.deleteProgress(id: nil, userId: userId, progressKey: progressKey, now: now())
    }
}
