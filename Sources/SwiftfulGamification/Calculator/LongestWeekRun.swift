/// Rule 6's longest streak of a weekly streak, in weeks: the largest value the current
/// streak had at any `now` up to the present.
///
/// An open week is never a gap, so the streak only drops when a week closes: its largest
/// values are reached just before each week closes, when every event a week's days may be
/// credited has been logged (`L` hours into the next week). One forward pass over the days,
/// as `LongestRun` does for days, judges each week as it ends.
/// - Complexity: O(days * states).
struct LongestWeekRun {
    struct Key: DayHoldings {
        var held0: Int32, held1: Int32
        var kept: Int8 = 0, skipped: Int8 = 0
        var frozen = false
        /// The run's gap weeks (auto mode), known by the freezes eligible for them.
        var gaps = RunGaps()
    }

    typealias Runs = RunSet

    let input: WalkInput
    let weeks: WeekCalendar
    let cap: Int32
    /// The freezes that may bridge some week of the history (auto mode; exact up to 64 classes).
    let freezes: RunGaps.Freezes

    static func longest(_ input: WalkInput, weeks: WeekCalendar) -> Int {
        guard input.firstDay <= input.today else { return 0 }
        let starts = stride(from: weeks.start(ofWeekContaining: input.firstDay), through: weeks.start(ofWeekContaining: input.today), by: 7)
        let freezes = input.behavior == .autoConsumeFreezes ? RunGaps.Freezes(input.freezes, units: starts.map { $0...($0 + 6) }) : RunGaps.Freezes()
        return LongestWeekRun(input: input, weeks: weeks, cap: input.goals.max() ?? 1, freezes: freezes).scan()
    }

    private func scan() -> Int {
        let first = weeks.start(ofWeekContaining: input.firstDay)
        let skippedBefore = (first..<input.firstDay).filter { weeks.dueDays.kind(of: $0) == .skipped }.count
        var states = StateTable<Key, Runs>()
        states.append(Key(held0: 0, held1: 0, skipped: Int8(skippedBefore)), RunSet())
        var longest = 0
        for day in input.firstDay...input.today {
            var splits = SplitCache(DayWindows(startingOn: day, ledger: input.ledger), goals: (input.goal(day), input.goal(day + 1), input.goal(day + 2)))
            let weekEnds = weeks.start(ofWeekContaining: day) + 6 == day
            // `L` hours into the next week's first day, if that moment has passed.
            if weekEnds, input.leewayHours > 0, day + 1 < input.today || (day + 1 == input.today && !input.yesterdayIsOpen) {
                longest = max(longest, opening(states, lastDay: day))
            }
            // The week closes once its last day does, if that happened before now.
            let closedBeforeNow = day < input.today && !(day == input.today - 1 && input.yesterdayIsOpen)
            var next = StateTable<Key, Runs>()
            splits.forEachMove(of: states, cap: cap) { moved, runs, split in
                if split.kept {
                    moved.kept += 1
                } else if input.due[day - input.ledger.baseDay] == .skipped {
                    moved.skipped += 1
                }
                if input.frozen[day - input.ledger.baseDay] { moved.frozen = true }
                var walked = runs
                if weekEnds {
                    let state = judge(moved, end: day)
                    if closedBeforeNow { longest = max(longest, moved.gaps.length(runs, freezes) + (state == .kept ? 1 : 0)) }
                    walk(&moved, &walked, week: day - 6, state: state)
                    (moved.kept, moved.skipped, moved.frozen) = (0, 0, false)
                }
                next.merge(moved, walked)
            }
            states = RunGaps.undominated(next, gaps: \.gaps) { key in
                Int(key.held0) << 40 | Int(key.held1) << 16 | Int(key.kept) << 9 | Int(key.skipped) << 1 | (key.frozen ? 1 : 0)
            }
        }
        return longest
    }

    /// The run `L` hours into the first day after `end`: the week ending on `end` still open
    /// (kept, or pending, never a gap), and the next one kept if that first day alone keeps it
    /// (its target lowered to 1 by skips, or 1 a week).
    private func opening(_ states: StateTable<Key, Runs>, lastDay end: Int) -> Int {
        let first = end + 1, endIndex = end - input.ledger.baseDay
        let skippedLater = ((first + 1)...(first + 6)).filter { weeks.dueDays.kind(of: $0) == .skipped }.count
        let firstSkipped = weeks.dueDays.kind(of: first) == .skipped
        let nextTimes = weeks.timesPerWeek(endingOn: first + 6), times = weeks.timesPerWeek(endingOn: end)
        var longest = 0
        for (key, runs) in zip(states.keys, states.values) {
            let pair = input.openPair(held0: Int(key.held0), held1: Int(key.held1), lastDay: first)
            let below = key.gaps.length(runs, freezes)
            for (endKept, firstKept) in [(false, false), (true, false), (false, true), (true, true)] {
                guard endKept && firstKept ? pair.both : endKept ? pair.first : firstKept ? pair.last : true else { continue }
                let skipped = Int(key.skipped) + (!endKept && input.due[endIndex] == .skipped ? 1 : 0)
                let target = min(times, 7 - skipped)
                let week = target > 0 && Int(key.kept) + (endKept ? 1 : 0) >= target ? 1 : 0
                let nextTarget = min(nextTimes, 7 - skippedLater - (firstSkipped && !firstKept ? 1 : 0))
                longest = max(longest, below + week + (firstKept && nextTarget == 1 ? 1 : 0))
            }
        }
        return longest
    }

    /// The week ending on `end`, once closed (rule 8).
    private func judge(_ key: Key, end: Int) -> StreakWeek.State {
        let target = min(weeks.timesPerWeek(endingOn: end), 7 - Int(key.skipped))
        if target == 0 { return .bridged }
        if Int(key.kept) >= target { return .kept }
        return key.frozen ? .bridged : .gap
    }

    /// The run through a closed week starting on `start`.
    private func walk(_ key: inout Key, _ runs: inout Runs, week start: Int, state: StreakWeek.State) {
        switch state {
        case .kept, .bridged:
            key.gaps.resolve(&runs, freezes)
            if state == .kept { runs.countKept() }
            key.gaps.anchored = true
        case .gap, .open:
            if key.gaps.anchored, (key.gaps.pending?.count ?? 0) < freezes.count {
                key.gaps.pending = (key.gaps.pending ?? []) + [freezes.eligibility(for: start...(start + 6), in: input.freezes)]
                return
            }
            key.gaps = RunGaps()
            runs = RunSet()
        }
    }
}
