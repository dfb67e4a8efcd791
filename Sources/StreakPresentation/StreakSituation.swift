import Foundation
import SwiftfulGamification

/// Where a streak stands today, decided once for every screen that words it (the panel, the
/// list row, the command line), each in its own length.
public enum StreakSituation: Equatable, Sendable {
    case noEvents
    case keptToday
    /// Today is not due (rule 8's rest day, or skipped by rule 9) and not kept: the run
    /// waits for the next due day, whose end (plus leeway) is the deadline.
    case resting(skipped: Bool, deadline: Date?)
    /// Today is bridged by a freeze.
    case keptByFreeze
    /// Yesterday can still be kept, until the deadline.
    case grace(deadline: Date?)
    /// Today still has to be kept, by the deadline.
    case atRisk(deadline: Date?)
    /// Broken, and in manual mode enough freezes are there to restore it.
    case restorable(freezes: Int)
    /// Broken: `daysSince` days since the last event; `everKept` false when no day was ever kept.
    case broken(daysSince: Int, everKept: Bool)
    /// A weekly or monthly streak whose current week or month is what matters (rules 8 and
    /// 12): under way, or its target reached (`met`); also the first one, before any was kept.
    case weekUnderway(met: Bool)
    /// A weekly streak whose week needs today, by the deadline.
    case weekAtRisk(deadline: Date?)
    /// A rolling streak (rule 12) whose windows hold enough without today, which is not kept:
    /// the next kept day is due by the deadline ("by Sun").
    case windowUnderway(deadline: Date?)

    /// - Parameter todayFrozen: whether today's record is a freeze (known where the day
    ///   records are).
    public init(_ streak: CurrentStreakData, freezeBehavior: FreezeBehavior, todayFrozen: Bool = false) {
        // A month is rule 8's week unit read with "month" for "week" (rule 12).
        if streak.streakUnit == .week || streak.streakUnit == .month, let met = Self.weekMet(streak) {
            switch streak.status {
            case .active:
                self = .weekUnderway(met: met)
                return
            case .atRisk:
                self = .weekAtRisk(deadline: streak.dateStreakDeadline)
                return
            case .broken where (streak.longestStreak ?? 0) == 0:
                self = .weekUnderway(met: false)
                return
            case .noEvents, .broken, .canExtendWithLeeway:
                break  // as for days: last week's grace, or broken
            }
        }
        switch streak.status {
        case .noEvents: self = .noEvents
        case .active(let daysSince) where daysSince > 0 && streak.isTodayDue == false:
            self = .resting(skipped: streak.todayKind == .skipped, deadline: streak.dateStreakDeadline)
        case .active(let daysSince) where daysSince > 0 && streak.windowDays != nil:
            self = todayFrozen ? .keptByFreeze : .windowUnderway(deadline: streak.dateStreakDeadline)
        case .active: self = .keptToday
        case .canExtendWithLeeway: self = .grace(deadline: streak.dateStreakDeadline)
        case .atRisk: self = todayFrozen ? .keptByFreeze : .atRisk(deadline: streak.dateStreakDeadline)
        case .broken(let daysSince):
            if case .canSaveStreakWithFreezes(let needed) = streak.applyManualStreakFreezeStatus, freezeBehavior == .manuallyConsumeFreezes {
                self = .restorable(freezes: needed)
            } else {
                self = .broken(daysSince: daysSince, everKept: (streak.longestStreak ?? 0) > 0)
            }
        }
    }

    /// A streak with its day records (a frozen today is known).
    public init(_ evaluation: StreakEvaluation) {
        self.init(evaluation.streak, freezeBehavior: evaluation.configuration.freezeBehavior,
                  todayFrozen: evaluation.day(evaluation.today).state == .frozen)
    }
}

extension StreakSituation {
    /// Whether the current week (or month) has reached its target: kept days (rule 8), or for
    /// a weekly or monthly amount its sum (rule 10); nil for a week a limit judges, or no week.
    static func weekMet(_ streak: CurrentStreakData) -> Bool? {
        if let (kept, target) = StreakFacts.weekDays(streak) { return kept >= target }
        if case .atLeast(_, let period)? = streak.target, period != .day, let sum = streak.weekAmount, let target = streak.weekAmountTarget {
            return StreakAmount.thousandths(sum) >= StreakAmount.thousandths(target)
        }
        return nil
    }
}
