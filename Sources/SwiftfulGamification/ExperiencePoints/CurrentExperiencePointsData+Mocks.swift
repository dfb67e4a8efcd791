import Foundation

extension CurrentExperiencePointsData {
    public static func mock(
        experienceKey: String = "main",
        userId: String? = "mock_user_123",
        pointsToday: Int = 150,
        eventsTodayCount: Int = 3,
        dateLastEvent: Date = Date(),
        dateCreated: Date? = Calendar.current.date(byAdding: .month, value: -1, to: Date()),
        dateUpdated: Date = Date()
    ) -> Self {
        CurrentExperiencePointsData(
            experienceKey: experienceKey, userId: userId, pointsToday: pointsToday, eventsTodayCount: eventsTodayCount,
            dateLastEvent: dateLastEvent, dateCreated: dateCreated, dateUpdated: dateUpdated
        )
    }

    public static func mockEmpty(experienceKey: String = "main") -> Self {
        CurrentExperiencePointsData(experienceKey: experienceKey, pointsToday: 0, eventsTodayCount: 0)
    }

    /// Fifty events of 50 points over the last 30 days. (`pointsToday` is upstream's
    /// parameter, unused there too: today's points come from the events.)
    public static func mockActive(experienceKey: String = "main", userId: String? = "mock_user_123", pointsToday: Int = 250) -> Self {
        mock(events: (0..<50).map { ExperiencePointsEvent.mock(daysAgo: $0 % 30, points: 50) }, experienceKey: experienceKey, userId: userId)
    }

    /// `eventCount` events, one a day back from today, of 100, 110, 120... points.
    public static func mockWithRecentEvents(experienceKey: String = "main", userId: String? = "mock_user_123", eventCount: Int = 10) -> Self {
        mock(events: (0..<eventCount).map { ExperiencePointsEvent.mock(daysAgo: $0, points: 100 + $0 * 10) }, experienceKey: experienceKey, userId: userId)
    }

    private static func mock(events: [ExperiencePointsEvent], experienceKey: String, userId: String?) -> Self {
        let today = events.filter { Calendar.current.isDateInToday($0.dateCreated) }
        return CurrentExperiencePointsData(
            experienceKey: experienceKey, userId: userId, pointsAllTime: events.reduce(0) { $0 + $1.points },
            pointsToday: today.reduce(0) { $0 + $1.points }, eventsTodayCount: today.count,
            dateLastEvent: events.map(\.dateCreated).max(), dateCreated: events.map(\.dateCreated).min(),
            dateUpdated: Date(), recentEvents: events
        )
    }
}
