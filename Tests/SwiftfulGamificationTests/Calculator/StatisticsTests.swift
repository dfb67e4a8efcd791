import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// `StreakStatistics`: rates over windows, weekdays and runs, from the per-day records.
struct StatisticsTests {
    /// Noon events on the given days of January 2024 (Mon 01-01 ... Wed 01-31).
    func january(_ days: [Int]) -> [StreakEvent] {
        days.map { event(String(format: "2024-01-%02d 12:00", $0)) }
    }

    @Test func completionCountsKeptDaysAndLeavesPendingTodayOut() {
        // Kept 01-01..01-10 except 01-05; today 01-11 not logged yet (pending).
        let evaluation = calculate(january([1, 2, 3, 4, 6, 7, 8, 9, 10]), now: "2024-01-11 09:00")
        let stats = StreakStatistics(evaluation: evaluation)
        // 01-05 (missed) through 01-10; 01-11 is pending.
        #expect(stats.last7 == .init(window: 7, counted: 6, kept: 5, frozen: 0))
        #expect(stats.last30 == .init(window: 30, counted: 10, kept: 9, frozen: 0))
        #expect(stats.last30.rate == 0.9)
        #expect(stats.keptDays == 9)
        #expect(stats.missedDays == 1)
        #expect(stats.totalEvents == 9)
        // Logging today makes it count.
        let logged = StreakStatistics(evaluation: calculate(january([1, 2, 3, 4, 6, 7, 8, 9, 10, 11]), now: "2024-01-11 13:00"))
        #expect(logged.last7 == .init(window: 7, counted: 7, kept: 6, frozen: 0))
    }

    @Test func aGoalDayWithTooFewEventsIsNotKept() {
        let events = events(3, "2024-01-01 12:00") + events(2, "2024-01-02 12:00") + events(3, "2024-01-03 12:00")
        let stats = StreakStatistics(evaluation: calculate(events, goal: 3, now: "2024-01-04 09:00"))
        #expect(stats.last7 == .init(window: 7, counted: 3, kept: 2, frozen: 0))
        #expect(stats.missedDays == 1)
        #expect(stats.totalEvents == 8)
    }

    @Test func frozenDaysBridgeRunsButAreNotKept() {
        let freezes = [freeze(earned: "2023-12-01 00:00")]
        let evaluation = calculate(january([1, 2, 4, 5]), freezes: freezes, behavior: .autoConsumeFreezes, now: "2024-01-05 13:00")
        let stats = StreakStatistics(evaluation: evaluation)
        #expect(stats.frozenDays == 1)
        #expect(stats.keptDays == 4)
        #expect(stats.last7 == .init(window: 7, counted: 5, kept: 4, frozen: 1))
        #expect(stats.longestRuns == [.init(start: day("2024-01-01"), end: day("2024-01-05"), length: 4, isCurrent: true)])
    }

    @Test func theThreeLongestRunsLongestFirstThenMostRecent() {
        // Runs: 01-01..03 (3), 01-05..06 (2), 01-08..10 (3), 01-12 (1), 01-14..15 (2, current).
        let evaluation = calculate(january([1, 2, 3, 5, 6, 8, 9, 10, 12, 14, 15]), now: "2024-01-15 13:00")
        let runs = StreakStatistics(evaluation: evaluation).longestRuns
        #expect(runs.map(\.length) == [3, 3, 2])
        #expect(runs.map(\.start) == [day("2024-01-08"), day("2024-01-01"), day("2024-01-14")])
        #expect(runs.map(\.isCurrent) == [false, false, true])
        #expect(runs.first?.length == evaluation.streak.longestStreak)
    }

    @Test func bestAndWorstWeekdays() {
        // Three weeks from Mon 01-01: every day but Wednesdays; Fridays only once.
        let days = (1...21).filter { day in
            let weekday = (day - 1) % 7  // 0 = Monday
            return weekday != 2 && !(weekday == 4 && day > 7)
        }
        let stats = StreakStatistics(evaluation: calculate(january(days), now: "2024-01-21 13:00"))
        #expect(stats.weekdays.map(\.weekday) == [2, 3, 4, 5, 6, 7, 1])
        #expect(stats.weekdays.map(\.counted) == [3, 3, 3, 3, 3, 3, 3])
        #expect(stats.worstWeekday?.weekday == 4)  // Wednesday: 0 of 3
        #expect(stats.weekdays[4].kept == 1)        // Friday: 1 of 3
        #expect(stats.bestWeekday?.weekday == 2)    // Monday among the 3-of-3 days
    }

