import Foundation
import Observation

/// A user's progress items (0 to 1, never lowered), observable by SwiftUI or any
/// `Observations` loop.
///
/// Writes are optimistic: the value is kept here and locally at once, then sent to the
/// remote; a write the remote refuses is queued and sent again when the listener next
/// attaches. Deletes go to the remote first.
@MainActor
@Observable
public final class ProgressManager {
    let configuration: ProgressConfiguration
    /// By sanitized id.
    private var progressCache: [String: ProgressItem] = [:]
    private var userId: String?

    @ObservationIgnored private let remote: any RemoteProgressService
    @ObservationIgnored private let local: any LocalProgressPersistence
    @ObservationIgnored let logger: (any GamificationLogger)?
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private var listenerTask: Task<Void, Never>?
    @ObservationIgnored private var listenerFailedToAttach = false

    /// Loads the local items and the remembered user synchronously (the user can write at
    /// once; the listener starts at `logIn`).
    public init(
        services: any ProgressServices,
        configuration: ProgressConfiguration,
        logger: (any GamificationLogger)? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        remote = services.remote
        local = services.local
        self.configuration = configuration
        self.logger = logger
        self.now = now
        userId = services.local.getUserId(progressKey: configuration.progressKey)
        for item in services.local.getAllProgressItems(progressKey: configuration.progressKey) {
            progressCache[item.sanitizedId] = item
        }
    }

    private var key: String { configuration.progressKey }

    // MARK: - Reading

    /// Every item: the manager's, or the local copy's before the manager has any.
    private var items: [String: ProgressItem] {
        guard progressCache.isEmpty else { return progressCache }
        return Dictionary(local.getAllProgressItems(progressKey: key).map { ($0.sanitizedId, $0) }) { _, newer in newer }
    }

    /// The item's value (0 when there is none).
    public func getProgress(id: String) -> Double {
        getProgressItem(id: id)?.value ?? 0
    }

    public func getProgressItem(id: String) -> ProgressItem? {
        items[Self.sanitized(id)]
    }

    /// Values by the ids the app gave.
    public func getAllProgress() -> [String: Double] {
        Dictionary(items.values.map { ($0.id, $0.value) }) { first, second in max(first, second) }
    }

    public func getAllProgressItems() -> [ProgressItem] {
        items.values.sorted { $0.sanitizedId < $1.sanitizedId }
    }

    /// The items whose `metadataField` is exactly `value`.
    public func getProgressItems(forMetadataField metadataField: String, equalTo value: GamificationDictionaryValue) -> [ProgressItem] {
        getAllProgressItems().filter { $0.metadata[metadataField] == value }
    }

    /// The highest value among those items (0 when there are none).
    public func getMaxProgress(forMetadataField metadataField: String, equalTo value: GamificationDictionaryValue) -> Double {
        getProgressItems(forMetadataField: metadataField, equalTo: value).map(\.value).max() ?? 0
    }

    // MARK: - Session

    /// Remembers `userId`, loads the remote's items (a value here that is higher stays, and is
    /// sent back), sends queued writes and listens for changes.
    public func logIn(userId: String) async throws {
        if let current = self.userId, current != userId { await logOut() }
        if self.userId != userId {
            self.userId = userId
            local.saveUserId(userId, progressKey: key)
        }
        await bulkLoad(userId: userId)
        // Logged out, or in as someone else, meanwhile: that call has the session now.
        guard self.userId == userId else { return }
        attachListener(userId: userId)
    }

    /// Stops listening and forgets the user, the local items and the writes still queued
    /// (they are the user's: the next user to log in must not send them as theirs).
    public func logOut() async {
        listenerTask?.cancel()
        listenerTask = nil
        userId = nil
        try? local.clearPendingWrites(progressKey: key)
        try? await local.deleteAllProgressItems(progressKey: key)
        local.saveUserId("", progressKey: key)
        progressCache.removeAll()
    }

    private func bulkLoad(userId: String) async {
        logger?.trackEvent(event: Event.bulkLoadStart)
        do {
            let remoteItems = try await remote.getAllProgressItems(userId: userId, progressKey: key)
            guard self.userId == userId else { return }
            let kept = remoteItems.filter { item in (progressCache[item.sanitizedId]?.value ?? -1) <= item.value }
            for item in kept { progressCache[item.sanitizedId] = item }
            try await local.saveProgressItems(kept)
            logger?.trackEvent(event: Event.bulkLoadSuccess(count: remoteItems.count))
        } catch {
            logger?.trackEvent(event: Event.bulkLoadFail(error: error))
        }
    }

    // MARK: - Writing

