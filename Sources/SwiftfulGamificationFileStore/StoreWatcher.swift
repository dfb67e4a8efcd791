import Foundation
import SwiftfulGamification

/// One thread per user and process that follows the user's streaks, whoever writes them:
/// it hands every subscriber the writer's own result (`current.json`, no calculation) after
/// each change, recalculates (under the lock, once) only when a day or leeway boundary
/// passes or the files changed without a calculation, and reports streaks created or
/// removed. Subscribers come and go; the thread stops with the last one.
final class StoreWatcher: @unchecked Sendable {
    private let store: FileStreakStore
    private let userId: String
    private let now: @Sendable () -> Date
    private let timezone: @Sendable () -> TimeZone
    private let lock = NSLock()
    private var streakSubscribers: [UUID: (key: String, continuation: AsyncThrowingStream<StreakEvaluation, any Error>.Continuation)] = [:]
    private var keySubscribers: [UUID: AsyncStream<[String]>.Continuation] = [:]
    private var stopped = false
    private let onStop: @Sendable () -> Void
    /// Set while the thread runs, to wake it for a new subscriber.
    private var watch: DirectoryWatch?

    init(store: FileStreakStore, userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone, onStop: @escaping @Sendable () -> Void) {
        self.store = store
        self.userId = userId
        self.now = now
        self.timezone = timezone
        self.onStop = onStop
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "streaks-watch-\(userId)"
        thread.start()
    }

    // MARK: - Subscribers

    /// Nil when the watcher has stopped (its last subscriber left): take a new one then.
    func subscribe(streakKey: String) -> AsyncThrowingStream<StreakEvaluation, any Error>? {
        let (stream, continuation) = AsyncThrowingStream<StreakEvaluation, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        guard lock.withLock({ () -> Bool in
            guard !stopped else { return false }
            streakSubscribers[id] = (streakKey, continuation)
            watch?.wake()
            return true
        }) else { return nil }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return stream
    }

    /// Nil when the watcher has stopped (its last subscriber left): take a new one then.
    func subscribeToKeys() -> AsyncStream<[String]>? {
        let (stream, continuation) = AsyncStream<[String]>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        guard lock.withLock({ () -> Bool in
            guard !stopped else { return false }
            keySubscribers[id] = continuation
            watch?.wake()
            return true
        }) else { return nil }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return stream
    }

