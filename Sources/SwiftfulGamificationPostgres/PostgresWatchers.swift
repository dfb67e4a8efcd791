import Foundation
import NIOPosix
import PostgresNIO
import SwiftfulGamification

/// Live updates from PostgreSQL: one listening connection per user, on the user's own
/// notification channel. A notification names the streak that changed; its subscribers get
/// the streak re-evaluated (through row-level security, on the store's own connection). A
/// connection that drops is replaced with backoff, every subscription is brought up to date
/// (what was missed meanwhile), and `watchLink` says `.lost` until then.
final class PostgresWatchers: @unchecked Sendable {
    private let location: PostgresLocation
    private let lock = NSLock()
    private var users: [String: UserWatch] = [:]
    private var linkSubscribers: [UUID: AsyncStream<StoreLink>.Continuation] = [:]
    private var link: StoreLink = .live

    init(location: PostgresLocation) {
        self.location = location
    }

    /// One user's subscriptions and the task that listens for them.
    final class UserWatch: @unchecked Sendable {
        var streaks: [UUID: (key: String, continuation: AsyncThrowingStream<StreakEvaluation, any Error>.Continuation)] = [:]
        var keyLists: [UUID: AsyncStream<[String]>.Continuation] = [:]
        var last: [UUID: Data] = [:]
        var validUntil: [UUID: Date] = [:]
        var lastKeys: [String]?
        var task: Task<Void, Never>?
        var isEmpty: Bool { streaks.isEmpty && keyLists.isEmpty }
    }

    func watch(
        store: PostgresStreakStore, userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncThrowingStream<StreakEvaluation, any Error> {
        let (stream, continuation) = AsyncThrowingStream<StreakEvaluation, any Error>.makeStream()
        let id = UUID()
        let user = attach(store: store, userId: userId, now: now, timezone: timezone) { $0.streaks[id] = (streakKey, continuation) }
        continuation.onTermination = { [weak self] _ in self?.detach(userId) { $0.streaks[id] = nil } }
        Task { await self.publish(store: store, userId: userId, user: user, only: [id], now: now(), timezone: timezone()) }
        return stream
    }

    func watchKeys(
        store: PostgresStreakStore, userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncStream<[String]> {
        let (stream, continuation) = AsyncStream<[String]>.makeStream()
        let id = UUID()
        let user = attach(store: store, userId: userId, now: now, timezone: timezone) { $0.keyLists[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.detach(userId) { $0.keyLists[id] = nil } }
        Task { await self.publishKeys(store: store, userId: userId, user: user, force: true) }
        return stream
    }

    func watchLink() -> AsyncStream<StoreLink> {
        let (stream, continuation) = AsyncStream<StoreLink>.makeStream()
        let id = UUID()
        lock.withLock {
            linkSubscribers[id] = continuation
            continuation.yield(link)
        }
        continuation.onTermination = { [weak self] _ in self?.lock.withLock { _ = self?.linkSubscribers.removeValue(forKey: id) } }
        return stream
    }

    func stop() async {
        let tasks = lock.withLock {
            let tasks = users.values.compactMap(\.task)
            for user in users.values {
                user.streaks.values.forEach { $0.continuation.finish() }
                user.keyLists.values.forEach { $0.finish() }
            }
            users = [:]
            linkSubscribers.values.forEach { $0.finish() }
            linkSubscribers = [:]
            return tasks
        }
        tasks.forEach { $0.cancel() }
        for task in tasks { await task.value }
    }

    // MARK: - Subscriptions

    private func attach(
        store: PostgresStreakStore, userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone,
        _ add: (UserWatch) -> Void
    ) -> UserWatch {
        lock.withLock {
            let user = users[userId] ?? UserWatch()
            users[userId] = user
            add(user)
            if user.task == nil {
                user.task = Task.detached { await self.listen(store: store, userId: userId, user: user, now: now, timezone: timezone) }
            }
            return user
        }
    }

    private func detach(_ userId: String, _ remove: (UserWatch) -> Void) {
        let task: Task<Void, Never>? = lock.withLock {
            guard let user = users[userId] else { return nil }
            remove(user)
            guard user.isEmpty else { return nil }
            users[userId] = nil
            return user.task
        }
        task?.cancel()
    }

    private func setLink(_ state: StoreLink) {
        lock.withLock {
            guard link != state else { return }
            link = state
            linkSubscribers.values.forEach { $0.yield(state) }
        }
    }

    // MARK: - Listening

    /// Listens on the user's channel until cancelled, reconnecting with backoff; after each
    /// (re)connection every subscription is re-evaluated, so nothing missed stays missed.
    private func listen(
        store: PostgresStreakStore, userId: String, user: UserWatch, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) async {
        var delay = 0.1
        let ticker = Task.detached { await self.tick(store: store, userId: userId, user: user, now: now, timezone: timezone) }
        defer { ticker.cancel() }
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try location.connectionConfiguration(), id: 0, logger: PostgresSession.logger
                )
                defer { Task { try? await connection.close() } }
                let channel = try await Self.channel(connection, userId: userId, location: location)
                try await connection.listen(on: channel) { notifications in
                    setLink(.live)
                    delay = 0.1
                    await publish(store: store, userId: userId, user: user, only: nil, now: now(), timezone: timezone())
                    await publishKeys(store: store, userId: userId, user: user, force: false)
                    for try await notification in notifications {
                        let ids = lock.withLock { user.streaks.filter { $0.value.key == notification.payload }.map(\.key) }
                        await publish(store: store, userId: userId, user: user, only: ids, now: now(), timezone: timezone())
                        await publishKeys(store: store, userId: userId, user: user, force: false)
                    }
                }
                if Task.isCancelled { return }
                setLink(.lost(reason: "the database closed the connection"))
            } catch {
                if Task.isCancelled { return }
                setLink(.lost(reason: StreakStoreError.sentence(PostgresFailure.describe(error, location: location, connecting: true))))
            }
            try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
            delay = min(delay * 2, 2)
        }
    }

