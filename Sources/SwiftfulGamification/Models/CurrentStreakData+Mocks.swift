import Foundation

/// Upstream's factories with upstream's parameters and meaning. The ones built from events
/// are calculated by `StreakCalculator` from the events they carry in `recentEvents`, so
/// their numbers agree with each other; `now:` (ours) pins the clock they are built around.
extension CurrentStreakData {
    /// A streak with no events.
    public static func blank(
        streakKey: String,
        userId: String? = nil,
        freezesAvailable: [StreakFreeze]? = nil,
        freezesAvailableCount: Int? = nil,
        dateUpdated: Date? = nil,
        eventsRequiredPerDay: Int? = nil
    ) -> Self {
        CurrentStreakData(
            streakKey: streakKey, userId: userId, currentStreak: 0, longestStreak: 0, totalEvents: 0,
            freezesAvailable: freezesAvailable ?? [], freezesAvailableCount: freezesAvailableCount ?? freezesAvailable?.count ?? 0,
            dateUpdated: dateUpdated, eventsRequiredPerDay: eventsRequiredPerDay ?? 1, todayEventCount: 0,
            freezesNeededToSaveStreak: 0, calculatedStatus: .noEvents
        )
    }

    public static func mockEmpty(streakKey: String = "workout") -> Self { blank(streakKey: streakKey) }

    /// Exactly the values given (no calculation), as upstream's.
    public static func mock(
        streakKey: String = "workout",
        userId: String? = "mock_user_123",
        currentStreak: Int = 5,
        longestStreak: Int = 10,
        dateLastEvent: Date = Date(),
        lastEventTimezone: String = TimeZone.current.identifier,
        dateStreakStart: Date? = Calendar.current.date(byAdding: .day, value: -5, to: Date()),
        totalEvents: Int = 25,
        freezesAvailable: [StreakFreeze]? = nil,
        freezesAvailableCount: Int = 2,
        dateCreated: Date? = Calendar.current.date(byAdding: .month, value: -1, to: Date()),
        dateUpdated: Date = Date(),
        eventsRequiredPerDay: Int = 1,
        todayEventCount: Int = 1,
        recentEvents: [StreakEvent]? = nil
    ) -> Self {
        CurrentStreakData(
            streakKey: streakKey, userId: userId, currentStreak: currentStreak, longestStreak: longestStreak,
            dateLastEvent: dateLastEvent, lastEventTimezone: lastEventTimezone, dateStreakStart: dateStreakStart,
            totalEvents: totalEvents, freezesAvailable: freezesAvailable, freezesAvailableCount: freezesAvailableCount,
            dateCreated: dateCreated, dateUpdated: dateUpdated, eventsRequiredPerDay: eventsRequiredPerDay,
            todayEventCount: todayEventCount, recentEvents: recentEvents
        )
    }

    /// Upstream's "active": one event on each of the `currentStreak` days before today, none
    /// today yet, so the streak is alive and at risk (today's count 0).
    public static func mockActive(
        streakKey: String = "workout",
        userId: String? = "mock_user_123",
        currentStreak: Int = 7,
        freezesAvailableCount: Int = 2,
        now: Date = Date()
    ) -> Self {
        mockRun(streakKey, userId, days: 1...max(1, currentStreak), freezesAvailableCount, now)
    }

    /// Kept through yesterday, not yet today (one freeze available).
    public static func mockAtRisk(
        streakKey: String = "workout",
        userId: String? = "mock_user_123",
        currentStreak: Int = 5,
        now: Date = Date()
    ) -> Self {
        mockActive(streakKey: streakKey, userId: userId, currentStreak: currentStreak, freezesAvailableCount: 1, now: now)
    }

    /// Ours: kept today, `currentStreak` days long.
    public static func mockKeptToday(
        streakKey: String = "workout",
        userId: String? = "mock_user_123",
        currentStreak: Int = 7,
        freezesAvailableCount: Int = 2,
        now: Date = Date()
    ) -> Self {
        mockRun(streakKey, userId, days: 0...max(0, currentStreak - 1), freezesAvailableCount, now)
    }

