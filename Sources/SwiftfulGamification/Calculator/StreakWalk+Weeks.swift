/// The weeks of a `timesPerWeek` streak (rule 8's week unit).
struct WeekCalendar {
    let firstWeekday: Weekday
    let dueDays: DueDays

    /// The first day of the week holding `day`.
    func start(ofWeekContaining day: Int) -> Int {
        let all = Weekday.allCases
        let offset = all.firstIndex(of: CalendarDay(dayNumber: day).dayOfWeek)! - all.firstIndex(of: firstWeekday)!
        return day - offset.floorModulo(7)
    }

    /// T of the week ending on `end`: a change of T applies from the week in which it was set.
    func timesPerWeek(endingOn end: Int) -> Int {
        if case .timesPerWeek(let times) = dueDays.schedule(on: end) { return max(1, min(7, times)) }
        return 7
    }

    func skippedDays(of week: ClosedRange<Int>) -> Int {
        week.filter { dueDays.kind(of: $0) == .skipped }.count
    }
}

extension StreakWalk {
    /// The weekly walk (rule 8): weeks from the current one back, each week's days credited
    /// latest first while the week still needs days (the earliest days' events are the ones
    /// the week before could use), and beyond that only with events no earlier day could
    /// use: a day more in a kept week adds nothing to the streak. A week that cannot be kept
    /// borrows nothing either, nor does an open week unless `keepOpenWeek` (an open week
    /// not kept is pending, so the events it would borrow may be worth more to the week
    /// before). Nil when an open day chosen to be kept cannot be.
    init?(_ input: WalkInput, weeks: WeekCalendar, keepToday: Bool, keepYesterday: Bool, keepOpenWeek: Bool) {
        self.init(start: input, keepToday: keepToday, keepYesterday: keepYesterday)
        var freezes = input.freezes
        var inCurrentRun = true
        var closedWeekSeen = false
        var bridgedByFreeze = Set<Int>()
        var start = weeks.start(ofWeekContaining: input.today)
        while start + 6 >= input.firstDay {
            let week = start...(start + 6)
            let isOpen = week.upperBound >= input.today || (input.yesterdayIsOpen && week.upperBound == input.today - 1)
            let choice = OpenDays(today: input.today, yesterdayIsOpen: input.yesterdayIsOpen, keepToday: keepToday, keepYesterday: keepYesterday)
            // Whether the week can be kept at all, tried on a view of the ledger.
            var trial = LedgerOverlay(ledger)
            guard let best = Self.creditWeek(week, input: input, weeks: weeks, choice: choice, counts: &trial, mayBorrow: true) else { return nil }
            let keepable = best.state(isOpen: false) == .kept && (keepOpenWeek || !isOpen)
            guard let walked = Self.creditWeek(week, input: input, weeks: weeks, choice: choice, counts: &ledger, mayBorrow: keepable) else {
                return nil
            }
            for day in walked.keptDays {
                states[day - ledger.baseDay] = .kept
                credited[day - ledger.baseDay] += Int32(input.goals[day - ledger.baseDay])
            }
            var state = walked.state(isOpen: isOpen)
            if state == .gap, bridgedByFreeze.contains(start) || week.contains(where: { day in input.frozenDay(day) }) { state = .bridged }
            if state == .gap, inCurrentRun {
                let stretch = Self.gapWeeks(endingWith: start, input: input, weeks: weeks, ledger: ledger)
                let spans = stretch.starts.map { $0...($0 + 6) }
                if stretch.savable, input.behavior == .autoConsumeFreezes, let assigned = freezes.consume(forSpans: spans) {
                    for (freezeIndex, span) in assigned { consumptions.append((freezeIndex, span.upperBound)) }
                    bridgedByFreeze.formUnion(stretch.starts)
                    state = .bridged
                } else {
                    if stretch.savable, input.behavior == .manuallyConsumeFreezes, !closedWeekSeen {
                        trailingGap = stretch.starts.map { $0 + 6 }
                    }
                    inCurrentRun = false
                }
            }
            if state == .kept, inCurrentRun {
                currentStreak += 1
                streakStartDay = max(start, input.firstDay)
            }
            markDays(of: week, state: state, input: input, bridgedByFreeze: bridgedByFreeze.contains(start))
            weekRecords.append(StreakWeek(start: CalendarDay(dayNumber: start), state: state, keptDays: walked.kept, target: walked.target))
            closedWeekSeen = closedWeekSeen || !isOpen
            start -= 7
        }
        weekRecords.reverse()
        ledger.creditLeftoversToOwnDays(into: &credited)
    }

