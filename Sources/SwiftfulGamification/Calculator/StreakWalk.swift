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
    let behavior: FreezeBehavior
    let freezes: FreezePool
}

/// One crediting of all history under one choice of which open days to keep (rule 4),
/// walking back from today.
struct StreakWalk {
    var ledger: CreditLedger
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
    let keptToday: Bool
    let keptYesterday: Bool

    var openDaysKept: Int { (keptToday ? 1 : 0) + (keptYesterday ? 1 : 0) }

    /// Nothing credited yet, under a choice of open days.
    init(start input: WalkInput, keepToday: Bool, keepYesterday: Bool) {
        ledger = input.ledger
        states = Array(repeating: .beforeHistory, count: input.ledger.dayCount)
        credited = Array(repeating: 0, count: input.ledger.dayCount)
        keptToday = keepToday
        keptYesterday = keepYesterday
    }

    /// Credits history under the choice, or returns nil when a day chosen to be kept cannot be.
    init?(_ input: WalkInput, keepToday: Bool, keepYesterday: Bool) {
        self.init(start: input, keepToday: keepToday, keepYesterday: keepYesterday)
        var freezes = input.freezes
        var inCurrentRun = true
        var closedDaySeen = false
        var day = input.today

        while day >= input.firstDay {
            let index = day - ledger.baseDay
            let goal = Int(input.goals[index])
            let isOpen = day == input.today || (input.yesterdayIsOpen && day == input.today - 1)

            if isOpen {
                let keep = day == input.today ? keepToday : keepYesterday
                if keep {
                    guard ledger.available(on: day) >= goal else { return nil }
                    credit(goal, on: day, index: index, countsInRun: inCurrentRun)
                } else {
                    states[index] = input.frozen[index] ? .frozen : input.due[index].bridgeState ?? .open
                }
                day -= 1
                continue
            }

            let bridge = input.due[index].bridgeState
            if ledger.available(on: day) >= goal, bridge == nil || !inCurrentRun
                || RunProbe.keepsOptionalDay(day, goal: goal, counts: LedgerOverlay(ledger), freezes: freezes, input: input, depth: 0) {
                credit(goal, on: day, index: index, countsInRun: inCurrentRun)
            } else if input.frozen[index] {
                states[index] = .frozen
            } else if let bridge {
                states[index] = bridge
            } else {
                states[index] = .gap
                if inCurrentRun {
                    // Rule 5 over rule 8: the gap is every due day back to the last kept or
                    // frozen day, whatever rest and skipped days lie between.
                    let (gapStart, savable) = Self.firstDayOfGap(endingOn: day, counts: ledger, input: input)
                    let stretch = gapStart...day
                    let gapDays = stretch.filter { input.due[$0 - ledger.baseDay] == .due }
                    if savable, input.behavior == .autoConsumeFreezes,
                       let assigned = freezes.consume(forDays: gapDays) {
                        for (freezeIndex, frozenDay) in assigned {
                            consumptions.append((freezeIndex, frozenDay))
                        }
                        for stretchDay in stretch {
                            let stretchIndex = stretchDay - ledger.baseDay
                            states[stretchIndex] = input.due[stretchIndex].bridgeState ?? .frozen
                        }
                        day = gapStart - 1
                        continue
                    }
                    if savable, input.behavior == .manuallyConsumeFreezes, !closedDaySeen {
                        trailingGap = gapDays
                    }
                    inCurrentRun = false
                }
            }
            closedDaySeen = true
            day -= 1
        }
        ledger.creditLeftoversToOwnDays(into: &credited)
    }

    private mutating func credit(_ goal: Int, on day: Int, index: Int, countsInRun: Bool) {
        credited[index] += Int32(ledger.take(goal, on: day))
        states[index] = .kept
        if countsInRun {
            currentStreak += 1
            streakStartDay = day
        }
    }

    /// The first missed due day of the run of closed, unkeepable, unfrozen days ending on
    /// `day` (rest and skipped days among them), and whether a kept or frozen day comes
    /// before that run (something to save).
    static func firstDayOfGap(endingOn day: Int, counts: some UncreditedCounts, input: WalkInput) -> (start: Int, savable: Bool) {
        var start = day
        while start - 1 >= input.firstDay {
            let index = start - 1 - counts.baseDay
            if input.frozen[index] || counts.available(on: start - 1) >= Int(input.goals[index]) { break }
            start -= 1
        }
        let savable = start > input.firstDay
        // Rest and skipped days before the first missed due day are walked as themselves.
        while start < day, input.due[start - counts.baseDay] != .due { start += 1 }
        return (start, savable)
    }

    /// Rule 4's ranking: longer streak, then fewer freezes, then more open days kept, then
    /// today kept over yesterday.
    func isBetter(than other: StreakWalk) -> Bool {
        if currentStreak != other.currentStreak { return currentStreak > other.currentStreak }
        if consumptions.count != other.consumptions.count { return consumptions.count < other.consumptions.count }
        if openDaysKept != other.openDaysKept { return openDaysKept > other.openDaysKept }
        return keptToday && !other.keptToday
    }
}
