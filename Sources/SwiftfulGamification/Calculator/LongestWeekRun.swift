/// Rule 6's longest streak of a weekly streak, in weeks: the largest value the current
/// streak had at any `now` up to the present.
///
/// An open week is never a gap (unless over its limit), so the streak only drops when a week
/// closes: its largest values are reached just before each week closes, when every event a
/// week's days may be credited has been logged (`L` hours into the next week); a weekly
/// limit's as each week closes (rule 10). One forward pass over the days judges each week
/// as it ends.
/// - Complexity: O(days * states).
struct LongestWeekRun {
    struct Key: DayHoldings {
        var held0: Int64, held1: Int64
        var week = WeekRun.Week()
        /// The run's gap weeks (auto mode), known by the freezes eligible for them.
        var gaps = RunGaps()
    }

    typealias Runs = RunSet

    let input: WalkInput
    let weeks: WeekCalendar
    /// The freezes that may bridge some week of the history (auto mode; exact up to 64 classes).
    let freezes: RunGaps.Freezes

    static func longest(_ input: WalkInput, weeks: WeekCalendar) -> Int {
        guard input.firstDay <= input.today else { return 0 }
        let starts = stride(from: weeks.start(ofWeekContaining: input.firstDay), through: weeks.start(ofWeekContaining: input.today), by: 7)
        let freezes = input.behavior == .autoConsumeFreezes ? RunGaps.Freezes(input.freezes, units: starts.map { $0...($0 + 6) }) : RunGaps.Freezes()
        return LongestWeekRun(input: input, weeks: weeks, freezes: freezes).scan()
    }

    private func scan() -> Int {
        let first = weeks.start(ofWeekContaining: input.firstDay)
        var states = StateTable<Key, Runs>()
        var start = Key(held0: 0, held1: 0)
        start.week.skipped = Int8((first..<input.firstDay).filter { weeks.dueDays.kind(of: $0) == .skipped }.count)
        states.append(start, RunSet())
        var longest = 0
        for day in input.firstDay...input.today {
            let judges = (input.judge(day), input.judge(day + 1), input.judge(day + 2))
            let caps = Triple(judges.0.cap, judges.1.cap, max(judges.1.cap, judges.2.cap))
            var splits = SplitCache(DayWindows(ledger: input.ledger, startingOn: day), judges: judges, caps: caps)
            let weekEnds = weeks.start(ofWeekContaining: day) + 6 == day
            let judgement = weeks.judgement(endingOn: weeks.start(ofWeekContaining: day) + 6)
            if weekEnds, judgement.isWeekly, judgement.isLimit {
                // The moment the week closes, with what the next one already holds then.
                if input.closes(day) {
                    let moment = input.moment(after: day, closing: true, prefer: .smaller, caps: momentCaps(states, end: day))
                    for (key, runs) in zip(states.keys, states.values) { longest = max(longest, closing(key, runs, lastDay: day, moment: moment)) }
                }
            } else if weekEnds, input.leeway.hours(on: day + 1) > 0, day + 1 < input.today || (day + 1 == input.today && !input.yesterdayIsOpen) {
                // `L` hours into the next week's first day, if that moment has passed.
                longest = max(longest, opening(states, lastDay: day))
            }
            // The week closes once its last day does, if that happened before now.
            let closedBeforeNow = day < input.today && !(day == input.today - 1 && input.yesterdayIsOpen)
            var next = StateTable<Key, Runs>()
            splits.forEachMove(of: states) { moved, runs, split in
                add(day, met: split.met, sum: split.sum, judgement: judgement, to: &moved.week)
                var walked = runs
                if weekEnds {
                    let state = judge(moved.week, end: day)
                    if closedBeforeNow, !judgement.isLimit { longest = max(longest, moved.gaps.length(runs, freezes) + (state == .kept ? 1 : 0)) }
                    walk(&moved, &walked, week: day - 6, state: state)
                    moved.week = WeekRun.Week()
                }
                next.merge(moved, walked)
            }
            states = RunGaps.undominated(next, gaps: \.gaps) { key in HoldingKey(held0: key.held0, held1: key.held1, week: key.week) }
        }
        return longest
    }

