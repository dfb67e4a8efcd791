import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GamificationSupport
import StreakStoreKit
import Synchronization
import SwiftfulGamification

/// Streaks kept by a streak server (`streaks serve`), reached over HTTP with a bearer token:
/// an app holds a token, never the database's credentials, and gets the server's
/// calculation (the same calculator) as the answer to every read and write.
///
/// Every write is one change of the vocabulary (`POST /v1/changes`) under an operation id,
/// so a request sent again after a lost answer is applied once. Reads ask the server for
/// the library's own JSON of a streak. `watch…` follow the server's event stream: each
/// change there (by this client or any other) is read again and handed to the feed, and the
/// link says whether the stream is up.
///
/// The token decides the user: `userId` arguments are not sent (another user's streaks are
/// out of a token's reach).
public final class HTTPStreakStore: StreakStore {
    let transport: HTTPTransport
    public let feed: StreakFeed
    private let followers = Mutex<[String: EventFollower]>([:])
    /// The streams of experience and progress keys being watched (`HTTPStreakStore+Points`).
    let ledgerFollowers = Mutex<[ObjectIdentifier: EventFollower]>([:])
    private let links = LinkBroadcast()

    public var location: String { transport.base.absoluteString }

    /// - Parameter server: the API's base, such as `https://streaks.example.com/v1`.
    public init(server: URL, token: String, session: URLSession = .shared) {
        transport = HTTPTransport(base: server, token: token, session: session)
        let reference = WeakReference<HTTPStreakStore>()
        feed = StreakFeed(source: Self.feedSource(reference))
        reference.value = self
    }

    public func close() async {
        feed.finishAll()
        (Self.takeAll(followers) + Self.takeAll(ledgerFollowers)).forEach { $0.stop() }
        links.finish()
    }

    private static func takeAll<Key>(_ followers: borrowing Mutex<[Key: EventFollower]>) -> [EventFollower] {
        followers.withLock { followers in
            defer { followers = [:] }
            return Array(followers.values)
        }
    }

    // MARK: - Changes

    /// One request: the server applies the change whole (settling its points) and says all it produced.
    public func applyUnsettled(_ change: StreakChange, to ref: StreakRef, at now: Date, timezone: TimeZone) async throws -> StreakChangeResult {
        try await apply(change, userId: ref.userId, key: ref.key, now: now, timezone: timezone).result
    }

    /// `change` applied to the streak `key` by the server, whole.
    func apply(_ change: StreakChange, userId: String, key: String, now: Date, timezone: TimeZone) async throws -> AppliedChange {
        let operation = StoreOperation.current?.nextWriteId() ?? UUID().uuidString
        let body = try StreakChangeRequest(key: key, change: change, operation: operation).encoded()
        let began = feed.writeBegins()
        let data = try await namingKnownKeys { try await self.transport.post(["changes"], query: ["form": "library", "tz": timezone.identifier], body: body) }
        let applied = try StreakWire.decode(AppliedChange.self, from: data)
        // A change the server took before (a create of a key it has, a removal of what is gone)
        // is refused here as any store refuses it.
        if applied.alreadyApplied, let refusal = change.refusalWhenAlreadyApplied(key: key) { throw refusal }
        if case .delete = change { feed.keysChanged(userId: userId) }
        // An offline copy mirrors the write when it held the revision the write moved from.
        for (key, moved) in applied.revisions where moved.count == 2 {
            StoreOperation.current?.noteRevision(streakKey: key, before: moved[0], after: moved[1])
        }
        if let evaluation = applied.evaluation { feed.publish(userId: userId, streakKey: evaluation.configuration.streakKey, evaluation: evaluation, at: now, began: began) }
        return applied
    }

    public func importTrashed(
        _ batch: ImportBatch, archived: Bool, userId: String, streakKey: String, dateDeleted: Date, now: Date, timezone: TimeZone
    ) async throws {
        throw HTTPStoreError.notOffered("copying a streak into the server's trash")
    }

