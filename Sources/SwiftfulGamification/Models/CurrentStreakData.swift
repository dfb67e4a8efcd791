import Foundation
import GamificationSupport

/// A streak as calculated at one moment: what screens show and what providers cache.
///
/// Every field but the key is optional so that data written by any older version decodes.
public struct CurrentStreakData: Identifiable, Sendable, Hashable {
    public var id: String { streakKey }

    public let streakKey: String
    public let userId: String?
    public let currentStreak: Int?
    public let longestStreak: Int?
    /// The latest regular event.
    public let dateLastEvent: Date?
    public let lastEventTimezone: String?
    /// Start of the first kept day of the current run (nil when the streak is 0).
    public let dateStreakStart: Date?
    /// Regular events only.
    public let totalEvents: Int?
    /// Unused, unexpired freezes, oldest earned first.
    public let freezesAvailable: [StreakFreeze]?
    public let freezesAvailableCount: Int?
    /// The first regular event.
    public let dateCreated: Date?
    /// When this was calculated.
    public let dateUpdated: Date?
    /// Today's goal.
    public let eventsRequiredPerDay: Int?
    public let todayEventCount: Int?
    /// Events of the last 60 days (at most the latest 200), oldest first, for small calendars.
    public let recentEvents: [StreakEvent]?
    /// When the streak breaks if nothing more is logged (nil when today is kept or the streak is 0).
    public let dateStreakDeadline: Date?
    /// Manual mode: freezes that would bridge the missed days and restore the streak.
    public let freezesNeededToSaveStreak: Int?
    /// The status the calculator found; `status` falls back to an estimate without it.
    public let calculatedStatus: StreakStatus?
    /// What the streak counts (rule 8): days, or weeks for a `timesPerWeek` schedule.
    public let streakUnit: StreakSchedule.Unit?
    /// What today is: due, a rest day (rule 8) or skipped (rule 9).
    public let todayKind: StreakDayKind?
    /// A weekly streak's current week (rule 8): days kept so far, the days it needs (T_w),
    /// and the days after today still to come that are not skipped.
    public let weekKeptDays: Int?
    public let weekTarget: Int?
    public let weekDaysLeft: Int?
    /// What amounts count ("km"); nil for counted events (rule 10).
    public let unit: String?
    /// The target in force today, for a streak that measures amounts or has a limit.
    public let target: StreakTarget?
    /// The sum of the amounts credited to today.
    public let todayAmount: Double?
    /// At least: what is still missing to reach the target of today (or of the week, for a
    /// weekly target); at most: what is left under the limit (0 when over).
    public let amountLeft: Double?
    /// A weekly target's week so far: the sum of the amounts credited to its days.
    public let weekAmount: Double?
    /// A weekly amount's target for the current week (rule 10: scaled down for its skipped days).
    public let weekAmountTarget: Double?
    /// A limit: today (or this week) went over it.
    public let isOverLimit: Bool?
    /// A rolling streak (rule 12): the kept or frozen days of the window that ends today
    /// (today's own once kept), the days it needs (X) and its length (Y).
    public let windowKeptDays: Int?
    public let windowTarget: Int?
    public let windowDays: Int?

    public init(
        streakKey: String,
        userId: String? = nil,
        currentStreak: Int? = nil,
        longestStreak: Int? = nil,
        dateLastEvent: Date? = nil,
        lastEventTimezone: String? = nil,
        dateStreakStart: Date? = nil,
        totalEvents: Int? = nil,
        freezesAvailable: [StreakFreeze]? = nil,
        freezesAvailableCount: Int? = nil,
        dateCreated: Date? = nil,
        dateUpdated: Date? = nil,
        eventsRequiredPerDay: Int? = nil,
        todayEventCount: Int? = nil,
        recentEvents: [StreakEvent]? = nil,
        dateStreakDeadline: Date? = nil,
        freezesNeededToSaveStreak: Int? = nil,
        calculatedStatus: StreakStatus? = nil,
        streakUnit: StreakSchedule.Unit? = nil,
        todayKind: StreakDayKind? = nil,
        weekKeptDays: Int? = nil,
        weekTarget: Int? = nil,
        weekDaysLeft: Int? = nil,
        unit: String? = nil,
        target: StreakTarget? = nil,
        todayAmount: Double? = nil,
        amountLeft: Double? = nil,
        weekAmount: Double? = nil,
        weekAmountTarget: Double? = nil,
        isOverLimit: Bool? = nil,
        windowKeptDays: Int? = nil,
        windowTarget: Int? = nil,
        windowDays: Int? = nil
    ) {
        self.streakKey = streakKey
        self.userId = userId
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.dateLastEvent = dateLastEvent
        self.lastEventTimezone = lastEventTimezone
        self.dateStreakStart = dateStreakStart
        self.totalEvents = totalEvents
        self.freezesAvailable = freezesAvailable
        self.freezesAvailableCount = freezesAvailableCount
        self.dateCreated = dateCreated
        self.dateUpdated = dateUpdated
        self.eventsRequiredPerDay = eventsRequiredPerDay
        self.todayEventCount = todayEventCount
        self.recentEvents = recentEvents
        self.dateStreakDeadline = dateStreakDeadline
        self.freezesNeededToSaveStreak = freezesNeededToSaveStreak
        self.calculatedStatus = calculatedStatus
        self.streakUnit = streakUnit
        self.todayKind = todayKind
        self.weekKeptDays = weekKeptDays
        self.weekTarget = weekTarget
        self.weekDaysLeft = weekDaysLeft
        self.unit = unit
        self.target = target
        self.todayAmount = todayAmount
        self.amountLeft = amountLeft
        self.weekAmount = weekAmount
        self.weekAmountTarget = weekAmountTarget
        self.isOverLimit = isOverLimit
        self.windowKeptDays = windowKeptDays
        self.windowTarget = windowTarget
        self.windowDays = windowDays
    }

