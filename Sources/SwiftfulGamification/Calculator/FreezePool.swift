/// The unused freezes, with the dates that decide which days they may bridge (rule 5).
struct FreezePool: Hashable {
    struct Entry: Hashable {
        /// Index into the caller's freeze array.
        let index: Int
        /// Local day (in the current zone) it was earned on; nil = always earned.
        let earnedDay: Int?
        /// Local wall-clock second (in the current zone) it expires at; nil = never.
        let expiresLocalSecond: Int?
        /// The first day whose settlement sees it (earned by the day's closing instant, rule
        /// 4a with rule 1); nil = always.
        let seenFrom: Int?
    }

    /// Which entries are consumed, one bit each: the first 64 inline (the crediting search
    /// copies and compares pools a lot), any more in `more`.
    struct Consumed: Hashable, Sendable {
        var first: UInt64 = 0
        var more: [UInt64] = []

        subscript(position: Int) -> Bool {
            get { (position < 64 ? first : more[position / 64 - 1]) >> UInt64(position % 64) & 1 == 1 }
            set {
                guard newValue else { return }
                if position < 64 { first |= 1 << UInt64(position) } else { more[position / 64 - 1] |= 1 << UInt64(position % 64) }
            }
        }

        var count: Int { more.reduce(first.nonzeroBitCount) { $0 + $1.nonzeroBitCount } }
    }

    /// Oldest earned first.
    private let entries: [Entry]
    private(set) var consumed: Consumed
    /// The day being settled: freezes earned after it closed are not seen (nil at `now`).
    var settling: Int?

    /// Freezes not consumed yet (eligible or not for a given day).
    var unusedCount: Int { entries.count - consumed.count }

    /// Only what was consumed: the entries are the same for every pool of one calculation.
    static func == (lhs: FreezePool, rhs: FreezePool) -> Bool { lhs.consumed == rhs.consumed }

    func hash(into hasher: inout Hasher) { hasher.combine(consumed) }

    /// Whether every freeze this pool consumed, `other` (a pool of the same calculation) consumed too.
    func consumedIsSubset(of other: FreezePool) -> Bool {
        consumed.first & ~other.consumed.first == 0 && zip(consumed.more, other.consumed.more).allSatisfy { $0 & ~$1 == 0 }
    }

    init(entries: [Entry]) {
        self.entries = entries
        consumed = Consumed(more: Array(repeating: 0, count: max(0, (entries.count - 1) / 64)))
    }

    /// Takes the consumptions of a pool of the same freezes; false if they do not fit it.
    mutating func restore(consumed saved: Consumed) -> Bool {
        guard saved.more.count == consumed.more.count, saved.count <= entries.count else { return false }
        consumed = saved
        return true
    }

    /// Assigns one freeze to each day (ascending), oldest-earned eligible freeze first,
    /// all or nothing: returns `(freeze index, day)` pairs, or nil without consuming any.
    mutating func consume(forDays days: [Int]) -> [(freezeIndex: Int, day: Int)]? {
        consume(forSpans: days.map { $0...$0 })?.map { ($0.freezeIndex, $0.span.upperBound) }
    }

    /// The same for spans of days (a week of a weekly streak): a freeze is eligible for a
    /// span when earned before its last day ended and not expired when its first began.
    mutating func consume(forSpans spans: [ClosedRange<Int>]) -> [(freezeIndex: Int, span: ClosedRange<Int>)]? {
        var tentative = consumed
        var assignments: [(freezeIndex: Int, span: ClosedRange<Int>)] = []
        for span in spans {
            guard let position = entries.indices.first(where: { !tentative[$0] && isEligible(entries[$0], for: span) }) else {
                return nil
            }
            tentative[position] = true
            assignments.append((entries[position].index, span))
        }
        consumed = tentative
        return assignments
    }

    /// The unconsumed freezes eligible for at least one of `units` (days, or weeks of a
    /// weekly streak, ascending), grouped by the first and last of them they are eligible
    /// for: within a group they may bridge the same units, so which one a walk takes
    /// changes nothing else. Each group oldest earned first, the groups by their oldest.
    func classes(over units: [ClosedRange<Int>]) -> [[Int]] {
        var groups: [[Int]] = []
        var bounds: [Int: Int] = [:]
        for position in entries.indices where !consumed[position] {
            // Eligible units form one stretch: earned before it, not expired yet.
            guard let first = units.firstIndex(where: { isEligible(entries[position], for: $0) }) else { continue }
            let last = units.lastIndex { isEligible(entries[position], for: $0) }!
            if let group = bounds[first * units.count + last] {
                groups[group].append(position)
            } else {
                bounds[first * units.count + last] = groups.count
                groups.append([position])
            }
        }
        return groups
    }

    /// Which of `classes` (the first 64) are eligible for `span`, as bits in that order.
    func eligibility(for span: ClosedRange<Int>, among classes: [[Int]]) -> UInt64 {
        var bits: UInt64 = 0
        for (bit, members) in classes.prefix(64).enumerated() where isEligible(entries[members[0]], for: span) {
            bits |= 1 << UInt64(bit)
        }
        return bits
    }

    private func isEligible(_ entry: Entry, for span: ClosedRange<Int>) -> Bool {
        if let settling, let seenFrom = entry.seenFrom, seenFrom > settling { return false }
        if let earnedDay = entry.earnedDay, earnedDay > span.upperBound { return false }
        if let expires = entry.expiresLocalSecond, expires <= span.lowerBound * 86_400 { return false }
        return true
    }
}
