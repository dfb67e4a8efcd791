import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 11 for the leeway: a change applies from its day on (today, or a date given), days
/// before it keep the leeway they had, and a dated change replaces every later one.
struct LeewayChangeTests {
    /// Kept 01-01, then events at 01:30 (which a leeway of 2 hours on 01-03 credits to 01-02) and noon on 01-03.
    let history = [event("2024-01-01 12:00"), event("2024-01-03 01:30"), event("2024-01-03 12:00")]

    func change(_ text: String, leeway: Int?) -> StreakGoalChange {
        StreakGoalChange(date: at(text), eventsRequiredPerDay: 1, leewayHours: leeway)
    }

    @Test func aLeewayChangedTodayLeavesEarlierDaysWithTheLeewayTheyHad() throws {
        let (updated, changes) = try config(leeway: 0).changingSettings(
            goal: nil, leewayHours: 2, freezeBehavior: nil, schedule: nil, history: [], at: at("2024-01-04 09:00")
        )
        #expect(updated.leewayHours == 2)
        #expect(changes.map(\.leewayHours) == [0, 2])
        #expect(changes.last?.date == at("2024-01-04 09:00"))
        // 01-03's event keeps its own day under the old leeway: 01-02 stays a gap.
        let result = StreakCalculator.evaluate(
            events: history, configuration: updated, currentDate: at("2024-01-04 09:00"), timezone: .newYork, goalSchedule: changes
        )
        #expect(result.day(day("2024-01-02")).state == .gap)
        #expect(result.streak.currentStreak == 1)
        // The whole history under 2 hours (what a change used to do) would have bridged it.
        let rejudged = calculate(history, leeway: 2, now: "2024-01-04 09:00")
        #expect(rejudged.streak.currentStreak == 3)
    }

    @Test func theNewLeewayCreditsEventsFromItsDayOn() {
        let schedule = [change("2024-01-01 08:00", leeway: 0), change("2024-01-03 00:00", leeway: 2)]
        let result = StreakCalculator.evaluate(
            events: history, configuration: config(leeway: 2), currentDate: at("2024-01-03 12:00"), timezone: .newYork, goalSchedule: schedule
        )
        #expect(result.day(day("2024-01-02")).state == .kept)
        #expect(result.streak.currentStreak == 3)
    }

    @Test func todaysLeewayDecidesWhetherYesterdayIsStillOpen() {
        // Yesterday (01-02) is open at 01:00 only under today's leeway of 2 hours.
        let schedule = [change("2024-01-01 08:00", leeway: 0), change("2024-01-03 00:00", leeway: 2)]
        let result = StreakCalculator.evaluate(
            events: [event("2024-01-01 12:00")], configuration: config(leeway: 2), currentDate: at("2024-01-03 01:00"),
            timezone: .newYork, goalSchedule: schedule
        )
        #expect(result.streak.status == .canExtendWithLeeway)
        #expect(result.streak.dateStreakDeadline == at("2024-01-03 02:00"))
        let closed = StreakCalculator.evaluate(
            events: [event("2024-01-01 12:00")], configuration: config(leeway: 0), currentDate: at("2024-01-03 01:00"),
            timezone: .newYork, goalSchedule: [change("2024-01-01 08:00", leeway: 2), change("2024-01-03 00:00", leeway: 0)]
        )
        #expect(closed.streak.currentStreak == 0)
    }

    @Test func aDeadlineIsTheEndOfTheDayPlusTheNextDaysLeeway() {
        // Kept through 01-02; 01-03 is due by 01-04 03:00 under 01-04's leeway of 3 hours.
        let schedule = [change("2024-01-01 08:00", leeway: 0), change("2024-01-02 08:00", leeway: 3)]
        let result = StreakCalculator.evaluate(
            events: [event("2024-01-01 12:00"), event("2024-01-02 12:00")], configuration: config(leeway: 3),
            currentDate: at("2024-01-03 12:00"), timezone: .newYork, goalSchedule: schedule
        )
        #expect(result.streak.dateStreakDeadline == at("2024-01-04 03:00"))
    }

    @Test func aLeewayChangeDatedInThePastReplacesEveryLaterChange() throws {
        let recorded = [change("2024-01-01 08:00", leeway: 0), change("2024-01-20 08:00", leeway: 6)]
        let (updated, changes) = try config(leeway: 6).changingSettings(
            goal: nil, leewayHours: 2, freezeBehavior: nil, schedule: nil, details: StreakDetails(from: at("2024-01-03 00:00")),
            history: recorded, at: at("2024-02-01 09:00"), firstDay: at("2024-01-01 00:00")
        )
        #expect(updated.leewayHours == 2)
        #expect(changes.map(\.leewayHours) == [0, nil])
        #expect(changes.map(\.date) == [at("2024-01-01 08:00"), at("2024-01-03 00:00")])
        let leeway = StreakLeeway(configuration: updated, goalSchedule: changes, timezone: .newYork)
        #expect(leeway.hours(on: day("2024-01-02").dayNumber) == 0)
        #expect(leeway.hours(on: day("2024-01-03").dayNumber) == 2)
        #expect(leeway.hours(on: day("2024-01-25").dayNumber) == 2)
    }

