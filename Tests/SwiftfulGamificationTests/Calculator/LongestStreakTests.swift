import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 6's longest streak, the longest run of the settled history: freezes with different
/// windows taken as each gap settles, and a week kept while the week before it is still
/// open. Each case is checked against the brute-force reference as well (America/New_York,
/// 2024; 01-01 is a Monday).
struct LongestStreakTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let events: [String]
        var freezes: [StreakFreeze] = []
        var schedule: StreakSchedule = .daily
        var leeway = 0
        var skips: [String] = []
        let now: String
        let longest: Int

        var testDescription: String { name }

        var input: ReferenceStreak.Input {
            ReferenceStreak.Input(
                events: events.enumerated().map { StreakEvent(id: "e\($0)", dateCreated: at($1), timezone: "America/New_York") },
                freezes: freezes,
                configuration: StreakConfiguration(streakKey: "longest", leewayHours: leeway, freezeBehavior: .autoConsumeFreezes, schedule: schedule),
                skips: Set(skips.map { day($0).dayNumber }), now: at(now)
            )
        }
    }

    /// A is older and bridges any week; B only weeks that began before 01-15. Each gap week
    /// takes the oldest eligible freeze as it settles (rule 5): week 2 takes A, and week 4
    /// finds none (B expired), so the run was 2 kept weeks.
    static let cases: [Case] = [
        Case(
            name: "weekly: each gap week takes the oldest eligible freeze as it settles",
            events: ["2024-01-01 12:00", "2024-01-15 12:00", "2024-01-29 12:00"],
            freezes: [freeze("a", earned: "2023-12-01 00:00"), freeze("b", earned: "2023-12-02 00:00", expires: "2024-01-15 00:00")],
            schedule: .timesPerWeek(1), now: "2024-02-13 12:00", longest: 2
        ),
        Case(
            name: "daily: each gap takes the oldest eligible freeze as it settles, so the one that expires is left to expire",
            events: ["2024-01-01 12:00", "2024-01-03 12:00", "2024-01-05 12:00"],
            freezes: [freeze("a", earned: "2023-12-01 00:00"), freeze("b", earned: "2023-12-02 00:00", expires: "2024-01-03 00:00")],
            now: "2024-01-08 12:00", longest: 2
        ),
        Case(
            name: "weekly: the first day of a week whose target skips lower to 1 counts while the week before is still open",
            events: ["2024-01-01 12:00", "2024-01-15 00:30"], schedule: .timesPerWeek(1), leeway: 3,
            now: "2024-01-30 12:00", longest: 2
        ),
    ]

    @Test(arguments: cases)
    func theLongestStreakIsTheLargestEverReached(_ example: Case) {
        let input = example.input
        #expect(ReferenceStreak(input).results().first?.longest == example.longest)
        let calculated = ReferencePropertyTests.calculated(input)
        #expect(calculated.longest == example.longest)
    }
}
