#if canImport(SwiftData)
import Foundation
import SwiftData

/// One progress item as SwiftData keeps it (metadata as JSON, so any value round-trips).
/// Its unique key is `KEY/SANITIZED_ID`: neither part can hold a `/`, where upstream's
/// `KEY_ID` lets key `a_b` with id `c` and key `a` with id `b_c` meet.
@Model
final class ProgressItemEntity {
    var itemId: String
    @Attribute(.unique) var compositeId: String
    var progressKey: String
    var value: Double
    var dateCreated: Date
    var dateModified: Date
    var metadataJSON: Data

    init(_ item: ProgressItem) {
        itemId = item.id
        compositeId = Self.uniqueKey(item.progressKey, item.sanitizedId)
        progressKey = item.progressKey
        value = item.value
        dateCreated = item.dateCreated
        dateModified = item.dateModified
        metadataJSON = Self.encode(item.metadata)
    }

    func update(from item: ProgressItem) {
        itemId = item.id
        value = item.value
        dateCreated = item.dateCreated
        dateModified = item.dateModified
        metadataJSON = Self.encode(item.metadata)
    }

    var item: ProgressItem {
        let metadata = (try? JSONDecoder().decode([String: GamificationDictionaryValue].self, from: metadataJSON)) ?? [:]
        return ProgressItem(
            id: itemId, progressKey: progressKey, value: value, dateCreated: dateCreated, dateModified: dateModified, metadata: metadata
        )
    }

    static func uniqueKey(_ progressKey: String, _ sanitizedId: String) -> String { progressKey + "/" + sanitizedId }

    private static func encode(_ metadata: [String: GamificationDictionaryValue]) -> Data {
        (try? JSONEncoder().encode(metadata)) ?? Data("{}".utf8)
    }
}

/// Upstream's local progress on Apple platforms: items in a SwiftData store of their own
/// (`SwiftfulGamification_Progress.store` in Application Support), the user in
/// `UserDefaults` and the queued writes in a JSON file beside the other caches.
@MainActor
public final class SwiftDataProgressPersistence: LocalProgressPersistence {
    private let container: ModelContainer
    private let documents: SavedDocuments
    private let defaults: UserDefaults

    /// Upstream's: the store in Application Support. Traps when SwiftData cannot open it;
    /// `ProgressStoreServices` uses `atDefaultPlace()` instead and falls back to files.
    public convenience init() {
        // swiftlint:disable:next force_try
        try! self.init(storeURL: Self.defaultStoreURL, documentsDirectory: SavedDocuments.defaultDirectory(), defaults: .standard)
    }

    /// The store in Application Support, or nil when SwiftData cannot open it.
    public static func atDefaultPlace() -> SwiftDataProgressPersistence? {
        try? SwiftDataProgressPersistence(storeURL: defaultStoreURL, documentsDirectory: SavedDocuments.defaultDirectory())
    }

    private static var defaultStoreURL: URL {
        try? FileManager.default.createDirectory(at: URL.applicationSupportDirectory, withIntermediateDirectories: true)
        return URL.applicationSupportDirectory.appendingPathComponent("SwiftfulGamification_Progress.store")
    }

    /// A store at `storeURL` (tests: a temporary one), queued writes in `documentsDirectory`.
    public init(storeURL: URL, documentsDirectory: URL, defaults: UserDefaults = .standard) throws {
        // Never CloudKit: an app with iCloud entitlements would otherwise demand a model
        // without unique attributes, and fail to open the store.
        container = try ModelContainer(for: ProgressItemEntity.self, configurations: ModelConfiguration(url: storeURL, cloudKitDatabase: .none))
        documents = SavedDocuments(directory: documentsDirectory)
        self.defaults = defaults
    }

    private var context: ModelContext { container.mainContext }

    private func entity(compositeId: String) -> ProgressItemEntity? {
        let descriptor = FetchDescriptor<ProgressItemEntity>(predicate: #Predicate { $0.compositeId == compositeId })
        return try? context.fetch(descriptor).first
    }

    private func entities(progressKey: String) -> [ProgressItemEntity] {
        let descriptor = FetchDescriptor<ProgressItemEntity>(predicate: #Predicate { $0.progressKey == progressKey })
        return (try? context.fetch(descriptor)) ?? []
    }

    public func getProgressItem(progressKey: String, id: String) -> ProgressItem? {
        entity(compositeId: ProgressItemEntity.uniqueKey(progressKey, id))?.item
    }

    public func getAllProgressItems(progressKey: String) -> [ProgressItem] {
        entities(progressKey: progressKey).map(\.item).sorted { $0.sanitizedId < $1.sanitizedId }
    }

    public func saveProgressItem(_ item: ProgressItem) throws {
        upsert(item)
        try context.save()
    }

    nonisolated public func saveProgressItems(_ items: [ProgressItem]) async throws {
        try await MainActor.run {
            for item in items { self.upsert(item) }
            try self.context.save()
        }
    }

    private func upsert(_ item: ProgressItem) {
        if let existing = entity(compositeId: ProgressItemEntity.uniqueKey(item.progressKey, item.sanitizedId)) {
            existing.update(from: item)
        } else {
            context.insert(ProgressItemEntity(item))
        }
    }

    public func deleteProgressItem(progressKey: String, id: String) throws {
        guard let existing = entity(compositeId: ProgressItemEntity.uniqueKey(progressKey, id)) else { return }
        context.delete(existing)
        try context.save()
    }

    nonisolated public func deleteAllProgressItems(progressKey: String) async throws {
        try await MainActor.run {
            for entity in self.entities(progressKey: progressKey) { self.context.delete(entity) }
            try self.context.save()
        }
    }

    public func saveUserId(_ userId: String, progressKey: String) {
        let key = "ProgressManager_userId_\(progressKey)"
        if userId.isEmpty { defaults.removeObject(forKey: key) } else { defaults.set(userId, forKey: key) }
    }

    public func getUserId(progressKey: String) -> String? {
        defaults.string(forKey: "ProgressManager_userId_\(progressKey)").flatMap { $0.isEmpty ? nil : $0 }
    }

    public func addPendingWrite(_ item: ProgressItem) throws {
        var shelf = ProgressShelf(pendingWrites: getPendingWrites(progressKey: item.progressKey))
        shelf.addPendingWrite(item)
        try documents.write(shelf.pendingWrites, named: pendingFile(item.progressKey))
    }

    public func getPendingWrites(progressKey: String) -> [ProgressItem] {
        documents.read([ProgressItem].self, named: pendingFile(progressKey)) ?? []
    }

    public func clearPendingWrites(progressKey: String) throws {
        try documents.write([ProgressItem]?.none, named: pendingFile(progressKey))
    }

    private func pendingFile(_ progressKey: String) -> String {
        "ProgressManager_PendingWrites_\(progressKey).json"
    }
}
#endif