    @Test func aLeewayChangeFromTheFirstDayRejudgesTheWholeHistory() throws {
        let (updated, changes) = try config(leeway: 0).changingSettings(
            goal: nil, leewayHours: 2, freezeBehavior: nil, schedule: nil, details: StreakDetails(from: at("2024-01-01 00:00")),
            history: [change("2024-01-01 08:00", leeway: 0)], at: at("2024-01-04 09:00"), firstDay: at("2024-01-01 00:00")
        )
        #expect(changes.isEmpty)
        let result = StreakCalculator.evaluate(events: history, configuration: updated, currentDate: at("2024-01-04 09:00"), timezone: .newYork)
        #expect(result.streak.currentStreak == 3)
    }

    @Test func aGoalChangedAfterTheLeewayKeepsTheLeeway() throws {
        let (withLeeway, changes) = try config(leeway: 0).changingSettings(
            goal: nil, leewayHours: 3, freezeBehavior: nil, schedule: nil, history: [], at: at("2024-01-04 09:00")
        )
        let (withGoal, later) = try withLeeway.changingSettings(
            goal: 2, leewayHours: nil, freezeBehavior: nil, schedule: nil, history: changes, at: at("2024-01-06 09:00")
        )
        let leeway = StreakLeeway(configuration: withGoal, goalSchedule: later, timezone: .newYork)
        #expect(leeway.hours(on: day("2024-01-03").dayNumber) == 0)
        #expect(leeway.hours(on: day("2024-01-07").dayNumber) == 3)
        #expect(withGoal.leewayHours == 3)
    }

    @Test func theSameLeewayRecordsNoChange() throws {
        let (_, changes) = try config(leeway: 3).changingSettings(
            goal: nil, leewayHours: 3, freezeBehavior: nil, schedule: nil, history: [], at: at("2024-01-04 09:00")
        )
        #expect(changes.isEmpty)
    }

    @Test func aLeewayOutOfRangeIsRefused() {
        #expect(throws: StreakRuleError.invalidLeeway(25)) {
            try config(leeway: 3).changingSettings(goal: nil, leewayHours: 25, freezeBehavior: nil, schedule: nil, history: [], at: at("2024-01-04 09:00"))
        }
        let decoded = try? JSONDecoder().decode(StreakGoalChange.self, from: Data(#"{"date":0,"events_required_per_day":1,"leeway_hours":-1}"#.utf8))
        #expect(decoded == nil)
    }

    /// A limit whose day closes at the second an event is logged: 01-04 (no leeway) closes at
    /// the start of 01-06, since 01-05 has a whole day of leeway; the event at 01-06 00:00
    /// (which 01-06's 6 hours may credit to 01-05) is logged then, and puts an open day over.
    @Test func aLimitsDayClosingAtMidnightAfterAWholeDayOfLeewaySeesTheEventsLoggedThen() {
        let schedule = [change("2024-01-01 00:00", leeway: 0), change("2024-01-05 00:00", leeway: 24), change("2024-01-06 00:00", leeway: 6)]
        let coffee = StreakConfiguration(
            streakKey: "coffee", leewayHours: 6, target: .atMost(0, per: .day), startDay: day("2024-01-01")
        )
        let events = [StreakEvent(id: "late", dateCreated: at("2024-01-06 00:00"), timezone: "America/New_York")]
        let input = ReferenceStreak.Input(events: events, freezes: [], configuration: coffee, skips: [], now: at("2024-01-06 12:00"), goalSchedule: schedule)
        let calculated = ReferencePropertyTests.calculated(input)
        // 01-01..01-04 settled within the limit (rule 4a; the open day the late event puts over
        // broke the run only from that second): the calendar shows a run of 4 (rule 6).
        #expect(calculated.longest == 4)
        #expect(ReferenceStreak(input).results().contains(calculated))
    }

    @Test func aHistoryWithAChangedLeewayEncodesAndDecodesItsLeeway() throws {
        let leeway = StreakLeeway(base: 0, changes: [.init(day: day("2024-01-05").dayNumber, hours: 24), .init(day: day("2024-01-06").dayNumber, hours: 6)])
        let built = StreakHistory(events: [event("2024-01-06 00:00"), event("2024-01-02 23:30")], leeway: leeway, fallbackZone: .newYork)
        let decoded = try JSONDecoder().decode(StreakHistory.self, from: JSONEncoder().encode(built))
        #expect(decoded == built)
        #expect(decoded.leeway == leeway)
        #expect(decoded.leewayHours == 6)
        let uniform = try JSONDecoder().decode(StreakHistory.self, from: JSONEncoder().encode(StreakHistory(leewayHours: 3)))
        #expect(uniform.leeway == StreakLeeway(hours: 3))
    }
}
