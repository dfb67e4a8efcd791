/// Rules 4, 5 and 8 for `timesPerWeek` streaks: days are walked back from the end of the
/// current week, and each week is judged on its first day (kept, bridged, open or a gap).
struct WeekRun: RunRules {
    struct Key: Hashable {
        var walk: RunWalk.Key
        /// The week being walked: kept days, skipped days not kept, whether a freeze event covers a day.
        var kept: Int8 = 0
        var skipped: Int8 = 0
        var frozen = false
    }

    struct Context {
        let input: WalkInput
        let weeks: WeekCalendar
    }

    private var walk: RunWalk
    /// The week being walked: kept days, skipped days not kept, whether a freeze event covers a day.
    private var week: (kept: Int8, skipped: Int8, frozen: Bool) = (0, 0, false)
    var key: Key { Key(walk: walk.key, kept: week.kept, skipped: week.skipped, frozen: week.frozen) }
    var streak: Int { walk.streak }
    var freezesUsed: Int { walk.freezesUsed }

    init(_ input: WalkInput) {
        walk = RunWalk(input)
    }

    mutating func step(_ day: Int, kept: Bool, in context: Context, record: inout RunRecord?) {
        let (input, weeks) = (context.input, context.weeks)
        // Past the run, weeks are judged only for the record.
        if walk.key.phase == .ended, record == nil { return }
        if kept {
            week.kept += 1
        } else if kind(of: day, context) == .skipped {
            week.skipped += 1
        }
        if input.frozenDay(day) { week.frozen = true }
        guard weeks.start(ofWeekContaining: day) == day else { return }
        let target = min(weeks.timesPerWeek(endingOn: day + 6), 7 - Int(week.skipped))
        let isOpen = day + 6 >= input.today || (input.yesterdayIsOpen && day + 6 == input.today - 1)
        let state: StreakWeek.State =
            if target == 0 { .bridged } else if Int(week.kept) >= target { .kept } else if isOpen { .open } else if week.frozen { .bridged } else { .gap }
        record?.weeks.append(StreakWeek(start: CalendarDay(dayNumber: day), state: state, keptDays: Int(week.kept), target: max(0, target)))
        week = (0, 0, false)
        walkWeek(day, state: state, isOpen: isOpen, input, record: &record)
    }

    private func kind(of day: Int, _ context: Context) -> StreakDayKind {
        let index = day - context.input.ledger.baseDay
        return index >= 0 && index < context.input.due.count ? context.input.due[index] : context.weeks.dueDays.kind(of: day)
    }

    private mutating func walkWeek(_ start: Int, state: StreakWeek.State, isOpen: Bool, _ input: WalkInput, record: inout RunRecord?) {
        switch walk.key.phase {
        case .ended:
            return
        case .run:
            if state == .kept { walk.countKept(start, isOpen: isOpen, input, record: &record) }
            if state == .gap { walk.startGap(low: start, high: start, count: 1, input) }
        case .gap(let low, let high, let count):
            if state == .gap {
                walk.startGap(low: start, high: high, count: count + 1, input)
                return
            }
            let spans = stride(from: low, through: high, by: 7).map { $0...($0 + 6) }
            walk.resolveGap(spans, covering: spans, input, record: &record)
            if state == .kept, walk.key.phase == .run { walk.countKept(start, isOpen: isOpen, input, record: &record) }
        }
    }

    mutating func finish(record: inout RunRecord?) {
        walk.finish()
    }

    /// The week being walked must stand the same (`RunPhase.outlasts` for the rest).
    func outlasts(_ other: WeekRun) -> Bool {
        if other.walk.key.phase == .ended { return true }
        return week == other.week && walk.outlasts(other.walk)
    }
}
