import Foundation

/// The device's progress on any platform: one JSON file per progress key
/// (`progress_<key>.json`: items, user and pending writes), replaced atomically on every
/// change, so a crash leaves the old state or the new and never half of one.
///
/// `init()` uses the folder `FileManagerStreakPersistence()` uses.
@MainActor
public final class FileManagerProgressPersistence: LocalProgressPersistence {
    public nonisolated let directory: URL
    private var cache: [String: ProgressShelf] = [:]

    public convenience init() {
        self.init(directory: SavedDocuments.defaultDirectory())
    }

    public init(directory: URL) {
        self.directory = directory
    }

    public func getProgressItem(progressKey: String, id: String) -> ProgressItem? {
        shelf(progressKey).items[id]
    }

    public func getAllProgressItems(progressKey: String) -> [ProgressItem] {
        shelf(progressKey).sortedItems
    }

    public func saveProgressItem(_ item: ProgressItem) throws {
        try change(item.progressKey) { $0.save(item) }
    }

    nonisolated public func saveProgressItems(_ items: [ProgressItem]) async throws {
        try await MainActor.run {
            for (key, group) in Dictionary(grouping: items, by: \.progressKey) {
                try change(key) { shelf in group.forEach { shelf.save($0) } }
            }
        }
    }

    public func deleteProgressItem(progressKey: String, id: String) throws {
        try change(progressKey) { $0.items[id] = nil }
    }

    nonisolated public func deleteAllProgressItems(progressKey: String) async throws {
        try await MainActor.run { try change(progressKey) { $0.items = [:] } }
    }

    public func saveUserId(_ userId: String, progressKey: String) {
        try? change(progressKey) { $0.setUserId(userId) }
    }

    public func getUserId(progressKey: String) -> String? {
        shelf(progressKey).userId
    }

    public func addPendingWrite(_ item: ProgressItem) throws {
        try change(item.progressKey) { $0.addPendingWrite(item) }
    }

    public func getPendingWrites(progressKey: String) -> [ProgressItem] {
        shelf(progressKey).pendingWrites
    }

    public func clearPendingWrites(progressKey: String) throws {
        try change(progressKey) { $0.pendingWrites = [] }
    }

    private var documents: SavedDocuments { SavedDocuments(directory: directory) }

    private func fileName(_ progressKey: String) -> String {
        "progress_\(progressKey.sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters()).json"
    }

    private func shelf(_ progressKey: String) -> ProgressShelf {
        if let cached = cache[progressKey] { return cached }
        let loaded = documents.read(ProgressShelf.self, named: fileName(progressKey)) ?? ProgressShelf()
        cache[progressKey] = loaded
        return loaded
    }

    /// Writes the changed shelf first; memory follows only once the file has it.
    private func change(_ progressKey: String, _ edit: (inout ProgressShelf) -> Void) throws {
        var changed = shelf(progressKey)
        edit(&changed)
        try documents.write(changed, named: fileName(progressKey))
        cache[progressKey] = changed
    }
}