    /// Re-evaluates subscriptions whose result stopped holding (a day or leeway boundary, a
    /// freeze expiring) with no write.
    private func tick(
        store: PostgresStreakStore, userId: String, user: UserWatch, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) async {
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 500_000_000)
            let current = now()
            let due = lock.withLock { user.validUntil.filter { current >= $0.value }.map(\.key) }
            if !due.isEmpty { await publish(store: store, userId: userId, user: user, only: due, now: current, timezone: timezone()) }
        }
    }

    /// The user's channel name, created on first use (one statement: the insert does nothing
    /// when the row exists, and the select then sees the row as it was).
    static func channel(_ connection: PostgresConnection, userId: String, location: PostgresLocation) async throws -> String {
        let rows = try await connection.query(
            """
            WITH created AS (
                INSERT INTO streak_channels (user_id, channel) VALUES (\(userId), 'streaks_' || md5(gen_random_uuid()::text))
                ON CONFLICT (user_id) DO NOTHING RETURNING channel
            )
            SELECT coalesce((SELECT channel FROM created), (SELECT channel FROM streak_channels WHERE user_id = \(userId)))
            """,
            logger: PostgresSession.logger
        )
        for try await channel in rows.decode(String?.self) {
            if let channel { return channel }
        }
        throw PostgresStoreError.notAllowed(location.redacted, reason: "no notification channel for user '\(userId)'")
    }

    /// Evaluates the given subscriptions (all when nil) and yields what changed.
    private func publish(store: PostgresStreakStore, userId: String, user: UserWatch, only ids: [UUID]?, now: Date, timezone: TimeZone) async {
        let targets = lock.withLock { user.streaks.filter { ids?.contains($0.key) ?? true } }
        var results: [String: Result<StreakEvaluation, any Error>] = [:]
        for key in Set(targets.values.map(\.key)) {
            do {
                results[key] = .success(try await store.evaluate(userId: userId, streakKey: key, now: now, timezone: timezone))
            } catch {
                results[key] = .failure(error)
            }
        }
        lock.withLock {
            for (id, subscription) in targets {
                switch results[subscription.key] {
                case .success(let evaluation):
                    let encoded = try? PostgresStreakStore.encoder.encode(evaluation)
                    user.validUntil[id] = evaluation.validUntil(now: now, timezone: timezone)
                    guard encoded == nil || encoded != user.last[id] else { continue }
                    user.last[id] = encoded
                    subscription.continuation.yield(evaluation)
                case .failure(let error) where error is StreakStoreError:
                    // The streak is gone (renamed, or never existed): the stream ends with why.
                    subscription.continuation.finish(throwing: error)
                    user.streaks[id] = nil
                default:
                    // Unreachable database: the link says so; the next connection catches up.
                    break
                }
            }
        }
    }

    private func publishKeys(store: PostgresStreakStore, userId: String, user: UserWatch, force: Bool) async {
        guard let keys = try? await store.streakKeys(userId: userId, includingArchived: false) else { return }
        lock.withLock {
            guard force || keys != user.lastKeys else { return }
            user.lastKeys = keys
            user.keyLists.values.forEach { $0.yield(keys) }
        }
    }
}


extension PostgresStreakStore {
    public func watch(userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone)
        -> AsyncThrowingStream<StreakEvaluation, any Error> {
        watchers.watch(store: self, userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    public func watchStreakKeys(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<[String]> {
        watchers.watchKeys(store: self, userId: userId, now: now, timezone: timezone)
    }

    public func watchLink() -> AsyncStream<StoreLink> {
        watchers.watchLink()
    }
}
