import Foundation

/// "From the day containing `date`, the goal is `eventsRequiredPerDay`" (and, when set,
/// "the schedule is `schedule`").
///
/// A list of these is a streak's goal schedule: a change applies from the day it was made,
/// and older days keep the goal and schedule they had (rule 8). A change without a
/// schedule keeps the configuration's: stores write the old schedule into every earlier
/// change when the first schedule change is recorded.
public struct StreakGoalChange: Codable, Sendable, Hashable {
    public let date: Date
    public let eventsRequiredPerDay: Int
    public let schedule: StreakSchedule?
    /// The target from `date` on (rule 10); nil keeps the configuration's (for a streak
    /// without a target: at least `eventsRequiredPerDay` events a day).
    public let target: StreakTarget?
    /// The leeway from `date` on (rule 11); nil keeps the configuration's.
    public let leewayHours: Int?

    public init(date: Date, eventsRequiredPerDay: Int, schedule: StreakSchedule? = nil, target: StreakTarget? = nil, leewayHours: Int? = nil) {
        self.date = date
        self.eventsRequiredPerDay = eventsRequiredPerDay
        self.schedule = schedule
        self.target = target
        self.leewayHours = leewayHours
    }

    public enum CodingKeys: String, CodingKey {
        case date
        case eventsRequiredPerDay = "events_required_per_day"
        case schedule
        case target
        case leewayHours = "leeway_hours"
    }

    /// - Throws: `StreakRuleError.invalidGoal`, `.invalidSchedule` or `.dateOutOfRange`.
    public func validate() throws {
        guard StreakValidation.goalRange.contains(eventsRequiredPerDay) else { throw StreakRuleError.invalidGoal(eventsRequiredPerDay) }
        try schedule?.validate()
        try target?.validate()
        if let leewayHours, !StreakValidation.leewayRange.contains(leewayHours) { throw StreakRuleError.invalidLeeway(leewayHours) }
        try StreakValidation.validateDate(date, "goal change date")
    }

    /// This change with `schedule` where it has none.
    public func withSchedule(_ schedule: StreakSchedule) -> StreakGoalChange {
        StreakGoalChange(date: date, eventsRequiredPerDay: eventsRequiredPerDay, schedule: self.schedule ?? schedule, target: target, leewayHours: leewayHours)
    }

    /// This change with `target` where it has none.
    public func withTarget(_ target: StreakTarget?) -> StreakGoalChange {
        StreakGoalChange(date: date, eventsRequiredPerDay: eventsRequiredPerDay, schedule: schedule, target: self.target ?? target, leewayHours: leewayHours)
    }

    /// This change with `hours` as its leeway where it has none.
    public func withLeeway(_ hours: Int) -> StreakGoalChange {
        StreakGoalChange(date: date, eventsRequiredPerDay: eventsRequiredPerDay, schedule: schedule, target: target, leewayHours: leewayHours ?? hours)
    }

    /// Decoding applies `validate()`, so a stored goal schedule is never out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            date: try container.decode(Date.self, forKey: .date),
            eventsRequiredPerDay: try container.decode(Int.self, forKey: .eventsRequiredPerDay),
            schedule: try container.decodeIfPresent(StreakSchedule.self, forKey: .schedule),
            target: try container.decodeIfPresent(StreakTarget.self, forKey: .target),
            leewayHours: try container.decodeIfPresent(Int.self, forKey: .leewayHours)
        )
        try DecodingError.checking(decoder) { try validate() }
    }
}
