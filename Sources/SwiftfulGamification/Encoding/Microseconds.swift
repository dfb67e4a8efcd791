import Foundation

/// Instants as whole microseconds since 1970: what every store keeps (the file store's ISO
/// dates, PostgreSQL's `bigint` columns), so a date reads back as the same `Date` anywhere.
extension Date {
    /// 2001-01-01 in microseconds since 1970.
    package static let referenceMicros = 978_307_200 * 1_000_000

    /// The date `micros` microseconds after 1970 (the one `microsecondsSince1970` maps back to it).
    package init(microseconds micros: Int) {
        self.init(timeIntervalSinceReferenceDate: Double(micros - Date.referenceMicros) / 1_000_000)
    }

    /// Whole microseconds since 1970, rounded down. `Date` keeps seconds since 2001 (a whole
    /// number of seconds later), so the rounding is done on that value: rounding the
    /// 1970-based value instead and converting back can land a hair after the original.
    package var microsecondsSince1970: Int {
        let seconds = timeIntervalSinceReferenceDate
        guard seconds.isFinite, abs(seconds) < 9e12 else { return seconds > 0 ? Int(9e18) : Int(-9e18) }
        // The largest m with m / 1e6 <= seconds (a plain floor(seconds * 1e6) can be off by one).
        var value = Int((seconds * 1_000_000).rounded(.down))
        while Double(value + 1) / 1_000_000 <= seconds { value += 1 }
        while Double(value) / 1_000_000 > seconds { value -= 1 }
        return value + Date.referenceMicros
    }

    /// Rounded down to whole microseconds, as every store keeps it.
    package var wholeMicroseconds: Date {
        timeIntervalSince1970.isFinite ? Date(microseconds: microsecondsSince1970) : self
    }
}

extension StreakEvent {
    /// The event as every store keeps it: its date rounded down to whole microseconds.
    package var stored: StreakEvent {
        let date = dateCreated.wholeMicroseconds
        guard date != dateCreated else { return self }
        return StreakEvent(id: id, dateCreated: date, timezone: timezone, isFreeze: isFreeze, freezeId: freezeId, metadata: metadata, amount: amount)
    }
}

extension CalendarDay {
    /// The instants an event on this day can have, in whatever zone it was logged: every
    /// zone is within 14 hours of UTC, so from 15 hours before the day's UTC start to 15
    /// hours after its end (a store scans only these for a day's events).
    package var instantsInAnyZone: Range<Date> {
        let start = startDate(in: TimeZone(identifier: "UTC")!).addingTimeInterval(-15 * 3_600)
        return start..<start.addingTimeInterval(54 * 3_600)
    }
}
