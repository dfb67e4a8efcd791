import Foundation

/// Points in every window from the events alone: pure, on the clock and zone it is given.
///
/// Calendar windows (today, this week, this month, this year) take each event on the day it
/// was earned in its own zone, and count the whole of today. Rolling windows (last 7 and 30
/// days, last 12 months) are upstream's: the instants from that long before `currentDate`
/// up to it, both ends included, stepped back on the calendar of `timezone`.
public struct ExperiencePointsCalculator {
    public static func calculateExperiencePoints(
        events: [ExperiencePointsEvent],
        configuration: ExperiencePointsConfiguration,
        userId: String? = nil,
        currentDate: Date = Date(),
        timezone: TimeZone = .current
    ) -> CurrentExperiencePointsData {
        guard !events.isEmpty else { return .blank(experienceKey: configuration.experienceKey, userId: userId) }
        let today = CalendarDay(containing: currentDate, in: timezone)
        let days = events.map { $0.day(orIn: timezone) }
        let week = ExperienceWindows.weekStart(of: today, startingOn: configuration.weekStart)...today
        func points(onDays include: (CalendarDay) -> Bool) -> Int {
            zip(events, days).reduce(0) { total, pair in include(pair.1) ? total + pair.0.points : total }
        }
        func points(since start: Date?) -> Int {
            guard let start else { return 0 }
            return events.reduce(0) { total, event in (start...currentDate).contains(event.dateCreated) ? total + event.points : total }
        }
        let rolling = ExperienceWindows.calendar(in: timezone)
        return CurrentExperiencePointsData(
            experienceKey: configuration.experienceKey,
            userId: userId,
            pointsAllTime: events.reduce(0) { $0 + $1.points },
            pointsToday: points(onDays: { $0 == today }),
            eventsTodayCount: days.count(where: { $0 == today }),
            pointsThisWeek: points(onDays: week.contains),
            pointsLast7Days: points(since: rolling.date(byAdding: .day, value: -7, to: currentDate)),
            pointsThisMonth: points(onDays: { $0 <= today && $0.year == today.year && $0.month == today.month }),
            pointsLast30Days: points(since: rolling.date(byAdding: .day, value: -30, to: currentDate)),
            pointsThisYear: points(onDays: { $0 <= today && $0.year == today.year }),
            pointsLast12Months: points(since: rolling.date(byAdding: .month, value: -12, to: currentDate)),
            dateLastEvent: events.map(\.dateCreated).max(),
            dateCreated: events.map(\.dateCreated).min(),
            dateUpdated: currentDate,
            recentEvents: getRecentEvents(events: events, days: 60, timezone: timezone, currentDate: currentDate)
        )
    }

    /// How many events were earned today (each on its own zone's day).
    public static func getTodayEventCount(events: [ExperiencePointsEvent], timezone: TimeZone, currentDate: Date) -> Int {
        let today = CalendarDay(containing: currentDate, in: timezone)
        return events.count { $0.day(orIn: timezone) == today }
    }

    /// The events of the last `days` calendar days, today included (and any dated later),
    /// oldest first.
    public static func getRecentEvents(events: [ExperiencePointsEvent], days: Int, timezone: TimeZone, currentDate: Date) -> [ExperiencePointsEvent] {
        let first = CalendarDay(containing: currentDate, in: timezone).adding(days: 1 - days)
        return events.filter { $0.day(orIn: timezone) >= first }.sorted { $0.dateCreated < $1.dateCreated }
    }

    /// The points of the events whose `field` is exactly `value` (`.int(5)` is not `.double(5)`).
    public static func getTotalPointsForMetadata(events: [ExperiencePointsEvent], field: String, value: GamificationDictionaryValue) -> Int {
        getEventsForMetadata(events: events, field: field, value: value).reduce(0) { $0 + $1.points }
    }

    /// The events whose `field` is exactly `value`.
    public static func getEventsForMetadata(events: [ExperiencePointsEvent], field: String, value: GamificationDictionaryValue) -> [ExperiencePointsEvent] {
        events.filter { $0.metadata[field] == value }
    }
}

/// The calendar facts the windows share.
enum ExperienceWindows {
    /// The first day of the week holding `day`, for weeks starting on `weekStart`.
    static func weekStart(of day: CalendarDay, startingOn weekStart: Weekday) -> CalendarDay {
        let startNumber = Weekday.allCases.firstIndex(of: weekStart)!
        let dayNumber = Weekday.allCases.firstIndex(of: day.dayOfWeek)!
        return day.adding(days: -((dayNumber - startNumber + 7) % 7))
    }

    static func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
