import Foundation

/// A streak freeze: earned once, it can bridge one missed day.
public struct StreakFreeze: Identifiable, Sendable, Hashable {
    public let id: String
    /// When it was earned; nil means "before anything else" (it is eligible for every day).
    public let dateEarned: Date?
    /// When it was consumed; nil while unused.
    public let dateUsed: Date?
    /// When it stops being usable; nil means never.
    public let dateExpires: Date?

    public init(id: String = UUID().uuidString, dateEarned: Date? = nil, dateUsed: Date? = nil, dateExpires: Date? = nil) {
        self.id = id
        self.dateEarned = dateEarned
        self.dateUsed = dateUsed
        self.dateExpires = dateExpires
    }

    public var isUsed: Bool { dateUsed != nil }

    /// Whether it has expired at `date`.
    public func isExpired(at date: Date) -> Bool {
        guard let dateExpires else { return false }
        return dateExpires <= date
    }

    /// Unused and unexpired at `date`.
    public func isAvailable(at date: Date) -> Bool {
        !isUsed && !isExpired(at: date)
    }

    /// Upstream's property, against the real clock; prefer `isExpired(at:)`.
    public var isExpired: Bool { isExpired(at: Date()) }

    /// Upstream's property, against the real clock; prefer `isAvailable(at:)`.
    public var isAvailable: Bool { isAvailable(at: Date()) }

    /// This freeze marked used at `date`.
    public func markedUsed(at date: Date) -> StreakFreeze {
        StreakFreeze(id: id, dateEarned: dateEarned, dateUsed: date, dateExpires: dateExpires)
    }

    /// Checks the id and that every date is in `StreakValidation.supportedDates`.
    /// - Throws: `StreakRuleError` naming the first problem found.
    public func validate() throws {
        try StreakValidation.validateIdentifier(id, of: "freeze")
        for (date, what) in [(dateEarned, "freeze's earned date"), (dateUsed, "freeze's used date"), (dateExpires, "freeze's expiry date")] {
            if let date { try StreakValidation.validateDate(date, what) }
        }
    }

    /// True when the id is set and used/expiry dates do not precede the earned date.
    public var isValid: Bool {
        if id.isEmpty { return false }
        if let earned = dateEarned, let used = dateUsed, used < earned { return false }
        if let earned = dateEarned, let expires = dateExpires, expires < earned { return false }
        return true
    }

    /// Parameters for analytics, prefixed `streak_freeze_`.
    public var eventParameters: [String: Any] {
        var parameters: [String: Any] = [
            "streak_freeze_id": id,
            "streak_freeze_is_used": isUsed,
            "streak_freeze_is_expired": isExpired,
            "streak_freeze_is_available": isAvailable,
        ]
        if let dateEarned { parameters["streak_freeze_earned_date"] = dateEarned.timeIntervalSince1970 }
        if let dateUsed { parameters["streak_freeze_used_date"] = dateUsed.timeIntervalSince1970 }
        if let dateExpires { parameters["streak_freeze_expires_date"] = dateExpires.timeIntervalSince1970 }
        return parameters
    }
}

extension StreakFreeze: Codable {
    public enum CodingKeys: String, CodingKey {
        case id
        case dateEarned = "date_earned"
        case dateUsed = "date_used"
        case dateExpires = "date_expires"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        guard !id.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "freeze id is empty")
        }
        self.init(
            id: id,
            dateEarned: try container.decodeIfPresent(Date.self, forKey: .dateEarned),
            dateUsed: try container.decodeIfPresent(Date.self, forKey: .dateUsed),
            dateExpires: try container.decodeIfPresent(Date.self, forKey: .dateExpires)
        )
    }
}

extension StreakFreeze {
    public static func mock(
        id: String = UUID().uuidString,
        dateEarned: Date = Date(),
        dateUsed: Date? = nil,
        dateExpires: Date? = nil
    ) -> Self {
        StreakFreeze(id: id, dateEarned: dateEarned, dateUsed: dateUsed, dateExpires: dateExpires)
    }

    /// Earned a week before `now`, unused, never expires.
    public static func mockUnused(id: String = UUID().uuidString, now: Date = Date()) -> Self {
        StreakFreeze(id: id, dateEarned: now.addingTimeInterval(-7 * 86_400))
    }

    /// Earned ten days before `now`, used three days before.
    public static func mockUsed(id: String = UUID().uuidString, now: Date = Date()) -> Self {
        StreakFreeze(id: id, dateEarned: now.addingTimeInterval(-10 * 86_400), dateUsed: now.addingTimeInterval(-3 * 86_400))
    }

    /// Earned thirty days before `now`, expired the day before.
    public static func mockExpired(id: String = UUID().uuidString, now: Date = Date()) -> Self {
        StreakFreeze(id: id, dateEarned: now.addingTimeInterval(-30 * 86_400), dateExpires: now.addingTimeInterval(-86_400))
    }
}
