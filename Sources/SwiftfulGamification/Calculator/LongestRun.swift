/// Rule 6's longest streak of a day-unit streak: the largest value the current streak had
/// at any `now` up to the present.
///
/// At least a target: the current streak only grows while a day is open (events arrive) and
/// can only drop when a day closes, so its largest values are reached just before a day
/// closes: at the end of each day, and `L` hours into the next while yesterday is open. A
/// limit (rule 10) is the other way round: events only push days over, and a day counts once
/// it closes within the limit, so its largest values are reached as a day closes (with what
/// the next day already holds then; a freeze event on that day bridges it from when it is
/// logged, which is as good).
///
/// One forward pass over the days keeps, for every way the events so far may leave the next
/// two days (`DayWindows`, read forwards) and every state of the run, the longest run ending
/// at the day; at each of those moments the days still open are credited with the events
/// logged by then. Auto freezes bridge the run's gaps as the walk back from each moment
/// would: latest gap first, oldest-earned freeze first, a gap that cannot be bridged ending
/// the run.
/// - Complexity: O(days * states), like `CreditingSearch`.
struct LongestRun {
    struct Key: DayHoldings {
        var held0: Int64, held1: Int64
        /// The run's gaps (auto mode), known by the freezes eligible for their days.
        var gaps = RunGaps()
    }

    typealias Runs = RunSet

    let input: WalkInput
    /// The freezes that may bridge some day of the history (auto mode; exact up to 64 classes).
    let freezes: RunGaps.Freezes

    static func longest(_ input: WalkInput) -> Int {
        guard input.firstDay <= input.today else { return 0 }
        let freezes = input.behavior == .autoConsumeFreezes ? RunGaps.Freezes(input.freezes, units: (input.firstDay...input.today).map { $0...$0 }) : RunGaps.Freezes()
        return LongestRun(input: input, freezes: freezes).scan()
    }

    private func scan() -> Int {
        var before = StateTable<Key, Runs>()
        before.append(Key(held0: 0, held1: 0), RunSet())
        var beforeYesterday = before
        var longest = 0
        for day in input.firstDay...input.today {
            if input.judge(day).kind == .atMost {
                // The moment `day` closes, if it has: `L` hours into the next day (the start of the
                // one after with a whole day of leeway).
                let closes = input.closes(day)
                if closes {
                    let moment = input.moment(after: day, closing: true, prefer: .smaller)
                    for (key, runs) in zip(before.keys, before.values) { longest = max(longest, closing(key, runs, day: day, moment: moment)) }
                }
            } else {
                // The moment `L` hours into `day`: yesterday and today open, today's later events not logged yet.
                let leeway = input.leeway.hours(on: day)
                if leeway > 0, day < input.today || !input.yesterdayIsOpen {
                    let moment = input.moment(after: day - 1, closing: false, prefer: .larger)
                    for (key, runs) in zip(beforeYesterday.keys, beforeYesterday.values) {
                        longest = max(longest, key.gaps.length(runs, freezes) + openPair(key, lastDay: day, moment: moment))
                    }
                }
                // The end of `day` (with a leeway of 24 hours, the same moment as the one above).
                if leeway < 24, day < input.today {
                    for (key, runs) in zip(before.keys, before.values) {
                        longest = max(longest, key.gaps.length(runs, freezes) + (keepsAlone(key, day: day) ? 1 : 0))
                    }
                }
            }
            beforeYesterday = before
            before = step(before, day: day)
        }
        return longest
    }

    /// Credits the events whose windows start on `day` (a closed day) in every way that matters.
    private func step(_ states: StateTable<Key, Runs>, day: Int) -> StateTable<Key, Runs> {
        // What is sent two days on may be read as the next day's (a moment at which that day
        // does not exist yet), so it stays exact up to either day's cap.
        let judges = (input.judge(day), input.judge(day + 1), input.judge(day + 2))
        let caps = Triple(judges.0.cap, judges.1.cap, max(judges.1.cap, judges.2.cap))
        var splits = SplitCache(DayWindows(ledger: input.ledger, startingOn: day), judges: judges, caps: caps)
        var next = StateTable<Key, Runs>()
        splits.forEachMove(of: states) { moved, runs, split in
            var walked = runs
            walk(&moved, &walked, day: day, kept: input.isKeptOnceClosed(day, met: split.met))
            next.merge(moved, walked)
        }
        return RunGaps.undominated(next, gaps: \.gaps) { Triple($0.held0, $0.held1, 0) }
    }

