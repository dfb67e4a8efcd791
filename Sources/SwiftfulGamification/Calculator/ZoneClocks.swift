import Foundation

/// A `ZoneClock` per zone identifier seen, with the current zone for unknown identifiers.
package struct ZoneClocks {
    private var clocks: [ZoneClock]
    private var indexByIdentifier: [String: Int] = [:]
    private var lastIdentifier: String?
    private var lastIndex = 0
    private let firstSecond: Int
    private let lastSecond: Int

    /// `current` is index 0 and stands in for identifiers that are not valid zones (rule 1).
    package init(current: TimeZone, firstSecond: Int, lastSecond: Int) {
        self.firstSecond = firstSecond
        self.lastSecond = lastSecond
        clocks = [ZoneClock(zone: current, firstSecond: firstSecond, lastSecond: lastSecond)]
    }

    package mutating func localTime(atSecond second: Int, inZoneNamed identifier: String) -> LocalTime {
        let index = clockIndex(for: identifier)
        return clocks[index].localTime(atSecond: second)
    }

    /// Local time in the current zone.
    mutating func currentLocalTime(atSecond second: Int) -> LocalTime {
        clocks[0].localTime(atSecond: second)
    }

    private mutating func clockIndex(for identifier: String) -> Int {
        if identifier == lastIdentifier { return lastIndex }
        let index: Int
        if let known = indexByIdentifier[identifier] {
            index = known
        } else if let zone = TimeZone(identifier: identifier) {
            clocks.append(ZoneClock(zone: zone, firstSecond: firstSecond, lastSecond: lastSecond))
            index = clocks.count - 1
            indexByIdentifier[identifier] = index
        } else {
            index = 0
            indexByIdentifier[identifier] = 0
        }
        lastIdentifier = identifier
        lastIndex = index
        return index
    }
}
