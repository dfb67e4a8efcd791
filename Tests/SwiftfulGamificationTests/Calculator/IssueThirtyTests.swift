import Foundation
import Testing
@testable import SwiftfulGamification

/// Issue 30's histories, each with the answer STREAK_RULES.md gives (America/New_York, 2024;
/// 01-01 is a Monday).
struct IssueThirtyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var events: [String] = []
        var freezeEvents: [String] = []
        var schedule: StreakSchedule = .daily
        var weekStart: Weekday = .monday
        var leeway = 0
        var behavior: FreezeBehavior = .noFreezes
        var freezesEarned: [String] = []
        var skips: [String] = []
        let now: String
        // Expected.
        var current: Int?
        var longest: Int?
        var start: String?
        var deadline: String?
        var status: StreakStatus?
        var freezesLeft: Int?
        var consumed: [String]?
        var needed: Int?

        var testDescription: String { name }

        func evaluate() -> StreakEvaluation {
            let configuration = StreakConfiguration(
                streakKey: "issue", leewayHours: leeway, freezeBehavior: behavior, schedule: schedule, weekStart: weekStart
            )
            return StreakCalculator.evaluate(
                events: events.enumerated().map { event($1, id: "e\($0)") }
                    + freezeEvents.enumerated().map { StreakEvent(id: "z\($0)", dateCreated: at($1), timezone: "America/New_York", isFreeze: true, freezeId: "old\($0)") },
                freezes: freezesEarned.enumerated().map { freeze("f\($0)", earned: $1) },
                configuration: configuration, currentDate: at(now), timezone: .newYork, skips: skips.map(day)
            )
        }
    }

    static let weekdays = StreakSchedule.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])

    static let cases: [Case] = [
        Case(
            name: "1. a weekly run starts on the first day of its first kept week, before the first event",
            events: ["2024-01-01 12:00"], schedule: .timesPerWeek(1), weekStart: .sunday, now: "2024-01-02 12:00",
            current: 1, start: "2023-12-31 00:00"
        ),
        Case(
            // Rule 4a: as Sunday settled (01-08 03:00) the 01:00 event kept Sunday or Monday alike
            // (one day either way, the streak 1), so it stayed on its home night (tie 3): the
            // open week has none of its 3 days by Friday, and needs Friday too.
            name: "2. an early Monday event stays on Sunday, its home night, when either keeps one day",
            events: ["2024-01-01 12:00", "2024-01-02 12:00", "2024-01-03 12:00", "2024-01-08 01:00"],
            schedule: .timesPerWeek(3), leeway: 3, now: "2024-01-12 12:00",
            current: 1, deadline: "2024-01-13 03:00", status: .atRisk
        ),
        Case(
            // Rule 4a: as Sunday 12-31 settled, its 23:00 event kept Sunday or Monday alike (one
            // day, a streak of 0 either way): it stayed on its night, and week 1 (five days
            // skipped, so 2 to keep) has only Tuesday.
            name: "3. a Sunday-night event stays on Sunday when moving it keeps no more days",
            events: ["2023-12-31 23:00", "2024-01-02 23:00"], schedule: .timesPerWeek(3), leeway: 3,
            skips: ["2024-01-03", "2024-01-04", "2024-01-05", "2024-01-06", "2024-01-07"], now: "2024-01-08 12:00",
            current: 0, status: .broken(daysSinceLastEvent: 6)
        ),
        Case(
            name: "4. the manual repair offer survives the weekend after a missed Friday",
            events: ["2024-01-01 12:00", "2024-01-02 12:00", "2024-01-03 12:00", "2024-01-04 12:00"], schedule: weekdays,
            behavior: .manuallyConsumeFreezes, freezesEarned: ["2023-12-01 00:00"], now: "2024-01-08 12:00",
            current: 0, longest: 4, status: .broken(daysSinceLastEvent: 4), freezesLeft: 1, needed: 1
        ),
        Case(
            name: "4. the manual repair offer survives a skipped day",
            events: ["2024-01-01 12:00", "2024-01-02 12:00"], behavior: .manuallyConsumeFreezes, freezesEarned: ["2023-12-01 00:00"],
            skips: ["2024-01-04"], now: "2024-01-05 12:00", current: 0, longest: 2, needed: 1
        ),
        Case(
            name: "5. Friday is kept rather than Saturday at the cost of a freeze",
            events: ["2024-01-04 12:00", "2024-01-05 22:00"], schedule: weekdays, leeway: 3, behavior: .autoConsumeFreezes,
            freezesEarned: ["2023-12-01 00:00"], now: "2024-01-08 12:00",
            current: 2, start: "2024-01-04 00:00", status: .atRisk, freezesLeft: 1, consumed: []
        ),
        Case(
            name: "5. a day before a skipped day is kept rather than the skipped day at the cost of a freeze",
            events: ["2024-01-01 12:00", "2024-01-02 22:00"], leeway: 3, behavior: .autoConsumeFreezes,
            freezesEarned: ["2023-12-01 00:00"], skips: ["2024-01-03"], now: "2024-01-04 12:00",
            current: 2, status: .atRisk, freezesLeft: 1, consumed: []
        ),
        Case(
            name: "6. a freeze earned late bridges the day an early event leaves for the day before",
            events: ["2024-01-01 12:00", "2024-01-03 01:00", "2024-01-04 12:00"], leeway: 3, behavior: .autoConsumeFreezes,
            freezesEarned: ["2024-01-03 12:00"], now: "2024-01-04 13:00",
            current: 3, longest: 3, status: .active(daysSinceLastEvent: 0), freezesLeft: 0, consumed: ["f0@2024-01-03"]
        ),
        Case(
            name: "6. a recorded frozen day bridges the day an early event leaves for the day before",
            events: ["2024-01-01 12:00", "2024-01-03 01:00", "2024-01-04 12:00"], freezeEvents: ["2024-01-03 12:00"], leeway: 3,
            behavior: .autoConsumeFreezes, now: "2024-01-04 13:00", current: 3, longest: 3, consumed: []
        ),
        Case(
            name: "rule 6: a weekday run once 5 stays the longest after it breaks",
            events: ["2024-01-01 12:00", "2024-01-02 12:00", "2024-01-03 12:00", "2024-01-04 12:00", "2024-01-06 01:00"],
            schedule: weekdays, leeway: 3, now: "2024-01-17 12:00", current: 0, longest: 5
        ),
        Case(
            name: "rule 6: the same run on the Monday it reached 5",
            events: ["2024-01-01 12:00", "2024-01-02 12:00", "2024-01-03 12:00", "2024-01-04 12:00", "2024-01-06 01:00"],
            schedule: weekdays, leeway: 3, now: "2024-01-08 12:00", current: 5, longest: 5
        ),
        Case(
            name: "rule 6: a run of 2 reached with a 24-hour leeway stays the longest",
            events: ["2024-01-01 12:00", "2024-01-03 12:00"], leeway: 24, now: "2024-01-10 12:00", current: 0, longest: 2
        ),
        Case(
            name: "rule 6: a frozen, unkept today has the deadline of a rest day",
            events: ["2024-01-01 12:00", "2024-01-02 12:00"], freezeEvents: ["2024-01-03 09:00"], behavior: .autoConsumeFreezes,
            now: "2024-01-03 12:00", current: 2, deadline: "2024-01-05 00:00"
        ),
        Case(
            name: "rules 7 and 9: a week skipped whole is bridged, not kept: with no run, broken",
            events: ["2024-01-01 12:00"], schedule: .timesPerWeek(3),
            skips: ["2024-01-15", "2024-01-16", "2024-01-17", "2024-01-18", "2024-01-19", "2024-01-20", "2024-01-21"],
            now: "2024-01-17 12:00", current: 0, status: .broken(daysSinceLastEvent: 16)
        ),
        Case(
            name: "rules 7 and 9: a week skipped whole after a kept week: active, no deadline",
            events: ["2024-01-08 12:00", "2024-01-09 12:00", "2024-01-10 12:00"], schedule: .timesPerWeek(3),
            skips: ["2024-01-15", "2024-01-16", "2024-01-17", "2024-01-18", "2024-01-19", "2024-01-20", "2024-01-21"],
            now: "2024-01-17 12:00", current: 1, status: .active(daysSinceLastEvent: 7)
        ),
        Case(
            name: "rule 8: a rest day that a freeze event covers is still a rest day: active",
            events: ["2024-01-04 12:00", "2024-01-05 12:00"], freezeEvents: ["2024-01-06 09:00"], schedule: weekdays,
            behavior: .manuallyConsumeFreezes, now: "2024-01-06 12:00", current: 2, deadline: "2024-01-09 00:00",
            status: .active(daysSinceLastEvent: 1)
        ),
    ]

    @Test(arguments: cases)
    func theRulesAnswer(_ example: Case) {
        let evaluation = example.evaluate()
        let streak = evaluation.streak
        if let current = example.current { #expect(streak.currentStreak == current) }
        if let longest = example.longest { #expect(streak.longestStreak == longest) }
        if let start = example.start { #expect(streak.dateStreakStart == at(start)) }
        if let deadline = example.deadline { #expect(streak.dateStreakDeadline == at(deadline)) }
        if let status = example.status { #expect(streak.status == status) }
        if let left = example.freezesLeft { #expect(streak.freezesAvailableCount == left) }
        if let consumed = example.consumed { #expect(evaluation.freezeConsumptions.map { "\($0.freezeId)@\($0.day)" } == consumed) }
        if let needed = example.needed { #expect(streak.freezesNeededToSaveStreak == needed) }
    }

    @Test func theOfferedRepairCanBeUsed() throws {
        let example = Self.cases[3]
        let evaluation = example.evaluate()
        let freezes = [freeze("f0", earned: "2023-12-01 00:00")]
        let configuration = StreakConfiguration(streakKey: "issue", freezeBehavior: .manuallyConsumeFreezes, schedule: Self.weekdays)
        let consumptions = try StreakCalculator.manualFreezeConsumptions(
            for: evaluation, freezes: freezes, configuration: configuration, currentDate: at(example.now), timezone: .newYork
        )
        #expect(consumptions.map(\.day) == [day("2024-01-05")])
        let restored = StreakCalculator.evaluate(
            events: example.events.map { event($0) } + consumptions.map(\.freezeEvent),
            freezes: freezes.map { $0.markedUsed(at: at(example.now)) }, configuration: configuration,
            currentDate: at(example.now), timezone: .newYork
        ).streak
        #expect(restored.currentStreak == 4)
        #expect(restored.freezesNeededToSaveStreak == 0)
    }
}
