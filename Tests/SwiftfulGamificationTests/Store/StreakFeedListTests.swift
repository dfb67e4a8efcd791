import Foundation
@testable import StreakStoreKit
import Synchronization
import Testing
import TestSupport
@testable import SwiftfulGamification

/// One subscription for all of a user's streaks (`subscribeToAll`): the key list and every
/// listed streak in one stream, streaks joining and leaving with the list. The waits are
/// long only in case the whole suite's CPU-bound tests hold the cooperative pool.
@MainActor
struct StreakFeedListTests {
    typealias Source = StreakFeedTests.MemorySource

    func evaluations(_ updates: [StreakListUpdate], of key: String) -> [StreakEvaluation] {
        updates.compactMap { update in
            if case .evaluation(let evaluation) = update, evaluation.configuration.streakKey == key { return evaluation }
            return nil
        }
    }

    func keyLists(_ updates: [StreakListUpdate]) -> [[String]] {
        updates.compactMap { update in
            if case .keys(let keys) = update { return keys }
            return nil
        }
    }

    func failures(_ updates: [StreakListUpdate]) -> [String] {
        updates.compactMap { update in
            if case .failed(let key, _) = update { return key }
            return nil
        }
    }

    @Test func theKeysComeFirstThenEveryListedStreak() async throws {
        let source = Source()
        source.add(event("2024-01-02 09:00"), to: "read")
        let clock = TestClock(at("2024-01-02 10:00"))
        let feed = StreakFeed(source: source.source, tickInterval: .milliseconds(10))
        let seen = Collector(feed.subscribeToAll(userId: "u1", now: { clock.now }, timezone: { .newYork }))
        #expect(await eventually(seconds: 240) { self.evaluations(seen.values, of: "daily").count == 1 && self.evaluations(seen.values, of: "read").count == 1 })
        guard case .keys(let first)? = seen.values.first else { Issue.record("\(seen.values)"); return }
        #expect(first == ["daily", "read"])
        #expect(evaluations(seen.values, of: "read").first?.streak.totalEvents == 1)

        // A change elsewhere reaches the one stream, for that streak only.
        source.add(event("2024-01-02 09:30"), to: "read")
        feed.changed(userId: "u1", streakKeys: ["read"])
        #expect(await eventually(seconds: 240) { self.evaluations(seen.values, of: "read").last?.streak.totalEvents == 2 })
        #expect(evaluations(seen.values, of: "daily").count == 1)

        // A published write is handed on as it is, without a refresh.
        let before = source.refreshes
        let began = feed.writeBegins()
        source.add(event("2024-01-02 09:45"))
        feed.publish(userId: "u1", streakKey: "daily", evaluation: try source.evaluate("daily", now: clock.now, zone: .newYork), at: clock.now, began: began)
        #expect(await eventually(seconds: 240) { self.evaluations(seen.values, of: "daily").last?.streak.totalEvents == 1 })
        #expect(source.refreshes == before)
    }

    @Test func streaksJoinAndLeaveWithTheList() async throws {
        let source = Source()
        let clock = TestClock(at("2024-01-02 10:00"))
        let feed = StreakFeed(source: source.source, tickInterval: .milliseconds(10))
        let seen = Collector(feed.subscribeToAll(userId: "u1", now: { clock.now }, timezone: { .newYork }))
        #expect(await eventually(seconds: 240) { self.evaluations(seen.values, of: "daily").count == 1 })

        source.add(event("2024-01-02 09:00"), to: "swim")
        feed.keysChanged(userId: "u1")
        #expect(await eventually(seconds: 240) { self.evaluations(seen.values, of: "swim").count == 1 })
        #expect(keyLists(seen.values).last == ["daily", "swim"])

        // Gone from the list: no longer followed (a refresh of it would fail and be said).
        source.remove("swim")
        feed.keysChanged(userId: "u1")
        #expect(await eventually(seconds: 240) { self.keyLists(seen.values).last == ["daily"] })
        feed.changed(userId: "u1")
        source.add(event("2024-01-02 09:30"))
        feed.changed(userId: "u1", streakKeys: ["daily"])
        #expect(await eventually(seconds: 240) { self.evaluations(seen.values, of: "daily").last?.streak.totalEvents == 1 })
        #expect(failures(seen.values).isEmpty)
        #expect(evaluations(seen.values, of: "swim").count == 1)
    }

    /// A streak that cannot be read is said, the others go on, and its next change tries again.
    @Test func aFailingStreakIsSaidAndTriedAgainAtItsNextChange() async throws {
        let source = Source()
        source.add(event("2024-01-02 09:00"), to: "read")
        source.fail("read", true)
        let clock = TestClock(at("2024-01-02 10:00"))
        let feed = StreakFeed(source: source.source, tickInterval: .milliseconds(10))
        let seen = Collector(feed.subscribeToAll(userId: "u1", now: { clock.now }, timezone: { .newYork }))
        #expect(await eventually(seconds: 240) { self.failures(seen.values) == ["read"] && self.evaluations(seen.values, of: "daily").count == 1 })
        source.fail("read", false)
        feed.changed(userId: "u1", streakKeys: ["read"])
        #expect(await eventually(seconds: 240) { self.evaluations(seen.values, of: "read").count == 1 })
        // The stream did not end: the other streak still arrives.
        source.add(event("2024-01-02 09:30"))
        feed.changed(userId: "u1", streakKeys: ["daily"])
        #expect(await eventually(seconds: 240) { self.evaluations(seen.values, of: "daily").last?.streak.totalEvents == 1 })
    }

    /// Every streak of a list is refreshed at midnight, with no write.
    @Test func aDayPassingRefreshesEveryListedStreak() async throws {
        let source = Source()
        source.add(event("2024-01-02 09:00"))
        source.add(event("2024-01-02 09:00"), to: "read")
        let clock = TestClock(at("2024-01-02 23:59:59"))
        let feed = StreakFeed(source: source.source, tickInterval: .milliseconds(10))
        let seen = Collector(feed.subscribeToAll(userId: "u1", now: { clock.now }, timezone: { .newYork }))
        #expect(await eventually(seconds: 240) { self.evaluations(seen.values, of: "daily").count == 1 && self.evaluations(seen.values, of: "read").count == 1 })
        clock.set(at("2024-01-03 00:00:01"))
        #expect(await eventually(seconds: 240) {
            self.evaluations(seen.values, of: "daily").last?.streak.status == .atRisk && self.evaluations(seen.values, of: "read").last?.streak.status == .atRisk
        })
    }

    /// Ending the stream lets go of its streaks: the source stops following the user.
    @Test func endingTheStreamStopsFollowing() async throws {
        let source = Source()
        let following = Mutex<[Bool]>([])
        var feedSource = source.source
        feedSource.following = { _, on in following.withLock { $0.append(on) } }
        let clock = TestClock(at("2024-01-02 10:00"))
        let feed = StreakFeed(source: feedSource, tickInterval: .milliseconds(10))
        var stream: AsyncStream<StreakListUpdate>? = feed.subscribeToAll(userId: "u1", now: { clock.now }, timezone: { .newYork })
        var iterator = stream?.makeAsyncIterator()
        _ = await iterator?.next()
        #expect(following.withLock { $0 } == [true])
        iterator = nil
        stream = nil
        #expect(await eventually(seconds: 240) { following.withLock { $0 } == [true, false] })
    }
}
