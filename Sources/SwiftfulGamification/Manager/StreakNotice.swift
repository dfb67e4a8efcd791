import Foundation

/// Something about a streak worth telling the user, once, when it happens.
public enum StreakNotice: Sendable, Equatable {
    /// The streak broke; it had run `previousStreak` days (or weeks).
    case broken(previousStreak: Int)
    /// A freeze kept a day; `remaining` are still available.
    case freezeConsumed(remaining: Int)
    /// The streak needs the user before `deadline` (once per due day, or week).
    case atRisk(deadline: Date?)
    /// The run reached `count` days or weeks: 3, 7, 14, 30, 50, 100, 200, 365, 500, 1000,
    /// then every 365.
    case milestone(count: Int, unit: StreakSchedule.Unit)
    /// The run passed the longest one before it: `count` is the new best.
    case newLongest(count: Int)

    /// The milestones up to 1000; after it, every 365 more.
    public static let milestones = [3, 7, 14, 30, 50, 100, 200, 365, 500, 1000]

    public static func isMilestone(_ count: Int) -> Bool {
        milestones.contains(count) || (count > 1000 && (count - 1000) % 365 == 0)
    }

    /// The first milestone above `count`.
    public static func nextMilestone(after count: Int) -> Int {
        milestones.first { $0 > count } ?? 1000 + ((count - 1000) / 365 + 1) * 365
    }
}

/// Turns a streak's successive states into notices, each transition once: a state seen
/// again (a recalculation, the same result from another subscriber) says nothing new.
/// Pure; `StreakManager` and the dashboard each keep one per streak.
public struct StreakNoticeTracker: Sendable {
    private var last: CurrentStreakData?
    private var frozenDays: Int?
    /// The due day (or week) last warned about: one at-risk notice each.
    private var warned: String?
    /// The longest run before the current one, and whether passing it was told.
    private var earlierBest = 0
    private var toldBest = false

    /// - Parameter starting: the streak as last known (a cache), if any: changes from it count.
    public init(starting: CurrentStreakData? = nil) {
        guard let starting, let current = starting.currentStreak else { return }
        last = starting
        if current < starting.longestStreak ?? 0 { earlierBest = starting.longestStreak ?? 0 }
    }

    /// The notices `evaluation` brings after the states seen before.
    public mutating func notices(for evaluation: StreakEvaluation) -> [StreakNotice] {
        // A weekly (monthly) streak is warned about once per week (month), a daily one once per due day.
        let week = evaluation.streak.streakUnit != .day ? evaluation.weeks.last(where: { $0.start <= evaluation.today })?.start : nil
        return notices(for: evaluation.streak, frozenDays: evaluation.frozenDayCount, dueKey: week.map { "week \($0)" })
    }

    /// The notices `streak` brings; freezes are noticed only with `frozenDays` (the count
    /// of days freezes keep, from an evaluation). `dueKey` names the due day or week (by
    /// default, the deadline's).
    public mutating func notices(for streak: CurrentStreakData, frozenDays: Int? = nil, dueKey: String? = nil) -> [StreakNotice] {
        defer {
            last = streak
            if let frozenDays { self.frozenDays = frozenDays }
        }
        var notices: [StreakNotice] = []
        let current = streak.currentStreak ?? 0
        if let previous = last {
            let before = previous.currentStreak ?? 0
            if case .broken = streak.status, before > 0, !Self.isBroken(previous) {
                notices.append(.broken(previousStreak: before))
            }
            if let frozenDays, let earlier = self.frozenDays, frozenDays > earlier {
                notices.append(.freezeConsumed(remaining: streak.freezesAvailableCount ?? 0))
            }
            // Celebrated only when today's own log reached it: not a backfill of earlier days,
            // an import, a removal taken back, or a day re-judged.
            if Self.loggedToday(streak, after: previous) {
                for milestone in Self.milestones(after: before, through: current) {
                    notices.append(.milestone(count: milestone, unit: streak.streakUnit ?? .day))
                }
            }
            if current < before {
                // A new run: the record to pass is the best so far.
                earlierBest = max(earlierBest, previous.longestStreak ?? 0)
                toldBest = false
            }
        }
        if current < streak.longestStreak ?? 0 { earlierBest = max(earlierBest, streak.longestStreak ?? 0) }
        // Passing a record an earlier run set (a first run sets none).
        if earlierBest > 0, current > earlierBest, !toldBest, let previous = last {
            toldBest = true
            if Self.loggedToday(streak, after: previous) { notices.append(.newLongest(count: current)) }
        }
        let key = dueKey ?? streak.dateStreakDeadline.map { "\($0.timeIntervalSince1970)" } ?? "none"
        if streak.isStreakAtRisk, warned != key {
            warned = key
            notices.append(.atRisk(deadline: streak.dateStreakDeadline))
        }
        return notices
    }

    /// Whether the change is a log of today's: today holds events (or an amount), and the
    /// latest event or today's count is new. A backfill, an import of old events or a past
    /// day logged again changes neither.
    private static func loggedToday(_ streak: CurrentStreakData, after previous: CurrentStreakData) -> Bool {
        let count = streak.todayEventCount ?? 0, amount = streak.todayAmount ?? 0
        guard count > 0 || amount > 0 else { return false }
        return streak.dateLastEvent != previous.dateLastEvent || count > (previous.todayEventCount ?? 0) || amount > (previous.todayAmount ?? 0)
    }

    private static func isBroken(_ streak: CurrentStreakData) -> Bool {
        if case .broken = streak.status { return true }
        return false
    }

    private static func milestones(after before: Int, through current: Int) -> [Int] {
        guard current > before else { return [] }
        var found: [Int] = []
        var next = StreakNotice.nextMilestone(after: before)
        while next <= current {
            found.append(next)
            next = StreakNotice.nextMilestone(after: next)
        }
        return found
    }
}
