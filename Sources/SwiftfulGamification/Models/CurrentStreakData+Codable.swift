import Foundation

extension CurrentStreakData: Codable {
    public enum CodingKeys: String, CodingKey {
        case streakKey = "streak_id"
        case userId = "user_id"
        case currentStreak = "current_streak"
        case longestStreak = "longest_streak"
        case dateLastEvent = "date_last_event"
        case lastEventTimezone = "last_event_timezone"
        case dateStreakStart = "date_streak_start"
        case totalEvents = "total_events"
        case freezesAvailable = "freezes_available"
        case freezesAvailableCount = "freezes_available_count"
        case dateCreated = "date_created"
        case dateUpdated = "date_updated"
        case eventsRequiredPerDay = "events_required_per_day"
        case todayEventCount = "today_event_count"
        case recentEvents = "recent_events"
        case dateStreakDeadline = "date_streak_deadline"
        case freezesNeededToSaveStreak = "freezes_needed_to_save_streak"
        case status
        case daysSinceLastEvent = "days_since_last_event"
        case streakUnit = "streak_unit"
        case todayKind = "today_kind"
        case weekKeptDays = "week_kept_days"
        case weekTarget = "week_target"
        case weekDaysLeft = "week_days_left"
        case unit, target
        case todayAmount = "today_amount"
        case amountLeft = "amount_left"
        case weekAmount = "week_amount"
        case weekAmountTarget = "week_amount_target"
        case isOverLimit = "over_limit"
        case windowKeptDays = "window_kept_days"
        case windowTarget = "window_target"
        case windowDays = "window_days"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var status: StreakStatus?
        if let name = try container.decodeIfPresent(String.self, forKey: .status) {
            let days = try container.decodeIfPresent(Int.self, forKey: .daysSinceLastEvent)
            status = StreakStatus(name: name, daysSinceLastEvent: days)
        }
        self.init(
            streakKey: try container.decode(String.self, forKey: .streakKey),
            userId: try container.decodeIfPresent(String.self, forKey: .userId),
            currentStreak: try container.decodeIfPresent(Int.self, forKey: .currentStreak),
            longestStreak: try container.decodeIfPresent(Int.self, forKey: .longestStreak),
            dateLastEvent: try container.decodeIfPresent(Date.self, forKey: .dateLastEvent),
            lastEventTimezone: try container.decodeIfPresent(String.self, forKey: .lastEventTimezone),
            dateStreakStart: try container.decodeIfPresent(Date.self, forKey: .dateStreakStart),
            totalEvents: try container.decodeIfPresent(Int.self, forKey: .totalEvents),
            freezesAvailable: try container.decodeIfPresent([StreakFreeze].self, forKey: .freezesAvailable),
            freezesAvailableCount: try container.decodeIfPresent(Int.self, forKey: .freezesAvailableCount),
            dateCreated: try container.decodeIfPresent(Date.self, forKey: .dateCreated),
            dateUpdated: try container.decodeIfPresent(Date.self, forKey: .dateUpdated),
            eventsRequiredPerDay: try container.decodeIfPresent(Int.self, forKey: .eventsRequiredPerDay),
            todayEventCount: try container.decodeIfPresent(Int.self, forKey: .todayEventCount),
            recentEvents: try container.decodeIfPresent([StreakEvent].self, forKey: .recentEvents),
            dateStreakDeadline: try container.decodeIfPresent(Date.self, forKey: .dateStreakDeadline),
            freezesNeededToSaveStreak: try container.decodeIfPresent(Int.self, forKey: .freezesNeededToSaveStreak),
            calculatedStatus: status,
            streakUnit: try container.decodeIfPresent(StreakSchedule.Unit.self, forKey: .streakUnit),
            todayKind: try container.decodeIfPresent(StreakDayKind.self, forKey: .todayKind),
            weekKeptDays: try container.decodeIfPresent(Int.self, forKey: .weekKeptDays),
            weekTarget: try container.decodeIfPresent(Int.self, forKey: .weekTarget),
            weekDaysLeft: try container.decodeIfPresent(Int.self, forKey: .weekDaysLeft),
            unit: try container.decodeIfPresent(String.self, forKey: .unit),
            target: try container.decodeIfPresent(StreakTarget.self, forKey: .target),
            todayAmount: try container.decodeIfPresent(Double.self, forKey: .todayAmount),
            amountLeft: try container.decodeIfPresent(Double.self, forKey: .amountLeft),
            weekAmount: try container.decodeIfPresent(Double.self, forKey: .weekAmount),
            weekAmountTarget: try container.decodeIfPresent(Double.self, forKey: .weekAmountTarget),
            isOverLimit: try container.decodeIfPresent(Bool.self, forKey: .isOverLimit),
            windowKeptDays: try container.decodeIfPresent(Int.self, forKey: .windowKeptDays),
            windowTarget: try container.decodeIfPresent(Int.self, forKey: .windowTarget),
            windowDays: try container.decodeIfPresent(Int.self, forKey: .windowDays)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(streakKey, forKey: .streakKey)
        try container.encodeIfPresent(userId, forKey: .userId)
        try container.encodeIfPresent(currentStreak, forKey: .currentStreak)
        try container.encodeIfPresent(longestStreak, forKey: .longestStreak)
        try container.encodeIfPresent(dateLastEvent, forKey: .dateLastEvent)
        try container.encodeIfPresent(lastEventTimezone, forKey: .lastEventTimezone)
        try container.encodeIfPresent(dateStreakStart, forKey: .dateStreakStart)
        try container.encodeIfPresent(totalEvents, forKey: .totalEvents)
        try container.encodeIfPresent(freezesAvailable, forKey: .freezesAvailable)
        try container.encodeIfPresent(freezesAvailableCount, forKey: .freezesAvailableCount)
        try container.encodeIfPresent(dateCreated, forKey: .dateCreated)
        try container.encodeIfPresent(dateUpdated, forKey: .dateUpdated)
        try container.encodeIfPresent(eventsRequiredPerDay, forKey: .eventsRequiredPerDay)
        try container.encodeIfPresent(todayEventCount, forKey: .todayEventCount)
        try container.encodeIfPresent(recentEvents, forKey: .recentEvents)
        try container.encodeIfPresent(dateStreakDeadline, forKey: .dateStreakDeadline)
        try container.encodeIfPresent(freezesNeededToSaveStreak, forKey: .freezesNeededToSaveStreak)
        try container.encodeIfPresent(streakUnit, forKey: .streakUnit)
        try container.encodeIfPresent(todayKind, forKey: .todayKind)
        try container.encodeIfPresent(weekKeptDays, forKey: .weekKeptDays)
        try container.encodeIfPresent(weekTarget, forKey: .weekTarget)
        try container.encodeIfPresent(weekDaysLeft, forKey: .weekDaysLeft)
        try container.encodeIfPresent(unit, forKey: .unit)
        try container.encodeIfPresent(target, forKey: .target)
        try container.encodeIfPresent(todayAmount, forKey: .todayAmount)
        try container.encodeIfPresent(amountLeft, forKey: .amountLeft)
        try container.encodeIfPresent(weekAmount, forKey: .weekAmount)
        try container.encodeIfPresent(weekAmountTarget, forKey: .weekAmountTarget)
        try container.encodeIfPresent(isOverLimit, forKey: .isOverLimit)
        try container.encodeIfPresent(windowKeptDays, forKey: .windowKeptDays)
        try container.encodeIfPresent(windowTarget, forKey: .windowTarget)
        try container.encodeIfPresent(windowDays, forKey: .windowDays)
        if let calculatedStatus {
            try container.encode(calculatedStatus.name, forKey: .status)
            try container.encodeIfPresent(calculatedStatus.daysSinceLastEvent, forKey: .daysSinceLastEvent)
        }
    }
}
