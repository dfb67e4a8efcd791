import Foundation
import GamificationSupport
import StreakStoreKit
import Synchronization
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// A server's streaks (PostgreSQL) with a copy on this machine, so nothing waits for the
/// network and no write is lost while the server is away.
///
/// Reads answer from the replica, a file store holding what the server last said plus the
/// changes not yet pushed. A write goes to the server first and is then made the same way
/// on the replica; when the server cannot be reached it is made on the replica only and
/// queued in the outbox, under the operation id the server records it with. A sync pushes
/// the outbox in order (each change safe to apply again), then pulls the streaks whose
/// revision moved. The server decides: its calculation is the one kept, freezes the replica
/// consumed on its own are never pushed, a queued freeze use is an intent it may refuse.
public final class ReplicatedStreakStore: StreakStore, Sendable {
    public let remote: any RevisionedStreakStore
    public let userId: String
    let files: ReplicaFiles
    let replicaFiles: FileStreakStore
    /// The replica for async callers (its calls off the shared threads).
    let replica: any StreakStore
    let lock: ReplicaLock
    let state = Mutex(State())
    let syncStates = Broadcast<StoreSyncState>(buffering: .bufferingNewest(64))
    let clock: @Sendable () -> Date

    struct State {
        /// Why the server was last out of reach, until a sync reaches it again.
        var offlineReason: String?
        /// The first operation of this process syncs; later ones rely on the live loop.
        var syncedOnce = false
        var queuedHere = 0
        /// Refusals and unreadable lines pushes met, until the caller shows them.
        var problems: [String] = []
        var sync = StoreSyncState()
        var live: [Task<Void, Never>] = []
        var syncRequested = false
        var syncWorker: Task<Void, Never>?
    }

    /// - Parameters:
    ///   - remote: where the streaks live.
    ///   - directory: the replica's own directory, for this server and user alone.
    ///   - userId: the user whose streaks the replica holds.
    ///   - clock: the time a sync is recorded at ("as of").
    public init(
        remote: any RevisionedStreakStore, directory: String, userId: String, clock: @escaping @Sendable () -> Date = Date.init,
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
        self.clock = clock
        try StreakValidation.validateUserId(userId)
        self.remote = remote
        self.userId = userId
        files = ReplicaFiles(directory: directory)
        try files.prepare()
        replicaFiles = FileStreakStore(rootPath: files.storePath, warn: warn)
        replica = replicaFiles.onOwnThreads
        lock = ReplicaLock(files: files)
        files.removeAbandonedStaging()
        let cursor = SyncCursor.read(files)
        let pending = (try? Outbox(files: files).read().pending.count) ?? 0
        state.withLock { $0.sync = StoreSyncState(pendingChanges: pending, lastSynced: cursor.synced) }
    }

    public var location: String { remote.location }

    /// The replica's directory.
    public var directory: String { files.directory }

    /// Where things stand: changes waiting, a sync running, when the server last answered in full.
    public var syncState: StoreSyncState { state.withLock { $0.sync } }

    /// Why the server could not be reached by this process (nil while it answers).
    public var offlineReason: String? { state.withLock { $0.offlineReason } }

    /// Lets a caller that draws at once (the dashboard) read the copy before any sync, when
    /// there is a copy: the live loop syncs right after. A copy never synced still syncs first.
    public func deferFirstSync() {
        guard syncState.lastSynced != nil else { return }
        state.withLock { $0.syncedOnce = true }
    }

    /// Changes this process saved on this machine only.
    public var queuedHere: Int { state.withLock { $0.queuedHere } }

    func checkUser(_ userId: String) throws {
        guard userId == self.userId else { throw ReplicatedStoreError.otherUser(userId, replicaOf: self.userId) }
    }

    func updateSync(_ change: (inout StoreSyncState) -> Void) {
        let sync = state.withLock { state in
            change(&state.sync)
            return state.sync
        }
        syncStates.send(sync)
    }

    // MARK: Reads (from the replica, after this process's first sync)

    public func streakKeys(userId: String, includingArchived: Bool) async throws -> [String] {
        try await beforeRead(userId)
        return try await replica.streakKeys(userId: userId, includingArchived: includingArchived)
    }

    public func settings(userId: String, streakKey: String) async throws -> (configuration: StreakConfiguration, goalHistory: [StreakGoalChange]) {
        try await beforeRead(userId)
        return try await replica.settings(userId: userId, streakKey: streakKey)
    }

    public func isArchived(userId: String, streakKey: String) async throws -> Bool {
        try await beforeRead(userId)
        return try await replica.isArchived(userId: userId, streakKey: streakKey)
    }

    public func events(userId: String, streakKey: String) async throws -> [StreakEvent] {
        try await beforeRead(userId)
        return try await replica.events(userId: userId, streakKey: streakKey)
    }

    public func events(userId: String, streakKey: String, on day: CalendarDay, timezone: TimeZone) async throws -> [StreakEvent] {
        try await beforeRead(userId)
        return try await replica.events(userId: userId, streakKey: streakKey, on: day, timezone: timezone)
    }

    public func freezes(userId: String, streakKey: String) async throws -> [StreakFreeze] {
        try await beforeRead(userId)
        return try await replica.freezes(userId: userId, streakKey: streakKey)
    }

    public func skips(userId: String, streakKey: String) async throws -> [CalendarDay] {
        try await beforeRead(userId)
        return try await replica.skips(userId: userId, streakKey: streakKey)
    }

