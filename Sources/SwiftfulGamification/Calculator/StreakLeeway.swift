import Foundation

/// The leeway in force on every day (rules 2 and 11): a change applies from the day it was
/// made (in the current zone), and days before it keep what was in force then.
///
/// An event's own day's leeway decides the days it may be credited to, and today's decides
/// whether yesterday is still open; so the day before `day` closes `hours(on: day)` hours
/// into `day`.
///
/// Built for a zone (`init(configuration:goalSchedule:timezone:)`), it also says in which
/// zone days close (rule 4a): a history made with it knows when an event logged in another
/// zone arrived, so it settles by the event's instant. Without a zone every event is taken
/// as logged in the zone the calculation runs in.
public struct StreakLeeway: Sendable, Hashable {
    /// A leeway from `day` (a day number) on.
    public struct Change: Sendable, Hashable {
        public let day: Int
        public let hours: Int
    }

    /// The leeway before the first change (and everywhere without changes).
    public let base: Int
    /// Ascending by day, each different from the one before it.
    public let changes: [Change]
    /// The identifier of the zone whose days close (rule 4a), when known.
    public let zone: String?

    /// One leeway for every day.
    public init(hours: Int, zone: String? = nil) {
        base = Self.clamped(hours)
        changes = []
        self.zone = zone
    }

    /// `base` before the first change, each change from its day on (in the order given
    /// among changes of the same day; a change repeating the leeway before it is dropped).
    public init(base: Int, changes: [Change], zone: String? = nil) {
        var kept: [Change] = []
        var current = Self.clamped(base)
        for change in changes.enumerated().sorted(by: { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }).map(\.element) {
            let hours = Self.clamped(change.hours)
            if let last = kept.last, last.day == change.day {
                kept.removeLast()
                current = kept.last?.hours ?? Self.clamped(base)
            }
            guard hours != current else { continue }
            kept.append(Change(day: change.day, hours: hours))
            current = hours
        }
        self.base = Self.clamped(base)
        self.changes = kept
        self.zone = zone
    }

    /// The leeway of a streak with `configuration` and `goalSchedule`, each change's day
    /// taken in `timezone`: a change without a leeway keeps the configuration's, and days
    /// before the first change keep the first change's.
    public init(configuration: StreakConfiguration, goalSchedule: [StreakGoalChange], timezone: TimeZone) {
        let hours = goalSchedule.map { $0.leewayHours ?? configuration.leewayHours }
        guard let first = hours.first, hours.contains(where: { $0 != configuration.leewayHours }) else {
            self.init(hours: configuration.leewayHours, zone: timezone.identifier)
            return
        }
        self.init(
            base: first,
            changes: zip(goalSchedule, hours).map { Change(day: CalendarDay(containing: $0.date, in: timezone).dayNumber, hours: $1) },
            zone: timezone.identifier
        )
    }

    /// The same leeway every day.
    public var isUniform: Bool { changes.isEmpty }

    /// No day has any leeway: every event's window is its own day.
    var isNoneThroughout: Bool { isUniform && base == 0 }

    /// The leeway of the latest change (the one in force from then on).
    public var latest: Int { changes.last?.hours ?? base }

    /// The leeway in force on `day`.
    public func hours(on day: Int) -> Int {
        guard let last = changes.last else { return base }
        if day >= last.day { return last.hours }
        var hours = base
        for change in changes {
            guard change.day <= day else { break }
            hours = change.hours
        }
        return hours
    }

    /// The first day that has not closed before `local` (a wall-clock time in the zone days
    /// close in): a day closes the next day's leeway hours into it (the end of the day after
    /// with a whole day of leeway), and an event logged at that very second takes part.
    func firstDayOpen(at local: LocalTime) -> Int {
        if changes.isEmpty {
            // The day before closes `base` hours into this one; with a whole day, at its end.
            if base == 24 { return local.secondOfDay == 0 ? local.day - 2 : local.day - 1 }
            return local.secondOfDay <= base * 3_600 ? local.day - 1 : local.day
        }
        for day in (local.day - 2)...local.day {
            let hours = self.hours(on: day + 1)
            let closes = hours == 24 ? LocalTime(day: day + 2, secondOfDay: 0) : LocalTime(day: day + 1, secondOfDay: hours * 3_600)
            if (local.day, local.secondOfDay) <= (closes.day, closes.secondOfDay) { return day }
        }
        return local.day
    }

    static func clamped(_ hours: Int) -> Int { min(max(hours, 0), 24) }
}
