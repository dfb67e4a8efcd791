import Foundation
@testable import StreakStoreKit
import Testing
import TestSupport
@testable import SwiftfulGamification

/// The feed's subscriptions, de-duplication and boundary timers, on an in-memory source and
/// pinned clocks (the ticker runs every 10 ms here, so a clock moved by hand is seen at once).
struct StreakFeedTests {
    /// Streaks in memory: `refresh` calculates from the events (and counts its calls).
    final class MemorySource: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String: [StreakEvent]] = ["daily": []]
        var configuration = StreakConfiguration(streakKey: "daily", leewayHours: 0)
        private var refreshCount = 0
        var refreshes: Int { lock.withLock { refreshCount } }
        var delay: Duration = .zero
        /// Streaks whose refresh fails.
        var failing: Set<String> = []

        func add(_ event: StreakEvent, to key: String = "daily") { lock.withLock { events[key, default: []].append(event) } }
        func remove(_ key: String) { _ = lock.withLock { events.removeValue(forKey: key) } }
        func fail(_ key: String, _ failing: Bool) { lock.withLock { if failing { self.failing.insert(key) } else { self.failing.remove(key) } } }

        func evaluate(_ key: String, now: Date, zone: TimeZone) throws -> StreakEvaluation {
            let (list, configuration) = try lock.withLock { () -> ([StreakEvent], StreakConfiguration) in
                guard let list = events[key], !failing.contains(key) else { throw StreakStoreError.unknownStreak(key, known: Array(events.keys)) }
                return (list, key == "daily" ? self.configuration : self.configuration.renamed(to: key))
            }
            return StreakCalculator.evaluate(events: list, configuration: configuration, userId: "u1", currentDate: now, timezone: zone)
        }

        var source: StreakFeed.Source {
            StreakFeed.Source(
                refresh: { _, key, now, zone in
                    self.lock.withLock { self.refreshCount += 1 }
                    // Read first, answer after the delay: a slow answer is an old one.
                    let result = try self.evaluate(key, now: now, zone: zone)
                    if self.delay != .zero { try await Task.sleep(for: self.delay) }
                    return result
                },
                streakKeys: { _ in self.lock.withLock { self.events.keys.sorted() } }
            )
        }
    }

    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    func feed(_ source: MemorySource) -> StreakFeed {
        StreakFeed(source: source.source, tickInterval: .milliseconds(10))
    }

    /// A feed on an empty daily streak with one New York subscriber at 10:00, past its first update.
    func subscribed() async throws -> (MemorySource, TestClock, StreakFeed, AsyncThrowingStream<StreakEvaluation, any Error>.Iterator) {
        let source = MemorySource()
        let clock = TestClock(at("2024-01-02 10:00"))
        let feed = feed(source)
        var updates = feed.subscribe(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { .newYork }).makeAsyncIterator()
        _ = try await next(&updates)
        return (source, clock, feed, updates)
    }

    /// The same, every update gathered as it comes (to check that nothing more comes).
    @MainActor
    func collected() async throws -> (MemorySource, TestClock, StreakFeed, Collector<StreakEvaluation>) {
        let source = MemorySource()
        let clock = TestClock(at("2024-01-02 10:00"))
        let feed = feed(source)
        let seen = Collector(feed.subscribe(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { .newYork }))
        try #require(await seen.count(reaches: 1))
        return (source, clock, feed, seen)
    }

    @Test func aSubscriberGetsTheStreakNowAndAtMidnightWithoutAWrite() async throws {
        let source = MemorySource()
        source.add(event("2024-01-02 09:00"))
        let clock = TestClock(at("2024-01-02 23:59:59"))
        let feed = feed(source)
        var updates = feed.subscribe(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { .newYork }).makeAsyncIterator()
        #expect(try await next(&updates)?.streak.status == .active(daysSinceLastEvent: 0))
        clock.set(at("2024-01-03 00:00:01"))
        let after = try #require(try await next(&updates))
        #expect(after.streak.status == .atRisk)
        #expect(after.today == CalendarDay(year: 2024, month: 1, day: 3))
    }

    @Test func theLeewayEndIsABoundaryToo() async throws {
        let source = MemorySource()
        source.configuration = StreakConfiguration(streakKey: "daily", leewayHours: 3)
        source.add(event("2024-01-01 09:00"))
        source.add(event("2024-01-02 09:00"))
        let clock = TestClock(at("2024-01-04 02:59:59"))
        let feed = feed(source)
        var updates = feed.subscribe(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { .newYork }).makeAsyncIterator()
        #expect(try await next(&updates)?.streak.status == .canExtendWithLeeway)
        clock.set(at("2024-01-04 03:00:01"))
        #expect(try await next(&updates)?.streak.currentStreak == 0)
    }

    /// Each subscriber is answered in its own zone; a write's result, calculated in one zone,
    /// reaches the subscriber in that zone as it is and the other through its own refresh.
    @Test func eachSubscriberHasItsOwnZone() async throws {
        let source = MemorySource()
        let clock = TestClock(at("2024-01-02 10:00"))
        let feed = feed(source)
        var york = feed.subscribe(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { .newYork }).makeAsyncIterator()
        var japan = feed.subscribe(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { self.tokyo }).makeAsyncIterator()
        #expect(try await next(&york)?.timeZoneIdentifier == "America/New_York")
        #expect(try await next(&japan)?.timeZoneIdentifier == "Asia/Tokyo")
        let began = feed.writeBegins()
        source.add(event("2024-01-02 09:00"))
        let before = source.refreshes
        feed.publish(userId: "u1", streakKey: "daily", evaluation: try source.evaluate("daily", now: clock.now, zone: .newYork), at: clock.now, began: began)
        let yorkUpdate = try #require(try await next(&york))
        let japanUpdate = try #require(try await next(&japan))
        #expect(yorkUpdate.timeZoneIdentifier == "America/New_York" && yorkUpdate.streak.totalEvents == 1)
        #expect(japanUpdate.timeZoneIdentifier == "Asia/Tokyo" && japanUpdate.streak.totalEvents == 1)
        #expect(source.refreshes == before + 1)  // Tokyo's, not New York's
    }

    /// A published result is handed on without asking the source; a subscriber whose clock
    /// is past the result's validity (another day) gets its own.
    @Test func aPublishedResultNeedsNoRefresh() async throws {
        var (source, clock, feed, updates) = try await subscribed()
        let before = source.refreshes
        var began = feed.writeBegins()
        source.add(event("2024-01-02 09:00"))
        feed.publish(userId: "u1", streakKey: "daily", evaluation: try source.evaluate("daily", now: clock.now, zone: .newYork), at: clock.now, began: began)
        #expect(try await next(&updates)?.streak.totalEvents == 1)
        #expect(source.refreshes == before)
        let late = TestClock(at("2024-01-05 10:00"))
        var lateUpdates = feed.subscribe(userId: "u1", streakKey: "daily", now: { late.now }, timezone: { .newYork }).makeAsyncIterator()
        _ = try await next(&lateUpdates)
        began = feed.writeBegins()
        source.add(event("2024-01-02 09:30"))
        feed.publish(userId: "u1", streakKey: "daily", evaluation: try source.evaluate("daily", now: clock.now, zone: .newYork), at: clock.now, began: began)
        let lateUpdate = try #require(try await next(&lateUpdates))
        #expect(lateUpdate.today == CalendarDay(year: 2024, month: 1, day: 5))
        #expect(lateUpdate.streak.totalEvents == 2)
    }

    /// A change elsewhere that leaves the streak as it was yields nothing; one that changes
    /// it yields the new state once.
    @Test @MainActor func equalResultsAreYieldedOnce() async throws {
        let (source, _, feed, seen) = try await collected()
        let before = source.refreshes
        feed.changed(userId: "u1", streakKeys: ["daily"])
        feed.changed(userId: "u1")
        #expect(await eventually { source.refreshes == before + 2 })
        source.add(event("2024-01-02 09:00"))
        feed.changed(userId: "u1", streakKeys: ["daily"])
        #expect(await seen.count(reaches: 2))
        try await Task.sleep(for: .milliseconds(100))
        #expect(seen.values.map(\.streak.totalEvents) == [0, 1])
    }

    /// A refresh that started before a write and ends after it is dropped: the subscriber
    /// ends with the write's result, never the older state.
    @Test @MainActor func aStaleRefreshNeverOverwritesAWrite() async throws {
        let (source, clock, feed, seen) = try await collected()
        source.delay = .milliseconds(300)
        feed.changed(userId: "u1")  // a slow refresh, which read the streak empty
        try await Task.sleep(for: .milliseconds(50))
        let began = feed.writeBegins()
        source.add(event("2024-01-02 09:00"))
        source.add(event("2024-01-02 09:30"))
        feed.publish(userId: "u1", streakKey: "daily", evaluation: try source.evaluate("daily", now: clock.now, zone: .newYork), at: clock.now, began: began)
        #expect(await seen.count(reaches: 2))
        try await Task.sleep(for: .milliseconds(500))
        #expect(seen.values.map(\.streak.totalEvents) == [0, 2])
        #expect(seen.values.count == 2)
    }

    /// Another process's change lands just after this process's write, and its notice comes
    /// before the write's own publish: the refresh it starts reads both, and ends after the
    /// write's (older) result was published. It is read again rather than dropped, so the
    /// subscriber ends with both changes, not one behind.
    @Test @MainActor func aRefreshOfALaterChangeIsNotLostToAnEarlierWritesPublish() async throws {
        let (source, clock, feed, seen) = try await collected()
        let began = feed.writeBegins()
        source.add(event("2024-01-02 09:00"))  // this process's write
        let written = try source.evaluate("daily", now: clock.now, zone: .newYork)
        source.add(event("2024-01-02 09:30"))  // another process's, just after
        source.delay = .milliseconds(300)
        feed.changed(userId: "u1", streakKeys: ["daily"])  // its notice: a slow refresh that reads both
        try await Task.sleep(for: .milliseconds(50))
        source.delay = .zero
        feed.publish(userId: "u1", streakKey: "daily", evaluation: written, at: clock.now, began: began)
        #expect(await seen.count(reaches: 3, seconds: 240))
        #expect(seen.values.map(\.streak.totalEvents) == [0, 1, 2])
    }

    /// Another process's change lands just after this process's write, and its notice is
    /// read and delivered before the write's own publish: the older publish must not follow
    /// it (subscribers would hold the write's result, one change behind, until the next).
    /// The publish refreshes instead, which reads the newer state again.
    @Test @MainActor func aWritesPublishDoesNotFollowALaterChangeAlreadyDelivered() async throws {
        let (source, clock, feed, seen) = try await collected()
        let began = feed.writeBegins()
        source.add(event("2024-01-02 09:00"))  // this process's write, committed
        let written = try source.evaluate("daily", now: clock.now, zone: .newYork)
        source.add(event("2024-01-02 09:30"))  // another process's, just after
        feed.changed(userId: "u1", streakKeys: ["daily"])  // its notice, read and delivered first
        #expect(await seen.count(reaches: 2, seconds: 240))
        feed.publish(userId: "u1", streakKey: "daily", evaluation: written, at: clock.now, began: began)
        source.add(event("2024-01-02 09:45"))  // a third change, so the stream's next value shows
        feed.changed(userId: "u1", streakKeys: ["daily"])
        #expect(await seen.count(reaches: 3, seconds: 240))
        #expect(seen.values.map(\.streak.totalEvents) == [0, 2, 3])
    }

    /// The same, but the refresh of the other process's change fails for a moment (a
    /// connection reset): the write's older result must not stand in for that change and
    /// cancel its retry. The publish refreshes; once the source answers, the change arrives.
    @Test @MainActor func aWritesPublishDoesNotCancelTheRetryOfALaterChangesFailedRefresh() async throws {
        let source = MemorySource()
        var feedSource = source.source
        feedSource.isTransient = { _ in true }
        let feed = StreakFeed(source: feedSource, tickInterval: .milliseconds(10))
        let clock = TestClock(at("2024-01-02 10:00"))
        let seen = Collector(feed.subscribe(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { .newYork }))
        try #require(await seen.count(reaches: 1))
        let began = feed.writeBegins()
        source.add(event("2024-01-02 09:00"))  // this process's write, committed
        let written = try source.evaluate("daily", now: clock.now, zone: .newYork)
        source.add(event("2024-01-02 09:30"))  // another process's, just after
        source.fail("daily", true)
        let before = source.refreshes
        feed.changed(userId: "u1", streakKeys: ["daily"])  // its notice: the refresh fails
        #expect(await eventually(seconds: 240) { source.refreshes > before })
        try await Task.sleep(for: .milliseconds(50))
        feed.publish(userId: "u1", streakKey: "daily", evaluation: written, at: clock.now, began: began)
        try await Task.sleep(for: .milliseconds(50))
        source.fail("daily", false)
        clock.set(clock.now.addingTimeInterval(2))  // past the retry's second
        #expect(await seen.count(reaches: 2, seconds: 240))
        #expect(seen.values.map(\.streak.totalEvents) == [0, 2])
    }

    /// Streams ended (their consumers cancelled) while the feed delivers to them: the feed
    /// hands values over outside its lock, since a cancellation ends the stream through a
    /// handler that takes the lock while the consumer's task is held (a yield under the lock
    /// waited for that task, and both waited for ever). Every round ends, and the feed still
    /// delivers after.
    @Test func streamsEndedWhileTheFeedDeliversToThemNeverHangIt() async throws {
        let source = MemorySource()
        let clock = TestClock(at("2024-01-02 10:00"))
        let feed = feed(source)
        let empty = try source.evaluate("daily", now: clock.now, zone: .newYork)
        source.add(event("2024-01-02 09:00"))
        let one = try source.evaluate("daily", now: clock.now, zone: .newYork)
        for _ in 0..<2_000 {
            let stream = feed.subscribe(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { .newYork })
            let consumer = Task { for try await _ in stream {} }
            let publishing = Task.detached {
                for index in 0..<10 {
                    feed.publish(userId: "u1", streakKey: "daily", evaluation: index % 2 == 0 ? empty : one, at: clock.now, began: feed.writeBegins())
                }
            }
            let cancelling = Task.detached { consumer.cancel() }
            await publishing.value
            await cancelling.value
            _ = await consumer.result
        }
        var after = feed.subscribe(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { .newYork }).makeAsyncIterator()
        #expect(try await next(&after)?.streak.totalEvents == 1)
    }

    @Test func aStreakThatIsGoneEndsItsStreamWithWhy() async throws {
        var (source, _, feed, updates) = try await subscribed()
        source.remove("daily")
        feed.changed(userId: "u1", streakKeys: ["daily"])
        await #expect(throws: StreakStoreError.self) { _ = try await next(&updates) }
    }

    @Test func keysAreAnnouncedWhenTheyChange() async throws {
        let source = MemorySource()
        let feed = feed(source)
        var keys = feed.subscribeToKeys(userId: "u1").makeAsyncIterator()
        #expect(await keys.next() == ["daily"])
        source.add(event("2024-01-02 09:00"), to: "gym")
        feed.keysChanged(userId: "u1")
        #expect(await keys.next() == ["daily", "gym"])
    }

    /// The store follows a user's changes while anyone subscribes to them, and stops after.
    @Test func followingStartsAndStopsWithTheSubscribers() async throws {
        let log = FollowLog()
        let source = MemorySource()
        var feedSource = source.source
        feedSource.following = { user, on in log.append("\(user) \(on)") }
        let feed = StreakFeed(source: feedSource, tickInterval: .milliseconds(10))
        var first: AsyncThrowingStream<StreakEvaluation, any Error>? = feed.subscribe(userId: "u1", streakKey: "daily", now: { at("2024-01-02 10:00") }, timezone: { .newYork })
        var second: AsyncStream<[String]>? = feed.subscribeToKeys(userId: "u1")
        #expect(log.entries == ["u1 true"])
        first = nil
        second = nil
        _ = (first, second)
        #expect(log.entries == ["u1 true", "u1 false"])
    }

    final class FollowLog: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ entry: String) { lock.withLock { list.append(entry) } }
        var entries: [String] { lock.withLock { list } }
    }
}
