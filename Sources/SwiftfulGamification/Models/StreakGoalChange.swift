import Foundation

/// "From the day containing `date`, the goal is `eventsRequiredPerDay`."
///
/// A list of these is a streak's goal schedule: a goal change applies from the day it
/// was made, and older days keep the goal they had.
public struct StreakGoalChange: Codable, Sendable, Hashable {
    public let date: Date
    public let eventsRequiredPerDay: Int

    public init(date: Date, eventsRequiredPerDay: Int) {
        self.date = date
        self.eventsRequiredPerDay = eventsRequiredPerDay
    }

    public enum CodingKeys: String, CodingKey {
        case date
        case eventsRequiredPerDay = "events_required_per_day"
    }
}
