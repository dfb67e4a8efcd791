import Foundation
import SwiftfulGamification

/// The way most apps count a daily streak (goal 1, no leeway): each event's day by
/// `Calendar.startOfDay` in the event's zone, then a day-by-day walk back from today.
enum Baseline {
    static func streak(events: [StreakEvent], now: Date, zone: TimeZone) -> (current: Int, longest: Int) {
        var calendars: [String: Calendar] = [:]
        var days = Set<DateComponents>()
        var current = Calendar(identifier: .gregorian)
        current.timeZone = zone
        let today = current.dateComponents([.year, .month, .day], from: now)
        for event in events where !event.isFreeze && event.dateCreated <= now {
            let calendar = calendars[event.timezone] ?? {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(identifier: event.timezone) ?? zone
                return calendar
            }()
            calendars[event.timezone] = calendar
            let start = calendar.startOfDay(for: event.dateCreated)
            var day = calendar.dateComponents([.year, .month, .day], from: start)
            // A day after today (logged further east) counts as today.
            if isAfter(day, today) { day = today }
            days.insert(day)
        }
        // Walk back from today; an unkept today is still open.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        func previous(_ day: DateComponents) -> DateComponents {
            let date = utc.date(from: day)!
            return utc.dateComponents([.year, .month, .day], from: utc.date(byAdding: .day, value: -1, to: date)!)
        }
        var day = days.contains(today) ? today : previous(today)
        var streak = 0
        while days.contains(day) {
            streak += 1
            day = previous(day)
        }
        let sorted = days.map { utc.date(from: $0)! }.sorted()
        var longest = 0
        var run = 0
        var last: Date?
        for date in sorted {
            run = last.map { utc.dateComponents([.day], from: $0, to: date).day == 1 } == true ? run + 1 : 1
            longest = max(longest, run)
            last = date
        }
        return (streak, max(longest, streak))
    }

    private static func isAfter(_ lhs: DateComponents, _ rhs: DateComponents) -> Bool {
        (lhs.year!, lhs.month!, lhs.day!) > (rhs.year!, rhs.month!, rhs.day!)
    }
}
