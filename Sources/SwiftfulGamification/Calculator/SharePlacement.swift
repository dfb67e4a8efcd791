/// Events that may be credited to some of three neighbouring days, alike in all that decides
/// where they go: the days their window allows (`lo...hi`, among the three), the one they
/// were logged on, and their amount. Any `count` of them is as good as any other.
struct Share: Hashable, Comparable {
    /// Thousandths, 0 or more.
    var amount: Int64
    var count: Int32
    /// Destinations allowed, 0...2, and the one that is the events' own day.
    var lo: Int8, hi: Int8, own: Int8

    static func < (lhs: Share, rhs: Share) -> Bool {
        (lhs.lo, lhs.hi, lhs.own, lhs.amount) < (rhs.lo, rhs.hi, rhs.own, rhs.amount)
    }
}

/// Three sums, one per destination (concrete, not generic: the tables of them are hot).
struct Triple: Hashable, CustomStringConvertible {
    var first: Int64, second: Int64, third: Int64

    init(_ first: Int64, _ second: Int64, _ third: Int64) { (self.first, self.second, self.third) = (first, second, third) }

    subscript(position: Int) -> Int64 {
        get { position == 0 ? first : position == 1 ? second : third }
        set {
            switch position {
            case 0: first = newValue
            case 1: second = newValue
            default: third = newValue
            }
        }
    }

    /// One word to hash: equal keys are still compared whole.
    func hash(into hasher: inout Hasher) {
        hasher.combine(first &* -0x61C8_8646_80B5_83EB &+ second &* -0x3D4D_51C2_D82B_14B1 &+ third)
    }

    var description: String { "(\(first), \(second), \(third))" }
}

/// Three counts of events, one per destination.
struct CountTriple: Equatable {
    var first: Int32 = 0, second: Int32 = 0, third: Int32 = 0

    subscript(position: Int) -> Int32 {
        get { position == 0 ? first : position == 1 ? second : third }
        set {
            switch position {
            case 0: first = newValue
            case 1: second = newValue
            default: third = newValue
            }
        }
    }
}

/// Whole events placed on up to three days (rules 2 and 10): where a share's events may go,
/// only counts that change a capped sum are tried (`forEachAllocation`).
enum SharePlacement {
    /// `value + count * amount`, capped (without overflow for any count).
    static func capped(_ value: Int64, adding count: Int32, of amount: Int64, cap: Int64) -> Int64 {
        guard amount > 0, count > 0, value < cap else { return min(value, cap) }
        return Int64(count) >= saturation(value, amount: amount, cap: cap) ? cap : value + Int64(count) * amount
    }

    /// How many events of `amount` take `value` to `cap`.
    static func saturation(_ value: Int64, amount: Int64, cap: Int64) -> Int64 {
        guard value < cap else { return 0 }
        guard amount > 0 else { return .max }
        return (cap - value + amount - 1) / amount
    }

    /// Calls `body` with each allocation of the share's events to its destinations that may
    /// be the cheapest of its outcome.
    static func forEachAllocation(of share: Share, from key: Triple, caps: Triple, _ body: (CountTriple) -> Void) {
        let total = share.count
        let (lo, hi) = (Int(share.lo), Int(share.hi))
        var allocation = CountTriple()
        // An amount of 0 changes no sum: the events stay on their own day.
        if lo == hi || share.amount == 0 {
            allocation[share.amount == 0 ? Int(share.own) : lo] = total
            return body(allocation)
        }
        // Per destination, the events that take it to its cap (no arrays: this runs for every
        // share of every state of every day).
        var needed = CountTriple()
        for destination in lo...hi {
            needed[destination - lo] = Int32(clamping: saturation(key[destination], amount: share.amount, cap: caps[destination]))
        }
        func forEachTry(_ position: Int, upTo limit: Int32, _ visit: (Int32) -> Void) {
            var others: Int32 = 0
            for index in 0...(hi - lo) where index != position { others = others.addingClamped(needed[index]) }
            let small = min(limit, needed[position])
            for value in 0...small { visit(value) }
            let large = max(small + 1, total - others)
            if large <= limit { for value in large...limit { visit(value) } }
        }
        if hi - lo == 1 {
            forEachTry(0, upTo: total) { placed in
                allocation[lo] = placed
                allocation[hi] = total - placed
                body(allocation)
            }
            return
        }
        forEachTry(0, upTo: total) { first in
            forEachTry(1, upTo: total - first) { second in
                allocation = CountTriple(first: first, second: second, third: total - first - second)
                body(allocation)
            }
        }
    }
}

extension Int32 {
    func addingClamped(_ other: Int32) -> Int32 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
