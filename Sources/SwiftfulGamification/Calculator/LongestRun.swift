/// Rule 6's longest streak of a day-unit streak: the largest value the current streak had
/// at any `now` up to the present.
///
/// The current streak only grows while a day is open (events arrive) and can only drop
/// when a day closes, so its largest values are reached just before a day closes: at the
/// end of each day, and `L` hours into the next while yesterday is open. One forward pass
/// over the days keeps, for every way the events so far may leave the next two days
/// (`DayWindows`, read forwards) and every state of the run, the longest run ending at the
/// day; at each of those moments the days still open are credited with the events logged
/// by then. Auto freezes bridge the run's gaps as the walk back from each moment would:
/// latest gap first, oldest-earned freeze first, a gap that cannot be bridged ending the run.
/// - Complexity: O(days * states), like `CreditingSearch`.
struct LongestRun {
    struct Key: Hashable {
        var held0: Int32, held1: Int32
        /// A gap waiting for a kept or frozen day (auto mode): the freezes eligible for each of its due days.
        var gap: [UInt64]?
        /// The gaps freezes bridge in the run, oldest first, as `gap` (auto mode). Days are
        /// known only by the freezes eligible for them, so runs alike but for when they
        /// missed a day share a state.
        var bridged: [[UInt64]] = []
        /// A kept or frozen day in the run: something a freeze would save.
        var anchored = false
    }

    /// Kept days of the run between its bridged gaps, oldest first (one more than the gaps).
    typealias Run = [Int]
    /// The runs of one state that no other beats at every cut a later gap may make (each
    /// suffix sum at least as large): which one ends up longest depends on where that cut falls.
    typealias Runs = [Run]

    let input: WalkInput
    /// Holdings are capped at the largest goal, so a count held for one day stays exact for its neighbour.
    let cap: Int32
    /// The freezes eligible for some day of the history, oldest earned first: a gap day is
    /// known by which of them (as bits) it may take. Exact while there are at most 64 of
    /// them; beyond that only the 64 oldest bridge gaps here, so the longest streak may come
    /// out shorter than rule 6's (a gap that needed the 65th freeze left open).
    let freezes: [Int]

    static func longest(_ input: WalkInput) -> Int {
        guard input.firstDay <= input.today else { return 0 }
        let freezes = input.behavior == .autoConsumeFreezes ? input.freezes.positions(eligibleWithin: input.firstDay...input.today) : []
        return LongestRun(input: input, cap: input.goals.max() ?? 1, freezes: freezes).scan()
    }

    private func scan() -> Int {
        var before = StateTable<Key, Runs>()
        before.append(Key(held0: 0, held1: 0), [[0]])
        var beforeYesterday = before
        var longest = 0
        let leeway = input.leewayHours
        for day in input.firstDay...input.today {
            // The moment `L` hours into `day`: yesterday and today open, today's later events not logged yet.
            if leeway > 0, day < input.today || !input.yesterdayIsOpen {
                for (key, runs) in zip(beforeYesterday.keys, beforeYesterday.values) { longest = max(longest, length(key, runs) + openPair(key, lastDay: day)) }
            }
            // The end of `day` (with a leeway of 24 hours, the same moment as the one above).
            if leeway < 24, day < input.today {
                for (key, runs) in zip(before.keys, before.values) { longest = max(longest, length(key, runs) + (keepsAlone(key, day: day) ? 1 : 0)) }
            }
            beforeYesterday = before
            before = step(before, day: day)
        }
        return longest
    }

    /// Credits the events whose windows start on `day` (a closed day) in every way that matters.
    private func step(_ states: StateTable<Key, Runs>, day: Int) -> StateTable<Key, Runs> {
        let windows = DayWindows(startingOn: day, ledger: input.ledger)
        let goals = (input.goal(day), input.goal(day + 1), input.goal(day + 2))
        var next = StateTable<Key, Runs>()
        var splitCache: [(held0: Int32, held1: Int32, splits: [DayWindows.Split])] = []
        for (key, runs) in zip(states.keys, states.values) {
            let splits: [DayWindows.Split]
            if let cached = splitCache.first(where: { $0.held0 == key.held0 && $0.held1 == key.held1 }) {
                splits = cached.splits
            } else {
                splits = windows.splits(held0: Int(key.held0), held1: Int(key.held1), goals: goals, exhaustive: false)
                splitCache.append((key.held0, key.held1, splits))
            }
            for split in splits {
                var moved = key
                moved.held0 = min(cap, split.held1)
                moved.held1 = min(cap, split.held2)
                // The key goes the same way whatever the run (`walk` reads only the key).
                var walkedKey = moved
                for run in runs {
                    walkedKey = moved
                    var walked = run
                    walk(&walkedKey, &walked, day: day, kept: split.kept)
                    if let position = next.position(of: walkedKey) {
                        Self.add(walked, to: &next.values[position])
                    } else {
                        next.append(walkedKey, [walked])
                    }
                }
            }
        }
        return undominated(next)
    }

    /// Adds `run` to `runs` unless one of them beats it at every cut; drops those it beats.
    private static func add(_ run: Run, to runs: inout Runs) {
        if runs.contains(where: { beats($0, run) }) { return }
        runs.removeAll { beats(run, $0) }
        runs.append(run)
    }

