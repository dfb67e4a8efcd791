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
