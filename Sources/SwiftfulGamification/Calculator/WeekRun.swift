/// Rules 4, 5, 8 and 10 for weekly streaks: days are walked back from the end of the current
/// week, and each week is judged on its first day (kept, bridged, open or a gap): by its kept
/// days for `timesPerWeek`, by the sum of its amounts for a weekly target.
struct WeekRun: RunRules {
    /// The week being walked: kept days, skipped days (not kept, or all of them for an
    /// amount), whether a freeze event covers a day, and the sum of its amounts (capped).
    struct Week: Hashable {
        var kept: Int8 = 0
        var skipped: Int8 = 0
        var frozen = false
        var sum: Int64 = 0
    }

    struct Context {
        let input: WalkInput
        let weeks: WeekCalendar
    }

    private var walk: RunWalk
    private var week = Week()
    /// The week's exact sum, for the record (not part of the state).
    private var exactSum: Int64 = 0
    var streak: Int { walk.streak }

    init(_ input: WalkInput) {
        walk = RunWalk(input)
    }

    mutating func step(_ day: Int, outcome: DayOutcome, in context: Context, record: inout RunRecord?) {
        let (input, weeks) = (context.input, context.weeks)
        let start = weeks.start(ofWeekContaining: day)
        let end = weeks.end(ofWeekStartingOn: start)
        let judgement = weeks.judgement(endingOn: end)
        week.add(day, kept: input.isKept(day, met: outcome.met), amount: outcome.amount, judgement: judgement, input: input, weeks: weeks)
        if record != nil, judgement.isWeekly, day >= input.judgedFrom { exactSum &+= outcome.amount }
        guard start == day else { return }
        // Before a limit's start day nothing is judged: the run cannot reach there.
        guard end >= input.judgedFrom else {
            (week, exactSum) = (Week(), 0)
            return
        }
        let isOpen = end >= input.today || (input.yesterdayIsOpen && end == input.today - 1)
        let (state, target) = Self.judge(
            week, judgement: judgement, times: weeks.timesPerWeek(endingOn: end), days: end - day + 1, isOpen: isOpen, decided: weeks.decided[day]
        )
        record?.weeks.append(StreakWeek(
            start: CalendarDay(dayNumber: day), end: CalendarDay(dayNumber: end), state: state, keptDays: Int(week.kept), target: judgement.isWeekly ? 0 : max(0, Int(target)),
            amount: judgement.isWeekly ? exactSum : nil, targetAmount: judgement.isWeekly ? target : nil, isLimit: judgement.isWeekly && judgement.isLimit
        ))
        (week, exactSum) = (Week(), 0)
        walkWeek(day, state: state, isOpen: isOpen, input, weeks: weeks, record: &record)
    }

    /// A week (or month, of `days` days) once walked whole (rules 8, 9, 10 and 12), and its
    /// target: T_w in days, or X_w (X for a limit) in thousandths. `decided` is what its
    /// events decide whatever the crediting (`WeekCalendar.decided`): its sum, capped, may
    /// then fall short of saying it.
    static func judge(_ week: Week, judgement: Judgement, times: Int, days: Int, isOpen: Bool, decided: Bool? = nil) -> (WeekStreakState, Int64) {
        if judgement.isWeekly {
            let target = judgement.weekAmount(skipped: Int(week.skipped), of: days)
            if week.skipped >= days { return (.bridged, target) }
            if judgement.isLimit {
                if !(decided ?? (week.sum <= target)) { return (week.frozen ? .bridged : .gap, target) }
                return (isOpen ? .open : .kept, target)
            }
            if decided ?? (week.sum >= target) { return (.kept, target) }
            return (isOpen ? .open : week.frozen ? .bridged : .gap, target)
        }
        let target = min(times, days - Int(week.skipped))
        if target <= 0 { return (.bridged, Int64(target)) }
        if Int(week.kept) >= target { return (.kept, Int64(target)) }
        return (isOpen ? .open : week.frozen ? .bridged : .gap, Int64(target))
    }


    private mutating func walkWeek(_ start: Int, state: WeekStreakState, isOpen: Bool, _ input: WalkInput, weeks: WeekCalendar, record: inout RunRecord?) {
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
            // An open week within its limit is pending: the gap above it waits for a week below.
            if state == .open { return }
            var spans: [ClosedRange<Int>] = []
            var week = low
            while week <= high {
                spans.append(week...weeks.end(ofWeekStartingOn: week))
                week = weeks.next(after: week)
            }
            // Not a last week still open (within its limit) below an over-limit current week.
            if spans.count > count { spans.removeAll { $0.upperBound == input.today - 1 } }
            walk.resolveGap(spans, covering: spans, input, record: &record)
            if state == .kept, walk.key.phase == .run { walk.countKept(start, isOpen: isOpen, input, record: &record) }
        }
    }

    mutating func finish(record: inout RunRecord?) {
        walk.finish()
    }
}

typealias WeekStreakState = StreakWeek.State

extension WeekRun.Week {
    /// Adds one day of its week: a weekly sum's amount (from a limit's start day on, capped)
    /// and skipped days; `timesPerWeek`'s kept days, or skipped ones not kept; a freeze event.
    mutating func add(_ day: Int, kept: Bool, amount: Int64, judgement: Judgement, input: WalkInput, weeks: WeekCalendar, seenAt settling: Int? = nil) {
        let kind = Self.kind(of: day, input: input, weeks: weeks)
        if judgement.isWeekly {
            if kind == .skipped { skipped += 1 }
            if day >= input.judgedFrom { sum = min(sum &+ amount, weeks.cap(of: judgement)) }
        } else if kept {
            self.kept += 1
        } else if kind == .skipped {
            skipped += 1
        }
        if input.frozenDay(day, seenAt: settling) { frozen = true }
    }

    /// Due, rest or skipped, inside the ledger or beyond it.
    static func kind(of day: Int, input: WalkInput, weeks: WeekCalendar) -> StreakDayKind {
        let index = day - input.ledger.baseDay
        return index >= 0 && index < input.due.count ? input.due[index] : weeks.dueDays.kind(of: day)
    }
}
