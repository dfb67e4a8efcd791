import Foundation

extension StreakEvent {
    public static func mock(
        id: String = UUID().uuidString,
        dateCreated: Date = Date(),
        timezone: String = TimeZone.current.identifier,
        isFreeze: Bool = false,
        freezeId: String? = nil,
        metadata: [String: GamificationDictionaryValue] = ["action": "test"]
    ) -> Self {
        StreakEvent(id: id, dateCreated: dateCreated, timezone: timezone, isFreeze: isFreeze, freezeId: freezeId, metadata: metadata)
    }

    /// An event at `date`.
    public static func mock(
        date: Date,
        timezone: String = TimeZone.current.identifier,
        isFreeze: Bool = false,
        freezeId: String? = nil,
        metadata: [String: GamificationDictionaryValue] = ["action": "test"]
    ) -> Self {
        mock(dateCreated: date, timezone: timezone, isFreeze: isFreeze, freezeId: freezeId, metadata: metadata)
    }

    /// An event `daysAgo` calendar days before `now` (default: the real clock).
    public static func mock(
        daysAgo: Int,
        now: Date = Date(),
        timezone: String = TimeZone.current.identifier,
        metadata: [String: GamificationDictionaryValue] = ["action": "test"]
    ) -> Self {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timezone) ?? .current
        let date = calendar.date(byAdding: .day, value: -daysAgo, to: now) ?? now
        return mock(date: date, timezone: timezone, metadata: metadata)
    }
}
