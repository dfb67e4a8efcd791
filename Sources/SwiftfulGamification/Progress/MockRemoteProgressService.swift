import Foundation

/// A stateful in-memory `RemoteProgressService`. Like upstream's mock, every change sends
/// each listener every item of the key, and deletions send the deleted sanitized ids; it
/// keeps one set of items per key, whatever the user.
@MainActor
public final class MockRemoteProgressService: RemoteProgressService {
    private typealias Updates = AsyncThrowingStream<ProgressItem, any Error>.Continuation
    private typealias Deletions = AsyncThrowingStream<String, any Error>.Continuation

    /// By `KEY/SANITIZED_ID` (upstream's composite id `KEY_ID` can name two items).
    private var items: [String: ProgressItem] = [:]
    private var updateListeners: [UUID: (progressKey: String, continuation: Updates)] = [:]
    private var deletionListeners: [UUID: (progressKey: String, continuation: Deletions)] = [:]
    /// Thrown by every call while set (new streams finish with it), to exercise failure paths.
    public var error: (any Error)?

    public init(items: [ProgressItem] = []) {
        for item in items { self.items[Self.slot(item)] = item }
    }

    public func getAllProgressItems(userId: String, progressKey: String) async throws -> [ProgressItem] {
        try check()
        return storedItems(progressKey: progressKey)
    }

    public func streamProgressUpdates(userId: String, progressKey: String) -> (
        updates: AsyncThrowingStream<ProgressItem, any Error>,
        deletions: AsyncThrowingStream<String, any Error>
    ) {
        let (updates, updateContinuation) = AsyncThrowingStream<ProgressItem, any Error>.makeStream()
        let (deletions, deletionContinuation) = AsyncThrowingStream<String, any Error>.makeStream()
        if let error {
            updateContinuation.finish(throwing: error)
            deletionContinuation.finish(throwing: error)
            return (updates, deletions)
        }
        let id = UUID()
        updateListeners[id] = (progressKey, updateContinuation)
        deletionListeners[id] = (progressKey, deletionContinuation)
        for item in storedItems(progressKey: progressKey) { updateContinuation.yield(item) }
        updateContinuation.onTermination = { [weak self] _ in Task { @MainActor in self?.updateListeners[id] = nil } }
        deletionContinuation.onTermination = { [weak self] _ in Task { @MainActor in self?.deletionListeners[id] = nil } }
        return (updates, deletions)
    }

    public func addProgress(userId: String, progressKey: String, item: ProgressItem) async throws {
        try check()
        items[Self.slot(item)] = item
        let all = storedItems(progressKey: item.progressKey)
        for listener in updateListeners.values where listener.progressKey == item.progressKey {
            all.forEach { listener.continuation.yield($0) }
        }
    }

    public func deleteProgress(userId: String, progressKey: String, id: String) async throws {
        try check()
        items[progressKey + "/" + id] = nil
        announceDeletions([id], progressKey: progressKey)
    }

    public func deleteAllProgress(userId: String, progressKey: String) async throws {
        try check()
        let removed = storedItems(progressKey: progressKey)
        for item in removed { items[Self.slot(item)] = nil }
        announceDeletions(removed.map(\.sanitizedId), progressKey: progressKey)
    }

    private static func slot(_ item: ProgressItem) -> String { item.progressKey + "/" + item.sanitizedId }

    /// The items of `progressKey` as stored now, by sanitized id.
    public func storedItems(progressKey: String) -> [ProgressItem] {
        items.values.filter { $0.progressKey == progressKey }.sorted { $0.sanitizedId < $1.sanitizedId }
    }

    private func announceDeletions(_ ids: [String], progressKey: String) {
        for listener in deletionListeners.values where listener.progressKey == progressKey {
            ids.forEach { listener.continuation.yield($0) }
        }
    }

    private func check() throws {
        if let error { throw error }
    }
}
