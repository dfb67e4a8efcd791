import Foundation
import Testing
@testable import SwiftfulGamification

/// `CurrentStreakData.isGoalMet` and `goalProgress` read amounts and limits (rule 10).
struct GoalProgressTests {
    typealias Examples = AmountWorkedExamplesTests

    @Test func anAmountADayIsMetOnceReached() {
        let short = Examples.evaluate([AmountRuleTests.logged("01-01 12:00", 3.75)], target: .atLeast(5, per: .day), unit: "km", now: "2024-01-01 13:00").streak
        #expect(!short.isGoalMet)
        #expect(short.goalProgress == 0.75)
        let reached = Examples.evaluate([AmountRuleTests.logged("01-01 12:00", 6)], target: .atLeast(5, per: .day), unit: "km", now: "2024-01-01 13:00").streak
        #expect(reached.isGoalMet)
        #expect(reached.goalProgress == 1)
    }

    @Test func aWeeklyAmountIsReadFromTheWeek() {
        let events = [AmountRuleTests.logged("01-01 12:00", 5)]
        let streak = Examples.evaluate(events, target: .atLeast(20, per: .week), unit: "km", now: "2024-01-03 13:00").streak
        #expect(!streak.isGoalMet)
        #expect(streak.goalProgress == 0.25)
    }

    @Test func aLimitIsMetWhileWithinIt() {
        let within = Examples.evaluate([AmountRuleTests.logged("01-01 12:00", 1)], target: .atMost(2, per: .day), start: "2024-01-01", now: "2024-01-01 13:00").streak
        #expect(within.isGoalMet)
        #expect(within.goalProgress == 1)
        let over = Examples.evaluate([AmountRuleTests.logged("01-01 12:00", 3)], target: .atMost(2, per: .day), start: "2024-01-01", now: "2024-01-01 13:00").streak
        #expect(!over.isGoalMet)
        #expect(over.goalProgress == 0)
    }

    @Test func trackingOnlyHasNoGoal() {
        let streak = Examples.evaluate([AmountRuleTests.logged("01-01 12:00", 3)], target: .trackingOnly, now: "2024-01-01 13:00").streak
        #expect(!streak.isGoalMet)
        #expect(streak.goalProgress == 0)
    }

    @Test func countedEventsWithAmountsUseTheirSum() {
        let result = StreakCalculator.evaluate(
            events: [AmountRuleTests.logged("01-01 12:00", 3)], configuration: config(goal: 4), currentDate: at("2024-01-01 13:00"), timezone: .newYork
        )
        #expect(!result.streak.isGoalMet)
        #expect(result.streak.goalProgress == 0.75)
    }

    @Test func countedEventsWithoutAmountsAreAsBefore() {
        let streak = CurrentStreakData(streakKey: "daily", eventsRequiredPerDay: 3, todayEventCount: 2)
        #expect(!streak.isGoalMet)
        #expect(streak.goalProgress == 2.0 / 3)
    }
}
