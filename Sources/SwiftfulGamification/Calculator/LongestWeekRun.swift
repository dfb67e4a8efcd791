/// Rule 6's longest streak of a weekly streak, in weeks: the largest value the current
/// streak had at any `now` up to the present.
///
/// An open week is never a gap, so the streak only drops when a week closes: its largest
/// values are reached just before each week closes, when every event a week's days may be
/// credited has been logged (`L` hours into the next week). One forward pass over the days,
/// as `LongestRun` does for days, judges each week as it ends.
/// - Complexity: O(days * states).
struct LongestWeekRun {
    struct Key: Hashable {
        var held0: Int32, held1: Int32
        var kept: Int8 = 0, skipped: Int8 = 0
        var frozen = false
        /// Gap weeks (their first days) waiting for a kept or bridged week (auto mode).
        var gap: ClosedRange<Int>?
        var freezes: FreezePool
        var anchored = false
    }

    let input: WalkInput
    let weeks: WeekCalendar
    let cap: Int32

    static func longest(_ input: WalkInput, weeks: WeekCalendar) -> Int {
        guard input.firstDay <= input.today else { return 0 }
        return LongestWeekRun(input: input, weeks: weeks, cap: input.goals.max() ?? 1).scan()
    }

    private func scan() -> Int {
        let first = weeks.start(ofWeekContaining: input.firstDay)
        let skippedBefore = (first..<input.firstDay).filter { weeks.dueDays.kind(of: $0) == .skipped }.count
        var states = StateTable<Key, Int>()
        states.append(Key(held0: 0, held1: 0, skipped: Int8(skippedBefore), freezes: input.freezes), 0)
        var longest = 0
        for day in input.firstDay...input.today {
            let forward = DayWindows(startingOn: day, ledger: input.ledger)
            let goals = (input.goal(day), input.goal(day + 1), input.goal(day + 2))
            let weekEnds = weeks.start(ofWeekContaining: day) + 6 == day
            // The week closes once its last day does, if that happened before now.
            let closedBeforeNow = day < input.today && !(day == input.today - 1 && input.yesterdayIsOpen)
            var next = StateTable<Key, Int>()
            for (key, run) in zip(states.keys, states.values) {
                for split in forward.splits(held0: Int(key.held0), held1: Int(key.held1), goals: goals, exhaustive: false) {
                    var moved = key
                    moved.held0 = min(cap, split.held1)
                    moved.held1 = min(cap, split.held2)
                    if split.kept {
                        moved.kept += 1
                    } else if input.due[day - input.ledger.baseDay] == .skipped {
                        moved.skipped += 1
                    }
                    if input.frozen[day - input.ledger.baseDay] { moved.frozen = true }
                    var value = run
                    if weekEnds {
                        let state = judge(moved, end: day)
                        if closedBeforeNow { longest = max(longest, bridged(moved, run) + (state == .kept ? 1 : 0)) }
                        value = walk(&moved, run: run, week: day - 6, state: state)
                        (moved.kept, moved.skipped, moved.frozen) = (0, 0, false)
                    }
                    next.keep(moved, value, isBetter: >)
                }
            }
            states = next
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

    private func walk(_ key: inout Key, run: Int, week start: Int, state: StreakWeek.State) -> Int {
        switch state {
        case .kept, .bridged:
            var run = bridged(key, run, consuming: &key)
            if state == .kept { run += 1 }
            key.anchored = true
            return run
        case .gap, .open:
            if input.behavior == .autoConsumeFreezes, key.anchored {
                let gap = (key.gap?.lowerBound ?? start)...start
                if gap.count / 7 + 1 <= key.freezes.unusedCount {
                    key.gap = gap
                    return run
                }
            }
            key.gap = nil
            key.freezes = input.freezes
            key.anchored = false
            return 0
        }
    }

    private func bridged(_ key: Key, _ run: Int) -> Int {
        var copy = key
        return bridged(key, run, consuming: &copy)
    }

    private func bridged(_ key: Key, _ run: Int, consuming result: inout Key) -> Int {
        guard let gap = key.gap else { return run }
        result.gap = nil
        let spans = stride(from: gap.lowerBound, through: gap.upperBound, by: 7).map { $0...($0 + 6) }
        if result.freezes.consume(forSpans: spans) != nil { return run }
        result.freezes = input.freezes
        return 0
    }
}
