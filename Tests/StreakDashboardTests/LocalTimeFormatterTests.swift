import Foundation
import GamificationSupport
import StreakDashboard
import SwiftfulGamification
import Testing

/// The formatter that reuses a zone's offset between its transitions writes exactly what
/// the one-instant `LocalTimeText.dateTime` writes.
struct LocalTimeFormatterTests {
    static let zones = [
        "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Sydney", "Australia/Lord_Howe",
        "Asia/Kolkata", "Pacific/Apia", "Europe/Moscow", "America/Sao_Paulo", "UTC",
    ]

    @Test(arguments: [false, true]) func sameTextAsOneInstantAtATime(sorted: Bool) {
        var random = SeededGenerator(seed: sorted ? 11 : 7)
        // Twenty years around transitions of every kind (DST both ways, half-hour DST,
        // Apia's skipped day, Moscow's permanent changes), in random or date order.
        var instants = (0..<20_000).map { _ in Date(timeIntervalSince1970: Double(Int.random(in: 1_000_000_000...1_640_000_000, using: &random))) }
        if sorted { instants.sort() }
        var formatter = LocalTimeFormatter()
        var differences: [String] = []
        for (index, instant) in instants.enumerated() {
            let zone = TimeZone(identifier: Self.zones[index % Self.zones.count])!
            let expected = LocalTimeText.dateTime(instant, zone)
            let text = formatter.dateTime(instant, zone)
            if text != expected { differences.append("\(zone.identifier) \(instant): \(text) vs \(expected)") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test func eachSideOfATransition() {
        let zone = TimeZone(identifier: "America/New_York")!
        let change = Date(timeIntervalSince1970: 1_710_054_000)  // 2024-03-10 07:00 UTC: 02:00 EST becomes 03:00 EDT
        var formatter = LocalTimeFormatter()
        #expect(formatter.dateTime(change.addingTimeInterval(-60), zone) == "2024-03-10 01:59 EST")
        #expect(formatter.dateTime(change, zone) == "2024-03-10 03:00 EDT")
        #expect(formatter.dateTime(change.addingTimeInterval(-1), zone) == "2024-03-10 01:59 EST")
    }

    /// UTC is called UTC whatever the identifier (the system names "UTC" itself "GMT"),
    /// so imported events in "UTC" read like the rest; London's winter stays GMT.
    @Test func utcIsCalledUTC() {
        let instant = Date(timeIntervalSince1970: 1_700_000_000)
        for identifier in ["UTC", "Etc/UTC", "Zulu"] {
            #expect(LocalTimeText.zoneName(instant, TimeZone(identifier: identifier)!) == "UTC", "\(identifier)")
        }
        #expect(LocalTimeText.zoneName(instant, TimeZone(identifier: "Europe/London")!) == "GMT")
        #expect(LocalTimeText.dateTime(instant, TimeZone(identifier: "UTC")!) == "2023-11-14 22:13 UTC")
    }

}