    /// Whether `lhs` keeps at least as many days as `rhs` wherever the run is cut (same gaps).
    private static func beats(_ lhs: Run, _ rhs: Run) -> Bool {
        var lhsSuffix = 0, rhsSuffix = 0
        for position in lhs.indices.reversed() {
            lhsSuffix += lhs[position]
            rhsSuffix += rhs[position]
            if lhsSuffix < rhsSuffix { return false }
        }
        return true
    }

    /// Drops the runs one without gaps beats at every later moment: the same holdings, a
    /// total at least as large, and something to save if they have. Whatever comes after,
    /// the later gaps are bridged alike from the same freezes (latest first), and where the
    /// walk back goes on past them, this one loses no kept day to a gap of its own.
    private func undominated(_ states: StateTable<Key, Runs>) -> StateTable<Key, Runs> {
        guard states.count > 1 else { return states }
        var best: [Int: (anchored: Bool, total: Int)] = [:]
        for (key, runs) in zip(states.keys, states.values) where key.gap == nil && key.bridged.isEmpty {
            let holding = Int(key.held0) << 32 | Int(key.held1)
            let total = runs.map { $0.reduce(0, +) }.max() ?? 0
            if let known = best[holding], (known.anchored ? 1 : 0, known.total) >= (key.anchored ? 1 : 0, total) { continue }
            best[holding] = (key.anchored, total)
        }
        guard !best.isEmpty else { return states }
        var kept = StateTable<Key, Runs>()
        for (key, runs) in zip(states.keys, states.values) {
            if key.gap != nil || !key.bridged.isEmpty, let plain = best[Int(key.held0) << 32 | Int(key.held1)],
               plain.anchored || !key.anchored, runs.allSatisfy({ plain.total >= $0.reduce(0, +) }) {
                continue
            }
            kept.append(key, runs)
        }
        return kept
    }

    /// The run through a closed `day`.
    private func walk(_ key: inout Key, _ run: inout Run, day: Int, kept: Bool) {
        let index = day - input.ledger.baseDay
        if kept || input.frozen[index] {
            resolve(&key, &run)
            if kept { run[run.count - 1] += 1 }
            key.anchored = true
            return
        }
        guard input.due[index] == .due else { return }
        if input.behavior == .autoConsumeFreezes, key.anchored, (key.gap?.count ?? 0) < min(64, freezes.count) {
            key.gap = (key.gap ?? []) + [input.freezes.eligibility(forDay: day, among: freezes)]
            return
        }
        key = Key(held0: key.held0, held1: key.held1)
        run = [0]
    }

    /// The run once its pending gap meets a kept or frozen day: walked back from there, the
    /// gaps are bridged latest first until one cannot be, and the run starts after that one.
    private func resolve(_ key: inout Key, _ run: inout Run) {
        guard let gap = key.gap else { return }
        let gaps = key.bridged + [gap]
        key.gap = nil
        let kept = firstUnbridged(gaps).map { $0 + 1 } ?? 0
        key.bridged = Array(gaps[kept...])
        run = Array(run[kept...]) + [0]
    }

    /// The longest run's length at a moment after it: its pending gap, if any, met from above.
    private func length(_ key: Key, _ runs: Runs) -> Int {
        let cut = key.gap.flatMap { firstUnbridged(key.bridged + [$0]) }.map { $0 + 1 } ?? 0
        return runs.map { $0[cut...].reduce(0, +) }.max() ?? 0
    }

    /// The latest of `gaps` (oldest first) that the walk back cannot bridge, if any: each
    /// day, in ascending order, takes the oldest-earned eligible freeze left (`FreezePool`).
    private func firstUnbridged(_ gaps: [[UInt64]]) -> Int? {
        var used: UInt64 = 0
        for position in gaps.indices.reversed() {
            for eligible in gaps[position] {
                let left = eligible & ~used
                guard left != 0 else { return position }
                used |= left & (0 &- left)
            }
        }
        return nil
    }

    /// Whether `day`, open alone, can be kept with the events logged on it and before.
    private func keepsAlone(_ key: Key, day: Int) -> Bool {
        let windows = DayWindows(ledger: input.ledger, day: day), next = DayWindows(ledger: input.ledger, day: day + 1)
        return Int(key.held0 + key.held1) + windows.fixed + next.late >= input.goal(day)
    }

    /// How many of `lastDay - 1` and `lastDay`, both open, can be kept with the events logged by `L` hours into `lastDay`.
    private func openPair(_ key: Key, lastDay: Int) -> Int {
        let first = lastDay - 1
        let own = DayWindows(ledger: input.ledger, day: first), next = DayWindows(ledger: input.ledger, day: lastDay)
        let after = DayWindows(ledger: input.ledger, day: lastDay + 1)
        let firstHolds = Int(key.held0) + own.fixed, lastHolds = Int(key.held1)
        let either = next.late + next.early + after.wide0 + after.wide1
        let firstNeeds = max(0, input.goal(first) - firstHolds), lastNeeds = max(0, input.goal(lastDay) - lastHolds)
        if firstNeeds + lastNeeds <= either { return 2 }
        return firstNeeds <= either || lastNeeds <= either ? 1 : 0
    }
}
