import Foundation

extension StreakHistory {
    private enum CodingKeys: String, CodingKey {
        case leewayHours = "leeway_hours"
        case leewayBase = "leeway_base"
        case leewayChanges = "leeway_changes"
        case leewayZone = "leeway_zone"
        case regularCount = "regular_count"
        case firstEvent = "first_event"
        case lastEvent = "last_event"
        case latestEventDate = "latest_event_date"
        case recentEvents = "recent_events"
        case baseDay = "base_day"
        case counts
        case frozenCounts = "frozen_counts"
        /// Dense, as written by 2026-12-04's builds; read, no longer written.
        case arrivalCounts = "arrival_counts"
        /// Sparse: a day has 24 arrival counters and at most a few are not 0.
        case arrivalCells = "arrival_cells"
        case amounts
        case settled
        /// Rule 13's readings ("" for none); absent in a history stored before them.
        case readings
    }

    /// The day counts are stored as base64 of little-endian 32-bit integers: tens of
    /// thousands of numbers that a JSON array would make slow to read on every write.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Written before days closed in a zone of their own: arrivals by window (a store rebuilds it).
        let zone = try container.decodeIfPresent(String.self, forKey: .leewayZone)
        // A leeway that changed along the way: its first value and its changes as [day, hours].
        if let changes = try container.decodeIfPresent([[Int]].self, forKey: .leewayChanges) {
            guard changes.allSatisfy({ $0.count == 2 }) else {
                throw DecodingError.dataCorruptedError(forKey: .leewayChanges, in: container, debugDescription: "a leeway change is not [day, hours]")
            }
            let base = try container.decode(Int.self, forKey: .leewayBase)
            self.init(leeway: StreakLeeway(base: base, changes: changes.map { StreakLeeway.Change(day: $0[0], hours: $0[1]) }, zone: zone))
        } else {
            self.init(leeway: StreakLeeway(hours: try container.decode(Int.self, forKey: .leewayHours), zone: zone))
        }
        regularCount = try container.decode(Int.self, forKey: .regularCount)
        firstEvent = try container.decodeIfPresent(Stamp.self, forKey: .firstEvent)
        lastEvent = try container.decodeIfPresent(Stamp.self, forKey: .lastEvent)
        latestEventDate = try container.decodeIfPresent(Date.self, forKey: .latestEventDate)
        recentEvents = try container.decode([StreakEvent].self, forKey: .recentEvents)
        baseDay = try container.decode(Int.self, forKey: .baseDay)
        counts = try DayBytes.integers(container.decode(String.self, forKey: .counts))
        frozenCounts = try DayBytes.integers(container.decode(String.self, forKey: .frozenCounts))
        guard counts.count == frozenCounts.count * CreditLedger.classesPerDay else {
            throw DecodingError.dataCorruptedError(forKey: .counts, in: container, debugDescription: "day counts do not match the days")
        }
        if let cells = try container.decodeIfPresent(String.self, forKey: .arrivalCells) {
            // Pairs of (slot index, count), the index counted from the first stored day.
            let pairs = try DayBytes.integers(cells)
            arrivalCounts = Array(repeating: 0, count: counts.count * Self.arrivalSlots)
            guard pairs.count % 2 == 0, stride(from: 0, to: pairs.count, by: 2).allSatisfy({ arrivalCounts.indices.contains(Int(pairs[$0])) }) else {
                throw DecodingError.dataCorruptedError(forKey: .arrivalCells, in: container, debugDescription: "arrival counts do not match the days")
            }
            for pair in stride(from: 0, to: pairs.count, by: 2) { arrivalCounts[Int(pairs[pair])] += pairs[pair + 1] }
        } else if let arrivals = try container.decodeIfPresent(String.self, forKey: .arrivalCounts) {
            arrivalCounts = try DayBytes.integers(arrivals)
            guard arrivalCounts.count == counts.count * Self.arrivalSlots else {
                throw DecodingError.dataCorruptedError(forKey: .arrivalCounts, in: container, debugDescription: "arrival counts do not match the days")
            }
        }
        // A cache: one that does not read is dropped (the next calculation settles every day).
        settled = try? container.decodeIfPresent(SettledCheckpoint.self, forKey: .settled)
        if let readings = try container.decodeIfPresent(String.self, forKey: .readings) {
            self.readings = readings.isEmpty ? DayReadings() : try DayReadings(encoded: readings)
        } else {
            self.readings.recorded = false
        }
        // Written before amounts: every event counted 1.
        guard container.contains(.amounts) else {
            amounts.recorded = false
            return
        }
        let stored = try container.decode(StoredAmounts.self, forKey: .amounts)
        if let extras = stored.extras {
            let values = try DayBytes.longIntegers(extras)
            guard values.count == counts.count else {
                throw DecodingError.dataCorruptedError(forKey: .amounts, in: container, debugDescription: "amounts do not match the days")
            }
            amounts.extras = values
        }
        amounts.windowed = try stored.windowed.map(StoredAmounts.lists) ?? [:]
        amounts.boundary = try stored.boundary.map(StoredAmounts.lists) ?? [:]
        amounts.midnight = try stored.midnight.map(StoredAmounts.lists) ?? [:]
        amounts.arrivals = try stored.arrivals.map(StoredAmounts.lists) ?? [:]
        amounts.freezeArrivals = try stored.freezeArrivals.map(StoredAmounts.lists) ?? [:]
        amounts.others = stored.others ?? (amounts.extras.contains { $0 != 0 } || !amounts.windowed.isEmpty ? 1 : 0)
    }

    /// The amounts as stored: the extras as base64 of little-endian 64-bit integers over the
    /// stored days, each list as `[cell key, amount, ...]`.
    private struct StoredAmounts: Codable {
        var extras: String?
        var windowed: [[Int64]]?
        var boundary: [[Int64]]?
        var midnight: [[Int64]]?
        var arrivals: [[Int64]]?
        var freezeArrivals: [[Int64]]?
        var others: Int?

        static func lists(_ rows: [[Int64]]) throws -> [Int: [Int64]] {
            var lists: [Int: [Int64]] = [:]
            for row in rows {
                guard row.count > 1 else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "an empty amount list")) }
                lists[Int(row[0]), default: []] += row.dropFirst()
            }
            return lists.mapValues { $0.sorted() }
        }

        static func rows(_ lists: [Int: [Int64]]) -> [[Int64]]? {
            lists.isEmpty ? nil : lists.keys.sorted().map { [Int64($0)] + lists[$0]! }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(leewayHours, forKey: .leewayHours)
        if !leeway.isUniform {
            try container.encode(leeway.base, forKey: .leewayBase)
            try container.encode(leeway.changes.map { [$0.day, $0.hours] }, forKey: .leewayChanges)
        }
        try container.encodeIfPresent(leeway.zone, forKey: .leewayZone)
        try container.encode(regularCount, forKey: .regularCount)
        try container.encodeIfPresent(firstEvent, forKey: .firstEvent)
        try container.encodeIfPresent(lastEvent, forKey: .lastEvent)
        try container.encodeIfPresent(latestEventDate, forKey: .latestEventDate)
        try container.encode(recentEvents, forKey: .recentEvents)
        // The days that count anything: the arrays' padding (a year each side) is not stored.
        let used = usedDays
        try container.encode(baseDay + used.lowerBound, forKey: .baseDay)
        let perDay = CreditLedger.classesPerDay
        try container.encode(DayBytes.encode(Array(counts[(used.lowerBound * perDay)..<(used.upperBound * perDay)])), forKey: .counts)
        try container.encode(DayBytes.encode(Array(frozenCounts[used])), forKey: .frozenCounts)
        let arrivals = usedArrivalCounts(used)
        if !arrivals.isEmpty {
            let pairs = arrivals.indices.filter { arrivals[$0] != 0 }.flatMap { [Int32($0 - arrivals.startIndex), arrivals[$0]] }
            try container.encode(DayBytes.encode(pairs), forKey: .arrivalCells)
        }
        let extras = amounts.extras.isEmpty || !amounts.extras.contains(where: { $0 != 0 })
            ? nil : DayBytes.encode(longIntegers: Array(amounts.extras[(used.lowerBound * perDay)..<(used.upperBound * perDay)]))
        try container.encode(
            StoredAmounts(
                extras: extras, windowed: StoredAmounts.rows(amounts.windowed), boundary: StoredAmounts.rows(amounts.boundary),
                midnight: StoredAmounts.rows(amounts.midnight), arrivals: StoredAmounts.rows(amounts.arrivals),
                freezeArrivals: StoredAmounts.rows(amounts.freezeArrivals),
                others: amounts.others == 0 ? nil : amounts.others
            ),
            forKey: .amounts
        )
        try container.encodeIfPresent(settled, forKey: .settled)
        if readings.recorded { try container.encode(readings.encoded ?? "", forKey: .readings) }
    }

    /// Equal when they count the same: the arrays' padding is not part of the history.
    public static func == (lhs: StreakHistory, rhs: StreakHistory) -> Bool {
        let (left, right) = (lhs.usedDays, rhs.usedDays)
        let perDay = CreditLedger.classesPerDay
        return lhs.leeway == rhs.leeway && lhs.regularCount == rhs.regularCount && lhs.firstEvent == rhs.firstEvent
            && lhs.lastEvent == rhs.lastEvent && lhs.latestEventDate == rhs.latestEventDate && lhs.recentEvents == rhs.recentEvents
            && (left.isEmpty && right.isEmpty || lhs.baseDay + left.lowerBound == rhs.baseDay + right.lowerBound)
            && lhs.frozenCounts[left] == rhs.frozenCounts[right]
            && lhs.counts[(left.lowerBound * perDay)..<(left.upperBound * perDay)] == rhs.counts[(right.lowerBound * perDay)..<(right.upperBound * perDay)]
            && lhs.usedExtras(left) == rhs.usedExtras(right) && lhs.usedArrivalCounts(left) == rhs.usedArrivalCounts(right)
            && lhs.amounts.windowed == rhs.amounts.windowed
            && lhs.amounts.boundary == rhs.amounts.boundary && lhs.amounts.midnight == rhs.amounts.midnight
            && lhs.amounts.arrivals == rhs.amounts.arrivals && lhs.amounts.freezeArrivals == rhs.amounts.freezeArrivals && lhs.amounts.recorded == rhs.amounts.recorded
            && lhs.amounts.others == rhs.amounts.others
            && lhs.readings.recorded == rhs.readings.recorded && lhs.readings.encoded == rhs.readings.encoded
    }

    /// The arrival counts of the used days (empty when none is other than 0).
    private func usedArrivalCounts(_ used: Range<Int>) -> ArraySlice<Int32> {
        let perDay = CreditLedger.classesPerDay * Self.arrivalSlots
        guard !arrivalCounts.isEmpty, arrivalCounts.contains(where: { $0 != 0 }) else { return [] }
        return arrivalCounts[(used.lowerBound * perDay)..<(used.upperBound * perDay)]
    }

    /// The extras of the used days (empty when none is other than 0).
    private func usedExtras(_ used: Range<Int>) -> ArraySlice<Int64> {
        let perDay = CreditLedger.classesPerDay
        guard !amounts.extras.isEmpty, amounts.extras.contains(where: { $0 != 0 }) else { return [] }
        return amounts.extras[(used.lowerBound * perDay)..<(used.upperBound * perDay)]
    }

    public func hash(into hasher: inout Hasher) {
        let used = usedDays
        hasher.combine(leeway)
        hasher.combine(regularCount)
        hasher.combine(latestEventDate)
        hasher.combine(used.isEmpty ? 0 : baseDay + used.lowerBound)
        hasher.combine(used.count)
    }

    /// The indexes from the first to the last day with a count (empty when none has one).
    private var usedDays: Range<Int> {
        let perDay = CreditLedger.classesPerDay
        func isUsed(_ day: Int) -> Bool {
            frozenCounts[day] != 0 || counts[(day * perDay)..<((day + 1) * perDay)].contains { $0 != 0 }
        }
        guard let first = frozenCounts.indices.first(where: isUsed), let last = frozenCounts.indices.last(where: isUsed) else { return 0..<0 }
        return first..<(last + 1)
    }
}
