/// Rule 4a: the days settled one by one, oldest first, each with the crediting rule 4 chose
/// at the instant it closed (`UndecidedDays`), then the open days credited at `now`. A weekly
/// streak's week is settled with its last day. Auto-mode freezes are consumed as the gaps
/// they bridge settle, and the longest run is the longest the settled calendar shows (rule 6).
/// - Complexity: O(days + events that the leeway may move).
struct Settlement {
    /// The walk's input, with the days settlement bridged frozen and their freezes spent.
    let input: WalkInput
    let choice: CreditChoice
    let consumptions: [(freezeIndex: Int, day: Int)]
    /// The longest run of the settled days.
    let longest: Int

    init(_ input: WalkInput, weeks: WeekCalendar? = nil) {
        let ledger = input.ledger
        var choice = CreditChoice(
            met: Array(repeating: false, count: ledger.dayCount),
            credited: (0..<ledger.dayCount).map { ledger.count(at: $0 * CreditLedger.classesPerDay) },
            amounts: (0..<ledger.dayCount).map { ledger.amount(at: $0 * CreditLedger.classesPerDay) }
        )
        var run = SettledRun(freezes: input.freezes)
        var frozen = input.frozen
        var taken = TakenEvents(cells: ledger.dayCount * CreditLedger.classesPerDay)
        var longest = 0
        // A week is tallied from its first day, before the history's if need be.
        var day = weeks.map { min($0.start(ofWeekContaining: input.firstDay), input.firstDay) } ?? input.firstDay
        while day <= input.today, input.closes(day) {
            let index = day - ledger.baseDay
            guard index >= 0 else {
                if let weeks { _ = run.tally(day, kept: false, amount: 0, open: false, last: false, input: input, weeks: weeks) }
                day += 1
                continue
            }
            let last = min(day + (input.leeway.hours(on: day + 1) == 24 ? 2 : 1), input.today)
            let days = UndecidedDays(input, weeks: weeks, days: day...last, settling: true, taken: taken)
            run.settling(day)
            let placement = days.best(after: run)
            for (group, allocation) in zip(days.groups, placement.allocations) where allocation[0] > 0 {
                taken.take(allocation[0], of: group.share.amount, from: group.cell)
            }
            choice.credited[index] += placement.counts[0]
            choice.amounts[index] &+= placement.amounts[0]
            let met = placement.metBits & 1 == 1
            choice.met[index] = met
            if let weeks {
                let kept = input.isKept(day, judge: days.judges[0], met: met, open: false)
                if run.tally(day, kept: kept, amount: choice.amounts[index], open: false, last: false, input: input, weeks: weeks).bridged {
                    frozen[index] = true
                }
            } else if run.take(input.verdict(day, judge: days.judges[0], met: met, open: false), on: day, behavior: input.behavior) {
                frozen[index] = true
            }
            longest = max(longest, run.kept)
            day += 1
        }
        run.settling(nil)
        if day <= input.today {
            let days = UndecidedDays(input, weeks: weeks, days: day...input.today, settling: false, taken: taken)
            let placement = days.best(after: run)
            // (A weekly streak's week may begin before the ledger's first day.)
            for offset in 0..<days.count where day + offset >= ledger.baseDay {
                let index = day + offset - ledger.baseDay
                choice.credited[index] += placement.counts[offset]
                choice.amounts[index] &+= placement.amounts[offset]
                choice.met[index] = placement.met[offset]
            }
        }
        self.input = WalkInput(
            ledger: ledger, goals: input.goals, judges: input.judges, reach: input.reach, frozen: frozen, due: input.due,
            today: input.today, firstDay: input.firstDay, judgedFrom: input.judgedFrom, yesterdayIsOpen: input.yesterdayIsOpen,
            leeway: input.leeway, behavior: input.behavior, freezes: run.freezes
        )
        self.choice = choice
        consumptions = run.consumptions
        self.longest = longest
    }
}

/// A chosen crediting: days that met their targets, events and amounts credited per day,
/// indexed like the ledger.
struct CreditChoice {
    var met: [Bool]
    var credited: [Int32]
    var amounts: [Int64]
}

/// Per ledger cell, the events already credited to a settled day: a count for those of
/// amount 1 (almost all), by amount for the others.
struct TakenEvents {
    private(set) var units: [Int32]
    private(set) var others: [Int: [Int64: Int32]] = [:]

    init(cells: Int) {
        units = Array(repeating: 0, count: cells)
    }

    mutating func take(_ count: Int32, of amount: Int64, from cell: Int) {
        if amount == HistoryAmounts.unit { units[cell] += count } else { others[cell, default: [:]][amount, default: 0] += count }
    }
}
