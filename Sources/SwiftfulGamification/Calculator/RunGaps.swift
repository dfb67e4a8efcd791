/// The gaps of a run that auto freezes bridge, as rule 6's forward passes (`LongestRun`,
/// `LongestWeekRun`) see them, and the run's kept days (weeks) between them.
///
/// A gap day (week) is known only by the freezes eligible for it, as bits over `Freezes`'
/// classes, so runs alike but for when they missed a day share a state. Whether the gaps are bridged is
/// decided as the walk back from a later moment decides it (rule 5): latest gap first, each
/// gap's days in ascending order taking the oldest-earned eligible freeze left, all or
/// nothing; the first gap that cannot be bridged ends the run. More gaps above only use
/// more freezes, so a gap that failed once fails from every later moment too.
struct RunGaps: Hashable {
    /// A gap waiting for a kept or bridged day (week): the freezes eligible for each of its units.
    var pending: [UInt64]?
    /// The bridged gaps in the run, oldest first, as `pending`.
    var bridged: [[UInt64]] = []
    /// A kept or bridged day (week) in the run: something a freeze would save.
    var anchored = false

    var isEmpty: Bool { pending == nil && bridged.isEmpty }

    /// Kept days (weeks) of a run between its bridged gaps, oldest first (one more than the gaps).
    typealias Run = [Int]

    /// The freezes a pass tracks: the classes of `FreezePool.classes` over the history's
    /// units, a bit each. Exact while there are at most 64 classes (freezes alike over the
    /// history share one); beyond that the later classes are left out, so a gap that needed
    /// one of them stays open and the longest streak may come out short.
    struct Freezes {
        let members: [[Int]]
        /// The most units a gap may have and still be bridged.
        let count: Int

        /// None (not auto mode): every gap ends the run.
        init() {
            (members, count) = ([], 0)
        }

        init(_ pool: FreezePool, units: [ClosedRange<Int>]) {
            members = Array(pool.classes(over: units).prefix(64))
            count = members.reduce(0) { $0 + $1.count }
        }

        func eligibility(for span: ClosedRange<Int>, in pool: FreezePool) -> UInt64 {
            pool.eligibility(for: span, among: members)
        }
    }

    /// The pending gap meets a kept or bridged day (week): the runs without what lies
    /// before the latest gap that cannot be bridged, plus a segment for the days to come.
    mutating func resolve(_ runs: inout RunSet, _ freezes: Freezes) {
        guard let pending else { return }
        let gaps = bridged + [pending]
        self.pending = nil
        let cut = Self.firstUnbridged(gaps, freezes).map { $0 + 1 } ?? 0
        bridged = Array(gaps[cut...])
        runs.cut(before: cut)
    }

    /// The longest of `runs` at a moment after them: the pending gap, if any, met from above.
    func length(_ runs: RunSet, _ freezes: Freezes) -> Int {
        runs.length(after: pending.flatMap { Self.firstUnbridged(bridged + [$0], freezes) }.map { $0 + 1 } ?? 0)
    }

    /// The latest of `gaps` (oldest first) that the walk back cannot bridge, if any: each
    /// unit takes the oldest-earned eligible freeze left, which is the next one of the class
    /// whose next one is oldest.
    static func firstUnbridged(_ gaps: [[UInt64]], _ freezes: Freezes) -> Int? {
        var used = [Int](repeating: 0, count: freezes.members.count)
        for position in gaps.indices.reversed() {
            for eligible in gaps[position] {
                var bits = eligible, best = -1, bestFreeze = Int.max
                while bits != 0 {
                    let group = bits.trailingZeroBitCount
                    bits &= bits - 1
                    let members = freezes.members[group]
                    if used[group] < members.count, members[used[group]] < bestFreeze { (best, bestFreeze) = (group, members[used[group]]) }
                }
                guard best >= 0 else { return position }
                used[best] += 1
            }
        }
        return nil
    }

