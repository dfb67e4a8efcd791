import Foundation
@testable import StreakStoreKit
import Testing
import TestSupport
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

struct StoreWatchTests {
    @Test func watchYieldsWritesFromAnotherStoreObject() async throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let clock = TestClock(at("2024-01-02 10:00"))
        let stream = store.watch(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { newYork })
        var iterator = stream.makeAsyncIterator()
        let first = try #require(try await next(&iterator))
        #expect(first.streak.totalEvents == 0)
        try fixture.store().log([event("2024-01-02 09:00")], now: "2024-01-02 10:00")
        let second = try #require(try await next(&iterator))
        #expect(second.streak.totalEvents == 1)
        #expect(second.streak.status == .active(daysSinceLastEvent: 0))
    }

    @Test func watchYieldsAtMidnightWithoutAnyWrite() async throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-02 09:00")], now: "2024-01-02 10:00")
        let clock = TestClock(at("2024-01-02 23:59:59"))
        var iterator = store.watch(userId: "u1", streakKey: "daily", now: { clock.now }, timezone: { newYork }).makeAsyncIterator()
        #expect(try await next(&iterator)?.streak.status == .active(daysSinceLastEvent: 0))
        clock.set(at("2024-01-03 00:00:01"))
        let after = try #require(try await next(&iterator))
        #expect(after.streak.status == .atRisk)
        #expect(after.today == CalendarDay(year: 2024, month: 1, day: 3))
    }

    /// A write's own result reaches watchers as it is: nobody calculates it again. (A
    /// recalculation would carry the watcher's clock, not the writer's.)
    @Test func aWritersResultIsHandedOnNotRecalculated() async throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        let watcherClock = TestClock(at("2024-01-02 10:05"))
        var iterator = store.watch(userId: "u1", streakKey: "daily", now: { watcherClock.now }, timezone: { newYork }).makeAsyncIterator()
        _ = try #require(try await next(&iterator))
        try fixture.store().log([event("2024-01-02 09:00")], now: "2024-01-02 10:01")
        let update = try #require(try await next(&iterator))
        #expect(update.streak.totalEvents == 1)
        #expect(update.streak.dateUpdated == at("2024-01-02 10:01"))
        // The manager's calculateStreak after a write finds the result fresh too.
        let before = try POSIXFile.status(fixture.path("current.json"))
        let refreshed = try store.refresh(userId: "u1", streakKey: "daily", now: at("2024-01-02 10:06"), timezone: newYork)
        #expect(refreshed.streak.dateUpdated == at("2024-01-02 10:01"))
        #expect(try POSIXFile.status(fixture.path("current.json")) == before)
    }

    @Test func aStaleResultIsRecalculatedOnce() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-02 09:00")], now: "2024-01-02 10:01")
        // Another day, another zone, or the log changed without a calculation: recalculated.
        let nextDay = try store.refresh(userId: "u1", streakKey: "daily", now: at("2024-01-03 08:00"), timezone: newYork)
        #expect(nextDay.streak.dateUpdated == at("2024-01-03 08:00"))
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(try store.refresh(userId: "u1", streakKey: "daily", now: at("2024-01-03 08:01"), timezone: tokyo).timeZoneIdentifier == "Asia/Tokyo")
        fixture.append(raw: #"{"id":"x","date_created":"2024-01-03T13:02:00Z","timezone":"America/New_York"}"# + "\n", to: "events.jsonl")
        let appended = try store.refresh(userId: "u1", streakKey: "daily", now: at("2024-01-03 08:03"), timezone: newYork)
        #expect(appended.streak.totalEvents == 2)
        #expect(appended.streak.dateUpdated == at("2024-01-03 08:03"))
    }

    @Test func streakKeysFollowCreationsAndRemovalsByAnyProcess() async throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        var keys = store.watchStreakKeys(userId: "u1", now: { at("2024-01-02 10:00") }, timezone: { newYork }).makeAsyncIterator()
        #expect(await keys.next() == ["daily"])
        try fixture.store().createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "reading"), now: at("2024-01-02 10:00"), timezone: newYork)
        #expect(await keys.next() == ["daily", "reading"])
        try FileManager.default.removeItem(atPath: fixture.root + "/users/u1/streaks/daily")
        #expect(await keys.next() == ["reading"])
        // Archived by another process it leaves; brought back it returns.
        try fixture.store().setArchived(true, userId: "u1", streakKey: "reading", now: at("2024-01-02 10:00"), timezone: newYork)
        #expect(await keys.next() == [])
        try fixture.store().setArchived(false, userId: "u1", streakKey: "reading", now: at("2024-01-02 10:00"), timezone: newYork)
        #expect(await keys.next() == ["reading"])
    }

    @Test func watchingAnUnknownStreakFails() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        var iterator = fixture.store().watch(userId: "u1", streakKey: "nope", now: { Date() }, timezone: { newYork }).makeAsyncIterator()
        await #expect(throws: StreakStoreError.self) { _ = try await next(&iterator) }
    }

    @Test func nextBoundaryIsMidnightOrTheLeewayHour() {
        let zone = newYork
        #expect(StreakEvaluation.nextBoundary(after: at("2024-01-02 10:00"), timezone: zone, leewayHours: 0) == at("2024-01-03 00:00"))
        #expect(StreakEvaluation.nextBoundary(after: at("2024-01-02 01:00"), timezone: zone, leewayHours: 3) == at("2024-01-02 03:00"))
        #expect(StreakEvaluation.nextBoundary(after: at("2024-01-02 10:00"), timezone: zone, leewayHours: 3) == at("2024-01-03 00:00"))
        #expect(StreakEvaluation.nextBoundary(after: at("2024-03-09 22:00"), timezone: zone, leewayHours: 3) == at("2024-03-10 00:00"))
    }
}

