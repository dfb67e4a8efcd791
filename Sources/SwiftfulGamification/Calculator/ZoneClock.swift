import Foundation

/// A wall-clock reading: the day number and the second within that day.
package struct LocalTime: Equatable {
    package let day: Int
    package let secondOfDay: Int
}

/// Converts instants to local days in one zone without a `Calendar` call per instant.
///
/// Offsets are cached per UTC day, filled a span between transitions at a time. A UTC day
/// whose first and last second share an offset is taken to have that offset throughout
/// (zones change offset at most twice a year, never twice and back within one day); a day
/// with a transition asks the zone for each instant.
struct ZoneClock {
    let zone: TimeZone
    private var offsets: [Int32] = []
    private var firstBucket = 0

    private static let unknown = Int32.min
    private static let changesWithinDay = Int32.max
    private static let maximumBuckets = 1 << 18

    /// `firstSecond...lastSecond` is a hint for the first allocation; the cache grows to
    /// any day asked for (up to about 700 years).
    init(zone: TimeZone, firstSecond: Int, lastSecond: Int) {
        self.zone = zone
        let first = firstSecond.floorDivided(by: 86_400)
        let last = lastSecond.floorDivided(by: 86_400)
        if last >= first, last - first < Self.maximumBuckets {
            firstBucket = first
            offsets = Array(repeating: Self.unknown, count: last - first + 1)
        }
    }

    mutating func localTime(atSecond second: Int) -> LocalTime {
        let local = second + offset(atSecond: second)
        let day = local.floorDivided(by: 86_400)
        return LocalTime(day: day, secondOfDay: local - day * 86_400)
    }

    mutating func offset(atSecond second: Int) -> Int {
        let bucket = second.floorDivided(by: 86_400)
        var index = bucket - firstBucket
        if index < 0 || index >= offsets.count {
            guard grow(toInclude: bucket) else { return exactOffset(atSecond: second) }
            index = bucket - firstBucket
        }
        if offsets[index] == Self.unknown { fill(from: index) }
        let cached = offsets[index]
        return cached == Self.changesWithinDay ? exactOffset(atSecond: second) : Int(cached)
    }

    /// Fills the unknown days from `index` on, asking the zone once per offset change rather
    /// than twice per day: the days before the next transition share the offset their first
    /// day starts with. A span whose last second disagrees (a change the zone did not report
    /// as a transition) is filled day by day instead.
    private mutating func fill(from start: Int) {
        var index = start
        while index < offsets.count, offsets[index] == Self.unknown {
            let spanStart = (firstBucket + index) * 86_400
            let offset = exactOffset(atSecond: spanStart)
            let transition = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(spanStart)))
            let transitionBucket = transition.map { Int($0.timeIntervalSince1970.rounded(.down)).floorDivided(by: 86_400) } ?? Int.max
            var end = index
            while end < offsets.count, offsets[end] == Self.unknown, firstBucket + end < transitionBucket { end += 1 }
            if end > index, exactOffset(atSecond: (firstBucket + end) * 86_400 - 1) == offset {
                for day in index..<end { offsets[day] = Int32(offset) }
                index = end
            } else {
                // The transition's own day, or a span that could not be trusted: one day at a time.
                fillDay(index)
                index += 1
            }
        }
    }

    private mutating func fillDay(_ index: Int) {
        let bucket = firstBucket + index
        let first = exactOffset(atSecond: bucket * 86_400)
        let last = exactOffset(atSecond: bucket * 86_400 + 86_399)
        offsets[index] = first == last ? Int32(first) : Self.changesWithinDay
    }

    /// Widens the cache (at least doubling it) to cover `bucket`; false past the limit.
    private mutating func grow(toInclude bucket: Int) -> Bool {
        let margin = max(offsets.count, 366)
        let newFirst = offsets.isEmpty ? bucket - margin : min(firstBucket, bucket - margin)
        let newLast = offsets.isEmpty ? bucket + margin : max(firstBucket + offsets.count - 1, bucket + margin)
        guard newLast - newFirst < Self.maximumBuckets else { return false }
        var grown = Array(repeating: Self.unknown, count: newLast - newFirst + 1)
        if !offsets.isEmpty {
            let shift = firstBucket - newFirst
            grown.replaceSubrange(shift..<(shift + offsets.count), with: offsets)
        }
        offsets = grown
        firstBucket = newFirst
        return true
    }

    private func exactOffset(atSecond second: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
    }
}

/// Turns day numbers back into instants in one zone; used for a handful of days per
/// calculation (streak start, deadline, freeze days), never per event.
struct ZoneDays {
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The first instant of `day` (which is not 00:00 where DST starts at midnight).
    func start(of day: Int) -> Date {
        calendar.startOfDay(for: wallClock(day: day, hour: 12))
    }

    /// The instant the wall clock shows `hour`:00 on `day` (24 means midnight ending it).
    func wallClock(day: Int, hour: Int) -> Date {
        let date = CalendarDay(dayNumber: day + hour / 24)
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour % 24)
        if let instant = calendar.date(from: components) { return instant }
        return Date(timeIntervalSince1970: TimeInterval(date.dayNumber * 86_400 + (hour % 24) * 3_600))
    }
}