    /// Whether today is due: false on a rest day (rule 8) or a skipped one (rule 9).
    public var isTodayDue: Bool? { todayKind.map { $0 == .due } }

    /// The calculated status; for data from a provider that does not store one, an estimate
    /// from the counts (it cannot know how many days have passed).
    public var status: StreakStatus {
        if let calculatedStatus { return calculatedStatus }
        if dateLastEvent == nil && (totalEvents ?? 0) == 0 { return .noEvents }
        if (currentStreak ?? 0) > 0 { return isGoalMet ? .active(daysSinceLastEvent: 0) : .atRisk }
        return .broken(daysSinceLastEvent: 0)
    }

    /// Kept today, at risk, or extendable with the leeway.
    public var isStreakActive: Bool { status.isActive }

    /// Today (or yesterday, in the grace period) still has to be kept.
    public var isStreakAtRisk: Bool { status.needsAction }

    /// Days from the last kept day to today, for the `active` and `broken` statuses.
    public var daysSinceLastEvent: Int? { status.daysSinceLastEvent }

    /// Whole calendar days in `timeZone` from the day of the last event to `now`'s day (0 when
    /// an event was logged today), in every status; nil when there is no event. The status's
    /// own count above is upstream's and, for a broken streak, counts from the last kept day.
    public func daysSinceLastEvent(now: Date, timeZone: TimeZone) -> Int? {
        guard let dateLastEvent else { return nil }
        return max(0, CalendarDay(containing: dateLastEvent, in: timeZone).days(to: CalendarDay(containing: now, in: timeZone)))
    }

    /// True when nothing needs saving, or when enough freezes are available to save it.
    public var canStreakBeSaved: Bool {
        let needed = freezesNeededToSaveStreak ?? 0
        return needed == 0 || (freezesAvailableCount ?? 0) >= needed
    }

    public var applyManualStreakFreezeStatus: ApplyManualStreakFreezeStatus {
        let needed = freezesNeededToSaveStreak ?? 0
        guard needed > 0, (freezesAvailableCount ?? 0) >= needed else { return .cannotSaveStreakWithFreezes }
        return .canSaveStreakWithFreezes(count: needed)
    }

    /// Freezes are needed and enough are available.
    public var shouldPromptFreezeUsage: Bool {
        if case .canSaveStreakWithFreezes = applyManualStreakFreezeStatus { return true }
        return false
    }

    /// Today's goal is met: at least the goal's events, or the target's amount today (this
    /// week, for a weekly target); within the limit, for a limit (rule 10). Never for
    /// tracking only, which has no goal.
    public var isGoalMet: Bool {
        switch target {
        case .trackingOnly?:
            return false
        case .atMost?:
            return !(isOverLimit ?? false)
        case .atLeast?:
            if let amountLeft { return amountLeft <= 0 }
        case nil:
            if let todayAmount { return todayAmount >= Double(max(1, eventsRequiredPerDay ?? 1)) }
        }
        return (todayEventCount ?? 0) >= max(1, eventsRequiredPerDay ?? 1)
    }

    /// Today's progress toward the goal, 0 through 1: the amount so far over the target (of
    /// the week, for a weekly target); for a limit 1 within it and 0 over it (rule 10's
    /// fraction); 0 for tracking only.
    public var goalProgress: Double {
        switch target {
        case .trackingOnly?:
            return 0
        case .atMost?:
            return (isOverLimit ?? false) ? 0 : 1
        case .atLeast(_, let per)?:
            let sum = (per == .week ? weekAmount : todayAmount) ?? 0
            if let amountLeft { return amountLeft <= 0 ? 1 : min(max(sum / (sum + amountLeft), 0), 1) }
        case nil:
            if let todayAmount { return min(max(todayAmount / Double(max(1, eventsRequiredPerDay ?? 1)), 0), 1) }
        }
        return min(Double(todayEventCount ?? 0) / Double(max(1, eventsRequiredPerDay ?? 1)), 1)
    }

