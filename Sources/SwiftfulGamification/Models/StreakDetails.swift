import Foundation

/// The parts of a settings change (`updateSettings`) beyond goal, leeway, freezes and
/// schedule: how a streak is presented (title, group, place among the others) and what it
/// measures (target, unit), and the date a change is in force from. Each is left as it is
/// when nil; an empty title or group removes it.
public struct StreakDetails: Sendable, Hashable, Codable {
    public var title: String?
    public var group: String?
    public var position: Double?
    /// A new target (rule 10): its amount may change from today (or this week); its direction
    /// and period only with `from` at the streak's first day.
    public var target: StreakTarget?
    /// A new unit: only with `from` at the streak's first day.
    public var unit: String?
    /// Rule 11: the start of the day the new goal, schedule and target are in force from,
    /// replacing every change recorded after it (nil: from today).
    public var from: Date?
    /// A limit's start day (rule 10): the first day it judges, moved there (rule 11).
    public var since: CalendarDay?
    /// A tracking-only streak's day value (rule 13); every day reads by it at once.
    public var measure: StreakMeasure?

    public init(
        title: String? = nil, group: String? = nil, position: Double? = nil,
        target: StreakTarget? = nil, unit: String? = nil, from: Date? = nil, measure: StreakMeasure? = nil
    ) {
        self.measure = measure
        self.title = title
        self.group = group
        self.position = position
        self.target = target
        self.unit = unit
        self.from = from
    }

    /// `configuration` with the presentation in these details (title, group, position) and
    /// its day value.
    public func applied(to configuration: StreakConfiguration) -> StreakConfiguration {
        var updated = measure.map(configuration.measured(by:)) ?? configuration
        if let title { updated = updated.titled(title) }
        if group != nil || position != nil {
            updated = updated.placed(group: group ?? updated.group, position: position ?? updated.position)
        }
        return updated
    }

    /// Whether these details change what the streak measures or when a change applies.
    public var changesMeasure: Bool { target != nil || unit != nil || from != nil || since != nil || measure != nil }
}