    private func unsubscribe(_ id: UUID) {
        let last = lock.withLock { () -> Bool in
            streakSubscribers[id] = nil
            keySubscribers[id] = nil
            if streakSubscribers.isEmpty, keySubscribers.isEmpty {
                stopped = true
                watch?.wake()
            }
            return stopped
        }
        if last { onStop() }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func subscribedKeys() -> Set<String> {
        lock.withLock { Set(streakSubscribers.values.map(\.key)) }
    }

    // MARK: - The loop

    /// What was last handed out for a streak, and until when it holds.
    private struct Published {
        var evaluation: StreakEvaluation
        var validUntil: Date
    }

    private func run() {
        let watch = DirectoryWatch()
        lock.withLock { self.watch = watch }
        defer { lock.withLock { self.watch = nil } }
        let streaksDirectory = (try? store.userDirectory(userId)).map { $0 + "/streaks" }
        var keys: [String] = []
        var watchedKeys: [String] = []
        /// Each streak folder's config.json as last seen: archiving or bringing a streak back
        /// changes it, a logged event does not, so most writes need no re-listing.
        var configStamps: [String: FileStamp] = [:]

        func configStamp(_ key: String) -> FileStamp? {
            streaksDirectory.flatMap { try? POSIXFile.status($0 + "/" + key + "/config.json")?.stamp }
        }
        var published: [String: Published] = [:]
        var announcedKeys: [String]?

        /// Watches every streak folder, archived ones and ones still being created too (their
        /// config.json may land after the folder is seen), and announces the streaks that
        /// exist and are not archived.
        func syncDirectories() {
            guard let streaksDirectory else { return }
            try? POSIXFile.makeDirectory(streaksDirectory)
            watch.watch(streaksDirectory)
            let all = ((try? FileManager.default.contentsOfDirectory(atPath: streaksDirectory)) ?? [])
                .filter { (try? StreakValidation.validateStreakKey($0)) != nil }
            for key in Set(watchedKeys).subtracting(all) { watch.unwatch(streaksDirectory + "/" + key) }
            for key in all { watch.watch(streaksDirectory + "/" + key) }
            watchedKeys = all
            configStamps = Dictionary(uniqueKeysWithValues: all.compactMap { key in configStamp(key).map { (key, $0) } })
            keys = (try? store.streakKeys(userId: userId)) ?? []
        }

        /// Hands out the streak's current state: the writer's result when it still holds,
        /// otherwise one recalculation.
        func publish(_ key: String) {
            do {
                let (evaluation, validUntil) = try store.refreshWithValidity(userId: userId, streakKey: key, now: now(), timezone: timezone())
                if let last = published[key], last.evaluation.isSameEvaluation(as: evaluation) {
                    published[key]?.validUntil = validUntil
                    return
                }
                published[key] = Published(evaluation: evaluation, validUntil: validUntil)
                let continuations = lock.withLock { streakSubscribers.values.filter { $0.key == key }.map(\.continuation) }
                continuations.forEach { $0.yield(evaluation) }
            } catch {
                let continuations = lock.withLock { streakSubscribers.filter { $0.value.key == key } }
                for (id, subscriber) in continuations {
                    subscriber.continuation.finish(throwing: error)
                    lock.withLock { streakSubscribers[id] = nil }
                }
                published[key] = nil
            }
        }

        syncDirectories()
        var lastSubscribed = Set<String>()
        while !isStopped {
            let subscribed = subscribedKeys()
            // New subscribers get the current state at once.
            for key in subscribed.subtracting(lastSubscribed) {
                published[key] = nil
                publish(key)
            }
            lastSubscribed = subscribed
            let keysWanted = lock.withLock { !keySubscribers.isEmpty }
            if keysWanted, announcedKeys != keys {
                announcedKeys = keys
                let continuations = lock.withLock { Array(keySubscribers.values) }
                continuations.forEach { $0.yield(keys) }
            }

            let next = subscribed.compactMap { published[$0]?.validUntil }.min() ?? .distantFuture
            let changed = watch.wait(timeout: min(0.25, max(0, next.timeIntervalSince(now()))))
            guard !isStopped else { break }
            // A streak created or removed changes the folder; archived or brought back, its config.
            let configChanged = watchedKeys.contains { key in
                streaksDirectory.map { changed.contains($0 + "/" + key) } == true && configStamp(key) != configStamps[key]
            }
            if let streaksDirectory, changed.contains(streaksDirectory) || configChanged || !watch.usesNotifications {
                let before = keys
                syncDirectories()
                if keys != before { announcedKeys = nil }
            }
            let current = now()
            for key in subscribed {
                let directoryChanged = streaksDirectory.map { changed.contains($0 + "/" + key) } ?? false
                let boundaryPassed = published[key].map { current >= $0.validUntil } ?? true
                if directoryChanged || boundaryPassed { publish(key) }
            }
        }
        let continuations = lock.withLock { streakSubscribers.values.map(\.continuation) }
        continuations.forEach { $0.finish() }
    }
}

extension FileStreakStore {
    /// Yields the streak's evaluation now, after every change to its files by any process
    /// (within about 25 ms), and when the day or the leeway boundary passes with no write.
    /// Each write's own result is handed on: nothing is calculated again for it. Equal
    /// consecutive evaluations are yielded once. The stream ends when its consumer stops;
    /// it fails when the streak does not exist.
    public func watch(
        userId: String,
        streakKey: String,
        now: @escaping @Sendable () -> Date,
        timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncThrowingStream<StreakEvaluation, any Error> {
        watchers.subscribe(store: self, userId: userId, now: now, timezone: timezone) { $0.subscribe(streakKey: streakKey) }
    }

    /// Yields the user's streak keys (archived ones left out) now and whenever a streak is
    /// created, removed, archived or brought back, by any process.
    public func watchStreakKeys(
        userId: String,
        now: @escaping @Sendable () -> Date,
        timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncStream<[String]> {
        watchers.subscribe(store: self, userId: userId, now: now, timezone: timezone) { $0.subscribeToKeys() }
    }

}

/// The store's watchers, one per user, shared by every subscriber in the process.
final class StoreWatchers: @unchecked Sendable {
    private let lock = NSLock()
    private var watchers: [String: StoreWatcher] = [:]

    /// Subscribes to the user's running watcher, starting one when there is none (or the
    /// one found stopped meanwhile).
    func subscribe<Stream>(
        store: FileStreakStore, userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone,
        _ attach: (StoreWatcher) -> Stream?
    ) -> Stream {
        lock.withLock {
            if let running = watchers[userId], let stream = attach(running) { return stream }
            let watcher = StoreWatcher(store: store, userId: userId, now: now, timezone: timezone) { [weak self] in
                guard let self else { return }
                self.lock.withLock { self.watchers[userId] = nil }
            }
            watchers[userId] = watcher
            let stream = attach(watcher)!
            watcher.start()
            return stream
        }
    }
}
