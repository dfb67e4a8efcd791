import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SwiftfulGamification

/// Notices are transitions, each once: a state seen again says nothing. New York time;
/// 2024-01-01 is a Monday.
struct StreakNoticeTests {
    /// Noon events on each day of January 2024 given.
    func noon(_ days: [Int]) -> [StreakEvent] { days.map { event(String(format: "2024-01-%02d 12:00", $0)) } }

    /// The notices of the tracker fed the streak at each of `times`.
    func notices(_ events: [StreakEvent], at times: [String], configuration: StreakConfiguration = config(), freezes: [StreakFreeze] = [],
                 skips: [CalendarDay] = []) -> [[StreakNotice]] {
        var tracker = StreakNoticeTracker()
        return times.map { time in
            tracker.notices(for: StreakCalculator.evaluate(
                events: events.filter { $0.dateCreated <= at(time) }, freezes: freezes, configuration: configuration,
                currentDate: at(time), timezone: .newYork, skips: skips
            ))
        }
    }

    @Test("at risk once per due day: again after midnight, not at every recalculation")
    func atRiskOncePerDay() {
        let seen = notices(noon([1, 2, 3]), at: ["2024-01-04 09:00", "2024-01-04 18:00", "2024-01-04 23:59"])
        #expect(seen[0] == [.atRisk(deadline: at("2024-01-05 00:00"))])
        #expect(seen[1].isEmpty && seen[2].isEmpty)
        // Kept on the 4th, then the 5th is at risk: a new due day, a new notice.
        let next = notices(noon([1, 2, 3, 4]), at: ["2024-01-04 09:00", "2024-01-04 13:00", "2024-01-05 08:00"])
        #expect(next[0] == [.atRisk(deadline: at("2024-01-05 00:00"))])
        #expect(next[1].isEmpty)
        #expect(next[2] == [.atRisk(deadline: at("2024-01-06 00:00"))])
    }

    @Test("broken once, at the midnight it breaks; with leeway, at the leeway's end")
    func brokenAtTheRightBoundary() {
        let strict = notices(noon([1, 2, 3]), at: ["2024-01-04 23:00", "2024-01-05 00:01", "2024-01-05 09:00"])
        #expect(strict[1] == [.broken(previousStreak: 3)])
        #expect(strict[2].isEmpty)
        let lenient = notices(noon([1, 2, 3]), at: ["2024-01-04 23:00", "2024-01-05 01:00", "2024-01-05 03:01"], configuration: config(leeway: 3))
        #expect(lenient[1] == [])  // yesterday still savable: the at-risk notice of the 4th stands
        #expect(lenient[2] == [.broken(previousStreak: 3)])
    }

