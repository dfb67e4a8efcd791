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
    /// The state after the last day settled, when asked for (`seed`).
    private(set) var checkpoint: SettledCheckpoint?
    /// Days settled by this calculation (not taken from a checkpoint).
    private(set) var daysSettled = 0

    /// - Parameters:
    ///   - resuming: a checkpoint of an earlier calculation: used when its fingerprint is this
    ///     calculation's through its day.
    ///   - seed: the fingerprint of the calculation's own inputs (`SettlementFingerprint`);
    ///     nil makes no checkpoint and uses none.
    init(_ input: WalkInput, weeks: WeekCalendar? = nil, resuming saved: SettledCheckpoint? = nil, seed: UInt64? = nil) {
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
        // (A checkpoint holds the crediting of every day this settlement would settle before it.)
        var resumed: SettledCheckpoint?
        if let saved, let seed, saved.day >= day, saved.day >= ledger.baseDay, saved.choiceFrom <= max(day, ledger.baseDay), input.closes(saved.day),
           saved.credited.count == saved.day - saved.choiceFrom + 1, saved.day - ledger.baseDay < ledger.dayCount,
           let restored = SettledRun(freezes: input.freezes, restoring: saved.run),
           SettlementFingerprint.of(input, through: saved.day, seed: seed) == saved.fingerprint {
            run = restored
            for bridged in saved.bridged where bridged >= ledger.baseDay { frozen[bridged - ledger.baseDay] = true }
            for (cell, units) in saved.takenUnits { taken.restore(units, of: HistoryAmounts.unit, at: cell - ledger.baseDay * CreditLedger.classesPerDay) }
            for (cell, others) in saved.takenOthers {
                for (amount, count) in others { taken.restore(count, of: amount, at: cell - ledger.baseDay * CreditLedger.classesPerDay) }
            }
            for savedDay in max(saved.choiceFrom, ledger.baseDay)...saved.day {
                let (index, from) = (savedDay - ledger.baseDay, savedDay - saved.choiceFrom)
                (choice.credited[index], choice.amounts[index], choice.met[index]) = (saved.credited[from], saved.amounts[from], saved.met[from])
            }
            longest = saved.longest
            day = saved.day + 1
            resumed = saved
        }
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
            } else if input.isRolling {
                let kept = input.isKept(day, judge: days.judges[0], met: met, open: false)
                if run.roll(day, input.rollingDay(day, kept: kept, seenAt: day), closed: true, input: input) { frozen[index] = true }
            } else if run.take(input.verdict(day, judge: days.judges[0], met: met, open: false), on: day, behavior: input.behavior) {
                frozen[index] = true
            }
            longest = max(longest, run.kept)
            daysSettled += 1
            day += 1
        }
        run.settling(nil)
        if let resumed, daysSettled == 0 {
            // Nothing closed since: the checkpoint read is the one to keep.
            checkpoint = resumed
        } else if let seed, day - 1 >= ledger.baseDay, day - 1 - ledger.baseDay < ledger.dayCount {
            checkpoint = Self.checkpoint(
                through: day - 1, input: input, seed: seed, run: run, frozen: frozen, taken: taken, longest: longest, choice: choice
            )
        }
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
            leeway: input.leeway, behavior: input.behavior, freezes: run.freezes, windows: input.windows
        )
        self.choice = choice
        consumptions = run.consumptions
        self.longest = longest
    }

    private static func checkpoint(
        through last: Int, input: WalkInput, seed: UInt64, run: SettledRun, frozen: [Bool], taken: TakenEvents, longest: Int, choice: CreditChoice
    ) -> SettledCheckpoint {
        let ledger = input.ledger
        let count = last - ledger.baseDay + 1
        // Cells whose windows reach past the last day: what of them is taken still matters.
        let perDay = CreditLedger.classesPerDay
        let cells = (count * perDay)..<min((count + CreditLedger.widestWindow) * perDay, ledger.dayCount * perDay)
        var units: [Int: Int32] = [:]
        var others: [Int: [Int64: Int32]] = [:]
        for cell in cells {
            let key = cell + ledger.baseDay * perDay
            if taken.units[cell] != 0 { units[key] = taken.units[cell] }
            if let amounts = taken.others[cell], !amounts.isEmpty { others[key] = amounts }
        }
        return SettledCheckpoint(
            day: last, fingerprint: SettlementFingerprint.of(input, through: last, seed: seed), run: run.saved,
            bridged: (0..<count).filter { frozen[$0] && !input.frozen[$0] }.map { $0 + ledger.baseDay },
            takenUnits: units, takenOthers: others, longest: longest, choiceFrom: ledger.baseDay,
            credited: Array(choice.credited[0..<count]), amounts: Array(choice.amounts[0..<count]), met: Array(choice.met[0..<count])
        )
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

    /// What a checkpoint saved of a cell (ignored outside the ledger).
    mutating func restore(_ count: Int32, of amount: Int64, at cell: Int) {
        guard units.indices.contains(cell) else { return }
        take(count, of: amount, from: cell)
    }
}
