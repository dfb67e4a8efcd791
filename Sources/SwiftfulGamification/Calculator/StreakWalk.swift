/// What a day became in one crediting.
enum DayState: UInt8 {
    case beforeHistory, kept, frozen, gap, open
    /// Not due under the schedule (rule 8) and not kept: bridges the run.
    case rest
    /// Skipped (rule 9) and not kept: bridges the run.
    case skipped
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

/// The days the walk covers and what it knows about them before crediting.
struct WalkInput {
    let ledger: CreditLedger
    /// Goal of each day, indexed like the ledger.
    let goals: [Int32]
    /// Days covered by a recorded freeze event, indexed like the ledger.
    let frozen: [Bool]
    /// Rest and skipped days (rules 8 and 9), indexed like the ledger.
    let due: [StreakDayKind]
    let today: Int
    /// The earliest day any event may be credited to or is frozen.
    let firstDay: Int
    let yesterdayIsOpen: Bool
    let leewayHours: Int
    let behavior: FreezeBehavior
    let freezes: FreezePool
}

/// The best crediting (rule 4, `CreditingSearch`) and what its walk found: the current run,
/// freezes consumed or needed, and every day's state.
struct StreakWalk {
    var states: [DayState]
    var credited: [Int32]
    var currentStreak = 0
    var streakStartDay: Int?
    var consumptions: [(freezeIndex: Int, day: Int)] = []
    /// Manual mode: the due days of the trailing gap that freezes would bridge (for a
    /// weekly streak, the last day of each gap week).
    var trailingGap: [Int] = []
    /// A weekly streak's weeks, oldest first (empty for a day unit).
    var weekRecords: [StreakWeek] = []

    init(_ input: WalkInput, weeks: WeekCalendar?) {
        if let weeks {
            let top = weeks.start(ofWeekContaining: input.today) + 6
            let bottom = weeks.start(ofWeekContaining: min(input.firstDay, input.today))
            self.init(input, rules: WeekRun(input), context: WeekRun.Context(input: input, weeks: weeks), top: top, bottom: bottom)
            markWeeks(input, weeks: weeks)
        } else {
            self.init(input, rules: DayRun(input), context: input, top: input.today, bottom: input.firstDay)
            markDays(input)
        }
    }

    private var record = RunRecord()

    /// Walks the chosen crediting again, recording what the search only counted.
    private init<Rules: RunRules>(_ input: WalkInput, rules start: Rules, context: Rules.Context, top: Int, bottom: Int) {
        let choice = CreditingSearch.best(input, rules: start, context: context, top: top, bottom: bottom)
        states = Array(repeating: .beforeHistory, count: input.ledger.dayCount)
        credited = choice.credited
        var rules = start
        var recording: RunRecord? = RunRecord()
        for day in stride(from: top, through: bottom, by: -1) {
            let index = day - input.ledger.baseDay
            rules.step(day, kept: index >= 0 && index < choice.kept.count && choice.kept[index], in: context, record: &recording)
            if index >= 0, index < choice.kept.count, choice.kept[index] { states[index] = .kept }
        }
        rules.finish(record: &recording)
        record = recording!
        currentStreak = rules.streak
        streakStartDay = record.start
        consumptions = record.consumptions
        trailingGap = record.trailingGap
    }

    /// Day states of a day-unit streak: open, frozen (recorded, or a gap a consumed freeze
    /// bridges), rest, skipped or gap.
    private mutating func markDays(_ input: WalkInput) {
        guard input.firstDay <= input.today else { return }
        for day in input.firstDay...input.today {
            let index = day - input.ledger.baseDay
            guard states[index] != .kept else { continue }
            if let bridge = input.due[index].bridgeState, !input.frozen[index] {
                states[index] = bridge
            } else if input.frozen[index] {
                states[index] = .frozen
            } else if input.isOpen(day) {
                states[index] = .open
            } else {
                states[index] = record.bridged.contains { $0.contains(day) } ? .frozen : .gap
            }
        }
    }

    /// Day states of a weekly streak: kept days as credited; the rest skipped, frozen (a
    /// recorded freeze, or the last day of a week a freeze bridges now), open (today, an
    /// open yesterday), a gap in a gap week, else rest (not needed).
    private mutating func markWeeks(_ input: WalkInput, weeks: WeekCalendar) {
        var records = record.weeks
        for (position, week) in records.enumerated() where week.state == .gap && record.bridged.contains(where: { $0.lowerBound == week.start.dayNumber }) {
            records[position] = StreakWeek(start: week.start, state: .bridged, keptDays: week.keptDays, target: week.target)
        }
        weekRecords = records.reversed()
        for week in records {
            let start = week.start.dayNumber
            let bridgedByFreeze = record.bridged.contains { $0.lowerBound == start }
            let first = max(start, input.firstDay), last = min(start + 6, input.today)
            guard first <= last else { continue }
            for day in first...last {
                let index = day - input.ledger.baseDay
                guard states[index] != .kept else { continue }
                if input.frozen[index] || (bridgedByFreeze && day == start + 6) {
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

extension WalkInput {
    /// Whether `day` (inside the walk's range) holds a recorded freeze event.
    func frozenDay(_ day: Int) -> Bool {
        let index = day - ledger.baseDay
        return day >= firstDay && day <= today && index >= 0 && index < frozen.count && frozen[index]
    }
}
