/// What a day became in one crediting.
enum DayState: UInt8 {
    case beforeHistory, kept, frozen, gap, open
    /// Not due under the schedule (rule 8) and not kept: bridges the run.
    case rest
    /// Skipped (rule 9) and not kept: bridges the run.
    case skipped
    /// Tracking only (rule 13): a day with a reading.
    case logged
}

/// Whether a day is due, and if not why: what rules 8 and 9 say of it before crediting.
public enum StreakDayKind: String, Sendable, Codable {
    case due, rest, skipped

    var bridgeState: DayState? {
        switch self {
        case .due: return nil
        case .rest: return .rest
        case .skipped: return .skipped
        }
    }
}

/// The settled crediting (rules 4 and 4a, `Settlement`) and what the walk back over it found:
/// the current run, freezes consumed or needed, and every day's state.
struct StreakWalk {
    var states: [DayState]
    var credited: [Int32]
    /// Amounts credited per day, in thousandths.
    var amounts: [Int64]
    var currentStreak = 0
    var streakStartDay: Int?
    var consumptions: [(freezeIndex: Int, day: Int)] = []
    /// Manual mode: the due days of the trailing gap that freezes would bridge (for a
    /// weekly streak, the last day of each gap week).
    var trailingGap: [Int] = []
    /// A weekly streak's weeks, oldest first (empty for a day unit).
    var weekRecords: [StreakWeek] = []
    /// A rolling streak's current windows (rule 12).
    var rolling: RollingOutlook?

    /// The settled crediting walked back from today (`settlement`), or, without one (tracking
    /// only), every event on its own day.
    init(_ input: WalkInput, weeks: WeekCalendar?, settlement: Settlement?) {
        guard let settlement else {
            self.init(tracking: input)
            return
        }
        // Rule 4a: the days settled as they closed; the walk back finds the current run.
        let input = settlement.input
        if input.isRolling {
            self.init(rolling: RollingReplay(input, choice: settlement.choice), settlement: settlement)
            return
        }
        if let weeks {
            let top = weeks.end(ofWeekStartingOn: weeks.start(ofWeekContaining: input.today))
            let bottom = weeks.start(ofWeekContaining: min(input.firstDay, input.today))
            self.init(input, rules: WeekRun(input), context: WeekRun.Context(input: input, weeks: weeks), top: top, bottom: bottom, choice: settlement.choice)
            markWeeks(input, weeks: weeks)
        } else {
            self.init(input, rules: DayRun(input), context: input, top: input.today, bottom: input.firstDay, choice: settlement.choice)
            markDays(input)
        }
        consumptions = settlement.consumptions + consumptions
    }

    private var record = RunRecord()

    /// Rule 12: the settled run replayed forwards (`RollingReplay`).
    private init(rolling replay: RollingReplay, settlement: Settlement) {
        states = replay.states
        credited = settlement.choice.credited
        amounts = settlement.choice.amounts
        currentStreak = replay.current
        streakStartDay = replay.startDay
        trailingGap = replay.trailingGap
        rolling = replay.outlook
        consumptions = settlement.consumptions
    }

    /// Walks the chosen crediting back from the top day, recording the run.
    private init<Rules: RunRules>(_ input: WalkInput, rules start: Rules, context: Rules.Context, top: Int, bottom: Int, choice: CreditChoice) {
        states = Array(repeating: .beforeHistory, count: input.ledger.dayCount)
        credited = choice.credited
        amounts = choice.amounts
        var rules = start
        var recording: RunRecord? = RunRecord()
        for day in stride(from: top, through: bottom, by: -1) {
            let index = day - input.ledger.baseDay
            let inside = index >= 0 && index < choice.met.count
            let outcome = DayOutcome(met: inside && choice.met[index], amount: inside ? choice.amounts[index] : 0)
            rules.step(day, outcome: outcome, in: context, record: &recording)
            if inside, day >= input.judgedFrom, input.isKept(day, met: outcome.met) { states[index] = .kept }
        }
        rules.finish(record: &recording)
        record = recording!
        currentStreak = rules.streak
        streakStartDay = record.start
        consumptions = record.consumptions
        trailingGap = record.trailingGap
    }

