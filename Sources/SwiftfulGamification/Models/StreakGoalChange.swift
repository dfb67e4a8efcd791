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

    /// - Throws: `StreakRuleError.invalidGoal` or `.dateOutOfRange`.
    public func validate() throws {
        guard StreakValidation.goalRange.contains(eventsRequiredPerDay) else { throw StreakRuleError.invalidGoal(eventsRequiredPerDay) }
        try StreakValidation.validateDate(date, "goal change date")
    }

    /// Decoding applies `validate()`, so a stored goal schedule is never out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            date: try container.decode(Date.self, forKey: .date),
            eventsRequiredPerDay: try container.decode(Int.self, forKey: .eventsRequiredPerDay)
        )
        do {
            try validate()
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.localizedDescription, underlyingError: error))
        }
    }
}
