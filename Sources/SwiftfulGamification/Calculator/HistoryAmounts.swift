/// The amounts of a history's regular events (rule 10), kept beside its counts.
///
/// Only events that the leeway may move need their own amounts: an event credited to its own
/// day whatever happens adds to that day's sum and nothing else, so for those a sum per
/// ledger cell is enough (`extras`, the amounts above 1 each). Events in a window of two or
/// three days keep their amounts (`windowed`, those other than 1; the rest are the cell's
/// count less these), since which of them go where decides which days are kept.
///
/// `boundary` holds the events logged at the very second a day closes (the leeway's hour of
/// the next day): the moment a limit's day closes they are already logged, so rule 6's
/// longest streak of a limit must know them. They are rare.
struct HistoryAmounts: Sendable {
    /// Per ledger cell (indexed like `StreakHistory.counts`): the sum of (amount - 1) in
    /// thousandths; empty while every event counted 1.
    var extras: [Int64] = []
    /// Per cell key (`window end day * 6 + class`) of a window of two or three days: its
    /// amounts other than 1, ascending.
    var windowed: [Int: [Int64]] = [:]
    /// Per cell key: the amounts of the events logged at the closing second, ascending.
    var boundary: [Int: [Int64]] = [:]
    /// Per own day: the amounts of the events logged at its midnight when the day before it
    /// has a whole day of leeway and it has neither none nor a whole day (the day two before
    /// closes then; otherwise `boundary` holds them). Only a leeway that changed has these.
    var midnight: [Int: [Int64]] = [:]
    /// Of the events `StreakHistory.arrivalCounts` counts, those whose amount is other than
    /// 1, by `arrivalKey`: their amounts, ascending.
    var arrivals: [Int: [Int64]] = [:]
    /// Freeze events logged before the day before their own closed (rule 4a), by
    /// `arrivalKey(cell: own day, shift: days early)`: one entry each.
    var freezeArrivals: [Int: [Int64]] = [:]
    /// False for a history decoded from an encoding older than amounts: its events are all
    /// counted as 1, whatever they carried.
    var recorded = true
    /// Events whose amount is other than 1 (their extras may cancel out).
    var others = 0
    /// Amounts read in bulk and not in their lists yet (`settle()`), windowed then at the
    /// boundary, each a cell key and an amount in one word (`packed`): appending to an array
    /// costs no hashing per event, and sorting words is quick.
    private var pending: (windowed: [UInt64], boundary: [UInt64], arrivals: [UInt64]) = ([], [], [])

    /// Keys of up to 24 bits (arrival keys of days to about 5800) and amounts up to 2^40
    /// thousandths (more than `StreakAmount.largest`) fit one word.
    private static let keyOffset = 1 << 23
    private static func packed(key: Int, amount: Int64) -> UInt64? {
        guard key > -keyOffset, key < keyOffset, amount >= 0, amount < 1 << 40 else { return nil }
        return UInt64(key + keyOffset) << 40 | UInt64(amount)
    }

    static let unit: Int64 = 1_000

    var isEmpty: Bool { extras.isEmpty && windowed.isEmpty && boundary.isEmpty && midnight.isEmpty && arrivals.isEmpty && freezeArrivals.isEmpty }

    /// An event's cell key and `shift`, its window's first day less the day of the first
    /// settlement it takes part in (-2...2), in one key.
    static func arrivalKey(cell key: Int, shift: Int) -> Int { key * 8 + shift + 4 }

    static func arrival(ofKey key: Int) -> (cell: Int, shift: Int) {
        (key.floorDivided(by: 8), key.floorModulo(8) - 4)
    }

    /// Counts one event (`delta` 1) or takes one out (-1), in the cell at `index` (key `key`).
    /// Reading many events at once, `sorted` may be false: `settle()` then ends the read.
    mutating func record(
        amount: Int64, index: Int, key: Int, windowed isWindowed: Bool, atBoundary: Bool, delta: Int32, cells: Int, sorted: Bool = true
    ) {
        if amount != Self.unit {
            others += Int(delta)
            if extras.isEmpty { extras = Array(repeating: 0, count: cells) }
            extras[index] += Int64(delta) * (amount - Self.unit)
            if isWindowed {
                if !sorted, delta > 0, let word = Self.packed(key: key, amount: amount) {
                    pending.windowed.append(word)
                } else {
                    Self.update(&windowed, key: key, amount: amount, delta: delta)
                }
            }
        }
        if atBoundary {
            if !sorted, delta > 0, let word = Self.packed(key: key, amount: amount) {
                pending.boundary.append(word)
            } else {
                Self.update(&boundary, key: key, amount: amount, delta: delta)
            }
        }
    }

    /// Counts (or takes out) an event whose amount is other than 1 among `arrivals`.
    mutating func recordArrival(key: Int, amount: Int64, delta: Int32, sorted: Bool) {
        if !sorted, delta > 0, let word = Self.packed(key: key, amount: amount) {
            pending.arrivals.append(word)
        } else {
            Self.update(&arrivals, key: key, amount: amount, delta: delta)
        }
    }

