/// Which days are due (rule 8) and which are skipped (rule 9), by day number.
struct DueDays: Sendable {
    /// (first day, schedule), ascending; days before the first keep the first's schedule.
    private let schedules: [(day: Int, schedule: StreakSchedule)]
    let skipped: Set<Int>

    /// The schedule in force on each day: the goal schedule's changes that carry one, else
    /// `fallback` (the configuration's) throughout.
    init(fallback: StreakSchedule, changes: [StreakGoalChange] = [], skips: [CalendarDay], dayOf: (StreakGoalChange) -> Int) {
        let recorded = changes.enumerated()
            .compactMap { offset, change in change.schedule.map { (day: dayOf(change), offset: offset, schedule: $0) } }
            .sorted { ($0.day, $0.offset) < ($1.day, $1.offset) }
            .map { (day: $0.day, schedule: $0.schedule) }
        schedules = recorded.isEmpty ? [(day: Int.min, schedule: fallback)] : recorded
        skipped = Set(skips.map(\.dayNumber))
    }

    func schedule(on day: Int) -> StreakSchedule {
        var schedule = schedules[0].schedule
        for change in schedules {
            guard change.day <= day else { break }
            schedule = change.schedule
        }
        return schedule
    }

    func kind(of day: Int) -> StreakDayKind {
        if skipped.contains(day) { return .skipped }
        return schedule(on: day).isDue(on: CalendarDay(dayNumber: day).dayOfWeek) ? .due : .rest
    }

    /// Kinds of `count` consecutive days from `firstDay`, in one sweep.
    func kinds(from firstDay: Int, count: Int) -> [StreakDayKind] {
        var result: [StreakDayKind] = []
        result.reserveCapacity(count)
        var next = 0
        var schedule = schedules[0].schedule
        for day in firstDay..<firstDay + count {
            while next < schedules.count, schedules[next].day <= day {
                schedule = schedules[next].schedule
                next += 1
            }
            result.append(skipped.contains(day) ? .skipped : schedule.isDue(on: CalendarDay(dayNumber: day).dayOfWeek) ? .due : .rest)
        }
        return result
    }

    /// The first due, unskipped day after `day` (within a year and a week: a schedule has a
    /// due day every week, and skips reach at most 366 days ahead).
    func nextDueDay(after day: Int) -> Int? {
        (day + 1...day + 373).first { kind(of: $0) == .due }
    }
}