    @Test("a rest day and a skipped day are neither at risk nor broken")
    func restAndSkippedDays() {
        let workdays = config().with(schedule: .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]))
        let rest = notices(noon([1, 2, 3, 4, 5]), at: ["2024-01-05 13:00", "2024-01-06 12:00", "2024-01-07 20:00"], configuration: workdays)
        #expect(rest[1].isEmpty && rest[2].isEmpty)
        let skipped = notices(noon([1, 2, 3]), at: ["2024-01-03 13:00", "2024-01-04 20:00", "2024-01-05 00:30"], skips: [day("2024-01-04")])
        #expect(skipped[1].isEmpty && skipped[2].filter { if case .broken = $0 { true } else { false } }.isEmpty)
    }

    @Test("a weekly streak: milestones in weeks; at risk once when the week needs today; broken once")
    func weekly() {
        let weekly = config().with(schedule: .timesPerWeek(2))
        let times = ["2024-01-10 13:00", "2024-01-17 13:00", "2024-01-22 09:00", "2024-01-27 09:00", "2024-01-27 20:00", "2024-01-28 09:00",
                     "2024-01-29 00:01", "2024-01-29 09:00"]
        let seen = notices(noon([1, 3, 8, 10, 15, 17]), at: times, configuration: weekly)
        #expect(seen[1] == [.milestone(count: 3, unit: .week)])
        #expect(seen[2].isEmpty)  // Monday of an empty week: slack
        #expect(seen.flatMap { $0 }.filter { if case .atRisk = $0 { true } else { false } }.count == 1)
        #expect(seen.flatMap { $0 }.filter { $0 == .broken(previousStreak: 3) }.count == 1)
        #expect(seen[7].isEmpty)
    }

    @Test("milestones 3, 7, 14, 30 as the run reaches them; each once")
    func milestones() {
        let days = Array(1...30)
        let times = days.map { String(format: "2024-01-%02d 13:00", $0) }
        let seen = notices(noon(days), at: times).flatMap { $0 }.filter { if case .milestone = $0 { true } else { false } }
        #expect(seen == [3, 7, 14, 30].map { .milestone(count: $0, unit: .day) })
        #expect(StreakNotice.nextMilestone(after: 1000) == 1365)
        #expect(StreakNotice.isMilestone(1730) && !StreakNotice.isMilestone(1500))
    }

    @Test("celebrated only when today's log reaches it: not an import, a backfill, or a past day logged again")
    func celebrateOnlyWhatHappensNow() {
        func seen(_ states: [[StreakEvent]], at time: String = "2024-01-05 13:00") -> [StreakNotice] {
            var tracker = StreakNoticeTracker()
            return states.flatMap { events in
                tracker.notices(for: StreakCalculator.evaluate(events: events, configuration: config(), currentDate: at(time), timezone: .newYork))
            }.filter { if case .atRisk = $0 { false } else { true } }
        }
        // Four old days imported at once, then today logged: only today's 5 is news (no milestone).
        #expect(seen([[], noon([1, 2, 3, 4])]).isEmpty)
        // Days 1-2 known, 3 and 4 backfilled while today has nothing: the run reaches 4 quietly.
        #expect(seen([noon([1, 2]), noon([1, 2, 3, 4])]).isEmpty)
        // A past day removed and logged again: the run drops and comes back, quietly.
        #expect(seen([noon([1, 2, 3, 4]), noon([1, 3, 4]), noon([1, 2, 3, 4])]).filter { if case .milestone = $0 { true } else { false } }.isEmpty)
        // Today's own log reaching 7 is celebrated.
        #expect(seen([noon([1, 2, 3, 4, 5, 6]), noon([1, 2, 3, 4, 5, 6]) + [event("2024-01-07 09:00")]], at: "2024-01-07 10:00")
            == [.milestone(count: 7, unit: .day)])
    }

    @Test("a new personal best once, when a later run passes the record; never on the first run")
    func newLongest() {
        // A 3-day run, a gap, then a run of 5.
        let days = [1, 2, 3, 5, 6, 7, 8, 9]
        let times = days.map { String(format: "2024-01-%02d 13:00", $0) }
        let seen = notices(noon(days), at: times).flatMap { $0 }.filter { if case .newLongest = $0 { true } else { false } }
        #expect(seen == [.newLongest(count: 4)])
    }

    @Test("a freeze consumed, with the freezes left, once")
    func freezeConsumed() {
        let freezes = [freeze("f1", earned: "2024-01-01 08:00"), freeze("f2", earned: "2024-01-01 08:00")]
        let seen = notices(noon([1, 2, 3, 5]), at: ["2024-01-04 20:00", "2024-01-05 13:00", "2024-01-05 14:00"],
                           configuration: config(freezes: .autoConsumeFreezes), freezes: freezes)
        #expect(seen[1].contains(.freezeConsumed(remaining: 1)))
        #expect(seen[2].isEmpty)
    }

    @Test("the manager: notices from its own writes and from another process's, to every subscriber, callbacks, analytics")
    @MainActor
    func managerAnnouncesOnce() async throws {
        let fixture = ManagerFixture()
        try await fixture.seed(noon([7, 8]))
        fixture.clock.set(at("2024-01-09 09:00"))
        let manager = fixture.manager
        let first = manager.notices(), second = manager.notices()
        let broken = Mutex<[Int]>([])
        manager.configureCallbacks(onStreakBroken: { previous in broken.withLock { $0.append(previous) } })
        try await manager.logIn(userId: "u1")
        try await manager.addStreakEvent()
        // Another process: the provider streams a streak that broke.
        var other = manager.currentStreakData
        other = CurrentStreakData(streakKey: "daily", userId: "u1", currentStreak: 0, longestStreak: 3, dateLastEvent: at("2024-01-09 09:00"),
                                  calculatedStatus: .broken(daysSinceLastEvent: 2))
        try await fixture.remote.updateCurrentStreak(userId: "u1", streakKey: "daily", streak: other)
        var heard: [StreakNotice] = []
        var iterator = first.makeAsyncIterator()
        while heard.count < 3, let notice = await iterator.next() { heard.append(notice) }
        #expect(heard == [.atRisk(deadline: at("2024-01-10 00:00")), .milestone(count: 3, unit: .day), .broken(previousStreak: 3)])
        var again = second.makeAsyncIterator()
        #expect(await again.next() == .atRisk(deadline: at("2024-01-10 00:00")))
        #expect(await eventually { broken.withLock { $0 } == [3] })
        #expect(fixture.logger.names.filter { $0.hasPrefix("StreakMan_Notice_") }
            == ["StreakMan_Notice_AtRisk", "StreakMan_Notice_Milestone", "StreakMan_Notice_Broken"])
    }
}
