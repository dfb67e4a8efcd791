import Foundation
import GamificationSupport
import SwiftfulGamification
import Synchronization

/// The one live path from a store to everyone watching it: subscriptions, de-duplication
/// and the boundary timers, for every store alike.
///
/// A store supplies only two things: the streak as it is now (`refresh`, cheap while its
/// last result holds) and its key list; and it tells the feed what happened: a write's own
/// result (`publish`, handed on as it is, so nothing reads back what was just written), or
/// that keys changed elsewhere (`changed`, `keysChanged`: another process, another machine),
/// which the feed refreshes. Each subscriber has its own clock and zone: a published result
/// reaches the subscribers it holds for, the others get their own refresh, and a
/// subscriber's result is refreshed when it stops holding (midnight, the leeway's end, a
/// freeze expiring), with no write.
public final class StreakFeed: Sendable {
    /// The store's side: the current state of a streak and the user's keys.
    public struct Source: Sendable {
        public var refresh: @Sendable (_ userId: String, _ streakKey: String, _ now: Date, _ timezone: TimeZone) async throws -> StreakEvaluation
        public var streakKeys: @Sendable (_ userId: String) async throws -> [String]
        /// The feed has its first subscriber of a user (true) or lost its last (false): the
        /// store starts or stops following that user's changes made elsewhere.
        public var following: @Sendable (_ userId: String, _ on: Bool) -> Void
        /// Whether a failed refresh leaves its subscribers waiting for the next change (a
        /// connection that will come back) rather than ending their streams.
        public var isTransient: @Sendable (any Error) -> Bool

        public init(
            refresh: @escaping @Sendable (String, String, Date, TimeZone) async throws -> StreakEvaluation,
            streakKeys: @escaping @Sendable (String) async throws -> [String],
            following: @escaping @Sendable (String, Bool) -> Void = { _, _ in },
            isTransient: @escaping @Sendable (any Error) -> Bool = { _ in false }
        ) {
            self.refresh = refresh
            self.streakKeys = streakKeys
            self.following = following
            self.isTransient = isTransient
        }
    }

    private struct Target: Hashable {
        let userId: String
        let key: String
    }

    /// Where a subscriber's results go: a stream of its own, or its list subscription's.
    private enum Sink {
        case stream(AsyncThrowingStream<StreakEvaluation, any Error>.Continuation)
        case list(UUID)
    }

    private struct Subscriber {
        let target: Target
        let now: @Sendable () -> Date
        let timezone: @Sendable () -> TimeZone
        let sink: Sink
        var last: StreakEvaluation?
        /// When `last` stops holding; nil while a refresh for it is under way.
        var validUntil: Date?
    }

    private struct ListSubscription {
        let userId: String
        let now: @Sendable () -> Date
        let timezone: @Sendable () -> TimeZone
        let continuation: AsyncStream<StreakListUpdate>.Continuation
        /// The subscriber that follows each listed streak for it.
        var members: [String: UUID] = [:]
    }

    private let source: Source
    private let tickInterval: Duration
    /// Everything that changes, behind one lock.
    private struct State {
        var subscribers: [UUID: Subscriber] = [:]
        var keyLists: [UUID: (userId: String, continuation: AsyncStream<[String]>.Continuation)] = [:]
        /// Whole-list subscriptions: the keys and every listed streak, in one stream.
        var lists: [UUID: ListSubscription] = [:]
        /// Bumped by every publish and change of a streak: a refresh started before that is stale.
        var generations: [Target: Int] = [:]
        /// The generation each streak's last publish made (a write's own result).
        var published: [Target: Int] = [:]
        /// Deliveries numbered across all streaks, and each streak's last one's number: a
        /// write's publish delivers only if nothing of its streak was delivered since it began.
        var deliveries = 0
        var lastDelivery: [Target: Int] = [:]
        var keyGenerations: [String: Int] = [:]
        var announcedKeys: [String: [String]] = [:]
        var followed: Set<String> = []
        var ticker: Task<Void, Never>?
        /// When (on the real clock) the ticker wakes next.
        var tickerWake: Date?
    }

    private let state = Mutex(State())
    /// Yields decided under the lock, run outside it in that order (`Handover`).
    private let handover = Handover()

    /// - Parameter tickInterval: the longest wait between comparing subscribers' clocks with
    ///   the instant their result stops holding (a clock may jump, as a pinned one in a test
    ///   does); the feed wakes sooner when a result stops holding sooner.
    public init(source: Source, tickInterval: Duration = .seconds(1)) {
        self.source = source
        self.tickInterval = tickInterval
    }

