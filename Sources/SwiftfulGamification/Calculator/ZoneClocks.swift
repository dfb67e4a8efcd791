import Foundation

/// A `ZoneClock` per zone identifier seen, with the current zone for unknown identifiers.
package struct ZoneClocks {
    private var clocks: [ZoneClock]
    private var indexByIdentifier: [String: Int] = [:]
    /// The identifiers seen so far, searched before hashing: a history holds a handful.
    private var known: [(identifier: String, index: Int)] = []
    private let firstSecond: Int
    private let lastSecond: Int

    /// `current` is index 0 and stands in for identifiers that are not valid zones (rule 1).
    package init(current: TimeZone, firstSecond: Int, lastSecond: Int) {
        self.firstSecond = firstSecond
        self.lastSecond = lastSecond
        clocks = [ZoneClock(zone: current, firstSecond: firstSecond, lastSecond: lastSecond)]
    }

    package mutating func localTime(atSecond second: Int, inZoneNamed identifier: String) -> LocalTime {
        let index = resolvedIndex(for: identifier)
        return clocks[index].localTime(atSecond: second)
    }

    /// Local time in the current zone.
    mutating func currentLocalTime(atSecond second: Int) -> LocalTime {
        clocks[0].localTime(atSecond: second)
    }

    /// The clock for a zone identifier (the current zone's for an invalid one).
    package mutating func clockIndex(for identifier: String) -> Int {
        resolvedIndex(for: identifier)
    }

    /// Local time on the clock `clockIndex` returned.
    package mutating func localTime(atSecond second: Int, clock: Int) -> LocalTime {
        clocks[clock].localTime(atSecond: second)
    }

    private mutating func resolvedIndex(for identifier: String) -> Int {
        for entry in known where entry.identifier == identifier { return entry.index }
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
        if known.count < 8 { known.append((identifier, index)) }
        return index
    }
}