    /// The run through a closed `day`.
    private func walk(_ key: inout Key, _ runs: inout Runs, day: Int, kept: Bool) {
        guard day >= input.judgedFrom else { return }
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

    /// Whether `day`, open alone, meets its target with the events logged on it and before.
    private func keepsAlone(_ key: Key, day: Int) -> Bool {
        let judge = input.judge(day)
        guard judge.kind == .atLeast else { return false }
        // Late events logged on `day` may only go on to the next day, which does not exist yet.
        let late = DayWindows(ledger: input.ledger, startingOn: day).shares.reduce(Int64(0)) { sum, share in
            share.own == 0 ? sum &+ Int64(share.count) &* share.amount : sum
        }
        return judge.met(key.held0 &+ key.held1 &+ late)
    }

    /// How many of `lastDay - 1` and `lastDay`, both open, can meet their targets with the
    /// events logged by `L` hours into `lastDay`.
    private func openPair(_ key: Key, lastDay: Int, moment: Moment) -> Int {
        let (first, last) = (moment.judges[0], moment.judges[1])
        var best = 0
        for placement in moment.placements {
            let sums = moment.sums(placement, held: (key.held0, key.held1))
            best = max(best, (first.kind == .atLeast && first.met(sums[0]) ? 1 : 0) + (last.kind == .atLeast && last.met(sums[1]) ? 1 : 0))
            if best == 2 { break }
        }
        return best
    }

    /// The run the moment a limit's `day` closes: `day` kept within its limit, the next day
    /// (and with a whole day of leeway the one after) open, a gap at once if over it.
    private func closing(_ key: Key, _ runs: Runs, day: Int, moment: Moment) -> Int {
        var longest = 0
        for placement in moment.placements {
            let sums = moment.sums(placement, held: (key.held0, key.held1))
            var (moved, walked) = (key, runs)
            walk(&moved, &walked, day: day, kept: input.isKeptOnceClosed(day, met: moment.judges[0].met(sums[0])))
            for offset in 1...(input.leeway.hours(on: day + 1) == 24 ? 2 : 1) where input.isOverAtOnce(day + offset, judge: moment.judges[offset], sum: sums[offset]) {
                walk(&moved, &walked, day: day + offset, kept: false)
            }
            longest = max(longest, moved.gaps.length(walked, freezes))
        }
        return longest
    }
}

extension WalkInput {
    /// Whether `day` has closed by now: `L` hours into the next day (the start of the one
    /// after with a whole day of leeway), `L` the next day's.
    func closes(_ day: Int) -> Bool {
        leeway.hours(on: day + 1) == 24 ? day + 2 <= today : day + 1 < today || (day + 1 == today && !yesterdayIsOpen)
    }

    /// Whether a day whose sum did (`met`) or did not meet its target counts in the run once closed.
    func isKeptOnceClosed(_ day: Int, met: Bool) -> Bool {
        guard met else { return false }
        switch judge(day).kind {
        case .atLeast: return true
        case .atMost: return due[day - ledger.baseDay] == .due
        case .week, .none: return false
        }
    }

    /// How `day` is judged when none of its fixed events is logged yet (but `extra`).
    func unfixedJudge(_ day: Int, extra: Int64 = 0) -> DayJudge {
        let index = day - ledger.baseDay
        guard index >= 0, index < judges.count, judges[index].kind != .none else { return .none }
        let fixed = ledger.amount(at: index * CreditLedger.classesPerDay)
        return DayJudge(kind: judges[index].kind, need: judges[index].need &+ fixed).settled(reach: reach[index] &+ extra)
    }

    /// Whether a limit's open day holding `sum` at a moment (judged by the moment's `judge`)
    /// is over it, and so a gap at once.
    func isOverAtOnce(_ day: Int, judge: DayJudge, sum: Int64) -> Bool {
        let index = day - ledger.baseDay
        guard day >= judgedFrom, day <= today, !frozen[index], due[index] == .due else { return false }
        return judge.kind == .atMost && !judge.met(sum)
    }

    /// The events logged by the moment `day` closes (`L` hours into the next day; the start
    /// of the one after with a whole day of leeway), or by the second before (not `closing`),
    /// shared between `day` and the days still open then. The open days' fixed events are
    /// not logged yet but for those at the closing second (`CreditLedger.boundary`); with a
    /// whole day of leeway the next day's are, and the day after it is open too once `day`
    /// has closed.
    ///
    /// What the moment's value is read from only gets better as the days' sums grow (at
    /// least a target: `prefer` larger) or shrink (a limit: smaller), so placements another
    /// one beats are left out.
    /// `caps` replace what the judges' caps say where given (not `.max`).
    func moment(after day: Int, closing: Bool, prefer: SharePlacement.Preference, caps lowered: Triple? = nil) -> Moment {
        let wholeDay = leeway.hours(on: day + 1) == 24 && closing
        var windows = DayWindows(ledger: ledger, startingOn: day, reach: wholeDay ? 2 : 1)
        var extra: Int64 = 0, lastExtra: Int64 = 0
        // Logged at the closing second: at the leeway's hour of the next day, or at midnight
        // two days on (credited to that day alone when it has no leeway).
        for amount in closing ? ledger.closing[day] ?? [] : [] {
            if !wholeDay {
                extra &+= amount
            } else if leeway.hours(on: day + 2) == 0 {
                lastExtra &+= amount
            } else {
                windows.shares.append(Share(amount: amount, count: 1, lo: 1, hi: 2, own: 2))
            }
        }
        let judges = [judge(day), wholeDay ? judge(day + 1) : unfixedJudge(day + 1, extra: extra), wholeDay ? unfixedJudge(day + 2) : .none]
        // A caller's cap replaces a weekly amount's day's (which may say its whole week is
        // decided: at this moment the next week is not whole yet).
        let capOf = { (position: Int) in lowered.map { $0[position] == .max ? judges[position].cap : $0[position] } ?? judges[position].cap }
        let caps = Triple(capOf(0), capOf(1), capOf(2))
        let placements = SharePlacement.placements(windows.shares.sorted(), start: Triple(0, extra, lastExtra), caps: caps, costs: .none, prefer: prefer)
        return Moment(placements: placements, caps: caps, judges: judges)
    }
}

/// The ways of sharing the events logged by a moment (`WalkInput.moment`), from nothing
/// held: a state's holdings are added to them, capped alike.
struct Moment {
    let placements: [Placement]
    let caps: Triple
    /// How the days are judged at the moment: the open ones by what is logged by then.
    let judges: [DayJudge]

    /// The sums the open days reach given what `day` and the next day hold already.
    func sums(_ placement: Placement, held: (Int64, Int64)) -> Triple {
        Triple(min(held.0 &+ placement.sums[0], caps[0]), min(held.1 &+ placement.sums[1], caps[1]), placement.sums[2])
    }
}