    public func notes(userId: String, streakKey: String) async throws -> [StreakNote] {
        try await beforeRead(userId)
        return try await replica.notes(userId: userId, streakKey: streakKey)
    }

    public func evaluate(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await beforeRead(userId)
        return try await replica.evaluate(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    public func cachedStreak(userId: String, streakKey: String) -> CurrentStreakData? {
        replica.cachedStreak(userId: userId, streakKey: streakKey)
    }

    /// The first read of a process syncs (pushes what waits, pulls what changed), so a
    /// command shows what the server holds; offline it shows the replica as it is.
    func beforeRead(_ userId: String) async throws {
        try checkUser(userId)
        let first = state.withLock { state in
            defer { state.syncedOnce = true }
            return !state.syncedOnce
        }
        guard first else { return }
        do {
            _ = try await sync(now: clock(), timezone: TimeZone.current)
        } catch where Self.isUnreachable(error) {
            // Offline: the replica answers as it is, unless it has never held anything.
            let sync = syncState
            if sync.lastSynced == nil, sync.pendingChanges == 0, try replicaFiles.streakKeys(userId: userId, includingArchived: true).isEmpty {
                throw error
            }
        }
    }

    // MARK: Writes

    /// The server's write, then the copy's; offline, the copy's, queued (see `write`). Points
    /// and progress go their own way (`+Points`), a delete and a restore the trash's (`+Trash`).
    public func applyUnsettled(_ change: StreakChange, to ref: StreakRef, at now: Date, timezone: TimeZone) async throws -> StreakChangeResult {
        let (userId, key) = (ref.userId, ref.key)
        let applying: @Sendable (any StreakStore) async throws -> StreakChangeResult = {
            try await $0.applyUnsettled(change, to: ref, at: now, timezone: timezone)
        }
        switch change {
        case _ where change.isPoints:
            return try await applyPoints(change, to: ref, at: now)
        case .delete:
            return try await delete(ref, now: now, timezone: timezone)
        case .restore(let newKey):
            // Queued under the key it had; the copy reads the restored streak whole at the next pull.
            return try await write(userId, key, now, timezone, keys: [newKey ?? key], queueing: { _ in change }, applying)
        case .undoLast:
            // Queued as the removal of the event the replica undid: the server removes that one.
            return try await write(userId, key, now, timezone, queueing: { $0.removed.map { .removeEvent(id: $0.id) } }, applying) { replica, result in
                guard let removed = result.removed else { return result }
                return try await replica.applyUnsettled(.removeEvent(id: removed.id), to: ref, at: now, timezone: timezone)
            }
        case .addEvents(let events, let configuration, _):
            // Queued without `freshIds`: the push checks the ids as any replayed write does.
            return try await write(userId, key, now, timezone, .addEvents(events, creating: configuration), applying)
        default:
            return try await write(userId, key, now, timezone, change, applying)
        }
    }

    /// Records the freezes the calculation consumes on the server; offline, on the replica
    /// only (provisional: never pushed, replaced by the server's own at the next pull).
    public func refresh(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await write(userId, streakKey, now, timezone, queueing: { _ in nil }) {
            try await $0.refresh(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
        }
    }

    // MARK: Live

    public func watch(userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone)
        -> AsyncThrowingStream<StreakEvaluation, any Error> {
        startLive(now: now, timezone: timezone)
        let evaluations = replica.watch(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
        let (stream, continuation) = AsyncThrowingStream<StreakEvaluation, any Error>.makeStream()
        let task = Task { [weak self] in
            do {
                for try await evaluation in evaluations {
                    // Another process on this machine may have queued the change: count again.
                    self?.recountPending()
                    continuation.yield(evaluation)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    public func watchStreaks(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<StreakListUpdate> {
        startLive(now: now, timezone: timezone)
        let updates = replica.watchStreaks(userId: userId, now: now, timezone: timezone)
        let (stream, continuation) = AsyncStream<StreakListUpdate>.makeStream()
        let task = Task { [weak self] in
            for await update in updates {
                // Another process on this machine may have queued the change: count again.
                if case .evaluation = update { self?.recountPending() }
                continuation.yield(update)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The outbox's pending changes as the file says (other processes queue there too).
    func recountPending() {
        guard let pending = try? Outbox(files: files).read().pending.count, pending != syncState.pendingChanges else { return }
        updateSync { $0.pendingChanges = pending }
    }

    public func watchStreakKeys(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<[String]> {
        startLive(now: now, timezone: timezone)
        return replica.watchStreakKeys(userId: userId, now: now, timezone: timezone)
    }

    public func watchLink() -> AsyncStream<StoreLink> {
        remote.watchLink()
    }

    public func watchSync() -> AsyncStream<StoreSyncState> {
        syncStates.subscribe(current: syncState)
    }

    /// Stops the live loop; the remote store is the caller's to close.
    public func close() async {
        let tasks = state.withLock { state in
            defer { state.live = []; state.syncWorker = nil }
            return state.live + [state.syncWorker].compactMap { $0 }
        }
        tasks.forEach { $0.cancel() }
        syncStates.finish()
    }
}

/// What a replicated store refuses.
public enum ReplicatedStoreError: Error, Equatable, Sendable, LocalizedError {
    case otherUser(String, replicaOf: String)
    /// The server keeps no experience points or progress.
    case noPoints(String)

    public var errorDescription: String? {
        switch self {
        case .otherUser(let user, let owner): "This copy holds the streaks of '\(owner)', not of '\(user)'."
        case .noPoints(let location): "\(location) keeps no experience points or progress."
        }
    }
}
