import Foundation

/// The leeway in force on every day (rules 2 and 11): a change applies from the day it was
/// made (in the current zone), and days before it keep what was in force then.
///
/// An event's own day's leeway decides the days it may be credited to, and today's decides
/// whether yesterday is still open; so the day before `day` closes `hours(on: day)` hours
/// into `day`.
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

    /// One leeway for every day.
    public init(hours: Int) {
        base = Self.clamped(hours)
        changes = []
    }

    /// `base` before the first change, each change from its day on (in the order given
    /// among changes of the same day; a change repeating the leeway before it is dropped).
    public init(base: Int, changes: [Change]) {
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
    }

    /// The leeway of a streak with `configuration` and `goalSchedule`, each change's day
    /// taken in `timezone`: a change without a leeway keeps the configuration's, and days
    /// before the first change keep the first change's.
    public init(configuration: StreakConfiguration, goalSchedule: [StreakGoalChange], timezone: TimeZone) {
        let hours = goalSchedule.map { $0.leewayHours ?? configuration.leewayHours }
        guard let first = hours.first, hours.contains(where: { $0 != configuration.leewayHours }) else {
            self.init(hours: configuration.leewayHours)
            return
        }
        self.init(
            base: first,
            changes: zip(goalSchedule, hours).map { Change(day: CalendarDay(containing: $0.date, in: timezone).dayNumber, hours: $1) }
        )
    }

    /// The same leeway every day.
    public var isUniform: Bool { changes.isEmpty }

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

    static func clamped(_ hours: Int) -> Int { min(max(hours, 0), 24) }
}