    @Test func monthsFromTheFirstDayThroughThisOne() {
        // 2023-12-30 .. 2024-01-31 every day but 2024-01-05; 2024-02-01 pending.
        let days = (0..<33).map { CalendarDay(year: 2023, month: 12, day: 30).adding(days: $0) }.filter { $0 != day("2024-01-05") }
        let events = days.map { event("\($0) 12:00") }
        let stats = StreakStatistics(evaluation: calculate(events, now: "2024-02-01 09:00"))
        #expect(stats.months.map { "\($0.year)-\($0.month)" } == ["2023-12", "2024-1", "2024-2"])
        #expect(stats.months.map(\.counted) == [2, 31, 0])
        #expect(stats.months.map(\.kept) == [2, 30, 0])
        #expect(stats.months[2].rate == nil)
    }

    @Test func noEventsMeansNoFigures() {
        let stats = StreakStatistics(evaluation: calculate([], now: "2024-01-05 13:00"))
        #expect(stats.last30.counted == 0)
        #expect(stats.last30.rate == nil)
        #expect(stats.bestWeekday == nil)
        #expect(stats.longestRuns.isEmpty)
    }

    /// On random histories the longest run agrees with the calculator's longest streak and
    /// the kept days with the per-day records.
    @Test(arguments: 0..<40)
    func runsAgreeWithTheLongestStreak(seed: UInt64) {
        var random = SeededGenerator(seed: seed &* 7_919)
        let days = (0..<120).filter { _ in random.next() % 5 != 0 }
        let events = days.map { offset in
            StreakEvent(dateCreated: at("2024-01-01 12:00").addingTimeInterval(Double(offset) * 86_400), timezone: "America/New_York")
        }
        let evaluation = calculate(events, now: "2024-05-01 09:00")
        let stats = StreakStatistics(evaluation: evaluation)
        #expect(stats.longestRuns.first?.length ?? 0 == evaluation.streak.longestStreak, "seed \(seed)")
        #expect(stats.keptDays == Set(days).count, "seed \(seed)")
        #expect(stats.last365.kept == stats.keptDays, "seed \(seed)")
    }

    @Test func aWeeklyStreaksRunsAreOfWeeks() {
        // Twice a week from Mon 2024-01-01: weeks 1-3 kept, week 4 once (missed), weeks 5-6 kept; week 7 under way.
        let days = [1, 3, 8, 10, 15, 17, 22, 29, 31, 36, 38]
        let events = days.map { event("2024-\($0 > 31 ? "02" : "01")-\(String(format: "%02d", $0 > 31 ? $0 - 31 : $0)) 12:00") }
        let configuration = StreakConfiguration(streakKey: "gym", schedule: .timesPerWeek(2))
        let evaluation = StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: at("2024-02-12 12:00"), timezone: .newYork)
        guard let weeks = StreakStatistics(evaluation: evaluation).weeks else { Issue.record("no weeks"); return }
        #expect(weeks.longestRuns.map(\.length) == [3, 2])
        #expect(weeks.longestRuns.map(\.start) == [day("2024-01-01"), day("2024-01-29")])
        #expect(weeks.longestRuns.map(\.end) == [day("2024-01-21"), day("2024-02-11")])
        // The week under way passes through: the last run is the streak's own.
        #expect(weeks.longestRuns.map(\.isCurrent) == [false, true])
        #expect(weeks.longestRuns.first?.length == evaluation.streak.longestStreak)
    }
}

/// Issue 49: a Mon-Sat streak's Sunday, kept now and then as a rest day, is never its best weekday.
struct RestDayWeekdayTests {
    @Test func aKeptRestDayIsNotTheBestWeekday() {
        let days: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        // 2024-01-01 is a Monday: every due day of two weeks but Monday 01-08, and Sunday 01-07.
        let logged = ["01-01", "01-02", "01-03", "01-04", "01-05", "01-06", "01-07", "01-09", "01-10", "01-11", "01-12", "01-13"]
        let evaluation = StreakCalculator.evaluate(
            events: logged.map { event("2024-\($0) 12:00") },
            configuration: StreakConfiguration(streakKey: "work", schedule: .weekdays(days)),
            currentDate: at("2024-01-14 12:00"), timezone: .newYork
        )
        let stats = StreakStatistics(evaluation: evaluation)
        #expect(stats.weekdays.last?.kept == 1)
        #expect(stats.bestWeekday?.weekday != 1)
        #expect(stats.bestWeekday?.rate == 1)
        #expect(stats.worstWeekday?.weekday == 2)
    }
}
