import Foundation

extension CurrentStreakData {
    /// A streak with no events.
    public static func blank(streakKey: String) -> Self {
        CurrentStreakData(
            streakKey: streakKey, currentStreak: 0, longestStreak: 0, totalEvents: 0,
            freezesAvailable: [], freezesAvailableCount: 0, eventsRequiredPerDay: 1, todayEventCount: 0,
            freezesNeededToSaveStreak: 0, calculatedStatus: .noEvents
        )
    }

    public static func mockEmpty(streakKey: String = "workout") -> Self { blank(streakKey: streakKey) }

    public static func mock(
        streakKey: String = "workout",
        userId: String? = "mock_user_123",
        currentStreak: Int = 5,
        longestStreak: Int = 10,
        now: Date = Date(),
        totalEvents: Int = 25,
        freezesAvailableCount: Int = 2,
        eventsRequiredPerDay: Int = 1,
        todayEventCount: Int = 1
    ) -> Self {
        mockRun(
            streakKey: streakKey, userId: userId, currentStreak: currentStreak, longestStreak: longestStreak,
            keptToday: todayEventCount >= eventsRequiredPerDay, now: now, totalEvents: totalEvents,
            freezesAvailableCount: freezesAvailableCount, eventsRequiredPerDay: eventsRequiredPerDay,
            todayEventCount: todayEventCount
        )
    }

    /// Kept today, `currentStreak` days long.
    public static func mockActive(streakKey: String = "workout", currentStreak: Int = 7, now: Date = Date()) -> Self {
        mockRun(
            streakKey: streakKey, currentStreak: currentStreak, longestStreak: max(currentStreak, 10), keptToday: true,
            now: now, totalEvents: currentStreak + 5, freezesAvailableCount: 2, eventsRequiredPerDay: 1, todayEventCount: 1
        )
    }

    /// Kept through yesterday, not yet today.
    public static func mockAtRisk(streakKey: String = "workout", currentStreak: Int = 5, now: Date = Date()) -> Self {
        mockRun(
            streakKey: streakKey, currentStreak: currentStreak, longestStreak: max(currentStreak, 8), keptToday: false,
            now: now, totalEvents: currentStreak + 3, freezesAvailableCount: 1, eventsRequiredPerDay: 1, todayEventCount: 0
        )
    }

    /// A goal streak with `todayEventCount` of `eventsRequiredPerDay` logged today.
    public static func mockGoalBased(
        streakKey: String = "workout",
        currentStreak: Int = 5,
        eventsRequiredPerDay: Int = 3,
        todayEventCount: Int = 1,
        now: Date = Date()
    ) -> Self {
        mockRun(
            streakKey: streakKey, currentStreak: currentStreak, longestStreak: max(currentStreak, 10),
            keptToday: todayEventCount >= eventsRequiredPerDay, now: now,
            totalEvents: currentStreak * eventsRequiredPerDay + todayEventCount, freezesAvailableCount: 1,
            eventsRequiredPerDay: eventsRequiredPerDay, todayEventCount: todayEventCount
        )
    }

    // swiftlint:disable:next function_parameter_count
    private static func mockRun(
        streakKey: String, userId: String? = nil, currentStreak: Int, longestStreak: Int, keptToday: Bool,
        now: Date, totalEvents: Int, freezesAvailableCount: Int, eventsRequiredPerDay: Int, todayEventCount: Int
    ) -> Self {
        let day: TimeInterval = 86_400
        let lastEvent = keptToday ? now : now.addingTimeInterval(-day)
        let firstKept = lastEvent.addingTimeInterval(-Double(max(currentStreak - 1, 0)) * day)
        let freezes = (0..<freezesAvailableCount).map {
            StreakFreeze(id: "mock_freeze_\($0)", dateEarned: now.addingTimeInterval(-Double($0 + 1) * day))
        }
        let status: StreakStatus
        if currentStreak == 0 {
            status = totalEvents == 0 ? .noEvents : .broken(daysSinceLastEvent: 2)
        } else {
            status = keptToday ? .active(daysSinceLastEvent: 0) : .atRisk
        }
        return CurrentStreakData(
            streakKey: streakKey, userId: userId, currentStreak: currentStreak, longestStreak: longestStreak,
            dateLastEvent: totalEvents > 0 ? lastEvent : nil, lastEventTimezone: TimeZone.current.identifier,
            dateStreakStart: currentStreak > 0 ? firstKept : nil, totalEvents: totalEvents,
            freezesAvailable: freezes, freezesAvailableCount: freezesAvailableCount,
            dateCreated: firstKept.addingTimeInterval(-30 * day), dateUpdated: now,
            eventsRequiredPerDay: eventsRequiredPerDay, todayEventCount: todayEventCount,
            dateStreakDeadline: keptToday || currentStreak == 0 ? nil : now.addingTimeInterval(day / 2),
            freezesNeededToSaveStreak: 0, calculatedStatus: status
        )
    }
}
