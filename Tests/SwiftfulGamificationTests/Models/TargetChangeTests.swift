import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 10's changes (the amount from today on; never the direction, period or unit) and
/// rule 11's re-judgements (a change dated in the past replaces the later ones).
struct TargetChangeTests {
    let march = Date(timeIntervalSince1970: 1_709_294_400) // 2024-03-01 12:00 UTC
    let january = Date(timeIntervalSince1970: 1_704_067_200) // 2024-01-01 00:00 UTC

    @Test func anAmountChangeAppliesFromTodayAndOlderDaysKeepTheirTarget() throws {
        let run = StreakConfiguration(streakKey: "run", target: .atLeast(5, per: .day), unit: "km")
        let (updated, history) = try run.changingSettings(
            goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil, details: StreakDetails(target: .atLeast(6, per: .day)),
            history: [], at: march
        )
        #expect(updated.target == .atLeast(6, per: .day))
        #expect(history.map(\.target) == [.atLeast(5, per: .day), .atLeast(6, per: .day)])
        #expect(history.last?.date == march)
    }

    @Test func aGoalOnAnAmountStreakChangesTheTargetsAmount() throws {
        let coffee = StreakConfiguration(streakKey: "coffee", target: .atMost(2, per: .day))
        let (updated, _) = try coffee.changingSettings(goal: 3, leewayHours: nil, freezeBehavior: nil, schedule: nil, history: [], at: march)
        #expect(updated.target == .atMost(3, per: .day))
        #expect(updated.eventsRequiredPerDay == 1)
    }

    @Test func aCountingStreaksOldGoalsAreWrittenIntoItsHistoryWhenATargetIsSet() throws {
        let glasses = StreakConfiguration(streakKey: "water", eventsRequiredPerDay: 8)
        let earlier = [StreakGoalChange(date: january, eventsRequiredPerDay: 6)]
        let (updated, history) = try glasses.changingSettings(
            goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil, details: StreakDetails(target: .atLeast(10, per: .day)),
            history: earlier, at: march
        )
        #expect(updated.target == .atLeast(10, per: .day))
        #expect(history.map(\.target) == [.atLeast(6, per: .day), .atLeast(10, per: .day)])
    }

    @Test func theDirectionThePeriodAndTheUnitNeverChangeFromToday() {
        let coffee = StreakConfiguration(streakKey: "coffee", target: .atMost(2, per: .day))
        for details in [StreakDetails(target: .atLeast(2, per: .day)), StreakDetails(target: .atMost(10, per: .week)), StreakDetails(unit: "cups")] {
            #expect(throws: StreakRuleError.self) {
                try coffee.changingSettings(goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil, details: details, history: [], at: march)
            }
        }
    }

    @Test func rejudgingFromADateReplacesEveryLaterChangeAndKeepsEarlierDays() throws {
        let read = StreakConfiguration(streakKey: "read", eventsRequiredPerDay: 3)
        let history = [
            StreakGoalChange(date: january, eventsRequiredPerDay: 1),
            StreakGoalChange(date: march.addingTimeInterval(86_400 * 10), eventsRequiredPerDay: 3),
        ]
        let february = january.addingTimeInterval(86_400 * 31)
        let (updated, changes) = try read.changingSettings(
            goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]),
            details: StreakDetails(from: february), history: history, at: march, firstDay: january
        )
        #expect(changes.count == 2)
        #expect(changes[0].date == january && changes[0].schedule == .daily && changes[0].eventsRequiredPerDay == 1)
        #expect(changes[1].date == february && changes[1].eventsRequiredPerDay == 3)
        #expect(updated.schedule == changes[1].schedule)
    }

    @Test func rejudgingFromTheFirstDayMayChangeTheUnitAndTheDirection() throws {
        let daily = StreakConfiguration(streakKey: "gym", eventsRequiredPerDay: 2)
        let (weekly, history) = try daily.changingSettings(
            goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: .timesPerWeek(3), details: StreakDetails(from: january),
            history: [StreakGoalChange(date: march, eventsRequiredPerDay: 2)], at: march, firstDay: january
        )
        #expect(weekly.schedule == .timesPerWeek(3))
        #expect(history.isEmpty)
        let (limit, _) = try daily.changingSettings(
            goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil, details: StreakDetails(target: .atMost(1, per: .day), from: january),
            history: [], at: march, firstDay: january
        )
        #expect(limit.target == .atMost(1, per: .day))
    }

    @Test func rejudgingLaterThanTheFirstDayMayNotChangeTheUnit() {
        let daily = StreakConfiguration(streakKey: "gym")
        #expect(throws: StreakRuleError.self) {
            try daily.changingSettings(
                goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: .timesPerWeek(3),
                details: StreakDetails(from: march), history: [], at: march, firstDay: january
            )
        }
        #expect(throws: StreakRuleError.self) {
            try daily.changingSettings(
                goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil,
                details: StreakDetails(target: .atMost(1, per: .day), from: march), history: [], at: march, firstDay: january
            )
        }
    }

    /// A rolling window is a shape of its own (rule 12): from a later day neither way, from
    /// the first day either way; one window to another may change from any day.
    @Test func rejudgingLaterThanTheFirstDayMayNotTurnDailyRollingOrBack() throws {
        let daily = StreakConfiguration(streakKey: "plants")
        let rolling = StreakConfiguration(streakKey: "plants", schedule: .rolling(times: 1, days: 3))
        for (from, to) in [(daily, StreakSchedule.rolling(times: 1, days: 3)), (rolling, .daily)] {
            #expect(throws: StreakRuleError.scheduleUnitChange(from: from.schedule, to: to)) {
                try from.changingSettings(
                    goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: to,
                    details: StreakDetails(from: march), history: [], at: march, firstDay: january
                )
            }
            let whole = try from.changingSettings(
                goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: to, details: StreakDetails(from: january), history: [], at: march, firstDay: january
            )
            #expect(whole.configuration.schedule == to && whole.history.isEmpty)
        }
        let wider = try rolling.changingSettings(
            goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: .rolling(times: 1, days: 4),
            details: StreakDetails(from: march), history: [], at: march, firstDay: january
        )
        #expect(wider.configuration.schedule == .rolling(times: 1, days: 4))
        #expect(wider.history.map(\.schedule) == [.rolling(times: 1, days: 3), .rolling(times: 1, days: 4)])
    }
}