    static func update(_ lists: inout [Int: [Int64]], key: Int, amount: Int64, delta: Int32) {
        if delta > 0 {
            // In place: a copy of the list per event would make a busy day quadratic.
            lists[key, default: []].insertSorted(amount)
        } else if let position = lists[key]?.firstIndex(of: amount) {
            lists[key]!.remove(at: position)
            if lists[key]!.isEmpty { lists[key] = nil }
        }
    }

    /// Puts the amounts read in bulk into their lists, ascending.
    mutating func settle() {
        Self.settle(&pending.windowed, into: &windowed)
        Self.settle(&pending.boundary, into: &boundary)
        Self.settle(&pending.arrivals, into: &arrivals)
    }

    /// Buckets the words by key (their keys span a few thousand days: counted, not
    /// compared), then sorts each key's few amounts.
    private static func settle(_ words: inout [UInt64], into lists: inout [Int: [Int64]]) {
        guard !words.isEmpty else { return }
        var low = UInt64.max, high: UInt64 = 0
        for word in words { (low, high) = (min(low, word >> 40), max(high, word >> 40)) }
        let span = Int(high - low) + 1
        guard span <= 4 * words.count + 4_096 else {
            words.sort()
            var start = 0
            while start < words.count {
                var end = start + 1
                while end < words.count, words[end] >> 40 == words[start] >> 40 { end += 1 }
                add(words[start..<end].map { Int64($0 & (1 << 40 - 1)) }, key: Int(words[start] >> 40) - keyOffset, to: &lists)
                start = end
            }
            words = []
            return
        }
        var starts = [Int](repeating: 0, count: span + 1)
        for word in words { starts[Int(word >> 40 - low) + 1] += 1 }
        for index in 0..<span { starts[index + 1] += starts[index] }
        var next = starts
        var amounts = [Int64](repeating: 0, count: words.count)
        for word in words {
            let bucket = Int(word >> 40 - low)
            amounts[next[bucket]] = Int64(word & (1 << 40 - 1))
            next[bucket] += 1
        }
        for bucket in 0..<span where starts[bucket + 1] > starts[bucket] {
            add(amounts[starts[bucket]..<starts[bucket + 1]].sorted(), key: Int(low) + bucket - keyOffset, to: &lists)
        }
        words = []
    }

    /// Adds ascending `amounts` to the list at `key`.
    private static func add(_ amounts: [Int64], key: Int, to lists: inout [Int: [Int64]]) {
        lists[key] = lists[key].map { $0.merged(with: amounts) } ?? amounts
    }

    /// The counts' arrays grew by `before` cells at the front and `after` at the back.
    mutating func grow(before: Int, after: Int) {
        guard !extras.isEmpty else { return }
        if before > 0 { extras.insert(contentsOf: repeatElement(0, count: before), at: 0) }
        if after > 0 { extras.append(contentsOf: repeatElement(0, count: after)) }
    }

    /// Adds the amounts of another history, whose cell 0 is this one's cell `offset`.
    mutating func merge(_ other: HistoryAmounts, offset: Int, cells: Int) {
        settle()
        var other = other
        other.settle()
        recorded = recorded && other.recorded
        others += other.others
        if !other.extras.isEmpty {
            if extras.isEmpty { extras = Array(repeating: 0, count: cells) }
            for index in other.extras.indices where other.extras[index] != 0 { extras[offset + index] += other.extras[index] }
        }
        for (key, list) in other.windowed { windowed[key] = windowed[key]?.merged(with: list) ?? list }
        for (key, list) in other.boundary { boundary[key] = boundary[key]?.merged(with: list) ?? list }
        for (key, list) in other.midnight { midnight[key] = midnight[key]?.merged(with: list) ?? list }
        for (key, list) in other.arrivals { arrivals[key] = arrivals[key]?.merged(with: list) ?? list }
        for (key, list) in other.freezeArrivals { freezeArrivals[key] = freezeArrivals[key]?.merged(with: list) ?? list }
    }

    func extra(at index: Int) -> Int64 { extras.isEmpty ? 0 : extras[index] }
}

extension Array where Element == Int64 {
    /// Both ascending lists as one ascending list, in one pass.
    func merged(with other: [Int64]) -> [Int64] {
        if other.isEmpty { return self }
        if isEmpty || last! <= other[0] { return self + other }
        var result: [Int64] = []
        result.reserveCapacity(count + other.count)
        var (mine, theirs) = (startIndex, other.startIndex)
        while mine < endIndex, theirs < other.endIndex {
            if self[mine] <= other[theirs] { result.append(self[mine]); mine += 1 } else { result.append(other[theirs]); theirs += 1 }
        }
        result.append(contentsOf: self[mine...])
        result.append(contentsOf: other[theirs...])
        return result
    }

    /// Inserts `value` in ascending order.
    mutating func insertSorted(_ value: Int64) {
        insert(value, at: partitioningIndex { $0 >= value })
    }

    /// The list without one occurrence of each of `values`.
    func removingEach(of values: [Int64]) -> [Int64] {
        var left = self
        for value in values { if let position = left.firstIndex(of: value) { left.remove(at: position) } }
        return left
    }
}

extension Array {
    /// The first index whose element satisfies `belongsInSecondPartition` (the array is
    /// partitioned by it: false first, then true).
    func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