    /// `body`, with a missing streak's error naming the keys there are (the server's 404
    /// names none: it says the same whoever asks).
    private func namingKnownKeys<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch StreakStoreError.unknownStreak(let key, let known) where known.isEmpty {
            throw StreakStoreError.unknownStreak(key, known: (try? await streakKeys(userId: "", includingArchived: false)) ?? [])
        }
    }

    // MARK: - Reads

    public func streakKeys(userId: String, includingArchived: Bool) async throws -> [String] {
        let data = try await transport.get(["streaks"], query: ["form": "keys", "archived": includingArchived ? "true" : "false"])
        return try StreakWire.decode([String: [String]].self, from: data)["keys"] ?? []
    }

    /// The streak whole: settings, archive state, events, freezes, skips and notes.
    public func record(streakKey: String) async throws -> StreakRecord {
        try StreakWire.decode(StreakRecord.self, from: try await namingKnownKeys { try await self.transport.get(["streaks", streakKey, "record"]) })
    }

    public func settings(userId: String, streakKey: String) async throws -> (configuration: StreakConfiguration, goalHistory: [StreakGoalChange]) {
        let record = try await record(streakKey: streakKey)
        guard let configuration = record.configuration else { throw StreakStoreError.unknownStreak(streakKey, known: []) }
        return (configuration, record.goalHistory)
    }

    /// One request (`GET /v1/streaks/{key}/record`), the server reading it whole.
    public func wholeStreak(userId: String, streakKey: String) async throws -> (batch: ImportBatch, archived: Bool) {
        let record = try await record(streakKey: streakKey)
        return (record.batch, record.archived)
    }

    public func isArchived(userId: String, streakKey: String) async throws -> Bool { try await record(streakKey: streakKey).archived }
    public func events(userId: String, streakKey: String) async throws -> [StreakEvent] { try await record(streakKey: streakKey).events }
    public func freezes(userId: String, streakKey: String) async throws -> [StreakFreeze] { try await record(streakKey: streakKey).freezes }
    public func skips(userId: String, streakKey: String) async throws -> [CalendarDay] { try await record(streakKey: streakKey).skips }
    public func notes(userId: String, streakKey: String) async throws -> [StreakNote] { try await record(streakKey: streakKey).notes }

    public func events(userId: String, streakKey: String, on day: CalendarDay, timezone: TimeZone) async throws -> [StreakEvent] {
        try await events(userId: userId, streakKey: streakKey).filter { CalendarDay(containing: $0.dateCreated, in: timezone) == day }
    }

    public func trashedStreaks(userId: String, now: Date) async throws -> [TrashedStreak] {
        try StreakWire.decode([String: [TrashedStreak]].self, from: try await transport.get(["trash"]))["trashed"] ?? []
    }

    public func trashedStreak(userId: String, streakKey: String, dateDeleted: Date) async throws -> (batch: ImportBatch, archived: Bool) {
        let record = try StreakWire.decode(StreakRecord.self, from: try await transport.get(["trash", streakKey], query: ["deleted": ISODate.format(dateDeleted)]))
        return (record.batch, record.archived)
    }

    /// The server's calculation of the streak now.
    public func evaluate(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        let data = try await namingKnownKeys { try await self.transport.get(["streaks", streakKey], query: ["form": "library", "tz": timezone.identifier]) }
        return try StreakWire.decode(StreakEvaluation.self, from: data)
    }

    public func refresh(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await evaluate(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    public func cachedStreak(userId: String, streakKey: String) -> CurrentStreakData? { nil }

    // MARK: - Live

    public func watch(userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone)
        -> AsyncThrowingStream<StreakEvaluation, any Error> {
        feed.subscribe(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    public func watchStreakKeys(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<[String]> {
        feed.subscribeToKeys(userId: userId)
    }

    public func watchStreaks(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<StreakListUpdate> {
        feed.subscribeToAll(userId: userId, now: now, timezone: timezone)
    }

    public func watchLink() -> AsyncStream<StoreLink> { links.subscribe() }

    /// The feed's view of the server: a streak read again when the event stream says it
    /// changed, the keys when it says they did. A refresh that fails for want of the
    /// server leaves its subscribers waiting for the stream to come back.
    static func feedSource(_ store: WeakReference<HTTPStreakStore>) -> StreakFeed.Source {
        .reading(store, following: { store, userId, on in store.follow(on, userId: userId) }, isTransient: { $0 is HTTPStoreError })
    }

    private func follow(_ on: Bool, userId: String) {
        let (started, stopped) = followers.withLock { followers -> (EventFollower?, EventFollower?) in
            if on {
                guard followers[userId] == nil else { return (nil, nil) }
                let follower = EventFollower(
                    transport: transport,
                    onEvent: { [weak self] name, data in self?.heard(name, data, userId: userId) },
                    onLink: { [weak self] link in self?.links.send(link) }
                )
                followers[userId] = follower
                return (follower, nil)
            }
            return (nil, followers.removeValue(forKey: userId))
        }
        started?.start()
        stopped?.stop()
    }

    private func heard(_ name: String, _ data: Data, userId: String) {
        switch name {
        case "keys":
            feed.keysChanged(userId: userId)
        case "streak", "failed":
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            if let key = (object?["streak_id"] ?? object?["key"]) as? String { feed.changed(userId: userId, streakKeys: [key]) }
        default:
            break
        }
    }
}

/// What an offline copy (`ReplicatedStreakStore`) compares: each streak's revision on a
/// server that keeps them (one on PostgreSQL).
extension HTTPStreakStore: RevisionedStreakStore {
    public func revisions(userId: String) async throws -> [String: Int64] {
        try StreakWire.decode([String: [String: Int64]].self, from: try await transport.get(["revisions"]))["revisions"] ?? [:]
    }
}