    /// Tracking only (rules 10 and 13): no streak; every event stays on its own day (moving
    /// one would change nothing but what a day shows). A day with a reading is logged, its
    /// amount the day value: the sum of its events, or of its readings as the measure says.
    private init(tracking input: WalkInput) {
        states = Array(repeating: .beforeHistory, count: input.ledger.dayCount)
        credited = Array(repeating: 0, count: input.ledger.dayCount)
        amounts = Array(repeating: 0, count: input.ledger.dayCount)
        for cell in 0..<(input.ledger.dayCount * CreditLedger.classesPerDay) where input.ledger.count(at: cell) > 0 {
            let (width, ownOffset) = CreditLedger.window(ofClass: cell % CreditLedger.classesPerDay)
            let own = cell / CreditLedger.classesPerDay - width + ownOffset
            guard own >= 0 else { continue }
            credited[own] += input.ledger.count(at: cell)
            amounts[own] &+= input.ledger.amount(at: cell)
        }
        guard input.firstDay <= input.today else { return }
        for day in input.firstDay...input.today {
            let index = day - input.ledger.baseDay
            let logged: Bool
            if input.measure == .sum {
                logged = credited[index] > 0
            } else {
                // Rule 1: a reading whose own day is after today (logged far east) is today's.
                let reading = day == input.today ? input.readings?.reading(from: day, through: day + 2) : input.readings?.reading(on: day)
                amounts[index] = reading?.value(input.measure) ?? 0
                logged = reading != nil
            }
            states[index] = logged ? .logged : input.frozen[index] ? .frozen : input.due[index].bridgeState ?? (input.isOpen(day) ? .open : .rest)
        }
    }

    /// Day states of a day-unit streak: open, frozen (recorded, or a gap a consumed freeze
    /// bridges), rest, skipped or gap; before a limit's start day, not judged.
    private mutating func markDays(_ input: WalkInput) {
        guard input.firstDay <= input.today else { return }
        for day in input.firstDay...input.today {
            let index = day - input.ledger.baseDay
            guard states[index] != .kept, day >= input.judgedFrom else { continue }
            let over = input.judge(day).kind == .atMost && !input.judge(day).met(amounts[index] - input.ledger.amount(at: index * CreditLedger.classesPerDay))
            if let bridge = input.due[index].bridgeState, !input.frozen[index] {
                states[index] = bridge
            } else if input.frozen[index] {
                states[index] = .frozen
            } else if input.isOpen(day), !over {
                states[index] = .open
            } else {
                states[index] = record.bridged.contains { $0.contains(day) } ? .frozen : .gap
            }
        }
    }

    /// Day states of a weekly streak: kept days as credited (of a weekly amount, the days
    /// of a kept week that hold some of it, or all of a kept limit's); the rest skipped,
    /// frozen (a recorded freeze, or the last day of a week a freeze bridges now), open
    /// (today, an open yesterday), a gap in a gap week, else rest (not needed).
    private mutating func markWeeks(_ input: WalkInput, weeks: WeekCalendar) {
        var records = record.weeks
        for (position, week) in records.enumerated() where week.state == .gap && record.bridged.contains(where: { $0.lowerBound == week.start.dayNumber }) {
            records[position] = week.with(state: .bridged)
        }
        weekRecords = records.reversed()
        for week in records {
            let start = week.start.dayNumber
            let bridgedByFreeze = record.bridged.contains { $0.lowerBound == start }
            let end = weeks.end(ofWeekStartingOn: start)
            let judgement = weeks.judgement(endingOn: end)
            let first = max(start, input.firstDay, judgement.isLimit ? input.judgedFrom : .min), last = min(end, input.today)
            guard first <= last else { continue }
            for day in first...last {
                let index = day - input.ledger.baseDay
                if judgement.isWeekly, week.state == .kept, judgement.isLimit || amounts[index] > 0 { states[index] = .kept }
                guard states[index] != .kept else { continue }
                if input.frozen[index] || (bridgedByFreeze && day == end) {
                    states[index] = .frozen
                } else if input.due[index] == .skipped {
                    states[index] = .skipped
                } else if input.isOpen(day) {
                    states[index] = .open
                } else {
                    states[index] = week.state == .gap ? .gap : .rest
                }
            }
        }
    }
}
