/// Which days are due (rule 8) and which are skipped (rule 9), by day number.
struct DueDays: Sendable {
    let schedule: StreakSchedule
    let skipped: Set<Int>

    init(schedule: StreakSchedule, skips: [CalendarDay]) {
        self.schedule = schedule
        skipped = Set(skips.map(\.dayNumber))
    }

    func kind(of day: Int) -> DueKind {
        if skipped.contains(day) { return .skipped }
        return schedule.isDue(on: CalendarDay(dayNumber: day).dayOfWeek) ? .due : .rest
    }

    /// Kinds of `count` consecutive days from `firstDay`.
    func kinds(from firstDay: Int, count: Int) -> [DueKind] {
        (0..<count).map { kind(of: firstDay + $0) }
    }

    /// The first due, unskipped day after `day` (within a year and a week: a schedule has a
    /// due day every week, and skips reach at most 366 days ahead).
    func nextDueDay(after day: Int) -> Int? {
        (day + 1...day + 373).first { kind(of: $0) == .due }
    }
}