@MainActor
struct FileStreakServicesTests {
    func manager(_ fixture: StoreFixture, clock: TestClock) -> StreakManager {
        let configuration = StreakConfiguration(streakKey: "daily", useServerCalculation: true, freezeBehavior: .autoConsumeFreezes)
        return StreakManager(
            services: FileStreakServices(store: fixture.store(), userId: "u1", now: { clock.now }, timezone: { newYork }),
            configuration: configuration, now: { clock.now }, timeZone: { newYork }
        )
    }

    @Test func twoManagersOnOneStoreSeeEachOthersEvents() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        let clock = TestClock(at("2024-01-02 10:00"))
        let first = manager(fixture, clock: clock)
        let second = manager(fixture, clock: clock)
        try await first.logIn(userId: "u1")
        try await second.logIn(userId: "u1")
        try await first.addStreakEvent(metadata: ["from": "first"])
        #expect(await eventually { second.currentStreakData.totalEvents == 1 })
        try await second.addStreakEvent()
        #expect(await eventually { first.currentStreakData.totalEvents == 2 })
        #expect(first.currentStreakData.currentStreak == 1)
        #expect(try await second.getAllStreakEvents().count == 2)
    }

    /// Another process's write that reaches a milestone is a notice here, once.
    @Test func anotherProcessesWriteIsANotice() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        let clock = TestClock(at("2024-01-03 10:00"))
        let other = fixture.store()
        for day in ["2024-01-01 12:00", "2024-01-02 12:00"] {
            _ = try await other.addEvents([StreakEvent(dateCreated: at(day), timezone: newYork.identifier)], userId: "u1", streakKey: "daily", now: at(day), timezone: newYork)
        }
        let manager = manager(fixture, clock: clock)
        var notices = manager.notices().makeAsyncIterator()
        try await manager.logIn(userId: "u1")
        #expect(await notices.next() == .atRisk(deadline: at("2024-01-04 00:00")))
        _ = try await other.addEvents([StreakEvent(dateCreated: clock.now, timezone: newYork.identifier)], userId: "u1", streakKey: "daily", now: clock.now, timezone: newYork)
        #expect(await notices.next() == .milestone(count: 3, unit: .day))
        #expect(await eventually { manager.currentStreakData.currentStreak == 3 })
    }

    /// The manager on the store delivers the store's whole evaluation, days included.
    @Test func theManagersEvaluationIsTheStores() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        let clock = TestClock(at("2024-01-02 10:00"))
        let manager = manager(fixture, clock: clock)
        try await manager.logIn(userId: "u1")
        try await manager.addStreakEvent(metadata: ["from": "manager"])
        #expect(await eventually { manager.evaluation?.streak.totalEvents == 1 })
        let evaluation = try #require(manager.evaluation)
        #expect(evaluation.day(evaluation.today).eventCount == 1)
        #expect(evaluation.configuration.freezeBehavior == .autoConsumeFreezes)
        #expect(manager.currentStreakData.totalEvents == 1)
    }

    /// A clock between two microseconds: the stored time must not land after it, or the event
    /// would not count in the reply calculated at that same instant.
    @Test func anEventLoggedNowCountsAtThatNow() async throws {
        let fixture = StoreFixture()
        try fixture.create()
        for fraction in [0.000_000_7, 0.000_000_3, 0.999_999_9] {
            let clock = TestClock(Date(timeIntervalSinceReferenceDate: at("2024-01-02 10:00").timeIntervalSinceReferenceDate + fraction))
            let manager = manager(fixture, clock: clock)
            try await manager.logIn(userId: "u1")
            let before = manager.currentStreakData.todayEventCount ?? 0
            try await manager.addStreakEvent()
            #expect(await eventually { manager.currentStreakData.todayEventCount == before + 1 }, "fraction \(fraction)")
            let stored = try await manager.getAllStreakEvents().map(\.dateCreated).max()
            #expect(stored.map { $0 <= clock.now } == true)
            manager.logOut()
        }
    }

    @Test func managerStartsFromTheStoresCacheAndUsesFreezes() async throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.log([event("2024-01-01 12:00"), event("2024-01-02 12:00")], now: "2024-01-02 13:00")
        let clock = TestClock(at("2024-01-02 14:00"))
        let manager = manager(fixture, clock: clock)
        #expect(manager.currentStreakData.totalEvents == 2)
        try await manager.logIn(userId: "u1")
        try await manager.addStreakFreeze(id: "gift")
        #expect(await eventually { manager.currentStreakData.freezesAvailableCount == 1 })
        clock.set(at("2024-01-04 09:00"))
        await manager.recalculateStreakAndWait()
        #expect(await eventually { manager.currentStreakData.freezesAvailableCount == 0 && manager.currentStreakData.currentStreak == 2 })
        #expect(try await manager.getAllStreakFreezes().first?.isUsed == true)
        #expect(try await manager.getAllStreakEvents().filter(\.isFreeze).count == 1)
    }
}
