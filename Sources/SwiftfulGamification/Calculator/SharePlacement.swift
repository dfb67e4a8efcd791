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

/// What a crediting moved, compared after rule 4's streak, freezes and kept days: events
/// logged on destination 0 (today) credited elsewhere, events logged elsewhere credited to
/// it, the same two as amounts, then events credited away from their own day at all.
struct TieCost: Comparable, Hashable {
    var out: Int32 = 0, imported: Int32 = 0
    var outAmount: Int64 = 0, inAmount: Int64 = 0
    var moves: Int32 = 0

    static func < (lhs: TieCost, rhs: TieCost) -> Bool {
        (lhs.out, lhs.imported, lhs.outAmount, lhs.inAmount, lhs.moves) < (rhs.out, rhs.imported, rhs.outAmount, rhs.inAmount, rhs.moves)
    }

    static func + (lhs: TieCost, rhs: TieCost) -> TieCost {
        TieCost(
            out: lhs.out + rhs.out, imported: lhs.imported + rhs.imported, outAmount: lhs.outAmount &+ rhs.outAmount,
            inAmount: lhs.inAmount &+ rhs.inAmount, moves: lhs.moves + rhs.moves
        )
    }

    enum Mode {
        /// Every field: destination 0 is today.
        case today
        /// Moves only.
        case moves
        /// Nothing: any placement of an outcome will do.
        case none
    }
}

/// One way of crediting shares to the three destinations, as far as it matters: the sums
/// each destination reaches from its start (capped: past its cap every sum is alike), and
/// exactly what was placed where.
struct Placement {
    var sums: Triple
    var counts = CountTriple()
    var amounts = Triple(0, 0, 0)
    var cost = TieCost()
}

/// Every distinct outcome of crediting whole events (rules 2 and 10), exactly.
///
/// Amounts are summed exactly, so which events go where is a subset-sum question; it is
/// answered by a dynamic programme over the shares whose states are the three capped sums:
/// a destination's sum matters only up to its cap (at least X: past X - what it has anyway,
/// it is met whatever else comes; at most X: one past, it is over whatever else comes). For
/// each state the cheapest placement (`TieCost`) is kept, which is exact because the cost
/// adds up share by share and the state is all a later share's outcome depends on.
///
/// Within a share, only counts that change a capped sum are tried: for each destination
/// the counts below the one that reaches its cap, and the counts that leave the other
/// destinations below theirs. Among the placements of one outcome the cheapest keeps as
/// many events as it can on their own day, and that count is always among those tried.
/// - Complexity: O(shares * states * tries), states and tries bounded by the caps divided by
///   the amounts; for counted events (amount 1) by the goals, as before amounts.
enum SharePlacement {
    /// Which placements a consumer prefers, all else alike (`placements`' `prefer`).
    enum Preference {
        /// Every outcome is kept.
        case any
        /// Larger sums are never worse: a placement another one matches or beats in every
        /// destination is left out.
        case larger
        /// Smaller sums are never worse.
        case smaller
    }

    static func placements(_ shares: [Share], start: Triple, caps: Triple, costs: TieCost.Mode, prefer: Preference = .any) -> [Placement] {
        let first = Triple(min(start[0], caps[0]), min(start[1], caps[1]), min(start[2], caps[2]))
        // No sum can change: the cheapest placement leaves every event on its own day.
        let open = (0..<3).filter { first[$0] < caps[$0] }
        if open.isEmpty { return [atOwnDays(shares, sums: first)] }
        // One sum can: the placement sending it all it can (or nothing it need not) beats the rest.
        if open.count == 1, prefer != .any { return [toward(open[0], shares, from: first, caps: caps, larger: prefer == .larger)] }
        var table = StateTable<Triple, Placement>(linearLimit: 32)
        table.append(first, Placement(sums: first))
        for share in shares where share.count > 0 {
            var next = StateTable<Triple, Placement>(linearLimit: 32)
            for (key, placement) in zip(table.keys, table.values) {
                forEachAllocation(of: share, from: key, caps: caps) { allocation in
                    var moved = placement
                    for destination in Int(share.lo)...Int(share.hi) where allocation[destination] > 0 {
                        let placed = allocation[destination]
                        moved.counts[destination] += placed
                        moved.amounts[destination] &+= Int64(placed) &* share.amount
                        moved.sums[destination] = capped(key[destination], adding: placed, of: share.amount, cap: caps[destination])
                    }
                    moved.cost = moved.cost + cost(of: share, allocation, mode: costs)
                    next.keep(moved.sums, moved) { $0.cost < $1.cost }
                }
            }
            table = prefer == .any || next.count < 2 ? next : frontier(next, larger: prefer == .larger)
        }
        return table.values
    }

