import Foundation
import SwiftfulGamification
import Testing
@testable import StreakImporters

/// Issue 48: each source rule as the streak it becomes (rule 12's windows and months among
/// them), the remark where the source judges it otherwise, and the nearest shape of what
/// still has none.
@Suite struct HabitMappingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let rule: HabitRule
        /// The exact shape's text, nil when there is none.
        let exact: String?
        /// The shape `--approximate` takes (the exact one when there is one).
        let nearest: String
        let remark: String?
        var testDescription: String { name }

        init(_ name: String, _ rule: HabitRule, exact: String?, nearest: String? = nil, remark: String? = nil) {
            self.name = name
            self.rule = rule
            self.exact = exact
            self.nearest = nearest ?? exact!
            self.remark = remark
        }
    }

    static func someWindow(_ times: Int, _ days: Int) -> String {
        "there a day is kept when some \(days)-day window around it holds \(times); here every \(days)-day window from the run's first kept day must"
    }
    static let anyMonth = "counted in any month-long span there, in calendar months here"

    static let cases: [Case] = [
        Case("harsh 1, Loop 1/1, Beaver with no period", .daily, exact: "daily"),
        Case("harsh N, Loop 1/N, Beaver 1/ND: every N days", .times(1, in: .days(3)), exact: "every 3 days"),
        Case("harsh 7 or 1w, Loop 1/7: every 7 days", .times(1, in: .days(7)), exact: "every 7 days"),
        Case("every 365 days, the longest window", .times(1, in: .days(365)), exact: "every 365 days"),
        Case("harsh T/I, Loop X/Y, Beaver k/nD", .times(3, in: .days(10)), exact: "3 in 10 days", remark: someWindow(3, 10)),
        Case("harsh T/7, Loop X/7: T in 7 days, not a calendar week", .times(5, in: .days(7)), exact: "5 in 7 days", remark: someWindow(5, 7)),
        Case("T/I with T = I is every day", .times(7, in: .days(7)), exact: "daily"),
        Case("T/I with T > I cannot be kept", .times(3, in: .days(2)), exact: nil, nearest: "daily",
             remark: "\"3 in any 2 days\" asks for more days than its window has"),
        Case("a window longer than 365 days", .times(2, in: .days(400)), exact: nil, nearest: "2 in 365 days",
             remark: "streaks has no window longer than 365 days (2 in any 400 days)"),
        Case("harsh 60w: once in 420 days", .times(1, in: .days(420)), exact: nil, nearest: "every 365 days",
             remark: "streaks has no window longer than 365 days (once in any 420 days)"),
        Case("Beaver n/1W", .times(3, in: .weeks(1)), exact: "3/week"),
        Case("Beaver n/1W with n > 7", .times(10, in: .weeks(1)), exact: nil, nearest: "daily", remark: "streaks has no \"10 a week\""),
        Case("Beaver n/1M", .times(2, in: .months(1)), exact: "2/month"),
        Case("Beaver n/1M with n > 31", .times(40, in: .months(1)), exact: nil, nearest: "daily", remark: "streaks has no \"40 a month\""),
        Case("Loop X/30: X times per month", .times(1, in: .anyMonth), exact: "1/month", remark: anyMonth),
        Case("Beaver n/2W", .times(1, in: .weeks(2)), exact: nil, nearest: "every 14 days", remark: "streaks has no \"once every 2 weeks\""),
        Case("Beaver n/3M", .times(1, in: .months(3)), exact: nil, nearest: "every 91 days", remark: "streaks has no \"once every 3 months\""),
        Case("Beaver n/1Y", .times(1, in: .years(1)), exact: nil, nearest: "every 365 days", remark: "streaks has no \"once a year\""),
        Case("Beaver n/1Y, more than the days of a window", .times(400, in: .years(1)), exact: nil, nearest: "daily", remark: "streaks has no \"400 a year\""),
        Case("harsh 0, dijo Count with goal 0", .trackingOnly(unit: "km"), exact: "tracking only (km)"),
        Case("dijo Count, Loop measurable at least a day", .amount(2, limit: false, per: .days(1), unit: "L"), exact: "at least 2 L a day"),
        Case("Loop measurable at most a day", .amount(2, limit: true, per: .days(1), unit: nil), exact: "at most 2 a day"),
        Case("Loop measurable 1/7", .amount(100, limit: false, per: .days(7), unit: "pages"), exact: "at least 100 pages a week",
             remark: "counted in any 7 days there, in calendar weeks from Monday here"),
        Case("Loop measurable at least 1/30", .amount(100, limit: false, per: .anyMonth, unit: "km"), exact: "at least 100 km a month", remark: anyMonth),
        Case("Loop measurable at most 1/30", .amount(4, limit: true, per: .anyMonth, unit: nil), exact: "at most 4 a month", remark: anyMonth),
        Case("an amount a calendar month", .amount(30, limit: false, per: .months(1), unit: "km"), exact: "at least 30 km a month"),
        Case("an amount in 60 days: spread over a month", .amount(60, limit: false, per: .days(60), unit: "km"), exact: nil,
             nearest: "at least 30.44 km a month", remark: "streaks has no \"at least 60 km in any 60 days\""),
        Case("an amount in 14 days: spread over a week", .amount(14, limit: false, per: .days(14), unit: nil), exact: nil,
             nearest: "at least 7 a week", remark: "streaks has no \"at least 14 in any 14 days\""),
        Case("a limit a year: spread over a month", .amount(365.25, limit: true, per: .years(1), unit: nil), exact: nil,
             nearest: "at most 30.44 a month", remark: "streaks has no \"at most 365.25 a year\""),
    ]

    @Test(arguments: cases)
    func eachRuleMapsExactlyOrToItsNearestShape(_ example: Case) {
        let mapping = example.rule.mapping
        #expect(mapping.exact?.text == example.exact)
        #expect(mapping.nearest.text == example.nearest)
        #expect(mapping.remark == example.remark)
    }

    /// Every shape a mapping gives, exact or nearest, is one a streak may have.
    @Test(arguments: cases)
    func everyShapeIsAValidStreak(_ example: Case) throws {
        for shape in [example.rule.mapping.exact, example.rule.mapping.nearest].compactMap({ $0 }) {
            try StreakConfiguration(streakKey: "x", schedule: shape.schedule, target: shape.target, unit: shape.unit).validate()
        }
    }
}
