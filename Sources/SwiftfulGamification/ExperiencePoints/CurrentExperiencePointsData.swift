import Foundation

/// A user's points in every window at one moment, as calculated by `ExperiencePointsCalculator`
/// or a provider. Windows are nil when the source did not give them.
public struct CurrentExperiencePointsData: Identifiable, Codable, Sendable, Equatable {
    public var id: String { experienceKey }
    public let experienceKey: String
    public let userId: String?
    public let pointsAllTime: Int?
    public let pointsToday: Int?
    public let eventsTodayCount: Int?
    public let pointsThisWeek: Int?
    public let pointsLast7Days: Int?
    public let pointsThisMonth: Int?
    public let pointsLast30Days: Int?
    public let pointsThisYear: Int?
    public let pointsLast12Months: Int?
    public let dateLastEvent: Date?
    public let dateCreated: Date?
    public let dateUpdated: Date?
    public let recentEvents: [ExperiencePointsEvent]?

    public init(
        experienceKey: String,
        userId: String? = nil,
        pointsAllTime: Int? = nil,
        pointsToday: Int? = nil,
        eventsTodayCount: Int? = nil,
        pointsThisWeek: Int? = nil,
        pointsLast7Days: Int? = nil,
        pointsThisMonth: Int? = nil,
        pointsLast30Days: Int? = nil,
        pointsThisYear: Int? = nil,
        pointsLast12Months: Int? = nil,
        dateLastEvent: Date? = nil,
        dateCreated: Date? = nil,
        dateUpdated: Date? = nil,
        recentEvents: [ExperiencePointsEvent]? = nil
    ) {
        self.experienceKey = experienceKey
        self.userId = userId
        self.pointsAllTime = pointsAllTime
        self.pointsToday = pointsToday
        self.eventsTodayCount = eventsTodayCount
        self.pointsThisWeek = pointsThisWeek
        self.pointsLast7Days = pointsLast7Days
        self.pointsThisMonth = pointsThisMonth
        self.pointsLast30Days = pointsLast30Days
        self.pointsThisYear = pointsThisYear
        self.pointsLast12Months = pointsLast12Months
        self.dateLastEvent = dateLastEvent
        self.dateCreated = dateCreated
        self.dateUpdated = dateUpdated
        self.recentEvents = recentEvents
    }

    public enum CodingKeys: String, CodingKey {
        case experienceKey = "experience_id"
        case userId = "user_id"
        case pointsAllTime = "points_all_time"
        case pointsToday = "points_today"
        case eventsTodayCount = "events_today_count"
        case pointsThisWeek = "points_this_week"
        case pointsLast7Days = "points_last_7_days"
        case pointsThisMonth = "points_this_month"
        case pointsLast30Days = "points_last_30_days"
        case pointsThisYear = "points_this_year"
        case pointsLast12Months = "points_last_12_months"
        case dateLastEvent = "date_last_event"
        case dateCreated = "date_created"
        case dateUpdated = "date_updated"
        case recentEvents = "recent_events"
    }

    /// Zeros in every window and no dates: no points yet.
    public static func blank(experienceKey: String, userId: String? = nil) -> Self {
        CurrentExperiencePointsData(
            experienceKey: experienceKey, userId: userId, pointsAllTime: 0, pointsToday: 0, eventsTodayCount: 0,
            pointsThisWeek: 0, pointsLast7Days: 0, pointsThisMonth: 0, pointsLast30Days: 0, pointsThisYear: 0, pointsLast12Months: 0
        )
    }

    /// A copy for `userId`.
    public func updatingUserId(_ userId: String) -> CurrentExperiencePointsData {
        CurrentExperiencePointsData(
            experienceKey: experienceKey, userId: userId, pointsAllTime: pointsAllTime, pointsToday: pointsToday,
            eventsTodayCount: eventsTodayCount, pointsThisWeek: pointsThisWeek, pointsLast7Days: pointsLast7Days,
            pointsThisMonth: pointsThisMonth, pointsLast30Days: pointsLast30Days, pointsThisYear: pointsThisYear,
            pointsLast12Months: pointsLast12Months, dateLastEvent: dateLastEvent, dateCreated: dateCreated,
            dateUpdated: dateUpdated, recentEvents: recentEvents
        )
    }

    /// No window is negative.
    public var isValid: Bool {
        [pointsAllTime, pointsToday, eventsTodayCount].allSatisfy { ($0 ?? 0) >= 0 }
    }

    /// Not calculated in the last hour (or never).
    public var isDataStale: Bool {
        guard let dateUpdated else { return true }
        return Date().timeIntervalSince(dateUpdated) >= 3600
    }

    /// Calendar days from the last event's day to today, in the device's calendar.
    public var daysSinceLastEvent: Int? {
        guard let dateLastEvent else { return nil }
        let calendar = Calendar.current
        return calendar.dateComponents([.day], from: calendar.startOfDay(for: dateLastEvent), to: calendar.startOfDay(for: Date())).day
    }

    /// The start (in `timezone`) of each day with a recent event, ascending. An event's day is
    /// its own zone's day when it has one.
    public func getCalendarDaysWithEvents(timezone: TimeZone = .current) -> [Date] {
        eventDays(fallback: timezone).map { $0.startDate(in: timezone) }
    }

    /// `getCalendarDaysWithEvents` for this week up to today; weeks start on `weekStart`.
    public func getCalendarDaysWithEventsThisWeek(timezone: TimeZone = .current, weekStart: Weekday = .sunday) -> [Date] {
        let today = CalendarDay(containing: Date(), in: timezone)
        let week = ExperienceWindows.weekStart(of: today, startingOn: weekStart)...today
        return eventDays(fallback: timezone).filter(week.contains).map { $0.startDate(in: timezone) }
    }

    private func eventDays(fallback: TimeZone) -> [CalendarDay] {
        Set((recentEvents ?? []).map { $0.day(orIn: fallback) }).sorted()
    }

    /// Parameters for analytics, prefixed `current_xp_`.
    public var eventParameters: [String: Any] {
        var parameters: [String: Any] = [
            "current_xp_experience_id": experienceKey,
            "current_xp_is_data_stale": isDataStale,
        ]
        if let userId { parameters["current_xp_user_id"] = userId }
        if let pointsAllTime { parameters["current_xp_points_all_time"] = pointsAllTime }
        if let pointsToday { parameters["current_xp_points_today"] = pointsToday }
        if let eventsTodayCount { parameters["current_xp_events_today_count"] = eventsTodayCount }
        if let daysSinceLastEvent { parameters["current_xp_days_since_last_event"] = daysSinceLastEvent }
        return parameters
    }
}
