/// The events whose windows end on one day `d` (read backwards, from today) or start on it
/// (read forwards), and the ways of sharing them between `d` and its two neighbours on that
/// side that differ in what they decide (`Split`).
///
/// Events credited to `d` whatever happens are only a count and a sum; the others are
/// `Share`s: destination 0 is `d`, 1 and 2 the next two days in reading order.
struct DayWindows {
    var fixedCount: Int32 = 0
    /// Thousandths.
    var fixedAmount: Int64 = 0
    var shares: [Share] = []

    var totalCount: Int32 { shares.reduce(fixedCount) { $0 + $1.count } }
    var totalAmount: Int64 { shares.reduce(fixedAmount) { $0 &+ Int64($1.count) &* $1.amount } }
    var isFixed: Bool { shares.isEmpty }

    init() {}

    /// The events whose windows end on `day`: classes 1 and 2 reach back one day, 3 to 5 two.
    init(ledger: CreditLedger, endingOn day: Int) {
        let index = day - ledger.baseDay
        guard index >= 0, index < ledger.dayCount else { return }
        let cell = index * CreditLedger.classesPerDay
        fixedCount = ledger.count(at: cell)
        fixedAmount = ledger.amount(at: cell)
        for classIndex in 1..<CreditLedger.classesPerDay {
            let (width, ownOffset) = CreditLedger.window(ofClass: classIndex)
            add(ledger, cell: cell + classIndex, lo: 0, hi: Int8(width), own: Int8(width - ownOffset))
        }
        shares.sort()
    }

    /// The events whose windows start on `day`, read forwards: kept on `day`, or sent on to
    /// the next day or the one after. With `reach` 1 a window of three days ends on the next
    /// day (a moment at which the day after does not exist yet).
    init(ledger: CreditLedger, startingOn day: Int, reach: Int8 = 2) {
        let index = day - ledger.baseDay
        if index >= 0, index < ledger.dayCount {
            fixedCount = ledger.count(at: index * CreditLedger.classesPerDay)
            fixedAmount = ledger.amount(at: index * CreditLedger.classesPerDay)
        }
        for width in 1...2 where index + width >= 0 && index + width < ledger.dayCount {
            let cell = (index + width) * CreditLedger.classesPerDay
            for classIndex in 1..<CreditLedger.classesPerDay where CreditLedger.window(ofClass: classIndex).width == width {
                let ownOffset = CreditLedger.window(ofClass: classIndex).ownOffset
                add(ledger, cell: cell + classIndex, lo: 0, hi: min(Int8(width), reach), own: min(Int8(ownOffset), reach))
            }
        }
        shares.sort()
    }

    /// The events of one ledger cell as shares: those of amount 1, and the others by amount.
    private mutating func add(_ ledger: CreditLedger, cell: Int, lo: Int8, hi: Int8, own: Int8) {
        let count = ledger.count(at: cell)
        guard count > 0 else { return }
        let others = ledger.windowed[cell] ?? []
        var position = 0
        while position < others.count {
            var end = position + 1
            while end < others.count, others[end] == others[position] { end += 1 }
            shares.append(Share(amount: others[position], count: Int32(end - position), lo: lo, hi: hi, own: own))
            position = end
        }
        let units = count - Int32(others.count)
        if units > 0 { shares.append(Share(amount: HistoryAmounts.unit, count: units, lo: lo, hi: hi, own: own)) }
    }

    /// These windows with every event whose window lies within one week of a weekly amount
    /// (`judges` of the three destinations) left on its own day: wherever it goes it adds to
    /// that week alone, and leaving it there moves nothing (`TieCost`).
    func onOwnDaysWithinWeeks(_ judges: [DayJudge]) -> DayWindows {
        guard judges[0].kind == .week || judges[1].kind == .week else { return self }
        var windows = self
        var changed = false
        for index in windows.shares.indices {
            let share = windows.shares[index]
            guard share.lo < share.hi, (Int(share.lo)...Int(share.hi)).allSatisfy({ judges[$0].isSameWeek(as: judges[Int(share.own)]) }) else { continue }
            windows.shares[index].lo = share.own
            windows.shares[index].hi = share.own
            changed = true
        }
        guard changed else { return self }
        windows.shares.sort()
        // Alike now: one share each.
        var merged: [Share] = []
        for share in windows.shares {
            if let last = merged.last, (last.lo, last.hi, last.own, last.amount) == (share.lo, share.hi, share.own, share.amount) {
                merged[merged.count - 1].count += share.count
            } else {
                merged.append(share)
            }
        }
        windows.shares = merged
        return windows
    }

    /// One sharing, as far as it decides anything.
    struct Split {
        /// Whether the day's sum meets its target (rule 10; at least: reached, at most: within).
        var met: Bool
        /// The day's sum beyond its fixed events, capped: a weekly target adds it to its week.
        var sum: Int64
        /// What the next two days hold after it (capped).
        var held1: Int64, held2: Int64
        /// Events (and amounts) sent to the next two days.
        var back1: Int32, back2: Int32
        var back1Amount: Int64, back2Amount: Int64
        var cost: TieCost
    }

