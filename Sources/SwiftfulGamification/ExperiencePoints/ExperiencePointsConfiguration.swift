import Foundation

/// Which points an `ExperiencePointsManager` keeps, and how its windows are counted.
public struct ExperiencePointsConfiguration: Sendable, Equatable {
    /// The points' key: letters, digits and `_` (checked at init, as upstream).
    public let experienceKey: String
    /// The provider calculates (its result arrives through the stream) instead of the device.
    public let useServerCalculation: Bool
    /// The day `pointsThisWeek` starts on. Sunday (upstream's, whatever the locale) by default.
    public let weekStart: Weekday

    public init(experienceKey: String, useServerCalculation: Bool = false, weekStart: Weekday = .sunday) {
        precondition(
            experienceKey == experienceKey.sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters(),
            "experienceKey must be sanitized (no whitespace, no special characters)"
        )
        self.experienceKey = experienceKey
        self.useServerCalculation = useServerCalculation
        self.weekStart = weekStart
    }

    public static func mock(experienceKey: String = "main", useServerCalculation: Bool = false) -> Self {
        ExperiencePointsConfiguration(experienceKey: experienceKey, useServerCalculation: useServerCalculation)
    }

    public static func mockDefault(experienceKey: String = "main") -> Self {
        ExperiencePointsConfiguration(experienceKey: experienceKey, useServerCalculation: false)
    }

    public static func mockServerCalculation(experienceKey: String = "main") -> Self {
        ExperiencePointsConfiguration(experienceKey: experienceKey, useServerCalculation: true)
    }
}

extension ExperiencePointsConfiguration: Codable {
    public enum CodingKeys: String, CodingKey {
        case experienceKey = "experience_id"
        case useServerCalculation = "use_server_calculation"
        case weekStart = "week_start"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        experienceKey = try container.decode(String.self, forKey: .experienceKey)
        useServerCalculation = try container.decode(Bool.self, forKey: .useServerCalculation)
        weekStart = try container.decodeIfPresent(Weekday.self, forKey: .weekStart) ?? .sunday
    }

    /// Upstream's two keys; `week_start` only when it is not Sunday, so upstream reads ours.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(experienceKey, forKey: .experienceKey)
        try container.encode(useServerCalculation, forKey: .useServerCalculation)
        if weekStart != .sunday { try container.encode(weekStart, forKey: .weekStart) }
    }
}
