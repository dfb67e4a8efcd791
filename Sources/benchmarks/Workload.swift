import Foundation
import GamificationSupport
import SwiftfulGamification

/// Generated histories: `count` events over up to ten years in three zones with DST,
/// with missed days, logged at random times of day.
struct Workload {
    static let zones = ["America/New_York", "Europe/London", "Australia/Sydney"]
    static let now = Date(timeIntervalSince1970: 1_731_600_000)  // 2024-11-14T16:00:00Z

    let count: Int
    let events: [StreakEvent]

    init(count: Int, seed: UInt64 = 42) {
        self.count = count
        var random = SeededGenerator(seed: seed &+ UInt64(count))
        let years = count <= 1_000 ? 1.0 : count <= 10_000 ? 3.0 : 10.0
        let span = years * 365 * 86_400
        let start = Self.now.timeIntervalSince1970 - span
        var events: [StreakEvent] = []
        events.reserveCapacity(count)
        var index = 0
        while events.count < count {
            let instant = start + span * Double(index) / Double(count) + Double(random.next() % 3_600)
            index += 1
            // About one day in thirty is missed.
            if (Int(instant) / 86_400) % 30 == Int(random.next() % 30), random.next() % 2 == 0 { continue }
            events.append(StreakEvent(
                id: "e\(events.count)", dateCreated: Date(timeIntervalSince1970: min(instant, Self.now.timeIntervalSince1970)),
                timezone: Self.zones[events.count % 3]
            ))
        }
        self.events = events.shuffled(using: &random)
    }

    /// The history as the store's event log.
    func jsonLines() -> String {
        var text = ""
        text.reserveCapacity(count * 100)
        for event in events {
            text += "{\"id\":\"\(event.id)\",\"date_created\":\"\(ISODate.format(event.dateCreated))\",\"timezone\":\"\(event.timezone)\",\"is_freeze\":false}\n"
        }
        return text
    }
}
