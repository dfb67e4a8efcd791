import Foundation

/// An in-memory `LocalProgressPersistence`.
@MainActor
public final class MockLocalProgressPersistence: LocalProgressPersistence {
    private var shelves: [String: ProgressShelf] = [:]
    /// Thrown by every throwing call while set, to exercise failure paths.
    public var error: (any Error)?

    public init(items: [ProgressItem] = []) {
        for item in items { shelves[item.progressKey, default: ProgressShelf()].save(item) }
    }

    public func getProgressItem(progressKey: String, id: String) -> ProgressItem? {
        shelves[progressKey]?.items[id]
    }

    public func getAllProgressItems(progressKey: String) -> [ProgressItem] {
        shelves[progressKey]?.sortedItems ?? []
    }

    public func saveProgressItem(_ item: ProgressItem) throws {
        try check()
        shelves[item.progressKey, default: ProgressShelf()].save(item)
    }

    nonisolated public func saveProgressItems(_ items: [ProgressItem]) async throws {
        try await MainActor.run {
            for item in items { try saveProgressItem(item) }
        }
    }

    public func deleteProgressItem(progressKey: String, id: String) throws {
        try check()
        shelves[progressKey]?.items[id] = nil
    }

    nonisolated public func deleteAllProgressItems(progressKey: String) async throws {
        try await MainActor.run {
            try check()
            shelves[progressKey]?.items = [:]
        }
    }

    public func saveUserId(_ userId: String, progressKey: String) {
        shelves[progressKey, default: ProgressShelf()].setUserId(userId)
    }

    public func getUserId(progressKey: String) -> String? {
        shelves[progressKey]?.userId
    }

    public func addPendingWrite(_ item: ProgressItem) throws {
        try check()
        shelves[item.progressKey, default: ProgressShelf()].addPendingWrite(item)
    }

    public func getPendingWrites(progressKey: String) -> [ProgressItem] {
        shelves[progressKey]?.pendingWrites ?? []
    }

    public func clearPendingWrites(progressKey: String) throws {
        try check()
        shelves[progressKey]?.pendingWrites = []
    }

    private func check() throws {
        if let error { throw error }
    }
}
