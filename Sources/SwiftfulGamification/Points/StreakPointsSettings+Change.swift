import Foundation

extension StreakPointsSettings {
    /// One change of the settings, applied to whatever the store holds when it is written
    /// (under the store's lock or row lock), so two processes changing different things at
    /// once both keep theirs, and a change queued offline lands on the server's settings as
    /// they are then. Each is safe to apply twice.
    public enum Change: Codable, Sendable, Equatable {
        /// On, earning from the first day points were ever on (or `since`, the first time).
        case turnOn(since: CalendarDay)
        case turnOff
        case pointsPerDay(Int)
        case streakPointsPerDay(streakKey: String, points: Int)
        /// The streak's history earns from `day` (or the earlier day it already had).
        case earnFrom(streakKey: String, day: CalendarDay)
        /// The streak's own settings follow it to its new key (a rename, a restore as another).
        case moveStreak(from: String, to: String)
    }

    /// These settings with `changes` applied in order.
    public func applying(_ changes: [Change]) -> StreakPointsSettings {
        var settings = self
        for change in changes {
            switch change {
            case .turnOn(let since):
                settings.isOn = true
                settings.earningSince = settings.earningSince ?? since
            case .turnOff:
                settings.isOn = false
            case .pointsPerDay(let points):
                settings.pointsPerDay = points
            case .streakPointsPerDay(let key, let points):
                settings.pointsPerDayByStreak[key] = points
            case .earnFrom(let key, let day):
                settings.earningFrom[key] = min(day, settings.earningFrom[key] ?? day)
            case .moveStreak(let old, let new):
                guard old != new else { continue }
                if let perDay = settings.pointsPerDayByStreak.removeValue(forKey: old) { settings.pointsPerDayByStreak[new] = perDay }
                if let from = settings.earningFrom.removeValue(forKey: old) { settings.earningFrom[new] = from }
            }
        }
        return settings
    }
}
