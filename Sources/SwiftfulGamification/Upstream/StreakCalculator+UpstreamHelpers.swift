import Foundation

/// Upstream's public helpers. They answer with our rules: freeze events are not events, a
/// used or expired freeze is never selected.
extension StreakCalculator {
    /// Upstream's name for a consumed freeze: `freezeId` and `date` read the same; ours also
    /// carries the bridged `day` and its zone.
    public typealias FreezeConsumption = SwiftfulGamification.FreezeConsumption

    /// Regular events (not freeze events) whose instant falls on `currentDate`'s calendar day
    /// in `timezone`, up to `currentDate` (later ones do not count yet).
    public static func getTodayEventCount(events: [StreakEvent], timezone: TimeZone, currentDate: Date) -> Int {
        let today = CalendarDay(containing: currentDate, in: timezone)
        return events.filter { !$0.isFreeze && $0.dateCreated <= currentDate && CalendarDay(containing: $0.dateCreated, in: timezone) == today }.count
    }

    /// The start of every day strictly between the last event's day and today, oldest first:
    /// the days a freeze would have to bridge.
    public static func calculateGapDays(from dateLastEvent: Date, to currentDate: Date, calendar: Calendar) -> [Date] {
        let zone = calendar.timeZone
        let last = CalendarDay(containing: dateLastEvent, in: zone)
        let today = CalendarDay(containing: currentDate, in: zone)
        guard last.days(to: today) > 1 else { return [] }
        return (1..<last.days(to: today)).map { last.adding(days: $0).startDate(in: zone) }
    }

    /// Oldest-earned freezes first, one per day, for as many days as there are eligible
    /// freezes (STREAK_RULES §5: unused, earned before the day ended, not expired when it
    /// began, the day's bounds in the current zone). Each consumption is dated noon of its
    /// day, like the calculator's own.
    public static func selectFreezesForDays(daysToFill: [Date], availableFreezes: [StreakFreeze]) -> [FreezeConsumption] {
        let zone = TimeZone.current
        var pool = availableFreezes.filter { !$0.isUsed }.sorted {
            ($0.dateEarned ?? .distantPast, $0.id) < ($1.dateEarned ?? .distantPast, $1.id)
        }
        var consumptions: [FreezeConsumption] = []
        for date in daysToFill.sorted() {
            let day = CalendarDay(containing: date, in: zone)
            let start = day.startDate(in: zone)
            let end = day.adding(days: 1).startDate(in: zone)
            let noon = start.addingTimeInterval(12 * 3_600)
            guard let index = pool.firstIndex(where: { ($0.dateEarned ?? .distantPast) < end && !$0.isExpired(at: start) }) else { continue }
            let freeze = pool.remove(at: index)
            consumptions.append(FreezeConsumption(freezeId: freeze.id, date: noon, day: day, timezone: zone.identifier))
        }
        return consumptions
    }
}
