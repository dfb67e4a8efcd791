import Foundation
import GamificationSupport
import SwiftfulGamification

/// What every surface (the dashboard, the command line, reminders) says about a streak,
/// derived only from the calculator's results.
public enum StreakFacts {
    /// Rule 10's progress in words, or nil for a streak that counts events without a unit
    /// or target: "4.2 of 5 km today, 0.8 to go", "1 of 2 today (limit)", "over the limit
    /// today (3 of 2)", "12.5 of 20 km this week", "30 of 100 km in March", "3.5 kg today".
    /// A month is named from `now` in `zone` ("this month" without them).
    public static func amountProgress(_ streak: CurrentStreakData, now: Date? = nil, zone: TimeZone? = nil) -> String? {
        guard let target = streak.target else { return nil }
        let unit = streak.unit.map { " \($0)" } ?? ""
        let today = StreakAmount.text(streak.todayAmount ?? 0)
        let left = streak.amountLeft ?? 0
        switch target {
        case .trackingOnly:
            return (streak.todayAmount ?? 0) > 0 ? "\(today)\(unit) today" : "nothing logged today"
        case .atMost(let limit, let period):
            let sum = StreakAmount.text(period != .day ? streak.weekAmount ?? 0 : streak.todayAmount ?? 0)
            let when = period != .day ? periodName(month: period == .month, now: now, zone: zone).during : "today"
            if streak.isOverLimit == true { return "over the limit \(when) (\(sum) of \(StreakAmount.text(limit))\(unit))" }
            return "\(sum) of \(StreakAmount.text(limit))\(unit) \(when) (limit)"
        case .atLeast(let amount, .day):
            let toGo = left > 0 ? ", \(StreakAmount.text(left)) to go" : ""
            return "\(today) of \(StreakAmount.text(amount))\(unit) today\(toGo)"
        case .atLeast(let amount, let period):
            let week = streak.weekAmount ?? 0
            let needed = streak.weekAmountTarget ?? (left > 0 ? week + left : amount)
            let toGo = left > 0 ? ", \(StreakAmount.text(left)) to go" : ""
            return "\(StreakAmount.text(week)) of \(StreakAmount.text(needed))\(unit) \(periodName(month: period == .month, now: now, zone: zone).during)\(toGo)"
        }
    }

    /// The day (or week) against the target, short, for a column: "today 1/3", "today 4.2/5
    /// km", "today 1/2 max", "week 12.5/20 km", "today 3.5 kg".
    public static func progressShort(_ streak: CurrentStreakData, goal: Int) -> String {
        // A week of days (rule 8) is judged by its kept days, not by today's count (issue 49).
        if let (kept, target) = weekDays(streak) { return "\(periodWord(streak)) \(kept)/\(target) days" }
        guard let target = streak.target else { return "today \(streak.todayEventCount ?? 0)/\(goal)" }
        let unit = streak.unit.map { " \($0)" } ?? ""
        let today = StreakAmount.text(streak.todayAmount ?? 0), week = StreakAmount.text(streak.weekAmount ?? 0)
        switch target {
        // Tracking only (rule 13): no reading today is not a value of 0.
        case .trackingOnly: return (streak.todayEventCount ?? 0) == 0 ? "today –" : "today \(today)\(unit)"
        case .atMost(let limit, .day): return "today \(today)/\(StreakAmount.text(limit))\(unit) max"
        case .atMost(let limit, let period): return "\(period.rawValue) \(week)/\(StreakAmount.text(limit))\(unit) max"
        case .atLeast(let amount, .day): return "today \(today)/\(StreakAmount.text(amount))\(unit)"
        case .atLeast(let amount, let period): return "\(period.rawValue) \(week)/\(StreakAmount.text(amount))\(unit)"
        }
    }

    /// The same without its "today"/"week" word, for a narrow column: "1/3", "4.2/5",
    /// "1/2", "12.5/20", "3.5".
    public static func progressCompact(_ streak: CurrentStreakData, goal: Int) -> String {
        if let (kept, target) = weekDays(streak) { return "\(kept)/\(target)" }
        guard let target = streak.target else { return "\(streak.todayEventCount ?? 0)/\(goal)" }
        if target == .trackingOnly, (streak.todayEventCount ?? 0) == 0 { return "–" }
        let sum = StreakAmount.text(target.period != .day ? streak.weekAmount ?? 0 : streak.todayAmount ?? 0)
        return target.amount.map { "\(sum)/\(StreakAmount.text($0))" } ?? sum
    }

