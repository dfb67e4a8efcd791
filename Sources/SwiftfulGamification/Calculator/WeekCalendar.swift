/// The weeks of a weekly streak (rule 8's week unit: `timesPerWeek`, or a weekly target).
struct WeekCalendar {
    let firstWeekday: Weekday
    let dueDays: DueDays
    let targets: TargetSchedule

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
