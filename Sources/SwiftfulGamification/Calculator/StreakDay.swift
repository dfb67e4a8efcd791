/// One calendar day as the calculator credited it: what a heatmap cell shows.
public struct StreakDay: Sendable, Hashable {
    public enum State: String, Sendable, Hashable, Codable {
        /// Before the first event (or a limit's start day): nothing to keep yet.
        case beforeHistory = "before_history"
        /// Its target met (at least the goal's number of events, or the amount; a closed day
        /// within its limit).
        case kept
        /// Bridged by a freeze (recorded, or consumed by this calculation).
        case frozen
        /// Closed, neither kept nor frozen; or over its limit (rule 10), open or not.
        case gap
        /// Today, or yesterday inside the leeway, not kept yet: it can still change.
        case open
        /// After today.
        case future
        /// Not due under the schedule (rule 8) and not kept.
        case rest
        /// Skipped (rule 9) and not kept.
        case skipped
        /// Tracking only (rule 13): a day with a reading, its day value in `amount`.
        case logged
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
    /// The sum of the amounts credited to the day (rule 10; `eventCount` for events
    /// without amounts).
    public let amount: Double
    /// X of the day's target, for a streak that measures amounts per day (nil otherwise).
    public let targetAmount: Double?
    /// The day's sum is over its limit (rule 10).
    public let isOverLimit: Bool
    /// What a heatmap shades by, 0 through 1 (rule 10): at least, the sum over X (capped at
    /// 1); at most, 1 within the limit and 0 over it; of a weekly target, its week's; for
    /// counted events, `progress`.
    public let fraction: Double

    public init(
        day: CalendarDay, state: State, eventCount: Int, goal: Int, consumedFreezeId: String? = nil, ownEventCount: Int? = nil,
        amount: Double? = nil, targetAmount: Double? = nil, isOverLimit: Bool = false, fraction: Double? = nil
    ) {
        self.day = day
        self.state = state
        self.eventCount = eventCount
        self.goal = goal
        self.consumedFreezeId = consumedFreezeId
        self.ownEventCount = ownEventCount ?? eventCount
        self.amount = amount ?? Double(eventCount)
        self.targetAmount = targetAmount
        self.isOverLimit = isOverLimit
        self.fraction = fraction ?? min(Double(eventCount) / Double(max(goal, 1)), 1)
    }

    /// Events credited here that were logged on a neighbouring day (positive), or logged
    /// here and credited to a neighbour (negative): what the leeway moved.
    public var movedByLeeway: Int { eventCount - ownEventCount }

    /// Progress toward the goal, 0 through 1.
    public var progress: Double { min(Double(eventCount) / Double(max(goal, 1)), 1) }
}

/// One week of a weekly streak (rule 8's week unit), or one month of a monthly one (rule 12),
/// as the calculator judged it.
public struct StreakWeek: Sendable, Hashable, Codable {
    public enum State: String, Sendable, Hashable, Codable {
        case kept
        /// Skipped whole, or covered by a freeze: the run goes on, the week adds nothing.
        case bridged
        /// Missed, or over its limit (rule 10).
        case gap
        /// The current week (or the last one, while yesterday is open), not kept yet.
        case open
    }

    /// The week's first day (the streak's week start), or the month's.
    public let start: CalendarDay
    /// The last day: six days after `start`, or the month's last.
    public let end: CalendarDay
    public let state: State
    public let keptDays: Int
    /// T_w: the days the week needed (T, lowered by its skipped days); 0 for a weekly amount.
    public let target: Int
    /// A weekly target's sum of the amounts credited to the week's days (nil otherwise).
    public let amount: Double?
    /// X_w: what the week needed (X lowered by its skipped days, rounded up to 0.001), or a
    /// limit's X (nil when the week is not judged by an amount).
    public let targetAmount: Double?
    /// The week is judged by a limit (at most X a week).
    public let isLimit: Bool

    public init(
        start: CalendarDay, end: CalendarDay? = nil, state: State, keptDays: Int, target: Int, amount: Double? = nil, targetAmount: Double? = nil,
        isLimit: Bool = false
    ) {
        self.start = start
        self.end = end ?? start.adding(days: 6)
        self.state = state
        self.keptDays = keptDays
        self.target = target
        self.amount = amount
        self.targetAmount = targetAmount
        self.isLimit = isLimit
    }

    /// From thousandths.
    init(start: CalendarDay, end: CalendarDay, state: State, keptDays: Int, target: Int, amount: Int64?, targetAmount: Int64?, isLimit: Bool = false) {
        self.init(
            start: start, end: end, state: state, keptDays: keptDays, target: target,
            amount: amount.map(StreakAmount.value(thousandths:)), targetAmount: targetAmount.map(StreakAmount.value(thousandths:)), isLimit: isLimit
        )
    }

    func with(state: State) -> StreakWeek {
        StreakWeek(start: start, end: end, state: state, keptDays: keptDays, target: target, amount: amount, targetAmount: targetAmount, isLimit: isLimit)
    }

    /// The sum passed the week's limit.
    /// A calendar month (rule 12) rather than a week.
    public var isMonth: Bool { end.dayNumber - start.dayNumber != 6 }

    /// The unit's days: 7, or 28 to 31.
    public var length: Int { end.dayNumber - start.dayNumber + 1 }

    /// The sum passed the week's limit.
    public var isOverLimit: Bool { isLimit && (amount ?? 0) > (targetAmount ?? .infinity) }

    /// The week's fraction (rule 10): at least, the sum over X_w (capped at 1); at most, 1
    /// within the limit and 0 over it; else kept days over the target.
    public var fraction: Double {
        if isLimit { return isOverLimit ? 0 : 1 }
        if let amount, let targetAmount { return targetAmount > 0 ? min(amount / targetAmount, 1) : 1 }
        return target > 0 ? min(Double(keptDays) / Double(target), 1) : 1
    }

    /// The keys Swift gave the week before amounts, so that stored weeks still decode.
    public enum CodingKeys: String, CodingKey {
        case start, end, state, keptDays, target, amount, targetAmount, isLimit
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            start: try container.decode(CalendarDay.self, forKey: .start), end: try container.decodeIfPresent(CalendarDay.self, forKey: .end),
            state: try container.decode(State.self, forKey: .state),
            keptDays: try container.decode(Int.self, forKey: .keptDays), target: try container.decode(Int.self, forKey: .target),
            amount: try container.decodeIfPresent(Double.self, forKey: .amount),
            targetAmount: try container.decodeIfPresent(Double.self, forKey: .targetAmount),
            isLimit: try container.decodeIfPresent(Bool.self, forKey: .isLimit) ?? false
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        // A week's end goes without saying (files written before months read the same).
        if isMonth { try container.encode(end, forKey: .end) }
        try container.encode(state, forKey: .state)
        try container.encode(keptDays, forKey: .keptDays)
        try container.encode(target, forKey: .target)
        try container.encodeIfPresent(amount, forKey: .amount)
        try container.encodeIfPresent(targetAmount, forKey: .targetAmount)
        if isLimit { try container.encode(isLimit, forKey: .isLimit) }
    }
}
