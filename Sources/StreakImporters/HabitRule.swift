import Foundation
import SwiftfulGamification

/// What a habit asks, as its own tracker counts it.
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
}

/// A period a source counts in.
public enum SourcePeriod: Sendable, Equatable {
    /// Any `n` days in a row.
    case days(Int)
    /// `n` calendar weeks from Monday, months, or years.
    case weeks(Int), months(Int), years(Int)

    /// Its length in days, for finding the nearest weekly rule.
    var approximateDays: Double {
        switch self {
        case .days(let n): Double(n)
        case .weeks(let n): Double(7 * n)
        case .months(let n): 30.44 * Double(n)
        case .years(let n): 365.25 * Double(n)
        }
    }

    /// "a day", "any 7 days", "a week", "2 weeks", "a month".
    var text: String {
        switch self {
        case .days(1): "a day"
        case .days(let n): "in any \(n) days"
        case .weeks(1): "a week"
        case .weeks(let n): "every \(n) weeks"
        case .months(1): "a month"
        case .months(let n): "every \(n) months"
        case .years(1): "a year"
        case .years(let n): "every \(n) years"
        }
    }
}

/// A streak's schedule, target and unit: what a habit becomes.
public struct StreakShape: Sendable, Equatable {
    public var schedule: StreakSchedule = .daily
    public var target: StreakTarget?
    public var unit: String?

    public init(schedule: StreakSchedule = .daily, target: StreakTarget? = nil, unit: String? = nil) {
        self.schedule = schedule
        self.target = target
        self.unit = unit
    }

    /// "daily", "3/week", "at least 2 L a day", "tracking only".
    public var text: String {
        switch target {
        case nil: return schedule.text
        case .trackingOnly: return "tracking only" + (unit.map { " (\($0))" } ?? "")
        case .atLeast(let amount, let period), .atMost(let amount, let period):
            let word = target?.isLimit == true ? "at most" : "at least"
            let per = period == .week ? "a week" : "a day"
            let days = schedule == .daily ? "" : ", \(schedule.text)"
            return "\(word) \(StreakAmount.text(amount))\(unit.map { " \($0)" } ?? "") \(per)\(days)"
        }
    }
}

/// How a rule maps: exactly (perhaps judged a little differently, said in `remark`), or
/// not at all, with the nearest shape `--approximate` takes.
public struct HabitMapping: Sendable, Equatable {
    public var exact: StreakShape?
    public var nearest: StreakShape
    /// Where streaks judges the habit otherwise than its source, or why it cannot hold it.
    public var remark: String?
}

extension HabitRule {
    /// "3 in any 10 days", "at least 2.5 km a month", "tracking only".
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

    /// The streak this rule becomes.
    public var mapping: HabitMapping {
        switch self {
        case .trackingOnly(let unit):
            let shape = StreakShape(target: .trackingOnly, unit: unit)
            return HabitMapping(exact: shape, nearest: shape)
        case .times(let times, let period):
            if case .days(let days) = period, times >= days {
                return HabitMapping(exact: StreakShape(), nearest: StreakShape())
            }
            let weekly = Self.timesAWeek(times, period)
            switch period {
            case .days(7):
                return HabitMapping(exact: weekly, nearest: weekly, remark: "counted in any 7 days there, in calendar weeks from Monday here")
            case .weeks(1) where times <= 7:
                return HabitMapping(exact: weekly, nearest: weekly)
            default:
                return HabitMapping(exact: nil, nearest: weekly, remark: "streaks has no \"\(text)\"")
            }
        case .amount(let amount, let limit, let period, let unit):
            let streakPeriod: StreakPeriod? = switch period {
            case .days(1): .day
            case .days(7), .weeks(1): .week
            default: nil
            }
            if let streakPeriod {
                let target: StreakTarget = limit ? .atMost(amount, per: streakPeriod) : .atLeast(amount, per: streakPeriod)
                let shape = StreakShape(target: target, unit: unit)
                let rolling = period == .days(7) ? "counted in any 7 days there, in calendar weeks from Monday here" : nil
                return HabitMapping(exact: shape, nearest: shape, remark: rolling)
            }
            // The same amount spread over a week, to the nearest thousandth.
            let weekly = StreakAmount.rounded(amount * 7 / period.approximateDays)
            let target: StreakTarget = limit ? .atMost(weekly, per: .week) : .atLeast(max(weekly, 0.001), per: .week)
            return HabitMapping(exact: nil, nearest: StreakShape(target: target, unit: unit), remark: "streaks has no \"\(text)\"")
        }
    }

    /// The weekly schedule nearest `times` in `period`: 1 to 7 days a week, or daily.
    private static func timesAWeek(_ times: Int, _ period: SourcePeriod) -> StreakShape {
        let perWeek = Int((Double(times) * 7 / period.approximateDays).rounded())
        return perWeek >= 7 ? StreakShape() : StreakShape(schedule: .timesPerWeek(max(1, perWeek)))
    }
}
