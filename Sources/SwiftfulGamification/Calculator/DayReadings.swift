import Foundation

/// The readings of each day, by the event's own day (rule 13: no leeway, no crediting): what
/// a tracking-only streak's `last`, `mean`, `min` and `max` day values are made of. Only
/// events that carry an amount are readings.
struct DayReadings: Sendable, Hashable {
    struct Reading: Sendable, Hashable {
        var count: Int32 = 0
        /// In thousandths, as every amount.
        var sum: Int64 = 0
        var least: Int64 = 0
        var greatest: Int64 = 0
        /// The last reading by instant (of two at one instant, the greater).
        var lastInstant: Double = 0
        var last: Int64 = 0

        func value(_ measure: StreakMeasure) -> Int64 {
            switch measure {
            case .sum: return sum
            case .last: return last
            // Rounded to the nearest thousandth, half away from zero (amounts are not negative).
            case .mean: return (sum + Int64(count) / 2) / Int64(count)
            case .min: return least
            case .max: return greatest
            }
        }

        @inline(__always)
        mutating func add(_ amount: Int64, at instant: Double) {
            if count == 0 {
                self = Reading(count: 1, sum: amount, least: amount, greatest: amount, lastInstant: instant, last: amount)
                return
            }
            count += 1
            sum += amount
            least = Swift.min(least, amount)
            greatest = Swift.max(greatest, amount)
            if instant > lastInstant || (instant == lastInstant && amount > last) { (lastInstant, last) = (instant, amount) }
        }

        mutating func add(_ other: Reading) {
            guard other.count > 0 else { return }
            guard count > 0 else { self = other; return }
            count += other.count
            sum += other.sum
            least = Swift.min(least, other.least)
            greatest = Swift.max(greatest, other.greatest)
            if other.lastInstant > lastInstant || (other.lastInstant == lastInstant && other.last > last) { (lastInstant, last) = (other.lastInstant, other.last) }
        }
    }

    /// The day number of `rows[0]`.
    private(set) var baseDay = 0
    private(set) var rows: [Reading] = []
    /// False for a history decoded from an encoding older than readings (a store rebuilds it).
    var recorded = true

    /// The reading of `day`, nil without one.
    func reading(on day: Int) -> Reading? {
        let index = day - baseDay
        guard index >= 0, index < rows.count, rows[index].count > 0 else { return nil }
        return rows[index]
    }

    /// The readings of `first` through `last` as one day's (rule 1: an event whose own day is
    /// after today counts as today's).
    func reading(from first: Int, through last: Int) -> Reading? {
        var combined = Reading()
        for day in first...max(first, last) {
            if let reading = reading(on: day) { combined.add(reading) }
        }
        return combined.count > 0 ? combined : nil
    }

    // Once per event with an amount: the common case (a day already in the rows) stays inline.
    @inline(__always)
    mutating func add(_ amount: Int64, at instant: Double, on day: Int) {
        let index = day - baseDay
        if index >= 0, index < rows.count {
            rows[index].add(amount, at: instant)
        } else {
            rows[slot(for: day)].add(amount, at: instant)
        }
    }

    /// Takes a reading out. False when the day's least, greatest or last cannot be known
    /// without the day's other readings (the history must be rebuilt then).
    mutating func remove(_ amount: Int64, at instant: Double, on day: Int) -> Bool {
        let index = day - baseDay
        guard index >= 0, index < rows.count, rows[index].count > 0 else { return false }
        var row = rows[index]
        row.count -= 1
        row.sum -= amount
        if row.count == 0 {
            rows[index] = Reading()
            return true
        }
        rows[index] = row
        return amount != row.least && amount != row.greatest && !(instant == row.lastInstant && amount == row.last)
    }

    /// Adds the readings of another part of the same history.
    mutating func merge(_ other: DayReadings) {
        recorded = recorded && other.recorded
        for (offset, row) in other.rows.enumerated() where row.count > 0 {
            rows[slot(for: other.baseDay + offset)].add(row)
        }
    }

    /// The index of `day`'s row, growing the rows by a year at a time.
    private mutating func slot(for day: Int) -> Int {
        if rows.isEmpty {
            baseDay = day - 366
            rows = Array(repeating: Reading(), count: 733)
        } else if day < baseDay {
            let extra = baseDay - day + 366
            rows.insert(contentsOf: repeatElement(Reading(), count: extra), at: 0)
            baseDay -= extra
        } else if day >= baseDay + rows.count {
            rows.append(contentsOf: repeatElement(Reading(), count: day - (baseDay + rows.count) + 367))
        }
        return day - baseDay
    }

    /// The days with readings, as base64 of little-endian 64-bit integers, seven per day:
    /// day, count, sum, least, greatest, the last's instant (the bits of a `Double`), last.
    var encoded: String? {
        var values: [Int64] = []
        for (offset, row) in rows.enumerated() where row.count > 0 {
            values += [Int64(baseDay + offset), Int64(row.count), row.sum, row.least, row.greatest, Int64(bitPattern: row.lastInstant.bitPattern), row.last]
        }
        return values.isEmpty ? nil : DayBytes.encode(longIntegers: values)
    }

    init() {}

    init(encoded text: String) throws {
        let values = try DayBytes.longIntegers(text)
        guard values.count % 7 == 0 else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "readings are not seven numbers a day")) }
        for start in stride(from: 0, to: values.count, by: 7) {
            let row = Reading(
                count: Int32(clamping: values[start + 1]), sum: values[start + 2], least: values[start + 3], greatest: values[start + 4],
                lastInstant: Double(bitPattern: UInt64(bitPattern: values[start + 5])), last: values[start + 6]
            )
            guard row.count > 0, abs(values[start]) < 10_000_000 else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a reading out of range")) }
            rows[slot(for: Int(values[start]))].add(row)
        }
    }
}
