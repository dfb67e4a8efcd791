/// One calendar day as the calculator credited it: what a heatmap cell shows.
public struct StreakDay: Sendable, Hashable {
    public enum State: String, Sendable, Hashable, Codable {
        /// Before the first event: nothing to keep yet.
        case beforeHistory = "before_history"
        /// At least the goal's number of events credited.
        case kept
        /// Bridged by a freeze (recorded, or consumed by this calculation).
        case frozen
        /// Closed, neither kept nor frozen.
        case gap
        /// Today, or yesterday inside the leeway, not kept yet: it can still change.
        case open
        /// After today.
        case future
        /// Not due under the schedule (rule 8) and not kept.
        case rest
        /// Skipped (rule 9) and not kept.
        case skipped
    }

    public let day: CalendarDay
    public let state: State
    /// Regular events credited to the day.
    public let eventCount: Int
    /// The day's goal.
    public let goal: Int
    /// The freeze this calculation consumed for the day, if any.
    public let consumedFreezeId: String?
    /// Regular events logged on this day in their own zones, wherever the leeway credited
    /// them (`eventCount` counts those credited here).
    public let ownEventCount: Int

    public init(day: CalendarDay, state: State, eventCount: Int, goal: Int, consumedFreezeId: String? = nil, ownEventCount: Int? = nil) {
        self.day = day
        self.state = state
        self.eventCount = eventCount
        self.goal = goal
        self.consumedFreezeId = consumedFreezeId
        self.ownEventCount = ownEventCount ?? eventCount
    }

    /// Events credited here that were logged on a neighbouring day (positive), or logged
    /// here and credited to a neighbour (negative): what the leeway moved.
    public var movedByLeeway: Int { eventCount - ownEventCount }

    /// Progress toward the goal, 0 through 1.
    public var progress: Double { min(Double(eventCount) / Double(max(goal, 1)), 1) }
}

/// One week of a weekly streak (rule 8's week unit), as the calculator judged it.
public struct StreakWeek: Sendable, Hashable, Codable {
    public enum State: String, Sendable, Hashable, Codable {
        case kept
        /// Skipped whole, or covered by a freeze: the run goes on, the week adds nothing.
        case bridged
        case gap
        /// The current week (or the last one, while yesterday is open), not kept yet.
        case open
    }

    /// The week's first day (the streak's week start).
    public let start: CalendarDay
    public let state: State
    public let keptDays: Int
    /// T_w: the days the week needed (T, lowered by its skipped days).
    public let target: Int

    public init(start: CalendarDay, state: State, keptDays: Int, target: Int) {
        self.start = start
        self.state = state
        self.keptDays = keptDays
        self.target = target
    }
}
