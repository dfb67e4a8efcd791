import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 13's strength, against values computed by hand from Loop's recurrence:
/// s = s_prev · m + v · (1 - m), m = 0.5^(sqrt(f) / 13) (America/New_York, 2024).
struct StrengthTests {
    let daily = pow(0.5, 1.0 / 13)

    /// The strength, checked against the percent a status line reads alone (every case here
    /// asks both ways).
    private func strength(_ events: [StreakEvent], _ configuration: StreakConfiguration, skips: [CalendarDay] = [], now: String) -> StreakStrength? {
        let evaluation = StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: at(now), timezone: .newYork, skips: skips)
        let strength = StreakStrength(evaluation: evaluation)
        #expect(StreakStrength.percent(of: evaluation) == strength?.percent)
        return strength
    }

    @Test func threeKeptDaysThenAMiss() throws {
        let events = ["01-01", "01-02", "01-03"].map { event("2024-\($0) 12:00") }
        let kept = try #require(strength(events, config(), now: "2024-01-04 09:00"))
        #expect(abs(kept.score - (1 - pow(daily, 3))) < 1e-12)
        #expect(kept.percent == 15)  // 0.1478
        #expect(kept.series.map(\.day) == [day("2024-01-01"), day("2024-01-02"), day("2024-01-03")])
        // Today, not kept yet, is not scored; missed, it is once closed.
        let missed = try #require(strength(events, config(), now: "2024-01-05 09:00"))
        #expect(abs(missed.score - (1 - pow(daily, 3)) * daily) < 1e-12)
        #expect(missed.percent == 14)
        #expect(missed.change(overDays: 1) == -1)
        // Kept today: scored at once.
        let today = try #require(strength(events + [event("2024-01-04 08:00")], config(), now: "2024-01-04 09:00"))
        #expect(abs(today.score - (1 - pow(daily, 4))) < 1e-12)
    }

    @Test func theStatisticsSayWhatTheLastDayAndTheWeekDidToIt() throws {
        let events = ["01-01", "01-02", "01-03"].map { event("2024-\($0) 12:00") }
        // 01-04 missed: 14.78% -> 14.01%, down a point on the last day.
        let stats = StreakStatistics(evaluation: StreakCalculator.evaluate(events: events, configuration: config(), currentDate: at("2024-01-05 09:00"), timezone: .newYork))
        #expect(stats.strength == 14)
        #expect(stats.strengthChangeLastDay == -1)
        #expect(stats.strengthChangeThisWeek == 14)
    }

    @Test func aSkippedDayLeavesTheScoreAsItWas() throws {
        let events = ["01-01", "01-03"].map { event("2024-\($0) 12:00") }
        let skipped = try #require(strength(events, config(), skips: [day("2024-01-02")], now: "2024-01-04 09:00"))
        #expect(abs(skipped.score - (1 - pow(daily, 2))) < 1e-12)
        #expect(skipped.series.count == 2)
    }

    @Test func weekdaysCountKeptDaysOverTwoWeeksAgainstTwiceTheirNumber() throws {
        // Mon-Fri: f = 5/7, v = kept days of the last 14 over 10.
        let m = pow(0.5, sqrt(5.0 / 7) / 13)
        let schedule = StreakSchedule.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])
        let events = ["01-01", "01-02"].map { event("2024-\($0) 12:00") }
        let score = try #require(strength(events, StreakConfiguration(streakKey: "w", schedule: schedule), now: "2024-01-03 09:00")).score
        let first = 0.1 * (1 - m)
        #expect(abs(score - (first * m + 0.2 * (1 - m))) < 1e-12)
    }

    @Test func aLimitStartsFullAndADayOverTakesItsShareOff() throws {
        let configuration = StreakConfiguration(streakKey: "coffee", target: .atMost(2, per: .day), startDay: day("2024-01-01"))
        let events = (0..<3).map { _ in event("2024-01-02 09:00") }
        let limit = try #require(strength(events, configuration, now: "2024-01-03 09:00"))
        // 01-01 within (v 1), 01-02 three of two (v 1 - 1/2).
        #expect(abs(limit.score - (1 * daily + 0.5 * (1 - daily))) < 1e-12)
        #expect(limit.series.count == 2)
    }

    @Test func aDailyAmountIsScoredAgainstTheTargetOfItsDay() throws {
        // At least 5 km, then 10 from 01-02: 5 km on each of 01-01 and 01-02 reach 1, then 1/2.
        let configuration = StreakConfiguration(streakKey: "run", target: .atLeast(10, per: .day), unit: "km")
        let history = [StreakGoalChange(date: at("2023-12-31 12:00"), eventsRequiredPerDay: 1, target: .atLeast(5, per: .day)),
                       StreakGoalChange(date: at("2024-01-02 00:00"), eventsRequiredPerDay: 1, target: .atLeast(10, per: .day))]
        let events = [AmountWorkedExamplesTests.logged("01-01 12:00", 5), AmountWorkedExamplesTests.logged("01-02 12:00", 5)]
        let evaluation = StreakCalculator.evaluate(
            events: events, configuration: configuration, currentDate: at("2024-01-03 09:00"), timezone: .newYork, goalSchedule: history
        )
        let score = try #require(StreakStrength(evaluation: evaluation)).score
        #expect(abs(score - ((1 - daily) * daily + 0.5 * (1 - daily))) < 1e-12)
    }

    @Test func trackingOnlyHasNone() {
        let configuration = StreakConfiguration(streakKey: "weight", target: .trackingOnly, unit: "kg")
        #expect(strength([event("2024-01-01 08:00")], configuration, now: "2024-01-02 09:00") == nil)
    }
}
