import Foundation

/// Upstream's calendar-day helpers over `recentEvents`, credited by our leeway rule (an event
/// in the first L hours after its midnight may count for the day before, one in the last L
/// hours for the day after, whichever keeps the streak): the days those events count for.
extension CurrentStreakData {
    /// The start (in `timezone`) of every day `recentEvents` count for, oldest first.
    public func getCalendarDaysWithEvents(timezone: TimeZone = .current, leewayHours: Int = 0, now: Date = Date()) -> [Date] {
        creditedDays(timezone: timezone, leewayHours: leewayHours, now: now).map { $0.startDate(in: timezone) }
    }

    /// The same, for this week only: Sunday through today, as upstream's.
    public func getCalendarDaysWithEventsThisWeek(timezone: TimeZone = .current, leewayHours: Int = 0, now: Date = Date()) -> [Date] {
        let today = CalendarDay(containing: now, in: timezone)
        let sunday = today.adding(days: 1 - today.weekday)
        return creditedDays(timezone: timezone, leewayHours: leewayHours, now: now)
            .filter { $0 >= sunday && $0 <= today }
            .map { $0.startDate(in: timezone) }
    }

    private func creditedDays(timezone: TimeZone, leewayHours: Int, now: Date) -> [CalendarDay] {
        let events = (recentEvents ?? []).filter { !$0.isFreeze }
        guard !events.isEmpty else { return [] }
        let configuration = StreakConfiguration(streakKey: streakKey, leewayHours: min(max(leewayHours, 0), 24))
        let evaluation = StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: now, timezone: timezone)
        guard let first = evaluation.firstHistoryDay else { return [] }
        return evaluation.days(from: first, through: evaluation.today).filter { $0.eventCount > 0 }.map(\.day)
    }
}