    private struct HoldingKey: Hashable {
        var held0: Int64, held1: Int64
        var week: WeekRun.Week
    }

    /// Adds a closed day, credited `sum` beyond its fixed events, to its week.
    private func add(_ day: Int, met: Bool, sum: Int64, judgement: Judgement, to week: inout WeekRun.Week) {
        let index = day - input.ledger.baseDay
        if judgement.isWeekly {
            if input.due[index] == .skipped { week.skipped += 1 }
            if day >= input.judgedFrom {
                week.sum = min(week.sum &+ input.ledger.amount(at: index * CreditLedger.classesPerDay) &+ sum, weeks.cap(of: judgement))
            }
        } else if input.isKeptOnceClosed(day, met: met) {
            week.kept += 1
        } else if input.due[index] == .skipped {
            week.skipped += 1
        }
        if input.frozen[index] { week.frozen = true }
    }

    /// The week ending on `end`, once closed (rules 8 and 10).
    private func judge(_ week: WeekRun.Week, end: Int) -> StreakWeek.State {
        WeekRun.judge(
            week, judgement: weeks.judgement(endingOn: end), times: weeks.timesPerWeek(endingOn: end), isOpen: false, decided: weeks.decided[end - 6]
        ).0
    }

    /// The run `L` hours into the first day after `end`: the week ending on `end` still open
    /// (kept, or pending, never a gap), and the next one kept if that first day alone keeps it
    /// (its target lowered to 1 by skips, or 1 a week; or its amount reached).
    private func opening(_ states: StateTable<Key, Runs>, lastDay end: Int) -> Int {
        let first = end + 1, endIndex = end - input.ledger.baseDay
        let skippedLater = ((first + 1)...(first + 6)).filter { weeks.dueDays.kind(of: $0) == .skipped }.count
        let firstSkipped = weeks.dueDays.kind(of: first) == .skipped
        let judgement = weeks.judgement(endingOn: end), nextJudgement = weeks.judgement(endingOn: first + 6)
        let nextTimes = weeks.timesPerWeek(endingOn: first + 6), times = weeks.timesPerWeek(endingOn: end)
        let fixedEnd = input.ledger.amount(at: endIndex * CreditLedger.classesPerDay)
        var longest = 0
        let moment = input.moment(after: end, closing: false, prefer: .larger, caps: momentCaps(states, end: end))
        for (key, runs) in zip(states.keys, states.values) {
            let below = key.gaps.length(runs, freezes)
            for placement in moment.placements {
                let sums = moment.sums(placement, held: (key.held0, key.held1))
                var week = key.week, nextWeek = 0
                if judgement.isWeekly {
                    if input.due[endIndex] == .skipped { week.skipped += 1 }
                    week.sum = week.sum &+ fixedEnd &+ sums[0]
                } else {
                    let endKept = moment.judges[0].kind == .atLeast && moment.judges[0].met(sums[0])
                    if endKept { week.kept += 1 } else if input.due[endIndex] == .skipped { week.skipped += 1 }
                }
                let (state, _) = WeekRun.judge(week, judgement: judgement, times: times, isOpen: true, decided: weeks.decided[end - 6])
                if nextJudgement.isWeekly {
                    let skipped = skippedLater + (firstSkipped ? 1 : 0)
                    nextWeek = skipped < 7 && sums[1] >= nextJudgement.weekAmount(skipped: skipped) ? 1 : 0
                } else {
                    let firstKept = moment.judges[1].kind == .atLeast && moment.judges[1].met(sums[1])
                    let nextTarget = min(nextTimes, 7 - skippedLater - (firstSkipped && !firstKept ? 1 : 0))
                    nextWeek = firstKept && nextTarget == 1 ? 1 : 0
                }
                longest = max(longest, below + (state == .kept ? 1 : 0) + nextWeek)
            }
        }
        return longest
    }

