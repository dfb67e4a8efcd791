/// Rules 4, 5 and 8 for `timesPerWeek` streaks: days are walked back from the end of the
/// current week, and each week is judged on its first day (kept, bridged, open or a gap).
struct WeekRun: RunRules {
    struct Key: Hashable {
        var phase: RunPhase
        var freezes: FreezePool
        var closedKeptSeen: Bool
        /// The week being walked: kept days, skipped days not kept, whether a freeze event covers a day.
        var kept: Int8 = 0
        var skipped: Int8 = 0
        var frozen = false
    }

    struct Context {
        let input: WalkInput
        let weeks: WeekCalendar
    }

    var key: Key
    private(set) var streak = 0
    private(set) var freezesUsed = 0

    init(_ input: WalkInput) {
        key = Key(phase: .run, freezes: input.freezes, closedKeptSeen: false)
    }

    mutating func step(_ day: Int, kept: Bool, in context: Context, record: inout RunRecord?) {
        let (input, weeks) = (context.input, context.weeks)
        // Past the run, weeks are judged only for the record.
        if key.phase == .ended, record == nil { return }
        if kept {
            key.kept += 1
        } else if kind(of: day, context) == .skipped {
            key.skipped += 1
        }
        if input.frozenDay(day) { key.frozen = true }
        guard weeks.start(ofWeekContaining: day) == day else { return }
        let target = min(weeks.timesPerWeek(endingOn: day + 6), 7 - Int(key.skipped))
        let isOpen = day + 6 >= input.today || (input.yesterdayIsOpen && day + 6 == input.today - 1)
        let state: StreakWeek.State =
            if target == 0 { .bridged } else if Int(key.kept) >= target { .kept } else if isOpen { .open } else if key.frozen { .bridged } else { .gap }
        record?.weeks.append(StreakWeek(start: CalendarDay(dayNumber: day), state: state, keptDays: Int(key.kept), target: max(0, target)))
        key.kept = 0
        key.skipped = 0
        key.frozen = false
        walk(week: day, state: state, isOpen: isOpen, input, record: &record)
    }

    private func kind(of day: Int, _ context: Context) -> StreakDayKind {
        let index = day - context.input.ledger.baseDay
        return index >= 0 && index < context.input.due.count ? context.input.due[index] : context.weeks.dueDays.kind(of: day)
    }

    private mutating func walk(week start: Int, state: StreakWeek.State, isOpen: Bool, _ input: WalkInput, record: inout RunRecord?) {
        switch key.phase {
        case .ended:
            return
        case .run:
            if state == .kept { countKept(start, isOpen: isOpen, input, record: &record) }
            if state == .gap { startGap(low: start, high: start, count: 1, input) }
        case .gap(let low, let high, let count):
            if state == .gap {
                startGap(low: start, high: high, count: count + 1, input)
                return
            }
            resolveGap(low, high, input, record: &record)
            if state == .kept, key.phase == .run { countKept(start, isOpen: isOpen, input, record: &record) }
        }
    }

    /// Past the run only the days kept matter (rule 4's last order): states that differ in
    /// nothing else become one.
    private mutating func end(_ input: WalkInput) {
        key = Key(phase: .ended, freezes: input.freezes, closedKeptSeen: false)
    }

    mutating func finish(record: inout RunRecord?) {
        if case .gap = key.phase { key.phase = .ended }
        key.closedKeptSeen = false
    }

    /// The week being walked must stand the same (`RunPhase.outlasts` for the rest).
    func outlasts(_ other: WeekRun) -> Bool {
        if other.key.phase == .ended { return true }
        return (key.kept, key.skipped, key.frozen) == (other.key.kept, other.key.skipped, other.key.frozen)
            && key.phase.outlasts(other.key.phase, freezes: key.freezes, other.key.freezes)
    }

    private mutating func countKept(_ start: Int, isOpen: Bool, _ input: WalkInput, record: inout RunRecord?) {
        streak += 1
        record?.start = start
        if !isOpen, input.behavior == .manuallyConsumeFreezes { key.closedKeptSeen = true }
    }

    private mutating func startGap(low: Int, high: Int, count: Int, _ input: WalkInput) {
        let hopeless = input.behavior == .noFreezes || (input.behavior == .autoConsumeFreezes && count > key.freezes.unusedCount)
        key.phase = .gap(low: low, high: high, count: count)
        if hopeless { end(input) }
    }

    /// Gap weeks with a kept or bridged week before them: bridged one freeze a week (auto),
    /// recorded on each week's last day, or reported (manual).
    private mutating func resolveGap(_ low: Int, _ high: Int, _ input: WalkInput, record: inout RunRecord?) {
        let spans = stride(from: low, through: high, by: 7).map { $0...($0 + 6) }
        key.phase = .ended
        if input.behavior == .autoConsumeFreezes, let assigned = key.freezes.consume(forSpans: spans) {
            key.phase = .run
            freezesUsed += assigned.count
            record?.consumptions += assigned.map { ($0.freezeIndex, $0.span.upperBound) }
            record?.bridged += spans
        } else if input.behavior == .manuallyConsumeFreezes, !key.closedKeptSeen {
            record?.trailingGap = spans.map(\.upperBound)
        }
        if key.phase == .ended { end(input) }
    }
}