    /// Every distinct outcome, given what `d` and the next day hold already (`held0`,
    /// `held1`), with the cheapest sharing for each (`TieCost`), from the day's
    /// `placements` (made from nothing held: capped sums add up, `min(h + min(x, c), c)` is
    /// `min(h + x, c)`, so one search serves every holding).
    static func splits(
        _ placements: [Placement], held0: Int64, held1: Int64, judges: (DayJudge, DayJudge, DayJudge), caps: Triple
    ) -> [Split] {
        var best = StateTable<Triple, Split>(linearLimit: 32)
        for placement in placements {
            let sum = min(held0 &+ placement.sums[0], caps[0])
            let met = judges.0.met(sum)
            let split = Split(
                met: met, sum: sum, held1: min(held1 &+ placement.sums[1], caps[1]), held2: placement.sums[2],
                back1: placement.counts[1], back2: placement.counts[2],
                back1Amount: placement.amounts[1], back2Amount: placement.amounts[2], cost: placement.cost
            )
            // A day judged alone is decided by whether it met its target; a week's day by its sum.
            let outcome = Triple(judges.0.kind == .week ? sum : met ? 1 : 0, split.held1, split.held2)
            if placements.count == 1 { return [split] }
            best.keep(outcome, split) { $0.cost < $1.cost }
        }
        return best.values
    }
}

/// A state of a pass over days that knows what the next two days already hold.
protocol DayHoldings: Hashable {
    var held0: Int64 { get set }
    var held1: Int64 { get set }
}

/// One day's splits for each holding the states of a layer meet (few: states share them).
struct SplitCache {
    let windows: DayWindows
    let judges: (DayJudge, DayJudge, DayJudge)
    /// Past these every holding is alike: the judges' caps unless a pass needs more.
    let caps: Triple
    let costs: TieCost.Mode
    /// The day's shares placed from nothing held (`DayWindows.splits`), once.
    private var placed: [Placement]?
    private var known: [(held0: Int64, held1: Int64, splits: [DayWindows.Split])] = []

    init(_ windows: DayWindows, judges: (DayJudge, DayJudge, DayJudge), caps: Triple? = nil, costs: TieCost.Mode = .none) {
        (self.judges, self.costs) = (judges, costs)
        self.caps = caps ?? Triple(judges.0.cap, judges.1.cap, judges.2.cap)
        self.windows = windows.onOwnDaysWithinWeeks([judges.0, judges.1, judges.2])
    }

    /// Each of `states` moved through each split of the day that matters: the key given the
    /// holdings the split leaves the next two days, with the state's value.
    mutating func forEachMove<Key: DayHoldings, Value>(of states: StateTable<Key, Value>, _ body: (inout Key, Value, DayWindows.Split) -> Void) {
        for (key, value) in zip(states.keys, states.values) {
            for split in splits(held0: key.held0, held1: key.held1) {
                var moved = key
                moved.held0 = split.held1
                moved.held1 = split.held2
                body(&moved, value, split)
            }
        }
    }

    /// The least holding of the day that its splits judge as they judge `held0`: holdings that
    /// meet (or stay within) the day's target with the same of its own sums are alike, so a
    /// search keeps one state for them. A weekly amount's day counts its sum, so it keeps it.
    mutating func canonical(_ held0: Int64) -> Int64 {
        let judge = judges.0
        guard judge.kind == .atLeast || judge.kind == .atMost, judge.decided == nil, held0 > 0 else { return judge.decided == nil ? held0 : 0 }
        if sums == nil {
            sums = Array(Set(placements().map { $0.sums[0] })).sorted()
        }
        let sums = sums!
        if judge.kind == .atLeast {
            // Met for the own sums from the first at least `need - held0` on.
            let first = sums.partitioningIndex { $0 >= judge.need - held0 }
            return first == sums.count ? 0 : max(0, judge.need - sums[first])
        }
        // Within for the own sums up to `need - held0`.
        let over = sums.partitioningIndex { $0 > judge.need - held0 }
        return over == sums.count ? 0 : max(0, judge.need - sums[over] + 1)
    }

    /// The day's own sums its placements reach, ascending (for `canonical`).
    private var sums: [Int64]?

    private mutating func placements() -> [Placement] {
        if placed == nil {
            placed = SharePlacement.placements(windows.shares, start: Triple(0, 0, 0), caps: caps, costs: costs)
        }
        return placed!
    }

    mutating func splits(held0: Int64, held1: Int64) -> [DayWindows.Split] {
        if let cached = known.first(where: { $0.held0 == held0 && $0.held1 == held1 }) { return cached.splits }
        let splits = DayWindows.splits(placements(), held0: held0, held1: held1, judges: judges, caps: caps)
        known.append((held0, held1, splits))
        return splits
    }
}
