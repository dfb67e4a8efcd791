import Foundation
import SwiftfulGamification

/// How a week, a calendar month (rules 8 and 12) and a rolling window (rule 12) are named in
/// words, for every surface: "this week", "in March", "2 of 5 in the last 7 days", "by Sun".
extension StreakFacts {
    /// The period a weekly or monthly streak is judged by, as a sentence names it: `name`
    /// as a subject ("this week", "March"), `during` after a count ("this week", "in March").
    /// Without a clock a month is "this month".
    public struct PeriodName: Equatable, Sendable {
        public let name: String
        public let during: String
    }

    /// "this week"; "March" / "in March" for a monthly streak (the month holding `now` in
    /// `zone`), "this month" without a clock.
    public static func periodName(_ streak: CurrentStreakData, now: Date?, zone: TimeZone?) -> PeriodName {
        periodName(month: streak.streakUnit == .month || streak.target?.period == .month, now: now, zone: zone)
    }

    static func periodName(month: Bool, now: Date?, zone: TimeZone?) -> PeriodName {
        guard month else { return PeriodName(name: "this week", during: "this week") }
        guard let now, let zone else { return PeriodName(name: "this month", during: "this month") }
        let month = monthName(CalendarDay(containing: now, in: zone))
        return PeriodName(name: month, during: "in \(month)")
    }

    /// "January" ... "December": the month of `day`.
    public static func monthName(_ day: CalendarDay) -> String {
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][day.month - 1]
    }

    /// A rolling streak (rule 12) of X in Y days with X > 1: "2 of 5 in the last 7 days", the
    /// kept or frozen days of the window that ends today. Nil for every N days (one kept day
    /// a window: the deadline says it all) and for any other schedule.
    public static func windowProgress(_ streak: CurrentStreakData) -> String? {
        guard let (kept, target, days) = window(streak), target > 1 else { return nil }
        return "\(kept) of \(target) in the last \(days) days"
    }

    /// A rolling streak's X, Y and the window's kept days (nil for other schedules).
    static func window(_ streak: CurrentStreakData) -> (kept: Int, target: Int, days: Int)? {
        guard let target = streak.windowTarget, let days = streak.windowDays else { return nil }
        return (streak.windowKeptDays ?? 0, target, days)
    }

    /// Whether a rolling streak at risk has a window ending today that can no longer hold X:
    /// short by more than today could give. Nothing logged now keeps it, so nothing should nag.
    /// (A window that starts before the run is not judged, and leaves the streak active.)
    public static func windowIsLost(_ streak: CurrentStreakData) -> Bool {
        guard streak.status == .atRisk, let (kept, target, _) = window(streak) else { return false }
        let todayOpen = !streak.isGoalMet && streak.todayKind != .skipped ? 1 : 0
        return kept + todayOpen < target
    }

    /// "by Sun": the day a rolling streak's next kept day is due, from its deadline (the
    /// day's end plus the leeway): "by today", a weekday within the week ahead, else the
    /// date; a deadline in the leeway past midnight says its time ("by Mon 03:00").
    public static func byDay(_ deadline: Date, now: Date, zone: TimeZone) -> String {
        let time = clock(deadline, zone)
        let atMidnight = time == "00:00"
        let day = CalendarDay(containing: atMidnight ? deadline.addingTimeInterval(-1) : deadline, in: zone)
        let ahead = CalendarDay(containing: now, in: zone).days(to: day)
        let name = ahead == 0 ? "today" : (1...6).contains(ahead) ? Weekday(calendarWeekday: day.weekday).shortName : "\(day)"
        return "by \(name)" + (atMidnight ? "" : " \(time)")
    }

    /// A rolling streak's window and the day its next kept day is due by, after `opening`:
    /// "kept today, 3 of 5 in the last 7 days, next by Tue", "2 of 5 in the last 7 days, next
    /// by Wed", "next by Sun" (every N days); just `opening` for any other streak.
    public static func windowSentence(_ streak: CurrentStreakData, opening: String?, deadline: Date?, now: Date, zone: TimeZone) -> String {
        guard streak.windowDays != nil else { return opening ?? "" }
        let due = deadline.map { "next " + byDay($0, now: now, zone: zone) }
        let words = [opening, windowProgress(streak), due].compactMap { $0 }.joined(separator: ", ")
        return words.isEmpty ? "keep a day" : words
    }

    /// "2 of 5 in the last 7 days: it can no longer be kept; the streak ends tonight": a
    /// rolling streak whose window `windowIsLost`.
    public static func lostWindow(_ streak: CurrentStreakData) -> String {
        let ends = (streak.currentStreak ?? 0) > 0 ? "; the streak ends tonight" : ""
        return (windowProgress(streak) ?? "the window") + ": it can no longer be kept\(ends)"
    }
}
