import Foundation

/// Points earned once, at a moment, with what they were for.
public struct ExperiencePointsEvent: Identifiable, Sendable, Equatable {
    public let id: String
    public let dateCreated: Date
    public let points: Int
    public let metadata: [String: GamificationDictionaryValue]
    /// The IANA zone it was earned in: its calendar day (for today, this week, this month and
    /// this year) is taken there, wherever the user is later. Nil for events written without
    /// one (upstream's), whose day is taken in the zone of the calculation.
    public let timezone: String?

    public init(
        id: String = UUID().uuidString,
        dateCreated: Date = Date(),
        points: Int,
        metadata: [String: GamificationDictionaryValue] = [:],
        timezone: String? = TimeZone.current.identifier
    ) {
        self.id = id
        self.dateCreated = dateCreated
        self.points = points
        self.metadata = metadata
        self.timezone = timezone
    }

    /// The calendar day it was earned on: in its own zone, else in `fallback`.
    public func day(orIn fallback: TimeZone) -> CalendarDay {
        CalendarDay(containing: dateCreated, in: timezone.flatMap(TimeZone.init(identifier:)) ?? fallback)
    }

    public var isValid: Bool { isIdValid && isTimestampValid && isMetadataValid && isPointsValid }
    public var isIdValid: Bool { !id.isEmpty }
    public var isPointsValid: Bool { points >= 0 }

    /// Not after now and not more than a year back (upstream's rule, on the real clock).
    public var isTimestampValid: Bool {
        let now = Date()
        let yearAgo = Calendar.current.date(byAdding: .year, value: -1, to: now) ?? now
        return dateCreated <= now && dateCreated >= yearAgo
    }

    /// Every metadata key is letters, digits or underscores (safe as a database field name).
    public var isMetadataValid: Bool {
        StreakValidation.isValidMetadata(metadata)
    }

    /// Parameters for analytics, prefixed `xp_event_`.
    public var eventParameters: [String: Any] {
        var parameters: [String: Any] = [
            "xp_event_id": id,
            "xp_event_timestamp": dateCreated.timeIntervalSince1970,
            "xp_event_points": points,
            "xp_event_metadata_count": metadata.count,
        ]
        if let timezone { parameters["xp_event_timezone"] = timezone }
        for (key, value) in metadata {
            parameters["xp_event_metadata_\(key)"] = value.anyValue
        }
        return parameters
    }
}

extension ExperiencePointsEvent: Codable {
    public enum CodingKeys: String, CodingKey {
        case id
        case dateCreated = "date_created"
        case points
        case metadata
        case timezone
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            dateCreated: try container.decode(Date.self, forKey: .dateCreated),
            points: try container.decode(Int.self, forKey: .points),
            // Optional in a change sent by a script (docs/CHANGES.md); always written.
            metadata: try container.decodeIfPresent([String: GamificationDictionaryValue].self, forKey: .metadata) ?? [:],
            timezone: try container.decodeIfPresent(String.self, forKey: .timezone)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(dateCreated, forKey: .dateCreated)
        try container.encode(points, forKey: .points)
        try container.encode(metadata, forKey: .metadata)
        try container.encodeIfPresent(timezone, forKey: .timezone)
    }
}

extension ExperiencePointsEvent {
    public static func mock(
        id: String = UUID().uuidString,
        dateCreated: Date = Date(),
        points: Int = 100,
        metadata: [String: GamificationDictionaryValue] = ["source": "test"]
    ) -> Self {
        ExperiencePointsEvent(id: id, dateCreated: dateCreated, points: points, metadata: metadata)
    }

    public static func mock(date: Date, points: Int = 100, metadata: [String: GamificationDictionaryValue] = ["source": "test"]) -> Self {
        mock(dateCreated: date, points: points, metadata: metadata)
    }

    public static func mock(daysAgo: Int, points: Int = 100, metadata: [String: GamificationDictionaryValue] = ["source": "test"]) -> Self {
        mock(dateCreated: Calendar.current.date(byAdding: .day, value: -daysAgo, to: Date()) ?? Date(), points: points, metadata: metadata)
    }
}
