import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

/// A streak that needs the user before its deadline: due and not kept (rules 7 and 8), a
/// weekly or monthly streak whose week or month needs today, a rolling streak whose window
/// needs today (rule 12), or yesterday still savable within the leeway.
struct DueReminder: Equatable {
    let key: String
    let deadline: Date
    /// The day being kept: a streak is reminded about once per due day.
    let dueDay: CalendarDay
    /// The run at stake, in the streak's unit ("12 days", "3 weeks", "2 months").
    let run: String
    /// Rule 10: what is still missing ("2.5 km"), for an amount streak.
    var missing: String? = nil
    /// For a broken or new streak (`--include-broken`): what a kept day today would do
    /// ("start again: best was 40 days", "start it").
    var restart: String? = nil

    /// "2h 10m left to keep your 12-day run (until 23:59)"; for an amount streak "2.5 km
    /// left to keep your 12-day run (2h 10m, until 23:59)".
    func timeLeft(now: Date, zone: TimeZone) -> String {
        let countdown = StreakFacts.countdown(deadline.timeIntervalSince(now))
        let stake = run.isEmpty ? "" : " to keep \(run)"
        if let restart {
            return "\(restart)" + (missing.map { ", \($0) to go" } ?? "") + " (\(countdown) left today, until \(StreakFacts.clock(deadline, zone)))"
        }
        guard let missing else { return "\(countdown) left\(stake) (until \(StreakFacts.clock(deadline, zone)))" }
        return "\(missing) left\(stake) (\(countdown), until \(StreakFacts.clock(deadline, zone)))"
    }

    /// "reading: 2h 10m left to keep your 12-day run (until 23:59)".
    func line(now: Date, zone: TimeZone) -> String { "\(key): " + timeLeft(now: now, zone: zone) }
}

/// Who to remind now: pure, from each streak's evaluation.
enum ReminderPlan {
    /// The streaks at risk now whose deadline is within `within` (any deadline today when
    /// nil), soonest first. Never a kept day, a rest day, a skipped day, a day a freeze
    /// keeps, a broken streak, a week or month that still has slack, or a rolling window
    /// that does not need today (it nags on its deadline day); never a limit or a
    /// tracking-only streak (rule 10: nothing has to be done to keep them).
    ///
    /// With `includeBroken`, a broken or never kept streak due today is reminded about too,
    /// until the day ends: a kept day starts it (again).
    static func due(_ evaluations: [(key: String, evaluation: StreakEvaluation)], now: Date, within: TimeInterval?, includeBroken: Bool = false) -> [DueReminder] {
        evaluations.compactMap { key, evaluation -> DueReminder? in
            let streak = evaluation.streak
            let today = evaluation.today
            guard !evaluation.configuration.isLimit, !evaluation.configuration.isTrackingOnly else { return nil }
            let frozen = evaluation.day(today).state == .frozen
            let endOfToday = TimeZone(identifier: evaluation.timeZoneIdentifier).map { today.adding(days: 1).startDate(in: $0) }
            let dueDay: CalendarDay
            let deadline: Date?
            var restart: String?
            switch StreakSituation(streak, freezeBehavior: evaluation.configuration.freezeBehavior, todayFrozen: frozen) {
            case .weekAtRisk where StreakFacts.weekIsLost(streak), .atRisk where StreakFacts.windowIsLost(streak):
                return nil  // nothing logged now keeps the week, month or window: no nagging
            case .atRisk(let date), .weekAtRisk(let date):
                // A first week at risk (rule 7) has no deadline of a run: today's end.
                (dueDay, deadline) = (today, date ?? ((streak.currentStreak ?? 0) == 0 ? endOfToday : nil))
            case .grace(let date):
                (dueDay, deadline) = (today.adding(days: -1), date)
            case .broken, .restorable, .noEvents:
                // Only on a day that is due; a weekly or monthly streak's any day of its week or month.
                guard includeBroken, streak.streakUnit == .week || streak.streakUnit == .month || streak.isTodayDue != false else { return nil }
                (dueDay, deadline) = (today, endOfToday)
                let best = streak.longestStreak ?? 0
                restart = best > 0 ? "start again: best was \(StreakFacts.length(best, of: streak))" : "start it today"
            case .weekUnderway(met: false) where includeBroken && Self.weekNeedsToday(evaluation):
                // A weekly (monthly) streak's first week (month), which it can only keep with today (said below).
                (dueDay, deadline) = (today, endOfToday)
            default:
                return nil
            }
            guard let deadline, deadline > now else { return nil }
            if let within, deadline.timeIntervalSince(now) > within { return nil }
            let count = streak.currentStreak ?? 0
            let unit = (streak.streakUnit ?? .day).rawValue
            // A first week or month that needs today (rule 7: at risk, or pending), with no run yet to keep.
            if restart == nil, count == 0, streak.streakUnit == .week || streak.streakUnit == .month { restart = "keep its first \(unit) today" }
            let missing = evaluation.configuration.measuresAmount
                ? streak.amountLeft.flatMap { left in left > 0 ? StreakAmount.text(left) + (streak.unit.map { " \($0)" } ?? "") : nil }
                : Self.eventsLeft(streak, on: evaluation.day(dueDay))
            return DueReminder(
                key: key, deadline: deadline, dueDay: dueDay, run: count > 0 && restart == nil ? "your \(count)-\(unit) run" : "", missing: missing, restart: restart
            )
        }.sorted { ($0.deadline, $0.key) < ($1.deadline, $1.key) }
    }

    /// Whether the week's (or month's) target takes every day left of it, today included, and
    /// today is not kept yet.
    private static func weekNeedsToday(_ evaluation: StreakEvaluation) -> Bool {
        let streak = evaluation.streak
        guard let kept = streak.weekKeptDays, let target = streak.weekTarget, evaluation.day(evaluation.today).state != .kept else { return false }
        return target - kept == (streak.weekDaysLeft ?? 0) + 1
    }

    /// "2 events" still to log on `day` for a goal of several a day (nil for one: the
    /// reminder's own words say it).
    private static func eventsLeft(_ streak: CurrentStreakData, on day: StreakDay) -> String? {
        guard streak.streakUnit == .day, day.goal > 1, day.eventCount < day.goal else { return nil }
        return counted(day.goal - day.eventCount, "event")
    }

    /// One notification for all of them: a streak's own, or a summary for several.
    static func message(_ due: [DueReminder], now: Date, zone: TimeZone) -> ReminderMessage {
        let critical = due.contains { $0.deadline.timeIntervalSince(now) <= 3_600 }
        if due.count == 1, let only = due.first {
            return ReminderMessage(title: "\(only.key) needs you today", body: only.timeLeft(now: now, zone: zone) + ".", critical: critical, due: due)
        }
        let list = due.map { "\($0.key) (\(StreakFacts.countdown($0.deadline.timeIntervalSince(now))))" }.joined(separator: ", ")
        return ReminderMessage(title: "\(due.count) streaks need you today", body: list + ".", critical: critical, due: due)
    }
}

/// What a reminder says, wherever it goes.
struct ReminderMessage: Equatable {
    let title: String
    let body: String
    /// A deadline within the hour.
    let critical: Bool
    let due: [DueReminder]
}