    deinit {
        state.withLock { $0.ticker?.cancel() }
    }

    // MARK: - Subscribing

    /// The streak now, after every change, and when its result stops holding; equal
    /// consecutive results are yielded once. Ends when the consumer stops; fails when the
    /// streak does not exist (or the store fails for good).
    public func subscribe(
        userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncThrowingStream<StreakEvaluation, any Error> {
        let (stream, continuation) = AsyncThrowingStream<StreakEvaluation, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        let target = Target(userId: userId, key: streakKey)
        let startFollowing = state.withLock { state -> Bool in
            state.subscribers[id] = Subscriber(target: target, now: now, timezone: timezone, sink: .stream(continuation))
            startTickerIfNeeded(&state)
            return state.followed.insert(userId).inserted
        }
        // The stream keeps its feed alive until it ends.
        continuation.onTermination = { _ in self.remove(id) }
        if startFollowing { source.following(userId, true) }
        refresh([id])
        return stream
    }

    /// The user's streak keys (archived left out) now and whenever they change.
    public func subscribeToKeys(userId: String) -> AsyncStream<[String]> {
        let (stream, continuation) = AsyncStream<[String]>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        let startFollowing = state.withLock { state -> Bool in
            state.keyLists[id] = (userId, continuation)
            return state.followed.insert(userId).inserted
        }
        // The stream keeps its feed alive until it ends.
        continuation.onTermination = { _ in self.remove(id) }
        if startFollowing { source.following(userId, true) }
        announceKeys(userId: userId, to: id)
        return stream
    }

    /// The user's streaks in one stream: the key list first and whenever it changes, and
    /// each listed streak's evaluation as `subscribe` would deliver it (a streak that joins
    /// the list is followed from then on, one that leaves it no longer). A streak whose
    /// refresh fails is said (`failed`) and tried again at its next change.
    public func subscribeToAll(
        userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncStream<StreakListUpdate> {
        let (stream, continuation) = AsyncStream<StreakListUpdate>.makeStream()
        let id = UUID()
        let startFollowing = state.withLock { state -> Bool in
            state.lists[id] = ListSubscription(userId: userId, now: now, timezone: timezone, continuation: continuation)
            return state.followed.insert(userId).inserted
        }
        // The stream keeps its feed alive until it ends.
        continuation.onTermination = { _ in self.remove(id) }
        if startFollowing { source.following(userId, true) }
        announceKeys(userId: userId, to: id)
        return stream
    }

    private func remove(_ id: UUID) {
        let stopFollowing = state.withLock { state -> String? in
            let list = state.lists.removeValue(forKey: id)
            if let list { for member in list.members.values { state.subscribers[member] = nil } }
            guard let userId = list?.userId ?? state.subscribers.removeValue(forKey: id)?.target.userId ?? state.keyLists.removeValue(forKey: id)?.userId else { return nil }
            if state.subscribers.isEmpty { state.ticker?.cancel(); state.ticker = nil }
            let stillWatched = state.subscribers.values.contains { $0.target.userId == userId } || state.keyLists.values.contains { $0.userId == userId }
                || state.lists.values.contains { $0.userId == userId }
            guard !stillWatched else { return nil }
            state.followed.remove(userId)
            return userId
        }
        if let stopFollowing { source.following(stopFollowing, false) }
    }

    /// Ends every subscription (a store closing).
    public func finishAll() {
        let (streams, keyStreams, listStreams) = state.withLock {
            state -> ([AsyncThrowingStream<StreakEvaluation, any Error>.Continuation], [AsyncStream<[String]>.Continuation], [AsyncStream<StreakListUpdate>.Continuation]) in
            defer {
                state.subscribers = [:]
                state.keyLists = [:]
                state.lists = [:]
                state.ticker?.cancel()
                state.ticker = nil
            }
            let streams = state.subscribers.values.compactMap { subscriber in
                if case .stream(let continuation) = subscriber.sink { return continuation } else { return nil }
            }
            return (streams, state.keyLists.values.map(\.continuation), state.lists.values.map(\.continuation))
        }
        streams.forEach { $0.finish() }
        keyStreams.forEach { $0.finish() }
        listStreams.forEach { $0.finish() }
    }

    // MARK: - What the store tells

    /// Where a write stands among the feed's deliveries, taken before it begins (see `publish`).
    public struct WriteMark: Sendable {
        fileprivate let delivery: Int
    }

    /// Taken by a store before a write begins, and handed to its `publish`.
    public func writeBegins() -> WriteMark {
        state.withLock { WriteMark(delivery: $0.deliveries) }
    }

    /// A write's own result, calculated at `now`: handed to every subscriber of the streak
    /// it holds for (same zone, its clock within the result's validity); the others refresh.
    /// When something of the streak was delivered since the write `began` (another
    /// process's later change, whose notice came first, or another write of this process),
    /// the result may be older than what subscribers hold: they all refresh instead.
    public func publish(userId: String, streakKey: String, evaluation: StreakEvaluation, at now: Date, began: WriteMark) {
        let target = Target(userId: userId, key: streakKey)
        let others = state.withLock { state -> [UUID] in
            state.generations[target, default: 0] += 1
            let overtaken = state.lastDelivery[target, default: 0] > began.delivery
            if !overtaken { state.published[target] = state.generations[target] }
            var others: [UUID] = []
            for (id, subscriber) in state.subscribers where subscriber.target == target {
                let zone = subscriber.timezone()
                let clock = subscriber.now()
                if !overtaken, zone.identifier == evaluation.timeZoneIdentifier, clock >= now, clock < evaluation.validUntil(now: now, timezone: zone) {
                    deliver(evaluation, to: id, in: &state)
                } else {
                    others.append(id)
                }
            }
            return others
        }
        handover.run()
        refresh(others)
    }

    /// Streaks changed by someone else (nil: any of the user's, as after a reconnection):
    /// their subscribers get the streak as it is now.
    public func changed(userId: String, streakKeys: Set<String>? = nil) {
        let ids = state.withLock { state -> [UUID] in
            let ids = state.subscribers.filter { $0.value.target.userId == userId && (streakKeys?.contains($0.value.target.key) ?? true) }.map(\.key)
            for target in Set(ids.compactMap { state.subscribers[$0]?.target }) { state.generations[target, default: 0] += 1 }
            return ids
        }
        refresh(ids)
    }

    /// The user's key list may have changed (a streak created, removed, archived or renamed).
    public func keysChanged(userId: String) {
        announceKeys(userId: userId, to: nil)
    }

    // MARK: - Refreshing

    /// Refreshes the given subscribers, once per streak, zone and instant.
    private func refresh(_ ids: [UUID]) {
        guard !ids.isEmpty else { return }
        struct Request: Hashable {
            let target: Target
            let zone: String
            let now: Date
        }
        let requests = state.withLock { state -> [Request: (ids: [UUID], zone: TimeZone, generation: Int)] in
            var requests: [Request: (ids: [UUID], zone: TimeZone, generation: Int)] = [:]
            for id in ids {
                guard let subscriber = state.subscribers[id] else { continue }
                state.subscribers[id]?.validUntil = nil
                let zone = subscriber.timezone()
                let request = Request(target: subscriber.target, zone: zone.identifier, now: subscriber.now())
                requests[request, default: ([], zone, state.generations[subscriber.target, default: 0])].ids.append(id)
            }
            return requests
        }
        for (request, batch) in requests {
            Task { [source] in
                let result: Result<StreakEvaluation, any Error>
                do {
                    result = .success(try await source.refresh(request.target.userId, request.target.key, request.now, batch.zone))
                } catch {
                    result = .failure(error)
                }
                self.finishRefresh(request.target, ids: batch.ids, generation: batch.generation, at: request.now, result: result)
            }
        }
    }

    private func finishRefresh(_ target: Target, ids: [UUID], generation: Int, at now: Date, result: Result<StreakEvaluation, any Error>) {
        var again: [UUID] = []
        let ended = state.withLock { state -> [AsyncThrowingStream<StreakEvaluation, any Error>.Continuation] in
            // A change since the refresh started has started its own. A publish since has a
            // write's result, but this refresh may have read a change made after that write
            // (another process's, whose notice came first): it is read again, not dropped.
            guard state.generations[target, default: 0] == generation else {
                if state.published[target] == state.generations[target] { again = ids.filter { state.subscribers[$0] != nil } }
                return []
            }
            switch result {
            case .success(let evaluation):
                for id in ids { deliver(evaluation, to: id, calculatedAt: now, in: &state) }
                return []
            case .failure(let error) where source.isTransient(error):
                // Tried again at the next change, or a second later. A write's publish after
                // this must not stand in for the change this refresh failed to read.
                noteDelivery(to: target, in: &state)
                for id in ids {
                    let retry = state.subscribers[id]?.now().addingTimeInterval(1)
                    state.subscribers[id]?.validUntil = retry
                }
                tickerMayWakeSooner(&state)
                return []
            case .failure(let error):
                noteDelivery(to: target, in: &state)
                var ended: [AsyncThrowingStream<StreakEvaluation, any Error>.Continuation] = []
                for id in ids {
                    switch state.subscribers[id]?.sink {
                    case .stream(let continuation)?:
                        state.subscribers[id] = nil
                        ended.append(continuation)
                    case .list(let listId)?:
                        // A list's member stays: its next change tries again.
                        state.subscribers[id]?.last = nil
                        let reason = (error as? LocalizedError)?.errorDescription ?? "\(error)"
                        if let continuation = state.lists[listId]?.continuation { handover.queue { continuation.yield(.failed(streakKey: target.key, reason: reason)) } }
                    case nil:
                        break
                    }
                }
                return ended
            }
        }
        // Outside the lock: finishing runs the stream's termination handler, which takes it.
        handover.run()
        if case .failure(let error) = result { ended.forEach { $0.finish(throwing: error) } }
        refresh(again)
    }

    /// Queues `evaluation` for the subscriber (handed over by `handover`) unless it is what the
    /// subscriber last got. Under the lock.
    private func deliver(_ evaluation: StreakEvaluation, to id: UUID, calculatedAt: Date? = nil, in state: inout State) {
        guard let subscriber = state.subscribers[id] else { return }
        noteDelivery(to: subscriber.target, in: &state)
        let zone = subscriber.timezone()
        state.subscribers[id]?.validUntil = evaluation.validUntil(now: calculatedAt ?? subscriber.now(), timezone: zone)
        tickerMayWakeSooner(&state)
        if let last = subscriber.last, last.isSameEvaluation(as: evaluation) { return }
        state.subscribers[id]?.last = evaluation
        switch subscriber.sink {
        case .stream(let continuation): handover.queue { continuation.yield(evaluation) }
        case .list(let listId): if let continuation = state.lists[listId]?.continuation { handover.queue { continuation.yield(.evaluation(evaluation)) } }
        }
    }

    /// Under the lock: something of `target` reached its subscribers (or a refresh of it
    /// failed), after which a write begun before is no longer the latest word (`publish`).
    private func noteDelivery(to target: Target, in state: inout State) {
        state.deliveries += 1
        state.lastDelivery[target] = state.deliveries
    }

    private func announceKeys(userId: String, to newSubscriber: UUID?) {
        let generation = state.withLock { state -> Int in
            state.keyGenerations[userId, default: 0] += 1
            return state.keyGenerations[userId, default: 0]
        }
        Task { [source] in
            guard let keys = try? await source.streakKeys(userId) else { return }
            let joined = self.state.withLock { state -> [UUID] in
                if state.keyGenerations[userId] == generation {
                    let changed = state.announcedKeys[userId] != keys
                    state.announcedKeys[userId] = keys
                    for (id, list) in state.keyLists where list.userId == userId && (changed || id == newSubscriber) {
                        let continuation = list.continuation
                        handover.queue { continuation.yield(keys) }
                    }
                    return state.lists.filter { $0.value.userId == userId && (changed || $0.key == newSubscriber) }.keys
                        .flatMap { self.listKeys(keys, to: $0, in: &state) }
                } else if let newSubscriber {
                    // A later look is under way and will tell the others; this one starts with the latest known.
                    let latest = state.announcedKeys[userId] ?? keys
                    if let continuation = state.keyLists[newSubscriber]?.continuation { handover.queue { continuation.yield(latest) } }
                    return state.lists[newSubscriber] == nil ? [] : self.listKeys(latest, to: newSubscriber, in: &state)
                }
                return []
            }
            self.handover.run()
            self.refresh(joined)
        }
    }

    /// Under the lock: tells a list subscription its keys and follows exactly the streaks
    /// listed; returns the members that joined (to refresh).
    private func listKeys(_ keys: [String], to listId: UUID, in state: inout State) -> [UUID] {
        guard var list = state.lists[listId] else { return [] }
        let continuation = list.continuation
        handover.queue { continuation.yield(.keys(keys)) }
        for (key, member) in list.members where !keys.contains(key) {
            state.subscribers[member] = nil
            list.members[key] = nil
        }
        var joined: [UUID] = []
        for key in keys where list.members[key] == nil {
            let member = UUID()
            state.subscribers[member] = Subscriber(target: Target(userId: list.userId, key: key), now: list.now, timezone: list.timezone, sink: .list(listId))
            list.members[key] = member
            joined.append(member)
        }
        state.lists[listId] = list
        if !joined.isEmpty { startTickerIfNeeded(&state) }
        return joined
    }

    // MARK: - Boundaries

    /// Under the lock.
    private func startTickerIfNeeded(_ state: inout State) {
        guard state.ticker == nil else { return }
        scheduleTicker(&state)
    }

    /// Under the lock: the ticker sleeps until the first subscriber's result stops holding.
    /// On the real clock that may be hours (midnight, a leeway's end), and a result that
    /// holds for less wakes it sooner (`deliver`); a subscriber on a clock of its own (a
    /// pinned one in a test, which may jump) is looked at every `tickInterval`.
    private func scheduleTicker(_ state: inout State) {
        state.ticker?.cancel()
        let wait = untilFirstExpiry(state)
        let wake = Date().addingTimeInterval(durationSeconds(wait))
        state.tickerWake = wake
        state.ticker = Task.detached { [weak self] in
            await sleep(untilWallClock: wake)
            guard !Task.isCancelled, let self else { return }
            self.refreshExpired()
            self.state.withLock { state in
                if state.ticker != nil, !state.subscribers.isEmpty { self.scheduleTicker(&state) }
            }
        }
    }

    /// Under the lock, after a subscriber's `validUntil` changed: wakes the ticker sooner
    /// when this result stops holding before it would wake.
    private func tickerMayWakeSooner(_ state: inout State) {
        guard state.ticker != nil, let wake = state.tickerWake else { return }
        if Date().addingTimeInterval(durationSeconds(untilFirstExpiry(state))) < wake.addingTimeInterval(-0.005) { scheduleTicker(&state) }
    }

    /// Under the lock: how long until the first subscriber's result stops holding by its
    /// own clock, from 10 ms to a minute (`tickInterval` for a clock that is not the real one).
    private func untilFirstExpiry(_ state: State) -> Duration {
        let real = Date()
        var seconds = 60.0
        for subscriber in state.subscribers.values {
            let now = subscriber.now()
            let cap = abs(now.timeIntervalSince(real)) > 1 ? durationSeconds(tickInterval) : 60
            let left = subscriber.validUntil.map { $0.timeIntervalSince(now) } ?? cap
            seconds = min(seconds, max(0, min(left, cap)))
        }
        return .milliseconds(Int64(max(0.01, seconds) * 1_000))
    }

    private func durationSeconds(_ duration: Duration) -> Double {
        duration / .seconds(1)
    }

    /// Refreshes every subscriber whose result stopped holding by its own clock.
    private func refreshExpired() {
        let due = state.withLock { state in
            state.subscribers.filter { _, subscriber in subscriber.validUntil.map { subscriber.now() >= $0 } ?? false }.map(\.key)
        }
        refresh(due)
    }
}

/// What one subscription to all of a user's streaks delivers (`StreakStore.watchStreaks`).
public enum StreakListUpdate: Sendable {
    /// The user's streak keys in order, archived ones left out: first, and whenever the list changes.
    case keys([String])
    /// A listed streak's evaluation: first, after every change by any process, and when a
    /// day or leeway boundary passes.
    case evaluation(StreakEvaluation)
    /// A listed streak could not be read; it is tried again at its next change.
    case failed(streakKey: String, reason: String)
}

extension StreakFeed.Source {
    /// A store's own reads as the feed's, while the store lives: `evaluate` for a streak,
    /// `streakKeys` (archived left out) for the list.
    package static func reading<Store: StreakStore & AnyObject>(
        _ store: WeakReference<Store>, following: @escaping @Sendable (Store, String, Bool) -> Void, isTransient: @escaping @Sendable (any Error) -> Bool
    ) -> Self {
        Self(
            refresh: { userId, key, now, zone in
                guard let store = store.value else { throw CancellationError() }
                return try await store.evaluate(userId: userId, streakKey: key, now: now, timezone: zone)
            },
            streakKeys: { userId in
                guard let store = store.value else { throw CancellationError() }
                return try await store.streakKeys(userId: userId, includingArchived: false)
            },
            following: { userId, on in
                guard let store = store.value else { return }
                following(store, userId, on)
            },
            isTransient: isTransient
        )
    }
}