    /// Today's bar (or the week's, for a weekly target): how full, from 0 to 1, and whether
    /// that is good; a limit fills as its allowance is used and is bad once over.
    public static func progressBar(_ evaluation: StreakEvaluation) -> (fraction: Double, met: Bool, over: Bool) {
        let streak = evaluation.streak
        guard let target = streak.target, let amount = target.amount else {
            let today = evaluation.day(evaluation.today)
            return (today.fraction, today.eventCount >= max(today.goal, 1), false)
        }
        let sum = target.period != .day ? streak.weekAmount ?? 0 : streak.todayAmount ?? 0
        let needed = target.period != .day && !target.isLimit ? sum + (streak.amountLeft ?? 0) : amount
        let fraction = needed > 0 ? min(1, sum / needed) : (sum > 0 ? 1 : 0)
        if target.isLimit { return (fraction, streak.isOverLimit != true, streak.isOverLimit == true) }
        return (fraction, sum >= needed, false)
    }

    /// "2 of 3 this week, 4 days left" ("last day" on its last), "1 of 3 in March, 9 days
    /// left", or "kept this week (3 of 3)": a weekly or monthly streak's current week or month
    /// (nil for a day unit). A month is named from `now` in `zone` ("this month" without them).
    public static func weekProgress(_ streak: CurrentStreakData, now: Date? = nil, zone: TimeZone? = nil) -> String? {
        guard let (kept, target) = weekDays(streak) else { return nil }
        let period = periodName(streak, now: now, zone: zone)
        if kept >= target { return "kept \(period.during) (\(kept) of \(target))" }
        if weekIsLost(streak) {
            let end = (streak.weekDaysLeft ?? 0) == 0 ? "tonight" : "with \(period.name)"
            let ends = (streak.currentStreak ?? 0) > 0 ? "; the streak ends \(end)" : ""
            return "\(period.name) can no longer be kept (\(kept) of \(target))\(ends)"
        }
        // Days after today: on the week's last day, today itself is all that is left.
        let left = streak.weekDaysLeft ?? 0
        return "\(kept) of \(target) \(period.during), " + (left == 0 ? "last day" : "\(counted(left, "day")) left")
    }

    /// "week" or "month": the unit a weekly or monthly streak is judged by.
    public static func periodWord(_ streak: CurrentStreakData) -> String {
        streak.streakUnit == .month ? "month" : "week"
    }

    /// A weekly (or monthly) streak of days: the unit's kept days and its target (nil otherwise).
    static func weekDays(_ streak: CurrentStreakData) -> (kept: Int, target: Int)? {
        guard streak.streakUnit == .week || streak.streakUnit == .month, let kept = streak.weekKeptDays, let target = streak.weekTarget else { return nil }
        return (kept, target)
    }

    /// Whether the current week of days (rule 8) can no longer reach its target: fewer days
    /// are left in it, today included while it is not kept, than it still needs.
    public static func weekIsLost(_ streak: CurrentStreakData) -> Bool {
        guard let (kept, target) = weekDays(streak), kept < target else { return false }
        let todayOpen = (streak.todayEventCount ?? 0) < (streak.eventsRequiredPerDay ?? 1) && streak.todayKind != .skipped ? 1 : 0
        return kept + todayOpen + (streak.weekDaysLeft ?? 0) < target
    }

    /// `weekProgress`, then shorter forms of it, longest first ("2 of 3, 4 days left", "2/3 this week", "2/3").
    public static func weekProgressForms(_ streak: CurrentStreakData, now: Date? = nil, zone: TimeZone? = nil) -> [String]? {
        guard let full = weekProgress(streak, now: now, zone: zone), let (kept, target) = weekDays(streak) else { return nil }
        let left = streak.weekDaysLeft ?? 0
        let rest = kept >= target ? "kept" : weekIsLost(streak) ? "lost" : left == 0 ? "last day" : "\(counted(left, "day")) left"
        return [full, "\(kept) of \(target), \(rest)", "\(kept)/\(target) \(periodName(streak, now: now, zone: zone).during)", "\(kept)/\(target)"]
    }

    /// "day", "days", "week", "weeks", "month", "months": the unit the streak counts in.
    public static func unit(_ count: Int, _ streak: CurrentStreakData) -> String {
        (streak.streakUnit?.rawValue ?? "day") + (count == 1 ? "" : "s")
    }

