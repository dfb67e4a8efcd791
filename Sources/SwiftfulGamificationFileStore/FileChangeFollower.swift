import Foundation
import GamificationSupport
import StreakStoreKit
import Synchronization
import SwiftfulGamification

/// Tells the store's feed, for one followed user, what changed on disk: a streak whose
/// files another writer changed (`changed`), and the key list when a streak is created,
/// removed, archived or brought back (`keysChanged`). It reads no streak: the feed asks the
/// store when it needs one. Changes this process made itself are not reported again: their
/// results were published as they were written. It runs on its watch's queue, woken by
/// the watch (inotify or a timer); no thread waits for it.
final class FileChangeFollower: Sendable {
    private let store: FileStreakStore
    private let userId: String
    private let watch: DirectoryWatch
    /// The streak folders watched, and each one's config.json as last seen: archiving or
    /// bringing a streak back changes it, a logged event does not, so most writes need no
    /// re-listing. Only the watch's queue touches it.
    private let known = Mutex<(keys: [String], configStamps: [String: FileStamp])>(([], [:]))

    init(store: FileStreakStore, userId: String) {
        self.store = store
        self.userId = userId
        watch = DirectoryWatch(label: "streaks-follow-\(userId)")
    }

    func start() {
        watch.queue.async { [self] in
            guard let streaksDirectory = (try? store.userDirectory(userId)).map({ $0 + "/streaks" }) else { return }
            _ = syncDirectories(streaksDirectory)
            watch.start { [self] changed in handle(changed, in: streaksDirectory) }
        }
    }

    func stop() {
        watch.cancel()
    }

    private func configStamp(_ streaksDirectory: String, _ key: String) -> FileStamp? {
        try? POSIXFile.status(streaksDirectory + "/" + key + "/config.json")?.stamp
    }

    /// Watches every streak folder, archived ones and ones still being created too (their
    /// config.json may land after the folder is seen); whether the list or a config changed.
    private func syncDirectories(_ streaksDirectory: String) -> Bool {
        _ = try? POSIXFile.makeDirectory(streaksDirectory)
        watch.watch(streaksDirectory)
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: streaksDirectory)) ?? [])
            .filter { (try? StreakValidation.validateStreakKey($0)) != nil }
        let stamps = Dictionary(uniqueKeysWithValues: all.compactMap { key in configStamp(streaksDirectory, key).map { (key, $0) } })
        let before = known.withLock { known in
            defer { known = (all, stamps) }
            return known
        }
        for key in Set(before.keys).subtracting(all) { watch.unwatch(streaksDirectory + "/" + key) }
        for key in all { watch.watch(streaksDirectory + "/" + key) }
        return before.keys != all || before.configStamps != stamps
    }

    private func handle(_ changed: Set<String>, in streaksDirectory: String) {
        let (keys, stamps) = known.withLock { $0 }
        let configChanged = keys.contains { key in
            changed.contains(streaksDirectory + "/" + key) && configStamp(streaksDirectory, key) != stamps[key]
        }
        if changed.contains(streaksDirectory) || configChanged, syncDirectories(streaksDirectory) {
            store.feed.keysChanged(userId: userId)
        }
        let others = Set(known.withLock { $0.keys }.filter { key in
            changed.contains(streaksDirectory + "/" + key) && !store.ownWrites.explains(streaksDirectory + "/" + key)
        })
        if !others.isEmpty { store.feed.changed(userId: userId, streakKeys: others) }
    }
}

/// The users the store follows for its feed, one follower each.
final class FileChangeFollowers: Sendable {
    private let followers = Mutex<[String: FileChangeFollower]>([:])

    func follow(_ on: Bool, userId: String, store: FileStreakStore) {
        let (started, stopped) = followers.withLock { followers -> (FileChangeFollower?, FileChangeFollower?) in
            if on {
                guard followers[userId] == nil else { return (nil, nil) }
                let follower = FileChangeFollower(store: store, userId: userId)
                followers[userId] = follower
                return (follower, nil)
            }
            return (nil, followers.removeValue(forKey: userId))
        }
        started?.start()
        stopped?.stop()
    }
}

/// This process's own writes, by streak folder: while one is under way its changes are
/// not news (its result is published when it ends), and afterwards a folder whose
/// `current.json` is still the one it wrote has nothing new either.
final class OwnWrites: Sendable {
    private struct State {
        var pending: [String: Int] = [:]
        var written: [String: FileStamp] = [:]
    }

    private let state = Mutex(State())

    func begin(_ folder: String) {
        state.withLock { $0.pending[folder, default: 0] += 1 }
    }

    func end(_ folder: String, current: String) {
        let stamp = try? POSIXFile.status(current)?.stamp
        state.withLock { state in
            state.pending[folder, default: 1] -= 1
            if state.pending[folder] == 0 { state.pending[folder] = nil }
            state.written[folder] = stamp
        }
    }

    /// Whether what changed in `folder` is this process's own doing.
    func explains(_ folder: String) -> Bool {
        let (pending, stamp) = state.withLock { ($0.pending[folder] != nil, $0.written[folder]) }
        if pending { return true }
        guard let stamp else { return false }
        return (try? POSIXFile.status(folder + "/current.json")?.stamp) == stamp
    }
}

extension FileStreakStore {
    /// The streak's evaluation now, after every change by any process, and when a day or
    /// leeway boundary passes (see `StreakFeed`).
    public func watch(
        userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncThrowingStream<StreakEvaluation, any Error> {
        feed.subscribe(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    /// All of the user's streaks in one subscription (see `StreakFeed.subscribeToAll`).
    public func watchStreaks(
        userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncStream<StreakListUpdate> {
        feed.subscribeToAll(userId: userId, now: now, timezone: timezone)
    }

    /// The user's streak keys (archived ones left out) now and whenever a streak is
    /// created, removed, archived or brought back, by any process.
    public func watchStreakKeys(
        userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncStream<[String]> {
        feed.subscribeToKeys(userId: userId)
    }

    /// The feed's view of this store: the streak now (the last write's result while it
    /// holds) and the key list, read on the store's own threads; following a user starts a
    /// `FileChangeFollower`.
    static func feedSource(_ store: WeakReference<FileStreakStore>) -> StreakFeed.Source {
        StreakFeed.Source(
            refresh: { userId, key, now, zone in
                guard let store = store.value else { throw CancellationError() }
                return try await BlockingIO.run { try store.refresh(userId: userId, streakKey: key, now: now, timezone: zone) }
            },
            streakKeys: { userId in
                guard let store = store.value else { throw CancellationError() }
                return try await BlockingIO.run { try store.streakKeys(userId: userId, includingArchived: false) }
            },
            following: { userId, on in
                guard let store = store.value else { return }
                store.followers.follow(on, userId: userId, store: store)
            }
        )
    }
}