    /// Not recalculated for an hour or more before `now`.
    public func isDataStale(now: Date) -> Bool {
        guard let dateUpdated else { return true }
        return now.timeIntervalSince(dateUpdated) >= 3_600
    }

    /// Upstream's property, against the real clock; prefer `isDataStale(now:)`.
    public var isDataStale: Bool { isDataStale(now: Date()) }

    /// Counts are non-negative, the goal is at least 1, longest >= current, the zone exists.
    public var isValid: Bool {
        let counts = [currentStreak, longestStreak, totalEvents, freezesAvailableCount, todayEventCount, freezesNeededToSaveStreak]
        if counts.contains(where: { ($0 ?? 0) < 0 }) { return false }
        if let goal = eventsRequiredPerDay, goal < 1 { return false }
        if let current = currentStreak, let longest = longestStreak, longest < current { return false }
        if let zone = lastEventTimezone, TimeZone(identifier: zone) == nil { return false }
        return true
    }

    /// Every date lies in `StreakValidation.supportedDates` and `isValid` holds: data a
    /// cache may hand to a screen without it doing arithmetic on absurd values.
    package var datesAreSupported: Bool {
        let dates = [dateLastEvent, dateStreakStart, dateCreated, dateUpdated, dateStreakDeadline].compactMap { $0 }
            + (recentEvents ?? []).map(\.dateCreated)
        return isValid && dates.allSatisfy(StreakValidation.supportedDates.contains)
    }

    /// This data for another user.
    public func updatingUserId(_ userId: String?) -> CurrentStreakData {
        copy(userId: userId, dateUpdated: dateUpdated)
    }

    /// Equal in everything but `dateUpdated` (when it was calculated).
    public func isSameStreak(as other: CurrentStreakData) -> Bool {
        copy(userId: userId, dateUpdated: nil) == other.copy(userId: other.userId, dateUpdated: nil)
    }

    private func copy(userId: String?, dateUpdated: Date?) -> CurrentStreakData {
        CurrentStreakData(
            streakKey: streakKey, userId: userId, currentStreak: currentStreak, longestStreak: longestStreak,
            dateLastEvent: dateLastEvent, lastEventTimezone: lastEventTimezone, dateStreakStart: dateStreakStart,
            totalEvents: totalEvents, freezesAvailable: freezesAvailable, freezesAvailableCount: freezesAvailableCount,
            dateCreated: dateCreated, dateUpdated: dateUpdated, eventsRequiredPerDay: eventsRequiredPerDay,
            todayEventCount: todayEventCount, recentEvents: recentEvents, dateStreakDeadline: dateStreakDeadline,
            freezesNeededToSaveStreak: freezesNeededToSaveStreak, calculatedStatus: calculatedStatus,
            streakUnit: streakUnit, todayKind: todayKind, weekKeptDays: weekKeptDays, weekTarget: weekTarget, weekDaysLeft: weekDaysLeft,
            unit: unit, target: target, todayAmount: todayAmount, amountLeft: amountLeft, weekAmount: weekAmount, weekAmountTarget: weekAmountTarget, isOverLimit: isOverLimit,
            windowKeptDays: windowKeptDays, windowTarget: windowTarget, windowDays: windowDays
        )
    }

    /// Parameters for analytics, prefixed `current_streak_`.
    public var eventParameters: [String: Any] {
        var parameters: [String: Any] = [
            "current_streak_streak_id": streakKey,
            "current_streak_status": status.name,
            "current_streak_is_streak_active": isStreakActive,
            "current_streak_is_goal_met": isGoalMet,
            "current_streak_goal_progress": goalProgress,
        ]
        let optionalValues: [(String, Any?)] = [
            ("user_id", userId),
            ("current_streak", currentStreak),
            ("longest_streak", longestStreak),
            ("total_events", totalEvents),
            ("freezes_available_count", freezesAvailableCount),
            ("freezes_needed_to_save_streak", freezesNeededToSaveStreak),
            ("events_required_per_day", eventsRequiredPerDay),
            ("today_event_count", todayEventCount),
            ("date_last_event", dateLastEvent?.timeIntervalSince1970),
            ("date_streak_start", dateStreakStart?.timeIntervalSince1970),
            ("date_streak_deadline", dateStreakDeadline?.timeIntervalSince1970),
        ]
        for case let (name, value?) in optionalValues {
            parameters["current_streak_\(name)"] = value
        }
        return parameters
    }
}

extension CurrentStreakData {
    /// "a 12-day streak, 340 events", "no current streak, 1 event": what deleting it would
    /// lose, as every screen asks it.
    public var lengthText: String {
        let current = currentStreak ?? 0
        let events = totalEvents ?? 0
        let counted = "\(counted(events, "event"))"
        guard current > 0 else { return "no current streak, \(counted)" }
        return "a \(current)-\((streakUnit ?? .day).rawValue) streak, \(counted)"
    }
}
