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
    struct Key: DayHoldings {
        var held0: Int32, held1: Int32
        /// The run's gaps (auto mode), known by the freezes eligible for their days.
        var gaps = RunGaps()
    }

    typealias Runs = RunSet

    let input: WalkInput
    /// Holdings are capped at the largest goal, so a count held for one day stays exact for its neighbour.
    let cap: Int32
    /// The freezes that may bridge some day of the history (auto mode; exact up to 64 classes).
    let freezes: RunGaps.Freezes

    static func longest(_ input: WalkInput) -> Int {
        guard input.firstDay <= input.today else { return 0 }
        let freezes = input.behavior == .autoConsumeFreezes ? RunGaps.Freezes(input.freezes, units: (input.firstDay...input.today).map { $0...$0 }) : RunGaps.Freezes()
        return LongestRun(input: input, cap: input.goals.max() ?? 1, freezes: freezes).scan()
    }

    private func scan() -> Int {
        var before = StateTable<Key, Runs>()
        before.append(Key(held0: 0, held1: 0), RunSet())
        var beforeYesterday = before
        var longest = 0
        let leeway = input.leewayHours
        for day in input.firstDay...input.today {
            // The moment `L` hours into `day`: yesterday and today open, today's later events not logged yet.
            if leeway > 0, day < input.today || !input.yesterdayIsOpen {
                for (key, runs) in zip(beforeYesterday.keys, beforeYesterday.values) {
                    longest = max(longest, key.gaps.length(runs, freezes) + openPair(key, lastDay: day))
                }
            }
            // The end of `day` (with a leeway of 24 hours, the same moment as the one above).
            if leeway < 24, day < input.today {
                for (key, runs) in zip(before.keys, before.values) {
                    longest = max(longest, key.gaps.length(runs, freezes) + (keepsAlone(key, day: day) ? 1 : 0))
                }
            }
            beforeYesterday = before
            before = step(before, day: day)
        }
        return longest
    }

    /// Credits the events whose windows start on `day` (a closed day) in every way that matters.
    private func step(_ states: StateTable<Key, Runs>, day: Int) -> StateTable<Key, Runs> {
        var splits = SplitCache(DayWindows(startingOn: day, ledger: input.ledger), goals: (input.goal(day), input.goal(day + 1), input.goal(day + 2)))
        var next = StateTable<Key, Runs>()
        splits.forEachMove(of: states, cap: cap) { moved, runs, split in
            var walked = runs
            walk(&moved, &walked, day: day, kept: split.kept)
            next.merge(moved, walked)
        }
        return RunGaps.undominated(next, gaps: \.gaps) { Int($0.held0) << 32 | Int($0.held1) }
    }

    /// The run through a closed `day`.
    private func walk(_ key: inout Key, _ runs: inout Runs, day: Int, kept: Bool) {
        let index = day - input.ledger.baseDay
        if kept || input.frozen[index] {
            key.gaps.resolve(&runs, freezes)
            if kept { runs.countKept() }
            key.gaps.anchored = true
            return
        }
        guard input.due[index] == .due else { return }
        if key.gaps.anchored, (key.gaps.pending?.count ?? 0) < freezes.count {
            key.gaps.pending = (key.gaps.pending ?? []) + [freezes.eligibility(for: day...day, in: input.freezes)]
            return
        }
        key.gaps = RunGaps()
        runs = RunSet()
    }

    /// Whether `day`, open alone, can be kept with the events logged on it and before.
    private func keepsAlone(_ key: Key, day: Int) -> Bool {
        let windows = DayWindows(ledger: input.ledger, day: day), next = DayWindows(ledger: input.ledger, day: day + 1)
        return Int(key.held0 + key.held1) + windows.fixed + next.late >= input.goal(day)
    }

    /// How many of `lastDay - 1` and `lastDay`, both open, can be kept with the events logged by `L` hours into `lastDay`.
    private func openPair(_ key: Key, lastDay: Int) -> Int {
        let pair = input.openPair(held0: Int(key.held0), held1: Int(key.held1), lastDay: lastDay)
        return pair.both ? 2 : pair.first || pair.last ? 1 : 0
    }

}
