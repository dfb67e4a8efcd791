/// What a day became in one crediting.
enum DayState: UInt8 {
    case beforeHistory, kept, frozen, gap, open
}

/// The days the walk covers and what it knows about them before crediting.
struct WalkInput {
    let ledger: CreditLedger
    /// Goal of each day, indexed like the ledger.
    let goals: [Int32]
    /// Days covered by a recorded freeze event, indexed like the ledger.
    let frozen: [Bool]
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
    /// Manual mode: the trailing gap that freezes would bridge.
    var trailingGap: ClosedRange<Int>?
    let keptToday: Bool
    let keptYesterday: Bool

    var openDaysKept: Int { (keptToday ? 1 : 0) + (keptYesterday ? 1 : 0) }

    /// Credits history under the choice, or returns nil when a day chosen to be kept cannot be.
    init?(_ input: WalkInput, keepToday: Bool, keepYesterday: Bool) {
        ledger = input.ledger
        states = Array(repeating: .beforeHistory, count: input.ledger.dayCount)
        credited = Array(repeating: 0, count: input.ledger.dayCount)
        keptToday = keepToday
        keptYesterday = keepYesterday
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
                    states[index] = input.frozen[index] ? .frozen : .open
                }
                day -= 1
                continue
            }

            if ledger.available(on: day) >= goal {
                credit(goal, on: day, index: index, countsInRun: inCurrentRun)
            } else if input.frozen[index] {
                states[index] = .frozen
            } else {
                states[index] = .gap
                if inCurrentRun {
                    let gapStart = firstDayOfGap(endingOn: day, input: input)
                    let savable = gapStart > input.firstDay
                    let gapDays = Array(gapStart...day)
                    if savable, input.behavior == .autoConsumeFreezes,
                       let assigned = freezes.consume(forDays: gapDays) {
                        for (freezeIndex, frozenDay) in assigned {
                            states[frozenDay - ledger.baseDay] = .frozen
                            consumptions.append((freezeIndex, frozenDay))
                        }
                        day = gapStart - 1
                        continue
                    }
                    if savable, input.behavior == .manuallyConsumeFreezes, !closedDaySeen {
                        trailingGap = gapStart...day
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

    /// The earliest day of the run of closed, unkeepable, unfrozen days ending on `day`.
    private func firstDayOfGap(endingOn day: Int, input: WalkInput) -> Int {
        var start = day
        while start - 1 >= input.firstDay {
            let index = start - 1 - ledger.baseDay
            if input.frozen[index] || ledger.available(on: start - 1) >= Int(input.goals[index]) { break }
            start -= 1
        }
        return start
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