    /// What a moment at the end of the week ending on `end` needs its days' sums for, for a
    /// weekly amount: the week's last day up to what its states' sums still lack of the cap;
    /// the next week's first days up to its cap, unless all they may be credited cannot get
    /// there. (Days judged alone keep their judges' caps.)
    private func momentCaps(_ states: StateTable<Key, Runs>, end: Int) -> Triple? {
        let judgement = weeks.judgement(endingOn: end), nextJudgement = weeks.judgement(endingOn: end + 7)
        guard judgement.isWeekly || nextJudgement.isWeekly else { return nil }
        let endIndex = end - input.ledger.baseDay
        let fixedEnd = input.ledger.amount(at: endIndex * CreditLedger.classesPerDay)
        let cap = weeks.cap(of: judgement)
        let lacking = weeks.decided[end - 6] != nil ? 0 : states.keys.reduce(Int64(0)) { max($0, cap &- $1.week.sum &- fixedEnd) }
        let wholeDay = input.leeway.hours(on: end + 1) == 24
        let next = (end + 1)...(end + (wholeDay ? 2 : 1))
        // What the next days may hold at the moment: their windows, and what is logged at the
        // closing second (of `end`, and with a whole day of leeway of the day before, too).
        let closingSecond = ((wholeDay ? [end - 1, end] : [end]).flatMap { input.ledger.closing[$0] ?? [] }).reduce(0, &+)
        let reach = next.reduce(closingSecond) { sum, day in
            let index = day - input.ledger.baseDay
            return index < input.reach.count ? sum &+ input.reach[index] : sum
        }
        let nextCap = weeks.cap(of: nextJudgement)
        let nextSkipped = ((end + 1)...(end + 7)).filter { weeks.dueDays.kind(of: $0) == .skipped }.count
        let nextNeeded = reach < (nextJudgement.isLimit ? nextCap : nextJudgement.weekAmount(skipped: nextSkipped)) ? 0 : nextCap
        return Triple(judgement.isWeekly ? max(0, lacking) : .max, nextJudgement.isWeekly ? nextNeeded : .max, nextJudgement.isWeekly ? nextNeeded : .max)
    }

    /// The run the moment a weekly limit's week ending on `end` closes: the week judged, the
    /// next one open and a gap at once if what it holds then is over its limit.
    private func closing(_ key: Key, _ runs: Runs, lastDay end: Int, moment: Moment) -> Int {
        let next = end + 1
        let nextJudgement = weeks.judgement(endingOn: next + 6)
        let nextSkippedWhole = (next...(next + 6)).allSatisfy { weeks.dueDays.kind(of: $0) == .skipped }
        let nextFrozen = (next...min(next + 6, input.today)).contains { input.frozen[$0 - input.ledger.baseDay] }
        var longest = 0
        for placement in moment.placements {
            let sums = moment.sums(placement, held: (key.held0, key.held1))
            var (moved, walked) = (key, runs)
            add(end, met: false, sum: sums[0], judgement: weeks.judgement(endingOn: end), to: &moved.week)
            walk(&moved, &walked, week: end - 6, state: judge(moved.week, end: end))
            let nextSum = sums[1] &+ (input.leeway.hours(on: end + 1) == 24 ? sums[2] : 0)
            if nextJudgement.isWeekly, nextJudgement.isLimit, next + 6 >= input.judgedFrom, !nextSkippedWhole, !nextFrozen,
               nextSum > nextJudgement.amount {
                walk(&moved, &walked, week: next, state: .gap)
            }
            longest = max(longest, moved.gaps.length(walked, freezes))
        }
        return longest
    }

    /// The run through a closed week starting on `start`.
    private func walk(_ key: inout Key, _ runs: inout Runs, week start: Int, state: StreakWeek.State) {
        // Before a limit's start day nothing is judged.
        guard start + 6 >= input.judgedFrom else { return }
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
