import Foundation
import GamificationSupport
import Observation
@testable import StreakStoreKit
import Testing
import TestSupport
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// A user's streaks as managers, live from one store: what the dashboard observes.
/// The waits are long because they are only as long as needed: under the whole suite on two
/// cores, CPU-bound tests can hold the cooperative pool the store's feed runs on for minutes.
@MainActor
struct StreakBoardTests {
    /// A started board on `fixture`'s store once it has a manager for each of `keys`.
    func board(_ fixture: StoreFixture, clock: TestClock, keys: Set<String> = ["daily"]) async throws -> StreakBoard {
        let board = StreakBoard(store: fixture.store().onOwnThreads, userId: "u1", now: { clock.now }, timeZone: { newYork })
        board.start()
        try #require(await eventually(seconds: 240) { Set(board.managers.keys) == keys }, "\(board.keys) \(board.failures)")
        return board
    }

    @Test func aManagerPerStreakFollowsAnotherProcesssWrites() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        try fixture.create(StreakConfiguration(streakKey: "read"))
        let clock = TestClock(at("2024-01-02 10:00"))
        let board = try await board(fixture, clock: clock, keys: ["daily", "read"])
        #expect(Set(board.keys) == ["daily", "read"] && board.hasListed)
        // Another process (another store object) logs: the manager has it, nobody asked.
        try fixture.store().log([event("2024-01-02 09:00")], now: "2024-01-02 10:00", key: "read")
        #expect(await eventually(seconds: 240) { board.managers["read"]?.currentStreakData.totalEvents == 1 })
        #expect(board.managers["read"]?.userId == "u1")
        board.stop()
    }

    /// A dashboard opened with a clock before the streak's latest record (`--now` in the
    /// past): the result leaves that record out, so it is not cached, and refreshing it must
    /// not announce a change that sends the feed round to refresh it again, for ever.
    @Test func aClockBeforeTheLatestRecordGetsItsEvaluationAndGoesQuiet() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        try fixture.create(StreakConfiguration(streakKey: "read"))
        try fixture.store().log([event("2024-01-10 09:00")], now: "2024-01-10 10:00", key: "read")
        let clock = TestClock(at("2024-01-05 10:00"))
        Instrumentation.followReads(under: fixture.root)
        let board = try await board(fixture, clock: clock, keys: ["daily", "read"])
        #expect(board.managers["read"]?.currentStreakData.totalEvents == 0)
        try await Task.sleep(for: .milliseconds(500))
        let reads = Instrumentation.reads(under: fixture.root)
        try await Task.sleep(for: .seconds(1))
        #expect(Instrumentation.reads(under: fixture.root) == reads, "the feed keeps refreshing")
        board.stop()
    }

    @Test func anEmptyListBeforeTheStoreHasListedIsNotKnowingYet() async throws {
        let fixture = StoreFixture()
        let board = StreakBoard(store: fixture.store().onOwnThreads, userId: "u1", now: { at("2024-01-02 10:00") }, timeZone: { newYork })
        #expect(!board.hasListed && board.keys.isEmpty)
        board.start()
        #expect(await eventually(seconds: 240) { board.hasListed })
        #expect(board.keys.isEmpty)
        board.stop()
    }

    @Test func aWriteThroughAManagerIsItsBeforeItReturnsAndItsEchoChangesNothing() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        let clock = TestClock(at("2024-01-02 10:00"))
        let board = try await board(fixture, clock: clock)
        let manager = try #require(board.managers["daily"])
        let changes = ChangeCounter()
        changes.watch(manager)
        // Another subscriber of the same feed: it sees the write's publish as the board's does.
        var feed = board.store.watch(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { newYork }).makeAsyncIterator()
        #expect(try await next(&feed, seconds: 240)?.streak.totalEvents == 0)
        let total = try await manager.perform { store, userId, key in
            let result = try await store.addEvents([event("2024-01-02 09:30")], userId: userId, streakKey: key, now: clock.now, timezone: newYork)
            return (result.evaluation.streak.totalEvents, result.evaluation)
        }
        #expect(total == 1)
        // Taken before returning, not waiting for the feed.
        #expect(manager.currentStreakData.totalEvents == 1)
        // The store's feed hands on the same evaluation: no second change.
        #expect(try await next(&feed, seconds: 240)?.streak.totalEvents == 1)
        try await Task.sleep(for: .milliseconds(400))
        #expect(changes.count == 1)
        board.stop()
    }

    /// Another process logs the streak after this process's write committed and before that
    /// write returned: the feed delivers this write's result, then the other's. The write's
    /// result, handed back after both, must not put the manager one change behind.
    @Test func aWritesResultDoesNotTakeBackWhatAnotherProcessWroteAfterIt() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        let clock = TestClock(at("2024-01-02 10:00"))
        let board = try await board(fixture, clock: clock)
        let manager = try #require(board.managers["daily"])
        let mine = try await manager.perform { store, userId, key in
            let written = try await store.addEvents([event("2024-01-02 09:00")], userId: userId, streakKey: key, now: clock.now, timezone: newYork)
            try fixture.store().log([event("2024-01-02 09:30")], now: "2024-01-02 10:00")
            try await Self.until { manager.currentStreakData.totalEvents == 2 }
            return (written.evaluation.streak.totalEvents, written.evaluation)
        }
        #expect(mine == 1)
        #expect(manager.currentStreakData.totalEvents == 2)
        board.stop()
    }

    /// The same through the board's `perform` (the dashboard's road).
    @Test func aBoardWritesResultDoesNotTakeBackWhatAnotherProcessWroteAfterIt() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        let clock = TestClock(at("2024-01-02 10:00"))
        let board = try await board(fixture, clock: clock)
        let manager = try #require(board.managers["daily"])
        try await board.perform { store, userId in
            let written = try await store.addEvents([event("2024-01-02 09:00")], userId: userId, streakKey: "daily", now: clock.now, timezone: newYork)
            try fixture.store().log([event("2024-01-02 09:30")], now: "2024-01-02 10:00")
            try await Self.until { manager.currentStreakData.totalEvents == 2 }
            return ((), written.evaluation)
        }
        #expect(manager.currentStreakData.totalEvents == 2)
        // A result the feed delivered nothing for meanwhile is taken when the write returns
        // (here one made up, with a note no store holds, so no store publishes it).
        let made = try #require(manager.evaluation).withNotes([StreakNote(day: CalendarDay(year: 2024, month: 1, day: 2), text: "made up")])
        try await board.perform { _, _ in ((), made) }
        #expect(manager.evaluation?.notes.map(\.text) == ["made up"])
        board.stop()
    }

    /// A write that changes nothing (an event the streak holds, sent again) races another
    /// process's log: the store's publish of the unchanged result is not news to the feed,
    /// so only the other's arrives; the write's result, as old as the start, must not
    /// replace it.
    @Test func aWriteThatChangesNothingDoesNotTakeBackAnotherProcesssLog() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        let logged = event("2024-01-02 09:00")
        try fixture.store().log([logged], now: "2024-01-02 10:00")
        let clock = TestClock(at("2024-01-02 10:00"))
        let board = try await board(fixture, clock: clock)
        let manager = try #require(board.managers["daily"])
        #expect(await eventually(seconds: 240) { manager.currentStreakData.totalEvents == 1 })
        try await manager.perform { store, userId, key in
            let again = try await store.addEvents([logged], userId: userId, streakKey: key, now: clock.now, timezone: newYork)
            try fixture.store().log([event("2024-01-02 09:30")], now: "2024-01-02 10:00")
            try await Self.until { manager.currentStreakData.totalEvents == 2 }
            return ((), again.evaluation)
        }
        #expect(manager.currentStreakData.totalEvents == 2)
        board.stop()
    }

    /// Waits, off the main actor, until `condition` holds on it.
    nonisolated static func until(_ condition: @escaping @MainActor () -> Bool) async throws {
        for _ in 0..<2_400 {
            if await MainActor.run(body: condition) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the condition never held")
    }

    @Test func noticesAreMadeOnceByTheManagerNotOnFirstSight() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        try fixture.store().log((1...6).map { event("2024-01-0\($0) 09:00") }, now: "2024-01-07 08:00")
        let clock = TestClock(at("2024-01-07 08:00"))
        // Six days kept: the first sight of the streak is where it stands, no notice.
        let board = try await board(fixture, clock: clock)
        var heard: [BoardNotice] = []
        board.onNotice = { heard.append($0) }
        var stream = board.notices().makeAsyncIterator()
        #expect(board.managers["daily"]?.currentStreakData.currentStreak == 6)
        clock.set(at("2024-01-07 09:00"))
        _ = try await board.managers["daily"]!.perform { store, userId, key in
            ((), try await store.addEvents([event("2024-01-07 09:00")], userId: userId, streakKey: key, now: clock.now, timezone: newYork).evaluation)
        }
        #expect(heard == [BoardNotice(streakKey: "daily", notice: .milestone(count: 7, unit: .day))])
        #expect(await stream.next() == BoardNotice(streakKey: "daily", notice: .milestone(count: 7, unit: .day)))
        try await Task.sleep(for: .milliseconds(300))
        #expect(heard.count == 1)
        board.stop()
    }

    @Test func aStreakArchivedOrCreatedElsewhereLeavesOrJoinsTheBoard() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        try fixture.create(StreakConfiguration(streakKey: "read"))
        let clock = TestClock(at("2024-01-02 10:00"))
        let board = try await board(fixture, clock: clock, keys: ["daily", "read"])
        _ = try fixture.store().setArchived(true, userId: "u1", streakKey: "read", now: clock.now, timezone: newYork)
        #expect(await eventually(seconds: 240) { board.keys == ["daily"] && board.managers["read"] == nil })
        let created = try await board.perform { store, userId in
            let evaluation = try await store.createStreak(userId: userId, configuration: StreakConfiguration(streakKey: "swim"), now: clock.now, timezone: newYork)
            return ("swim", evaluation)
        }
        #expect(created == "swim")
        #expect(board.managers["swim"]?.configuration.streakKey == "swim")
        #expect(await eventually(seconds: 240) { board.keys.contains("swim") })
        board.stop()
    }

    @Test func aSettingsChangeReachesTheManagersConfiguration() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        let clock = TestClock(at("2024-01-02 10:00"))
        let board = try await board(fixture, clock: clock)
        _ = try fixture.store().updateSettings(
            userId: "u1", streakKey: "daily", goal: 2, leewayHours: nil, freezeBehavior: nil, schedule: nil,
            details: StreakDetails(title: "Walk"), now: clock.now, timezone: newYork
        )
        #expect(await eventually(seconds: 240) { board.managers["daily"]?.configuration.title == "Walk" })
        #expect(board.managers["daily"]?.configuration.eventsRequiredPerDay == 2)
        board.stop()
    }
}

/// Counts a manager's evaluation changes through Observation, re-armed after each.
@MainActor
final class ChangeCounter {
    var count = 0

    func watch(_ manager: StreakManager) {
        withObservationTracking { _ = manager.evaluation } onChange: { [weak self] in
            Task { @MainActor [weak self] in
                self?.count += 1
                self?.watch(manager)
            }
        }
    }
}