    /// Which open days the walk keeps.
    struct OpenDays {
        let today: Int
        let yesterdayIsOpen: Bool
        let keepToday: Bool
        let keepYesterday: Bool

        /// nil for a closed day, else whether it is kept.
        func keeps(_ day: Int) -> Bool? {
            if day == today { return keepToday }
            if yesterdayIsOpen, day == today - 1 { return keepYesterday }
            return nil
        }
    }

    /// A week's crediting: the days kept, and what that makes of the week.
    struct CreditedWeek {
        var keptDays: [Int] = []
        var keptSkipped = 0
        let times: Int
        let skipped: Int

        var kept: Int { keptDays.count }
        /// T_w: T, lowered by the skipped days not kept (rule 9).
        var target: Int { min(times, 7 - (skipped - keptSkipped)) }

        func state(isOpen: Bool) -> StreakWeek.State {
            if target == 0 { return .bridged }
            if kept >= target { return .kept }
            return isOpen ? .open : .gap
        }
    }

    /// Credits a week's days up to today, latest first; nil when an open day chosen to be
    /// kept cannot be. Without `mayBorrow`, a day takes only events no earlier day could use.
    static func creditWeek(
        _ week: ClosedRange<Int>, input: WalkInput, weeks: WeekCalendar, choice: OpenDays, counts: inout some UncreditedCounts, mayBorrow: Bool
    ) -> CreditedWeek? {
        var result = CreditedWeek(times: weeks.timesPerWeek(endingOn: week.upperBound), skipped: weeks.skippedDays(of: week))
        let last = min(week.upperBound, input.today), first = max(week.lowerBound, input.firstDay)
        guard first <= last else { return result }
        for day in stride(from: last, through: first, by: -1) {
            let goal = Int(input.goals[day - counts.baseDay])
            let keep: Bool
            if let chosen = choice.keeps(day) {
                guard !chosen || counts.available(on: day) >= goal else { return nil }
                keep = chosen
            } else {
                let needed = mayBorrow && result.kept < result.target
                keep = counts.available(on: day) >= goal && (needed || counts.unusableEarlier(on: day) >= goal)
            }
            guard keep else { continue }
            counts.take(goal, on: day)
            result.keptDays.append(day)
            if input.due[day - counts.baseDay] == .skipped { result.keptSkipped += 1 }
        }
        return result
    }

    /// The run of gap weeks that ends with the week starting `start` (walking back), and
    /// whether a kept or bridged week comes before it (something for freezes to save).
    static func gapWeeks(endingWith start: Int, input: WalkInput, weeks: WeekCalendar, ledger: CreditLedger) -> (starts: [Int], savable: Bool) {
        var starts = [start]
        var earlier = start - 7
        let closed = OpenDays(today: input.today, yesterdayIsOpen: false, keepToday: false, keepYesterday: false)
        while earlier + 6 >= input.firstDay {
            let week = earlier...(earlier + 6)
            var trial = LedgerOverlay(ledger)
            let best = creditWeek(week, input: input, weeks: weeks, choice: closed, counts: &trial, mayBorrow: true)
            let state = best?.state(isOpen: false) ?? .gap
            if state != .gap || week.contains(where: { input.frozenDay($0) }) { return (starts.reversed(), true) }
            starts.append(earlier)
            earlier -= 7
        }
        return (starts.reversed(), false)
    }

    /// Day states of a walked week: kept days as credited; the rest skipped, frozen (a
    /// recorded freeze, or the last day of a week a freeze bridges now), open (today, an
    /// open yesterday), a gap in a gap week, else rest (not needed).
    private mutating func markDays(of week: ClosedRange<Int>, state: StreakWeek.State, input: WalkInput, bridgedByFreeze: Bool) {
        let first = max(week.lowerBound, input.firstDay), last = min(week.upperBound, input.today)
        guard first <= last else { return }
        for day in first...last {
            let index = day - ledger.baseDay
            guard states[index] != .kept else { continue }
            if input.frozen[index] || (bridgedByFreeze && day == week.upperBound) {
                states[index] = .frozen
            } else if input.due[index] == .skipped {
                states[index] = .skipped
            } else if day == input.today || (input.yesterdayIsOpen && day == input.today - 1) {
                states[index] = .open
            } else {
                states[index] = state == .gap ? .gap : .rest
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
