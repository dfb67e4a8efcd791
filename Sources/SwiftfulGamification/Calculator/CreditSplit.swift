/// The events whose windows end on one day `d`, by class (rule 2), and the ways of sharing
/// them between `d`, `d - 1` and `d - 2` that differ in what they decide: whether `d` is
/// kept, and how many events `d - 1` and `d - 2` receive up to their goals (a day with its
/// goal met is kept however many more it gets, so counts beyond the goal are all alike).
struct DayWindows {
    /// Window `d...d`.
    var fixed: Int
    /// Window `d-1...d`, logged on `d - 1` and on `d`.
    var late: Int, early: Int
    /// Window `d-2...d`, logged on `d - 2`, `d - 1` and `d`.
    var wide0: Int, wide1: Int, wide2: Int

    init(fixed: Int, late: Int = 0, early: Int = 0, wide0: Int = 0, wide1: Int = 0, wide2: Int = 0) {
        (self.fixed, self.late, self.early, self.wide0, self.wide1, self.wide2) = (fixed, late, early, wide0, wide1, wide2)
    }

    init(ledger: CreditLedger, day: Int) {
        let index = day - ledger.baseDay
        guard index >= 0, index < ledger.dayCount else {
            (fixed, late, early, wide0, wide1, wide2) = (0, 0, 0, 0, 0, 0)
            return
        }
        let value = { (classIndex: Int) in Int(ledger.count(at: index * CreditLedger.classesPerDay + classIndex)) }
        (fixed, late, early, wide0, wide1, wide2) = (value(0), value(1), value(2), value(3), value(4), value(5))
    }

    /// The events whose windows start on `day`, read forwards as the others read backwards:
    /// kept on `day` (`fixed`), or sent on to the next day (`late`) or the one after (`wide0`).
    init(startingOn day: Int, ledger: CreditLedger) {
        let next = DayWindows(ledger: ledger, day: day + 1), after = DayWindows(ledger: ledger, day: day + 2)
        self.init(fixed: DayWindows(ledger: ledger, day: day).fixed, late: next.late + next.early, wide0: after.wide0 + after.wide1 + after.wide2)
    }

    /// One sharing: `back1` events to `d - 1`, `back2` to `d - 2`, the rest to `d`.
    struct Split: Hashable {
        var kept: Bool
        /// Events `d - 1` and `d - 2` hold after it, capped at their goals.
        var held1: Int32, held2: Int32
        var back1: Int32, back2: Int32
        /// Events logged on `d` credited elsewhere, and events logged elsewhere credited to `d`.
        var out: Int32, imported: Int32
    }

    /// Every distinct outcome, given what `d` and `d - 1` hold already (`held0`, `held1`,
    /// capped at their goals); for each, the sharing that moves the fewest of `d`'s own
    /// events away and then brings the fewest others in. `exhaustive` tries every count
    /// (for today, whose count is reported); otherwise only the counts that can decide.
    func splits(held0: Int, held1: Int, goals: (Int, Int, Int), exhaustive: Bool) -> [Split] {
        let two = wide0 + wide1 + wide2, one = late + early
        if one + two == 0 {
            let kept = held0 + fixed >= goals.0
            return [Split(kept: kept, held1: Int32(min(goals.1, held1)), held2: 0, back1: 0, back2: 0, out: 0, imported: 0)]
        }
        let notOwn1 = late + wide0 + wide1
        // Fewest sent back for `d` to stay under its goal.
        let keepRoom = goals.0 - held0 - fixed - 1
        // By outcome, in a fixed order: ties between outcomes are then broken the same way every time.
        var best = [Split?](repeating: nil, count: 2 * (goals.1 + 1) * (goals.2 + 1))
        // Today's count is reported: every sharing of a few events is tried, else the ones
        // that send back exactly the events logged on other days as well.
        let everyCount = exhaustive && one + two <= 64
        for back2 in candidates(upTo: two, goal: goals.2, extras: [exhaustive ? wide0 + wide1 : nil], every: everyCount) {
            let available = one + two - back2
            let mustSend = keepRoom >= 0 ? available - keepRoom : nil
            let natural = exhaustive ? notOwn1 - min(back2, wide0 + wide1) : nil
            for back1 in candidates(upTo: available, goal: goals.1, extras: [mustSend, natural, natural.map { max($0, mustSend ?? 0) }], every: everyCount) {
                let rest = available - back1
                let nonOwn2 = min(back2, wide0 + wide1)
                let nonOwn1 = min(back1, notOwn1 - nonOwn2)
                let split = Split(
                    kept: held0 + fixed + rest >= goals.0,
                    held1: Int32(min(goals.1, held1 + back1)), held2: Int32(min(goals.2, back2)),
                    back1: Int32(back1), back2: Int32(back2),
                    out: Int32(back2 - nonOwn2 + back1 - nonOwn1), imported: Int32(notOwn1 - nonOwn2 - nonOwn1)
                )
                let outcome = (split.kept ? 1 : 0) + 2 * Int(split.held1) + 2 * (goals.1 + 1) * Int(split.held2)
                if let known = best[outcome], (known.out, known.imported) <= (split.out, split.imported) { continue }
                best[outcome] = split
            }
        }
        return best.compactMap(\.self)
    }