    /// Adds `run` to the runs of one state unless one of them keeps at least as many days
    /// wherever a later gap cuts the run (every suffix sum as large); drops those it beats.
    /// Which run ends up longest depends on where that cut falls, so all of these are kept.
    static func add(_ run: Run, to runs: inout [Run]) {
        if runs.contains(where: { beats($0, run) }) { return }
        runs.removeAll { beats(run, $0) }
        runs.append(run)
    }

    private static func beats(_ lhs: Run, _ rhs: Run) -> Bool {
        var lhsSuffix = 0, rhsSuffix = 0
        for position in lhs.indices.reversed() {
            lhsSuffix += lhs[position]
            rhsSuffix += rhs[position]
            if lhsSuffix < rhsSuffix { return false }
        }
        return true
    }

    /// Drops the states whose runs a run without gaps beats at every later moment: the same
    /// `holding`, a total at least as large, and something to save if they have. Whatever
    /// comes after, the later gaps are bridged alike from the same freezes (latest first),
    /// and where the walk back goes on past them, that run loses no kept day to a gap of its own.
    static func undominated<Key: Hashable, Holding: Hashable>(
        _ states: StateTable<Key, RunSet>, gaps: (Key) -> RunGaps, holding: (Key) -> Holding
    ) -> StateTable<Key, RunSet> {
        guard states.count > 1 else { return states }
        var best: [Holding: (anchored: Bool, total: Int)] = [:]
        for (key, runs) in zip(states.keys, states.values) where gaps(key).isEmpty {
            let total = runs.length(after: 0), anchored = gaps(key).anchored
            if let known = best[holding(key)], (known.anchored ? 1 : 0, known.total) >= (anchored ? 1 : 0, total) { continue }
            best[holding(key)] = (anchored, total)
        }
        guard !best.isEmpty else { return states }
        var kept = StateTable<Key, RunSet>()
        for (key, runs) in zip(states.keys, states.values) {
            let own = gaps(key)
            if !own.isEmpty, let plain = best[holding(key)], plain.anchored || !own.anchored,
               plain.total >= runs.length(after: 0) {
                continue
            }
            kept.append(key, runs)
        }
        return kept
    }
}

/// The runs of one state that may each end up longest (`RunGaps.add`), usually one, with the
/// units kept since they last changed counted apart (`recent`, on every run's last
/// segment): counting a kept day copies nothing.
struct RunSet {
    private var runs: [RunGaps.Run] = [[0]]
    private var recent = 0

    /// Another kept unit at the end of every run.
    mutating func countKept() {
        recent += 1
    }

    /// The longest run's kept units after its first `cut` segments (none when that is all of them).
    func length(after cut: Int) -> Int {
        cut < runs[0].count ? runs.map { $0[cut...].reduce(0, +) }.max()! + recent : 0
    }

    /// Drops the first `cut` segments and starts a new one (a gap was bridged or ended the run).
    mutating func cut(before cut: Int) {
        let resolved = settled
        runs = []
        recent = 0
        for run in resolved { RunGaps.add(Array(run[cut...]) + [0], to: &runs) }
    }

    /// Adds the runs of another way of reaching the same state.
    mutating func merge(_ other: RunSet) {
        if other.recent == recent, other.runs == runs { return }
        let shift = other.recent - recent
        for var run in other.runs {
            run[run.count - 1] += shift
            RunGaps.add(run, to: &runs)
        }
    }

    private var settled: [RunGaps.Run] {
        recent == 0 ? runs : runs.map { run in
            var run = run
            run[run.count - 1] += recent
            return run
        }
    }
}

extension StateTable where Value == RunSet {
    /// Adds another way of reaching `key` with `runs`.
    mutating func merge(_ key: Key, _ runs: RunSet) {
        if let position = position(of: key) {
            values[position].merge(runs)
        } else {
            append(key, runs)
        }
    }
}
