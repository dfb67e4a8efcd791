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
    mutating func resolve(_ runs: inout [Run], _ freezes: Freezes) {
        guard let pending else { return }
        let gaps = bridged + [pending]
        self.pending = nil
        let cut = Self.firstUnbridged(gaps, freezes).map { $0 + 1 } ?? 0
        bridged = Array(gaps[cut...])
        var resolved: [Run] = []
        for run in runs { Self.add(Array(run[cut...]) + [0], to: &resolved) }
        runs = resolved
    }

    /// The longest of `runs` at a moment after them: the pending gap, if any, met from above.
    func length(_ runs: [Run], _ freezes: Freezes) -> Int {
        let cut = pending.flatMap { Self.firstUnbridged(bridged + [$0], freezes) }.map { $0 + 1 } ?? 0
        return runs.map { $0[cut...].reduce(0, +) }.max() ?? 0
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
    static func undominated<Key: Hashable>(
        _ states: StateTable<Key, [Run]>, gaps: (Key) -> RunGaps, holding: (Key) -> Int
    ) -> StateTable<Key, [Run]> {
        guard states.count > 1 else { return states }
        var best: [Int: (anchored: Bool, total: Int)] = [:]
        for (key, runs) in zip(states.keys, states.values) where gaps(key).isEmpty {
            let total = runs.map { $0.reduce(0, +) }.max() ?? 0, anchored = gaps(key).anchored
            if let known = best[holding(key)], (known.anchored ? 1 : 0, known.total) >= (anchored ? 1 : 0, total) { continue }
            best[holding(key)] = (anchored, total)
        }
        guard !best.isEmpty else { return states }
        var kept = StateTable<Key, [Run]>()
        for (key, runs) in zip(states.keys, states.values) {
            let own = gaps(key)
            if !own.isEmpty, let plain = best[holding(key)], plain.anchored || !own.anchored,
               runs.allSatisfy({ plain.total >= $0.reduce(0, +) }) {
                continue
            }
            kept.append(key, runs)
        }
        return kept
    }
}
