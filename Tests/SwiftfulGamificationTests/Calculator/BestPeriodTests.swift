import Foundation
import Testing
@testable import SwiftfulGamification

/// The statistics' best week or month (rules 8, 10, 12): by kept days for days a week, by
/// total for an amount, and for a limit the lightest closed one (America/New_York, 2024).
struct BestPeriodTests {
    func statistics(_ amounts: [(String, Double)], target: StreakTarget, now: String) throws -> StreakStatistics.Weeks {
        let events = amounts.enumerated().map { index, pair in
            StreakEvent(id: "e\(index)", dateCreated: at("2024-\(pair.0) 12:00"), timezone: "America/New_York", amount: pair.1)
        }
        let evaluation = StreakCalculator.evaluate(
            events: events, configuration: StreakConfiguration(streakKey: "km", freezeBehavior: .noFreezes, target: target, unit: "km"),
            currentDate: at(now), timezone: .newYork
        )
        return try #require(StreakStatistics(evaluation: evaluation).weeks)
    }

    @Test func anAmountAMonthsBestIsItsLargestTotalNotItsMostDays() throws {
        // February: 120 km on two days; March: 90 km on nine days; April open with 130.
        let amounts = [("02-05", 60.0), ("02-19", 60.0)] + (1...9).map { (String(format: "03-%02d", $0), 10.0) } + [("04-02", 130.0)]
        let months = try statistics(amounts, target: .atLeast(100, per: .month), now: "2024-04-10 18:00")
        #expect(months.best?.start == day("2024-04-01"))
        #expect(months.best?.amount == 130)
        let closed = try statistics(amounts.dropLast(), target: .atLeast(100, per: .month), now: "2024-04-10 18:00")
        #expect(closed.best?.start == day("2024-02-01"))
        #expect(closed.best?.amount == 120)
    }

    @Test func aLimitsBestIsItsLightestClosedWeek() throws {
        // At most 10 a week: week of 01-01 holds 8, of 01-08 holds 3, of 01-15 holds 12; the
        // open week of 01-22 holds 1 and is not over.
        let amounts = [("01-02", 8.0), ("01-09", 3.0), ("01-16", 12.0), ("01-23", 1.0)]
        let weeks = try statistics(amounts, target: .atMost(10, per: .week), now: "2024-01-24 18:00")
        #expect(weeks.best?.start == day("2024-01-08"))
        #expect(weeks.best?.amount == 3)
    }
}
