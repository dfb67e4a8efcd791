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
