import Foundation

/// Where a user's progress lives (a server, or the local file store).
///
/// `id` parameters are sanitized ids (`ProgressItem.sanitizedId`).
@MainActor
public protocol RemoteProgressService: Sendable {
    func getAllProgressItems(userId: String, progressKey: String) async throws -> [ProgressItem]
    /// Items as they change (each listener first gets every item there is), and the sanitized
    /// ids of items deleted.
    func streamProgressUpdates(userId: String, progressKey: String) -> (
        updates: AsyncThrowingStream<ProgressItem, any Error>,
        deletions: AsyncThrowingStream<String, any Error>
    )
    func addProgress(userId: String, progressKey: String, item: ProgressItem) async throws
    func deleteProgress(userId: String, progressKey: String, id: String) async throws
    func deleteAllProgress(userId: String, progressKey: String) async throws
}

/// The device's copy of the progress items, the logged-in user and the writes the remote
/// has not taken yet, read synchronously.
@MainActor
public protocol LocalProgressPersistence: Sendable {
    /// The item `<progressKey>_<id>`, `id` sanitized.
    func getProgressItem(progressKey: String, id: String) -> ProgressItem?
    func getAllProgressItems(progressKey: String) -> [ProgressItem]
    func saveProgressItem(_ item: ProgressItem) throws
    nonisolated func saveProgressItems(_ items: [ProgressItem]) async throws
    func deleteProgressItem(progressKey: String, id: String) throws
    nonisolated func deleteAllProgressItems(progressKey: String) async throws
    /// Remembers the user (an empty id forgets it).
    func saveUserId(_ userId: String, progressKey: String)
    func getUserId(progressKey: String) -> String?
    /// Queues a write the remote refused; a queued item of the same id is replaced only by a
    /// higher value.
    func addPendingWrite(_ item: ProgressItem) throws
    func getPendingWrites(progressKey: String) -> [ProgressItem]
    func clearPendingWrites(progressKey: String) throws
}

/// The pair of services a `ProgressManager` runs on.
@MainActor
public protocol ProgressServices {
    var remote: any RemoteProgressService { get }
    var local: any LocalProgressPersistence { get }
}

/// Mock services for previews and tests: in-memory remote and local storage, both seeded.
@MainActor
public struct MockProgressServices: ProgressServices {
    public let remote: any RemoteProgressService
    public let local: any LocalProgressPersistence

    public init(items: [ProgressItem] = []) {
        remote = MockRemoteProgressService(items: items)
        local = MockLocalProgressPersistence(items: items)
    }

    public init(remote: any RemoteProgressService, local: any LocalProgressPersistence) {
        self.remote = remote
        self.local = local
    }
}

/// Services for an app's own remote with a local copy on this device (SwiftData where the
/// platform has it, else files).
@MainActor
public struct ProgressStoreServices: ProgressServices {
    public let remote: any RemoteProgressService
    public let local: any LocalProgressPersistence

    public init(remote: any RemoteProgressService, local: (any LocalProgressPersistence)? = nil) {
        self.remote = remote
        #if canImport(SwiftData)
        self.local = local ?? SwiftDataProgressPersistence.atDefaultPlace() ?? FileManagerProgressPersistence()
        #else
        self.local = local ?? FileManagerProgressPersistence()
        #endif
    }
}

/// Why a `ProgressManager` refused a call.
public enum ProgressError: Error, LocalizedError {
    case notLoggedIn
    case invalidValue

    public var errorDescription: String? {
        switch self {
        case .notLoggedIn: return "Log in before recording progress."
        case .invalidValue: return "Progress must be a number from 0 to 1."
        }
    }
}
