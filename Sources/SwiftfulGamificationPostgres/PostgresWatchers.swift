import Foundation
import GamificationSupport
import StreakStoreKit
import Synchronization
import NIOPosix
import PostgresNIO
import SwiftfulGamification

/// What other connections change, from PostgreSQL: one listening connection per followed
/// user, on the user's own notification channel, telling the store's feed which streak
/// changed (the feed reads it again through row-level security). This store's own writes
/// are skipped: their results were published as they committed. A connection that drops
/// is replaced with backoff, after which every streak of the user is refreshed (what was
/// missed meanwhile), and `watchLink` says `.lost` until then.
final class PostgresWatchers: Sendable {
    private let location: PostgresLocation
    /// Names this store's writes in their notifications, so it can skip its own.
    let writerId = UUID().uuidString
    private struct State {
        var listeners: [String: Task<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Each listening connection takes its user's role first (see `PostgresSession`).
    private let actsAsEachUser: Bool

    init(location: PostgresLocation, actsAsEachUser: Bool) {
        self.location = location
        self.actsAsEachUser = actsAsEachUser
    }

    private let links = LinkBroadcast()

    func watchLink() -> AsyncStream<StoreLink> {
        links.subscribe()
    }

    /// Starts or stops listening for a user, as the feed follows them or stops.
    func follow(_ on: Bool, userId: String, feed: StreakFeed) {
        let stopped = state.withLock { state -> Task<Void, Never>? in
            if on {
                guard state.listeners[userId] == nil else { return nil }
                state.listeners[userId] = Task.detached { await self.listen(userId: userId, feed: feed) }
                return nil
            }
            return state.listeners.removeValue(forKey: userId)
        }
        stopped?.cancel()
    }

    func stop() async {
        let tasks = state.withLock { state in
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        links.finish()
        tasks.forEach { $0.cancel() }
        for task in tasks { await task.value }
    }

    /// Starts the payload of a points or progress notification (no streak key has it).
    static let pointsMark = "\u{1E}"

    /// A notification's payload: the streak key, and the writing store's id.
    static func payload(key: String, writerId: String) -> String { key + "\u{1F}" + writerId }

    static func parse(_ payload: String) -> (key: String, writerId: String?) {
        let parts = payload.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
    }

    // MARK: - Listening

    /// Listens on the user's channel until cancelled, reconnecting with backoff; after each
    /// (re)connection every streak of the user is refreshed, so nothing missed stays missed.
    private func listen(userId: String, feed: StreakFeed) async {
        var delay = 0.1
        while !Task.isCancelled {
            do {
                let (connection, channel) = try await Self.listening(to: userId, at: location, actingAsEachUser: actsAsEachUser)
                defer { Task { try? await connection.close() } }
                try await connection.listen(on: channel) { notifications in
                    links.send(.live)
                    delay = 0.1
                    feed.changed(userId: userId)
                    feed.keysChanged(userId: userId)
                    for try await notification in notifications {
                        // Points and progress have watchers of their own.
                        guard !notification.payload.hasPrefix(Self.pointsMark) else { continue }
                        let (key, writer) = Self.parse(notification.payload)
                        guard writer != writerId else { continue }
                        feed.changed(userId: userId, streakKeys: [key])
                        feed.keysChanged(userId: userId)
                    }
                }
                if Task.isCancelled { return }
                links.send(.lost(reason: "the database closed the connection"))
            } catch {
                if Task.isCancelled { return }
                links.send(.lost(reason: StreakStoreError.sentence(PostgresFailure.describe(error, location: location, connecting: true))))
            }
            try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
            delay = min(delay * 2, 2)
        }
    }

    /// A connection of its own to listen for the user's changes, and the user's channel. A
    /// login acting as each user takes the user's role on it (one statement runs there, so
    /// PostgreSQL's planning again at a role change costs nothing): without it, the user's
    /// channel row is out of the login's reach. Every watcher (streaks, points) opens here.
    static func listening(
        to userId: String, at location: PostgresLocation, actingAsEachUser: Bool
    ) async throws -> (connection: PostgresConnection, channel: String) {
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try location.connectionConfiguration(), id: 0, logger: PostgresSession.logger
        )
        do {
            // An error comes with the rows: read them.
            if actingAsEachUser {
                _ = try await connection.query("SELECT pg_catalog.set_config('role', \(userId), false)", logger: PostgresSession.logger).collect()
            }
            return (connection, try await channel(connection, userId: userId, location: location))
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// The user's channel name, created on first use (one statement: the insert does nothing
    /// when the row exists, and the select then sees the row as it was). When another
    /// session creates it at the same moment, the insert waits for it and does nothing, and
    /// the select, seeing the table as it was when the statement began, finds nothing: the
    /// statement is asked again, and then sees the other's row.
    static func channel(_ connection: PostgresConnection, userId: String, location: PostgresLocation) async throws -> String {
        for _ in 0..<2 {
            if let channel = try await channelOnce(connection, userId: userId) { return channel }
        }
        throw PostgresStoreError.notAllowed(location.redacted, reason: "no notification channel for user '\(userId)'")
    }

    private static func channelOnce(_ connection: PostgresConnection, userId: String) async throws -> String? {
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
        for try await channel in rows.decode(String?.self) { return channel }
        return nil
    }
}

extension PostgresStreakStore {
    public func watch(userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone)
        -> AsyncThrowingStream<StreakEvaluation, any Error> {
        feed.subscribe(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    public func watchStreaks(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<StreakListUpdate> {
        feed.subscribeToAll(userId: userId, now: now, timezone: timezone)
    }

    public func watchStreakKeys(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<[String]> {
        feed.subscribeToKeys(userId: userId)
    }

    public func watchLink() -> AsyncStream<StoreLink> {
        watchers.watchLink()
    }

    /// The feed's view of this store: the streak now, read through row-level security (the
    /// last write's result while it holds), and the key list; following a user listens on
    /// their channel. A refresh that fails for want of the server leaves its subscribers
    /// waiting: the link says so, and the next connection catches up.
    static func feedSource(_ store: WeakReference<PostgresStreakStore>) -> StreakFeed.Source {
        .reading(
            store, following: { store, userId, on in store.watchers.follow(on, userId: userId, feed: store.feed) }, isTransient: { !($0 is StreakStoreError) }
        )
    }
}
