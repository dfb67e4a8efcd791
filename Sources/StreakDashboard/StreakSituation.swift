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

    /// - Parameter todayFrozen: whether today's record is a freeze (known where the day
    ///   records are).
    public init(_ streak: CurrentStreakData, freezeBehavior: FreezeBehavior, todayFrozen: Bool = false) {
        switch streak.status {
        case .noEvents: self = .noEvents
        case .active(let daysSince) where daysSince > 0 && streak.isTodayDue == false:
            self = .resting(skipped: streak.todayKind == .skipped, deadline: streak.dateStreakDeadline)
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

    /// A streak on screen, with its day records.
    public init(_ view: StreakView) {
        self.init(view.streak, freezeBehavior: view.configuration.freezeBehavior,
                  todayFrozen: view.evaluation.day(view.evaluation.today).state == .frozen)
    }
}
