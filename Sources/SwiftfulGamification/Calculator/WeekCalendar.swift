/// The weeks of a weekly streak (rule 8's week unit: `timesPerWeek`, or a weekly target), or
/// the calendar months of a monthly one (rule 12: `timesPerMonth`, or a monthly target), which
/// are rule 8's week unit read with "month" for "week". Throughout the calculator a "week" is
/// this unit: from `start(ofWeekContaining:)` to `end(ofWeekStartingOn:)`.
struct WeekCalendar {
    let firstWeekday: Weekday
    /// `.week` or `.month`.
    let unit: StreakSchedule.Unit
    let dueDays: DueDays
    let targets: TargetSchedule
    /// Weekly amounts whose judgement the events logged cannot change, by week start:
    /// met (kept, or within a limit) or not (`deciding(ledger:judgedFrom:)`).
    private(set) var decided: [Int: Bool] = [:]

    init(firstWeekday: Weekday, unit: StreakSchedule.Unit = .week, dueDays: DueDays, targets: TargetSchedule) {
        (self.firstWeekday, self.unit, self.dueDays, self.targets) = (firstWeekday, unit, dueDays, targets)
    }

    /// These weeks, knowing which weekly amounts the ledger's events already decide: those
    /// whose events that stay in the week whatever happens (fixed, or in a window within it)
    /// already reach X_w, or pass a limit; and those that cannot get there (or over) even
    /// with every event that may go to them. Their days' sums then matter no more.
    func deciding(ledger: CreditLedger, judgedFrom: Int) -> WeekCalendar {
        var sure: [Int: Int64] = [:], maybe: [Int: Int64] = [:]
        for dayIndex in 0..<ledger.dayCount {
            for classIndex in 0..<CreditLedger.classesPerDay {
                let cell = dayIndex * CreditLedger.classesPerDay + classIndex
                guard ledger.count(at: cell) > 0 else { continue }
                let hi = ledger.baseDay + dayIndex, lo = hi - CreditLedger.window(ofClass: classIndex).width
                let amount = ledger.amount(at: cell)
                let (first, last) = (start(ofWeekContaining: lo), start(ofWeekContaining: hi))
                // A limit's days before its start day count for nothing.
                let judged = judgement(endingOn: end(ofWeekStartingOn: last)).isLimit ? lo >= judgedFrom : true
                if first == last, judged {
                    sure[first, default: 0] &+= amount
                } else {
                    for week in Set([first, last]) where hi >= judgedFrom || !judgement(endingOn: end(ofWeekStartingOn: week)).isLimit {
                        maybe[week, default: 0] &+= amount
                    }
                }
            }
        }
        var weeks = self
        for week in Set(sure.keys).union(maybe.keys) {
            let last = end(ofWeekStartingOn: week)
            let judgement = judgement(endingOn: last)
            guard judgement.isWeekly else { continue }
            let skipped = skippedDays(of: week...last)
            let (least, most) = (sure[week] ?? 0, (sure[week] ?? 0) &+ (maybe[week] ?? 0))
            let target = judgement.weekAmount(skipped: skipped, of: last - week + 1)
            if judgement.isLimit {
                if least > target { weeks.decided[week] = false } else if most <= target { weeks.decided[week] = true }
            } else if least >= target {
                weeks.decided[week] = true
            } else if most < target {
                weeks.decided[week] = false
            }
        }
        return weeks
    }

    /// The first day of the week (or month) holding `day`.
    func start(ofWeekContaining day: Int) -> Int {
        if unit == .month { return CalendarDay(dayNumber: day).firstOfMonth.dayNumber }
        let all = Weekday.allCases
        let offset = all.firstIndex(of: CalendarDay(dayNumber: day).dayOfWeek)! - all.firstIndex(of: firstWeekday)!
        return day - offset.floorModulo(7)
    }

    /// The last day of the week (or month) that starts on `start`.
    func end(ofWeekStartingOn start: Int) -> Int {
        unit == .month ? start + CalendarDay(dayNumber: start).daysInMonth - 1 : start + 6
    }

    /// The days of the week (or month) that starts on `start`: 7, or 28 to 31.
    func length(ofWeekStartingOn start: Int) -> Int {
        end(ofWeekStartingOn: start) - start + 1
    }

    /// The first day of the week (or month) after the one that starts on `start`.
    func next(after start: Int) -> Int {
        end(ofWeekStartingOn: start) + 1
    }

    /// The first day of the week (or month) before the one that starts on `start`.
    func previous(before start: Int) -> Int {
        self.start(ofWeekContaining: start - 1)
    }

    /// T of the week (or month) ending on `end`: a change of T applies from the unit in which it was set.
    func timesPerWeek(endingOn end: Int) -> Int {
        switch dueDays.schedule(on: end) {
        case .timesPerWeek(let times): return max(1, min(7, times))
        case .timesPerMonth(let times): return max(1, min(31, times))
        default: return 7
        }
    }

    /// The target of the week ending on `end`: a change applies from the week in which it was set.
    func judgement(endingOn end: Int) -> Judgement {
        Judgement(targets.target(on: end))
    }

    /// Past this a weekly target's sum is alike: X (at least, X_w is never more), X + 1 (at most).
    func cap(of judgement: Judgement) -> Int64 {
        judgement.isLimit ? judgement.amount + 1 : judgement.amount
    }

    func skippedDays(of week: ClosedRange<Int>) -> Int {
        week.filter { dueDays.kind(of: $0) == .skipped }.count
    }
}