    /// "5 days", "1 week": a run's length in the streak's unit.
    public static func length(_ count: Int, of streak: CurrentStreakData) -> String {
        "\(count) \(unit(count, streak))"
    }

    /// The current run's length: "5 days", "3 weeks", "2 months".
    public static func length(_ streak: CurrentStreakData) -> String { length(streak.currentStreak ?? 0, of: streak) }

    /// `4h 12m`, `12m`, `0m`.
    public static func countdown(_ seconds: TimeInterval) -> String {
        let minutes = max(0, Int(seconds) / 60)
        return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
    }

    /// The zone's short name at `date` ("EDT", "CET"), as the system names it.
    public static func zoneName(_ date: Date, _ zone: TimeZone) -> String {
        LocalTimeText.zoneName(date, zone)
    }

    /// The header's word on a replica: "syncing", "offline, as of 14:02 · 3 waiting",
    /// "2 waiting"; nil when everything is on the server (always, for a store without a replica).
    public static func syncBadge(_ sync: StoreSyncState, zone: TimeZone, ascii: Bool) -> String? {
        let waiting = sync.pendingChanges > 0 ? "\(sync.pendingChanges) waiting" : nil
        if sync.isSyncInProgress { return (ascii ? "syncing" : "⟳ syncing") + (waiting.map { " " + $0 } ?? "") }
        if sync.isOffline {
            let asOf = sync.lastSynced.map { ", as of " + clock($0, zone) } ?? ""
            return "offline" + asOf + (waiting.map { (ascii ? " - " : " · ") + $0 } ?? "")
        }
        return waiting
    }

    /// "36 more days to 100": the run's next milestone (nil before a run starts).
    public static func nextMilestone(_ streak: CurrentStreakData) -> String? {
        guard let current = streak.currentStreak, current > 0 else { return nil }
        let next = StreakNotice.nextMilestone(after: current)
        return "\(next - current) more \(unit(next - current, streak)) to \(next)"
    }

    /// A toast for what a streak just did (nil for notices the screen shows anyway).
    public static func toast(_ notice: StreakNotice, key: String, streak: CurrentStreakData, ascii: Bool) -> String? {
        let star = ascii ? "*" : "★"
        switch notice {
        case .milestone(let count, _):
            let within = streak.target?.isLimit == true ? " within the limit" : ""
            return "\(star) \(key): \(count) \(unit(count, streak))\(within)! Next: \(StreakNotice.nextMilestone(after: count))."
        case .newLongest(let count):
            return "\(star) \(key): a new personal best, \(count) \(unit(count, streak))."
        case .freezeConsumed(let remaining):
            return "\(ascii ? "*" : "❄") \(key): a freeze kept the run; \(remaining) left."
        case .broken(let previous):
            if streak.target?.isLimit == true {
                return "\(key) went over the limit: the run of \(previous) \(unit(previous, streak)) ended."
            }
            return "\(key) broke after \(previous) \(unit(previous, streak)). Log today to start again."
        case .atRisk:
            return nil
        }
    }

    /// "09:05": the wall-clock time in `zone`.
    public static func clock(_ date: Date, _ zone: TimeZone) -> String { LocalTimeText.clock(date, zone) }

    /// The streak's length if the missed days were bridged: the run behind the gap plus the
    /// kept days after it.
    public static func restorableRun(_ evaluation: StreakEvaluation) -> Int {
        guard let firstMissed = evaluation.daysToSave.first else { return evaluation.streak.currentStreak ?? 0 }
        var count = evaluation.streak.currentStreak ?? 0
        var day = firstMissed.adding(days: -1)
        while true {
            let record = evaluation.day(day)
            if record.state == .kept { count += 1 } else if record.state != .frozen { break }
            day = day.adding(days: -1)
        }
        return count
    }

    /// Auto mode, today not kept, a streak to save and a freeze to spend: tonight's
    /// rollover would use one if nothing is logged.
    public static func wouldUseFreezeTonight(_ evaluation: StreakEvaluation) -> Bool {
        let today = evaluation.day(evaluation.today)
        let streak = evaluation.streak
        return evaluation.configuration.freezeBehavior == .autoConsumeFreezes && today.state == .open
            && (streak.currentStreak ?? 0) > 0 && (streak.freezesAvailableCount ?? 0) > 0
    }
}
