import Foundation
import SwiftfulGamification

/// What a habit asks, as its own tracker counts it. Its streak: `mapping` (HabitMapping.swift).
public enum HabitRule: Sendable, Equatable {
    /// Done `times` in a period of days: any `days` in a row (rolling, as harsh and Loop
    /// count) or the calendar's weeks, months or years (as Beaver counts).
    case times(Int, in: SourcePeriod)
    /// An amount per period: at least (or, for a limit, at most) `amount` of `unit`.
    case amount(Double, limit: Bool, per: SourcePeriod, unit: String?)
    /// Recorded, no goal.
    case trackingOnly(unit: String?)

    /// Every day.
    public static let daily = HabitRule.times(1, in: .days(1))

    /// "3 in any 10 days", "at least 2.5 km a month", "no goal".
    public var text: String {
        switch self {
        case .times(let times, .days(let days)) where times >= days: "every day"
        case .times(1, let period): "once \(period.text)"
        case .times(let times, let period): "\(times) \(period.text)"
        case .amount(let amount, let limit, let period, let unit):
            "\(limit ? "at most" : "at least") \(StreakAmount.text(amount))\(unit.map { " \($0)" } ?? "") \(period.text)"
        case .trackingOnly: "no goal"
        }
    }
}

/// A period a source counts in.
public enum SourcePeriod: Sendable, Equatable {
    /// Any `n` days in a row.
    case days(Int)
    /// `n` calendar weeks from Monday, months, or years.
    case weeks(Int), months(Int), years(Int)
    /// Loop's month: a month's length of days from a day done (EntryList.buildIntervals),
    /// not a calendar month.
    case anyMonth

    /// Its length in days, for scaling to the nearest shape.
    var approximateDays: Double {
        switch self {
        case .days(let n): Double(n)
        case .weeks(let n): Double(7 * n)
        case .months(let n): 30.44 * Double(n)
        case .anyMonth: 30.44
        case .years(let n): 365.25 * Double(n)
        }
    }

    /// "a day", "in any 7 days", "a week", "every 2 weeks", "a month", "in any month".
    var text: String {
        switch self {
        case .days(1): "a day"
        case .days(let n): "in any \(n) days"
        case .weeks(1): "a week"
        case .weeks(let n): "every \(n) weeks"
        case .months(1): "a month"
        case .months(let n): "every \(n) months"
        case .anyMonth: "in any month"
        case .years(1): "a year"
        case .years(let n): "every \(n) years"
        }
    }
}
