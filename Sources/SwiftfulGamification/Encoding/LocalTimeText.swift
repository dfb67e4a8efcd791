import Foundation
import Synchronization

/// Dates as text without a formatter per call (`streaks events` prints 100,000 of them):
/// wall-clock parts from the zone's offset at the instant, zone names cached per offset.
package enum LocalTimeText {
    /// `2024-01-05 09:30 EST`.
    package static func dateTime(_ date: Date, _ zone: TimeZone) -> String {
        dateTime(date, offset: zone.secondsFromGMT(for: date), zoneName: zoneName(date, zone))
    }

    /// `2024-01-05`, the day in `zone`.
    package static func day(_ date: Date, _ zone: TimeZone) -> String {
        parts(date, zone)?.day.description ?? "----------"
    }

    /// `09:05`, the wall-clock time in `zone`.
    package static func clock(_ date: Date, _ zone: TimeZone) -> String {
        guard let second = parts(date, zone)?.second else { return "--:--" }
        return "\(twoDigits(second / 3_600)):\(twoDigits(second % 3_600 / 60))"
    }

    /// The zone's short name at `date` ("EDT", "CET", "GMT+5:30"), as the system names it.
    package static func zoneName(_ date: Date, _ zone: TimeZone) -> String {
        ZoneNames.shared.name(date, zone)
    }

    /// `2024-01-05 09:30` at a known offset from UTC, and the zone's name there.
    static func dateTime(_ date: Date, offset: Int, zoneName: String) -> String {
        guard let parts = parts(date, offset: offset) else { return "---------- --:-- \(zoneName)" }
        return "\(parts.day) \(twoDigits(parts.second / 3_600)):\(twoDigits(parts.second % 3_600 / 60)) \(zoneName)"
    }

    private static func parts(_ date: Date, _ zone: TimeZone) -> (day: CalendarDay, second: Int)? {
        parts(date, offset: zone.secondsFromGMT(for: date))
    }

    /// The local day and second of the day at `offset` (no calendar); nil for an instant no
    /// calendar shows.
    private static func parts(_ date: Date, offset: Int) -> (day: CalendarDay, second: Int)? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        let local = Int(seconds.rounded(.down)) + offset
        let dayNumber = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (CalendarDay(dayNumber: dayNumber), local - dayNumber * 86_400)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}

/// `LocalTimeText.dateTime` for many instants (a listing of events): offsets come from the
/// calculator's per-zone clocks and a zone's name is looked up once per offset, instead of
/// several zone lookups for every instant.
package struct LocalTimeFormatter {
    private var clocks = ZoneClocks(current: TimeZone(identifier: "UTC")!, firstSecond: 0, lastSecond: 0)
    private var names: [String: String] = [:]

    package init() {}

    /// `2024-01-05 09:30 EST`, the same text as `LocalTimeText.dateTime`.
    package mutating func dateTime(_ date: Date, _ zone: TimeZone) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return LocalTimeText.dateTime(date, zone) }
        let second = Int(seconds.rounded(.down))
        let local = clocks.localTime(atSecond: second, inZoneNamed: zone.identifier)
        let offset = local.day * 86_400 + local.secondOfDay - second
        let key = "\(zone.identifier) \(offset)"
        let name = names[key] ?? {
            let name = LocalTimeText.zoneName(date, zone)
            names[key] = name
            return name
        }()
        return LocalTimeText.dateTime(date, offset: offset, zoneName: name)
    }
}

/// Zone abbreviations, one formatter per zone and one lookup per (zone, offset).
private final class ZoneNames: Sendable {
    static let shared = ZoneNames()

    private struct State: @unchecked Sendable {  // the formatters are only used under the lock
        var formatters: [String: DateFormatter] = [:]
        var names: [String: String] = [:]
    }

    private let state = Mutex(State())

    /// The zones that are UTC itself, whatever they are called: the system reads "UTC" as
    /// "GMT" and names it so, while "Etc/UTC" is named "UTC". (London's winter stays "GMT".)
    private static let utcNames: Set<String> = [
        "UTC", "Etc/UTC", "UCT", "Etc/UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu", "GMT", "Etc/GMT", "GMT0", "Etc/GMT0",
    ]

    func name(_ date: Date, _ zone: TimeZone) -> String {
        if Self.utcNames.contains(zone.identifier) { return "UTC" }
        let key = "\(zone.identifier) \(zone.secondsFromGMT(for: date)) \(zone.isDaylightSavingTime(for: date))"
        return state.withLock { state in
            if let name = state.names[key] { return name }
            let formatter = state.formatters[zone.identifier] ?? {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = zone
                formatter.dateFormat = "zzz"
                return formatter
            }()
            state.formatters[zone.identifier] = formatter
            let name = formatter.string(from: date)
            state.names[key] = name
            return name
        }
    }
}