    /// Sets the item's value, merging `metadata` into what it has (nil or empty keeps it). A
    /// value below the one kept changes nothing and returns the kept item.
    /// - Throws: `ProgressError.notLoggedIn`, `.invalidValue` (outside 0...1), or the remote's
    ///   error (the value is kept here and queued for the remote).
    @discardableResult
    public func addProgress(id: String, value: Double, metadata: [String: GamificationDictionaryValue]? = nil) async throws -> ProgressItem {
        guard let userId else {
            logger?.trackEvent(event: Event.addProgressFail(error: ProgressError.notLoggedIn))
            throw ProgressError.notLoggedIn
        }
        defer { if listenerFailedToAttach { attachListener(userId: userId) } }
        guard (0.0...1.0).contains(value) else {
            logger?.trackEvent(event: Event.addProgressFail(error: ProgressError.invalidValue))
            throw ProgressError.invalidValue
        }
        logger?.trackEvent(event: Event.addProgressStart(id: id, value: value))
        let sanitizedId = Self.sanitized(id)
        let existing = [progressCache[sanitizedId], local.getProgressItem(progressKey: key, id: sanitizedId)]
            .compactMap { $0 }.max { $0.value < $1.value }
        if let existing, value < existing.value {
            logger?.trackEvent(event: Event.addProgressSuccess(id: id, value: existing.value))
            return existing
        }
        let item = (existing.map { ProgressItem(id: id, progressKey: key, value: value, dateCreated: $0.dateCreated, metadata: $0.metadata) }
            ?? ProgressItem(id: id, progressKey: key, value: value, dateCreated: now()))
            .updated(value: value, metadata: metadata, at: now())
        progressCache[sanitizedId] = item
        saveLocally(item)
        do {
            try await remote.addProgress(userId: userId, progressKey: key, item: item)
            logger?.trackEvent(event: Event.addProgressSuccess(id: id, value: value))
            return item
        } catch {
            do {
                try local.addPendingWrite(item)
                logger?.trackEvent(event: Event.addProgressPendingRetry(id: id, value: value))
            } catch {
                logger?.trackEvent(event: Event.saveLocalFail(error: error))
            }
            logger?.trackEvent(event: Event.addProgressFail(error: error))
            throw error
        }
    }

    /// Deletes the item on the remote, then here.
    public func deleteProgress(id: String) async throws {
        guard let userId else {
            logger?.trackEvent(event: Event.deleteProgressFail(error: ProgressError.notLoggedIn))
            throw ProgressError.notLoggedIn
        }
        let sanitizedId = Self.sanitized(id)
        logger?.trackEvent(event: Event.deleteProgressStart(id: id))
        do {
            try await remote.deleteProgress(userId: userId, progressKey: key, id: sanitizedId)
            logger?.trackEvent(event: Event.deleteProgressSuccess(id: id))
        } catch {
            logger?.trackEvent(event: Event.deleteProgressFail(error: error))
            throw error
        }
        forget(sanitizedId, reportingAs: id)
        // A queued write of the item would bring it back at the next attach.
        let pending = local.getPendingWrites(progressKey: key)
        if pending.contains(where: { $0.sanitizedId == sanitizedId }) {
            try? local.clearPendingWrites(progressKey: key)
            for item in pending where item.sanitizedId != sanitizedId { try? local.addPendingWrite(item) }
        }
        dropStaleUpdates(userId: userId)
    }

    /// Updates the listener received before a deletion but has not handled yet would bring
    /// the deleted items back: listening again drops them, and the remote sends what it
    /// holds now.
    private func dropStaleUpdates(userId: String) {
        guard listenerTask != nil, self.userId == userId else { return }
        attachListener(userId: userId)
    }

    /// Deletes every item of the key on the remote, then here.
    public func deleteAllProgress() async throws {
        guard let userId else {
            logger?.trackEvent(event: Event.deleteAllProgressFail(error: ProgressError.notLoggedIn))
            throw ProgressError.notLoggedIn
        }
        logger?.trackEvent(event: Event.deleteAllProgressStart)
        do {
            try await remote.deleteAllProgress(userId: userId, progressKey: key)
            logger?.trackEvent(event: Event.deleteAllProgressSuccess)
        } catch {
            logger?.trackEvent(event: Event.deleteAllProgressFail(error: error))
            throw error
        }
        progressCache.removeAll()
        try? local.clearPendingWrites(progressKey: key)
        dropStaleUpdates(userId: userId)
        do {
            try await local.deleteAllProgressItems(progressKey: key)
            logger?.trackEvent(event: Event.saveLocalSuccess(id: "all"))
        } catch {
            logger?.trackEvent(event: Event.saveLocalFail(error: error))
        }
    }