    /// The states no other one matches or beats in every destination (larger or smaller).
    private static func frontier(_ table: StateTable<Triple, Placement>, larger: Bool) -> StateTable<Triple, Placement> {
        let sign: Int64 = larger ? 1 : -1
        let order = table.keys.indices.sorted { lhs, rhs in
            let (left, right) = (table.keys[lhs], table.keys[rhs])
            return (sign * left.first, sign * left.second, sign * left.third) > (sign * right.first, sign * right.second, sign * right.third)
        }
        var kept = StateTable<Triple, Placement>(linearLimit: 32)
        // With the third destination alike throughout (two days to share between), the best
        // second sum so far says it all.
        let third = table.keys[0].third
        let flat = table.keys.allSatisfy { $0.third == third }
        var bestSecond = Int64.min
        for position in order {
            let key = table.keys[position]
            // Earlier keys are at least as good in the first destination.
            let beaten = flat ? bestSecond >= sign * key.second
                : kept.keys.contains { sign * $0.second >= sign * key.second && sign * $0.third >= sign * key.third }
            if !beaten {
                kept.append(key, table.values[position])
                bestSecond = max(bestSecond, sign * key.second)
            }
        }
        return kept
    }

    /// Every event sent to `destination` where it may go (`larger`), or kept away from it where
    /// it may be (else).
    private static func toward(_ destination: Int, _ shares: [Share], from start: Triple, caps: Triple, larger: Bool) -> Placement {
        var placement = Placement(sums: start)
        for share in shares where share.count > 0 {
            let allowed = Int(share.lo)...Int(share.hi)
            let target = larger
                ? (allowed.contains(destination) ? destination : Int(share.own))
                : (Int(share.own) != destination ? Int(share.own) : allowed.first { $0 != destination } ?? destination)
            placement.counts[target] += share.count
            placement.amounts[target] &+= Int64(share.count) &* share.amount
            placement.sums[target] = capped(placement.sums[target], adding: share.count, of: share.amount, cap: caps[target])
        }
        return placement
    }

    private static func atOwnDays(_ shares: [Share], sums: Triple) -> Placement {
        var placement = Placement(sums: sums)
        for share in shares {
            let own = Int(share.own)
            placement.counts[own] += share.count
            placement.amounts[own] &+= Int64(share.count) &* share.amount
        }
        return placement
    }

    /// `value + count * amount`, capped (without overflow for any count).
    static func capped(_ value: Int64, adding count: Int32, of amount: Int64, cap: Int64) -> Int64 {
        guard amount > 0, count > 0, value < cap else { return min(value, cap) }
        return Int64(count) >= saturation(value, amount: amount, cap: cap) ? cap : value + Int64(count) * amount
    }

    /// How many events of `amount` take `value` to `cap`.
    private static func saturation(_ value: Int64, amount: Int64, cap: Int64) -> Int64 {
        guard value < cap else { return 0 }
        guard amount > 0 else { return .max }
        return (cap - value + amount - 1) / amount
    }

    private static func cost(of share: Share, _ allocation: CountTriple, mode: TieCost.Mode) -> TieCost {
        let off = share.count - allocation[Int(share.own)]
        switch mode {
        case .none:
            return TieCost()
        case .moves:
            return TieCost(moves: off)
        case .today:
            if share.own == 0 {
                return TieCost(out: off, outAmount: Int64(off) &* share.amount, moves: off)
            }
            let imported = allocation[0]
            return TieCost(imported: imported, inAmount: Int64(imported) &* share.amount, moves: off)
        }
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
        let needed = (lo...hi).map { Int32(clamping: saturation(key[$0], amount: share.amount, cap: caps[$0])) }
        func tries(_ position: Int, upTo limit: Int32) -> [Int32] {
            let others = needed.indices.reduce(Int32(0)) { $1 == position ? $0 : $0.addingClamped(needed[$1]) }
            var values = Array(0...min(limit, needed[position]))
            let large = max(values.last! + 1, total - others)
            if large <= limit { values += Array(large...limit) }
            return values
        }
        if hi - lo == 1 {
            for placed in tries(0, upTo: total) {
                allocation[lo] = placed
                allocation[hi] = total - placed
                body(allocation)
            }
            return
        }
        for first in tries(0, upTo: total) {
            for second in tries(1, upTo: total - first) {
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
