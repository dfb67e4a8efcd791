import Foundation

/// Whether a user's streaks earn experience points, and how many. Kept by the store beside
/// the streaks, so every process and machine earns by the same rules.
public struct StreakPointsSettings: Codable, Sendable, Equatable {
    /// Points are off until turned on.
    public var isOn: Bool
    /// Kept days from this day on earn (the day points were turned on); earlier days are
    /// history and earn nothing unless `earningFrom` says otherwise for their streak.
    public var earningSince: CalendarDay?
    /// Points a kept day earns, unless its streak has its own.
    public var pointsPerDay: Int
    /// A streak's own points per kept day.
    public var pointsPerDayByStreak: [String: Int]
    /// A streak whose history earns from an earlier day (history imported `--with-points`).
    public var earningFrom: [String: CalendarDay]

    public static let defaultPointsPerDay = 10

    public init(
        isOn: Bool = false, earningSince: CalendarDay? = nil, pointsPerDay: Int = Self.defaultPointsPerDay,
        pointsPerDayByStreak: [String: Int] = [:], earningFrom: [String: CalendarDay] = [:]
    ) {
        self.isOn = isOn
        self.earningSince = earningSince
        self.pointsPerDay = pointsPerDay
        self.pointsPerDayByStreak = pointsPerDayByStreak
        self.earningFrom = earningFrom
    }

    enum CodingKeys: String, CodingKey {
        case isOn = "on"
        case earningSince = "earning_since"
        case pointsPerDay = "points_per_day"
        case pointsPerDayByStreak = "points_per_day_by_streak"
        case earningFrom = "earning_from"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isOn = try container.decodeIfPresent(Bool.self, forKey: .isOn) ?? false
        earningSince = try container.decodeIfPresent(String.self, forKey: .earningSince).map { text in
            guard let day = CalendarDay(parsing: text) else {
                throw DecodingError.dataCorruptedError(forKey: .earningSince, in: container, debugDescription: "'\(text)' is not a YYYY-MM-DD date")
            }
            return day
        }
        pointsPerDay = try container.decodeIfPresent(Int.self, forKey: .pointsPerDay) ?? Self.defaultPointsPerDay
        pointsPerDayByStreak = try container.decodeIfPresent([String: Int].self, forKey: .pointsPerDayByStreak) ?? [:]
        earningFrom = try (container.decodeIfPresent([String: String].self, forKey: .earningFrom) ?? [:]).mapValues { text in
            guard let day = CalendarDay(parsing: text) else {
                throw DecodingError.dataCorruptedError(forKey: .earningFrom, in: container, debugDescription: "'\(text)' is not a YYYY-MM-DD date")
            }
            return day
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isOn, forKey: .isOn)
        try container.encodeIfPresent(earningSince?.description, forKey: .earningSince)
        try container.encode(pointsPerDay, forKey: .pointsPerDay)
        if !pointsPerDayByStreak.isEmpty { try container.encode(pointsPerDayByStreak, forKey: .pointsPerDayByStreak) }
        if !earningFrom.isEmpty { try container.encode(earningFrom.mapValues(\.description), forKey: .earningFrom) }
    }

    /// Points a kept day of `streakKey` earns.
    public func pointsPerDay(for streakKey: String) -> Int {
        pointsPerDayByStreak[streakKey] ?? pointsPerDay
    }

    /// The first day of `streakKey` that earns (nil: none, points are off).
    public func firstEarningDay(for streakKey: String) -> CalendarDay? {
        guard isOn, let earningSince else { return nil }
        return earningFrom[streakKey].map { min($0, earningSince) } ?? earningSince
    }
}
