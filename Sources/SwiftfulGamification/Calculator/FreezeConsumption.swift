import Foundation

/// A freeze the calculator consumed (or `useStreakFreezes` will consume) to bridge one day.
/// The caller records it: the freeze's `dateUsed`, and `freezeEvent` on the bridged day.
public struct FreezeConsumption: Sendable, Hashable, Codable {
    public let freezeId: String
    /// Noon of the bridged day in `timezone`.
    public let date: Date
    /// The bridged day.
    public let day: CalendarDay
    /// The zone the day was taken in (the calculation's current zone).
    public let timezone: String

    public init(freezeId: String, date: Date, day: CalendarDay, timezone: String) {
        self.freezeId = freezeId
        self.date = date
        self.day = day
        self.timezone = timezone
    }

    /// The freeze event that records the bridged day; its id is derived from the freeze's,
    /// so recording the same consumption twice stores one event.
    public var freezeEvent: StreakEvent {
        StreakEvent(id: "freeze_\(freezeId)", dateCreated: date, timezone: timezone, isFreeze: true, freezeId: freezeId)
    }

    public enum CodingKeys: String, CodingKey {
        case freezeId = "freeze_id"
        case date
        case day
        case timezone
    }
}
