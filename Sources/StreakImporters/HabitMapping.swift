import Foundation
import SwiftfulGamification

/// How a rule maps: exactly (perhaps judged a little differently, said in `remark`), or
/// not at all, with the nearest shape `--approximate` takes.
public struct HabitMapping: Sendable, Equatable {
    public var exact: StreakShape?
    public var nearest: StreakShape
    /// Where streaks judges the habit otherwise than its source, or why it cannot hold it.
    public var remark: String?

    static func exact(_ shape: StreakShape, remark: String? = nil) -> HabitMapping {
        HabitMapping(exact: shape, nearest: shape, remark: remark)
    }

    static func noShape(nearest: StreakShape, remark: String) -> HabitMapping {
        HabitMapping(exact: nil, nearest: nearest, remark: remark)
    }
}

extension HabitRule {
    /// The streak this rule becomes (README, "Moving from harsh, dijo, Loop or Beaver").
    public var mapping: HabitMapping {
        switch self {
        case .trackingOnly(let unit):
            .exact(StreakShape(target: .trackingOnly, unit: unit))
        case .times(let times, let period):
            Self.mapping(times: times, in: period, asked: text)
        case .amount(let amount, let limit, let period, let unit):
            Self.mapping(amount: amount, limit: limit, per: period, unit: unit, asked: text)
        }
    }

    private static func mapping(times: Int, in period: SourcePeriod, asked: String) -> HabitMapping {
        switch period {
        case .days(let days) where times == days:
            // Every day of every window: every day.
            return .exact(StreakShape())
        case .days(let days) where times > days:
            return .noShape(nearest: StreakShape(), remark: "\"\(times) in any \(days) days\" asks for more days than its window has")
        case .days(let days) where days > StreakSchedule.longestWindow:
            return .noShape(nearest: nearestWindow(times, period), remark: "streaks has no window longer than \(StreakSchedule.longestWindow) days (\(asked))")
        case .days(let days):
            return .exact(StreakShape(schedule: .rolling(times: times, days: days)), remark: times > 1 ? someWindowRemark(times, days) : nil)
        case .weeks(1) where times <= 7:
            return .exact(StreakShape(schedule: .timesPerWeek(times)))
        case .months(1) where times <= 31:
            return .exact(StreakShape(schedule: .timesPerMonth(times)))
        case .anyMonth where times <= 31:
            return .exact(StreakShape(schedule: .timesPerMonth(times)), remark: anyMonthRemark)
        default:
            return .noShape(nearest: nearestWindow(times, period), remark: "streaks has no \"\(asked)\"")
        }
    }

    private static func mapping(amount: Double, limit: Bool, per period: SourcePeriod, unit: String?, asked: String) -> HabitMapping {
        func target(_ amount: Double, _ per: StreakPeriod) -> StreakShape {
            StreakShape(target: limit ? .atMost(amount, per: per) : .atLeast(amount, per: per), unit: unit)
        }
        switch period {
        case .days(1): return .exact(target(amount, .day))
        case .weeks(1): return .exact(target(amount, .week))
        case .days(7): return .exact(target(amount, .week), remark: "counted in any 7 days there, in calendar weeks from Monday here")
        case .months(1): return .exact(target(amount, .month))
        case .anyMonth: return .exact(target(amount, .month), remark: anyMonthRemark)
        default:
            // The same amount spread over a month (a week for shorter periods), to the nearest thousandth.
            let per: StreakPeriod = period.approximateDays >= 28 ? .month : .week
            let spread = StreakAmount.rounded(amount * (per == .month ? 30.44 : 7) / period.approximateDays)
            return .noShape(nearest: target(limit ? spread : max(spread, 0.001), per), remark: "streaks has no \"\(asked)\"")
        }
    }

    /// harsh, Loop and Beaver keep a day covered by one window that holds enough; rule 12
    /// asks it of every window, so a run there may be broken here.
    private static func someWindowRemark(_ times: Int, _ days: Int) -> String {
        "there a day is kept when some \(days)-day window around it holds \(times); here every \(days)-day window from the run's first kept day must"
    }

    private static let anyMonthRemark = "counted in any month-long span there, in calendar months here"

    /// `times` in `period` as a rolling window of the same share of days, at most 365 days
    /// long ("once a year" is every 365 days), or daily when that is every day.
    private static func nearestWindow(_ times: Int, _ period: SourcePeriod) -> StreakShape {
        let length = period.approximateDays
        let days = min(max(Int(length.rounded()), 2), StreakSchedule.longestWindow)
        let scaled = max(1, Int((Double(times) * Double(days) / length).rounded()))
        return scaled >= days ? StreakShape() : StreakShape(schedule: .rolling(times: scaled, days: days))
    }
}