    /// One event on each day `days` back.
    private static func mockRun(_ streakKey: String, _ userId: String?, days: ClosedRange<Int>, _ freezes: Int, _ now: Date) -> Self {
        mockWithRecentEvents(
            streakKey: streakKey, userId: userId, recentEvents: dailyEvents(daysAgo: days, perDay: 1, now: now),
            freezesAvailableCount: freezes, now: now
        )
    }

    /// The streak `recentEvents` make, calculated (blank when there are none).
    public static func mockWithRecentEvents(
        streakKey: String = "workout",
        userId: String? = "mock_user_123",
        recentEvents: [StreakEvent],
        eventsRequiredPerDay: Int = 1,
        freezesAvailableCount: Int = 2,
        now: Date = Date()
    ) -> Self {
        guard !recentEvents.isEmpty else { return blank(streakKey: streakKey, userId: userId) }
        let freezes = (0..<max(0, freezesAvailableCount)).map {
            StreakFreeze(id: "mock_freeze_\($0)", dateEarned: now.addingTimeInterval(-Double($0 + 1) * 86_400 * 30))
        }
        let configuration = StreakConfiguration(streakKey: streakKey, eventsRequiredPerDay: eventsRequiredPerDay, freezeBehavior: .manuallyConsumeFreezes)
        let streak = StreakCalculator.calculateStreak(
            events: recentEvents, freezes: freezes, configuration: configuration, userId: userId, currentDate: now
        ).streak
        return streak.withRecentEvents(recentEvents)
    }

    /// A goal streak: the goal met on each of the four days before today, `todayEventCount`
    /// of `eventsRequiredPerDay` logged today.
    public static func mockGoalBased(
        streakKey: String = "workout",
        userId: String? = "mock_user_123",
        eventsRequiredPerDay: Int = 3,
        todayEventCount: Int = 1,
        now: Date = Date()
    ) -> Self {
        let earlier = dailyEvents(daysAgo: 1...4, perDay: eventsRequiredPerDay, now: now)
        let today = dailyEvents(daysAgo: 0...0, perDay: todayEventCount, now: now)
        return mockWithRecentEvents(
            streakKey: streakKey, userId: userId, recentEvents: earlier + today, eventsRequiredPerDay: eventsRequiredPerDay, now: now
        )
    }

    /// `perDay` events on each day `daysAgo`, a minute apart, ending at `now`'s time of day
    /// (moved to the day's start when that would leave the day).
    private static func dailyEvents(daysAgo: ClosedRange<Int>, perDay: Int, now: Date) -> [StreakEvent] {
        let zone = TimeZone.current
        let today = CalendarDay(containing: now, in: zone)
        return daysAgo.reversed().flatMap { back -> [StreakEvent] in
            let day = today.adding(days: -back)
            let start = day.startDate(in: zone)
            let anchor = back == 0 ? now : day.date(atTimeOf: now, in: zone)
            return (0..<max(0, perDay)).map { index in
                let date = max(start, anchor.addingTimeInterval(-Double(perDay - 1 - index) * 60))
                return StreakEvent(id: "mock_\(day)_\(index)", dateCreated: date, timezone: zone.identifier, metadata: ["action": "test"])
            }
        }
    }

    private func withRecentEvents(_ events: [StreakEvent]) -> Self {
        CurrentStreakData(
            streakKey: streakKey, userId: userId, currentStreak: currentStreak, longestStreak: longestStreak,
            dateLastEvent: dateLastEvent, lastEventTimezone: lastEventTimezone, dateStreakStart: dateStreakStart,
            totalEvents: totalEvents, freezesAvailable: freezesAvailable, freezesAvailableCount: freezesAvailableCount,
            dateCreated: dateCreated, dateUpdated: dateUpdated, eventsRequiredPerDay: eventsRequiredPerDay,
            todayEventCount: todayEventCount, recentEvents: events, dateStreakDeadline: dateStreakDeadline,
            freezesNeededToSaveStreak: freezesNeededToSaveStreak, calculatedStatus: calculatedStatus
        )
    }
}