    /// Counts to try for events sent to a day with `goal`: each up to the goal, all, and
    /// `extras` (the fewest that leave `d` unkept; the events logged on other days).
    private func candidates(upTo limit: Int, goal: Int, extras: [Int?], every: Bool) -> [Int] {
        guard limit > 0 else { return [0] }
        if every { return Array(0...limit) }
        var values = Array(0...min(limit, goal))
        if limit > goal { values.append(limit) }
        for case let extra? in extras where extra > goal && extra < limit && !values.contains(extra) { values.append(extra) }
        return values
    }
}

/// A state of a pass over days that knows how many events the next two days already hold.
protocol DayHoldings: Hashable {
    var held0: Int32 { get set }
    var held1: Int32 { get set }
}

/// One day's splits for each holding the states of a layer meet (few: states share them).
struct SplitCache {
    let windows: DayWindows
    let goals: (Int, Int, Int)
    let exhaustive: Bool
    private var known: [(held0: Int32, held1: Int32, splits: [DayWindows.Split])] = []

    init(_ windows: DayWindows, goals: (Int, Int, Int), exhaustive: Bool = false) {
        (self.windows, self.goals, self.exhaustive) = (windows, goals, exhaustive)
    }

    /// Each of `states` moved through each split of the day that matters: the key given the
    /// holdings the split leaves the next two days (capped at `cap`), with the state's value.
    mutating func forEachMove<Key: DayHoldings, Value>(of states: StateTable<Key, Value>, cap: Int32, _ body: (inout Key, Value, DayWindows.Split) -> Void) {
        for (key, value) in zip(states.keys, states.values) {
            for split in splits(held0: key.held0, held1: key.held1) {
                var moved = key
                moved.held0 = min(cap, split.held1)
                moved.held1 = min(cap, split.held2)
                body(&moved, value, split)
            }
        }
    }

    mutating func splits(held0: Int32, held1: Int32) -> [DayWindows.Split] {
        if let cached = known.first(where: { $0.held0 == held0 && $0.held1 == held1 }) { return cached.splits }
        let splits = windows.splits(held0: Int(held0), held1: Int(held1), goals: goals, exhaustive: exhaustive)
        known.append((held0, held1, splits))
        return splits
    }
}

extension WalkInput {
    /// Which of `lastDay - 1` and `lastDay` can be kept `L` hours into `lastDay`, both open,
    /// with the events logged by then, given `held0` and `held1` events already credited to
    /// them from windows that start earlier: both, the first alone, the last alone.
    func openPair(held0: Int, held1: Int, lastDay: Int) -> (both: Bool, first: Bool, last: Bool) {
        let first = lastDay - 1
        let own = DayWindows(ledger: ledger, day: first), next = DayWindows(ledger: ledger, day: lastDay)
        let after = DayWindows(ledger: ledger, day: lastDay + 1)
        // Logged by then and free to go to either day: late on `first`, early on `lastDay`.
        let either = next.late + next.early + after.wide0 + after.wide1
        let firstNeeds = max(0, goal(first) - held0 - own.fixed), lastNeeds = max(0, goal(lastDay) - held1)
        return (firstNeeds + lastNeeds <= either, firstNeeds <= either, lastNeeds <= either)
    }
}
