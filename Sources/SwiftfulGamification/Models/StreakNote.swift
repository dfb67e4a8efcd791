import Foundation

/// A person's note on one calendar date of a streak ("knee hurt"), kept or not, like a skip.
public struct StreakNote: Sendable, Hashable, Codable {
    /// The date the note is about (no time, no zone).
    public let day: CalendarDay
    /// Up to `StreakValidation.longestNote` characters, on one line.
    public let text: String

    public init(day: CalendarDay, text: String) {
        self.day = day
        self.text = text
    }

    /// - Throws: `StreakRuleError.invalidNote` or `.controlCharacter`.
    public func validate() throws {
        try StreakValidation.validateNote(text)
    }

    public enum CodingKeys: String, CodingKey {
        case day, text
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .day)
        guard let day = CalendarDay(parsing: text) else {
            throw DecodingError.dataCorruptedError(forKey: .day, in: container, debugDescription: "'\(text)' is not a date (YYYY-MM-DD)")
        }
        self.init(day: day, text: try container.decode(String.self, forKey: .text))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day.description, forKey: .day)
        try container.encode(text, forKey: .text)
    }
}