    private func saveLocally(_ item: ProgressItem) {
        do {
            try local.saveProgressItem(item)
            logger?.trackEvent(event: Event.saveLocalSuccess(id: item.id))
        } catch {
            logger?.trackEvent(event: Event.saveLocalFail(error: error))
        }
    }

    private func forget(_ sanitizedId: String, reportingAs id: String) {
        progressCache[sanitizedId] = nil
        do {
            try local.deleteProgressItem(progressKey: key, id: sanitizedId)
            logger?.trackEvent(event: Event.saveLocalSuccess(id: id))
        } catch {
            logger?.trackEvent(event: Event.saveLocalFail(error: error))
        }
    }

    // MARK: - Listener

    private func attachListener(userId: String) {
        logger?.trackEvent(event: Event.remoteListenerStart)
        listenerFailedToAttach = false
        listenerTask?.cancel()
        let (updates, deletions) = remote.streamProgressUpdates(userId: userId, progressKey: key)
        // The manager is held only while it handles a value: one let go ends its listener.
        listenerTask = Task { [weak self] in
            await self?.uploadPendingWrites(userId: userId)
            async let updatesDone: Void = Self.follow(updates, manager: WeakManager(self), userId: userId)
            async let deletionsDone: Void = Self.follow(deletions, manager: WeakManager(self))
            _ = await (updatesDone, deletionsDone)
        }
    }

    private struct WeakManager: Sendable {
        weak var manager: ProgressManager?
        init(_ manager: ProgressManager?) { self.manager = manager }
    }

    private static func follow(_ updates: AsyncThrowingStream<ProgressItem, any Error>, manager: WeakManager, userId: String) async {
        var first = true
        do {
            for try await item in updates {
                guard !Task.isCancelled, let self = manager.manager else { return }
                if first {
                    self.logger?.trackEvent(event: Event.remoteListenerSuccess(id: item.id))
                    first = false
                }
                await self.receive(item, userId: userId)
            }
        } catch {
            manager.manager?.listenerFailed(error)
        }
    }

    private static func follow(_ deletions: AsyncThrowingStream<String, any Error>, manager: WeakManager) async {
        do {
            for try await sanitizedId in deletions {
                guard !Task.isCancelled, let self = manager.manager else { return }
                self.forget(sanitizedId, reportingAs: sanitizedId)
            }
        } catch {
            manager.manager?.listenerFailed(error)
        }
    }

    /// A remote item below the one kept here is old news: the kept value goes back to the
    /// remote instead.
    private func receive(_ item: ProgressItem, userId: String) async {
        if let kept = progressCache[item.sanitizedId], kept.value > item.value {
            let ahead = ProgressItem(
                id: item.id, progressKey: key, value: kept.value, dateCreated: item.dateCreated, dateModified: now(), metadata: kept.metadata
            )
            do {
                try await remote.addProgress(userId: userId, progressKey: key, item: ahead)
            } catch {
                logger?.trackEvent(event: Event.saveLocalFail(error: error))
            }
            return
        }
        progressCache[item.sanitizedId] = item
        do {
            try local.saveProgressItem(item)
        } catch {
            logger?.trackEvent(event: Event.saveLocalFail(error: error))
        }
    }

    private func listenerFailed(_ error: any Error) {
        guard !Task.isCancelled else { return }
        logger?.trackEvent(event: Event.remoteListenerFail(error: error))
        listenerFailedToAttach = true
    }

    /// Sends the queued writes; the ones the remote still refuses stay queued.
    private func uploadPendingWrites(userId: String) async {
        let pending = local.getPendingWrites(progressKey: key)
        guard !pending.isEmpty else { return }
        logger?.trackEvent(event: Event.uploadPendingWritesStart(count: pending.count))
        var failed: [ProgressItem] = []
        for item in pending {
            do {
                try await remote.addProgress(userId: userId, progressKey: key, item: item)
            } catch {
                logger?.trackEvent(event: Event.uploadPendingWriteItemFail(id: item.id, error: error))
                failed.append(item)
            }
        }
        guard failed.count < pending.count else {
            logger?.trackEvent(event: Event.uploadPendingWritesFail(count: pending.count))
            return
        }
        do {
            try local.clearPendingWrites(progressKey: key)
            for item in failed { try local.addPendingWrite(item) }
        } catch {
            logger?.trackEvent(event: Event.saveLocalFail(error: error))
        }
        logger?.trackEvent(event: Event.uploadPendingWritesSuccess(successCount: pending.count - failed.count, failCount: failed.count))
    }

    private static func sanitized(_ id: String) -> String {
        id.sanitizeForDatabaseKeysByConvertingToLowercaseAndRemovingWhitespaceAndSpecialCharacters()
    }
}
