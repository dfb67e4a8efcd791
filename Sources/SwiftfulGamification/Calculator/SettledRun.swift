/// The run of rules 4 and 5 walked forwards, one day at a time, as days settle (rule 4a):
/// the kept days of the run so far, whether it holds a kept or frozen day a freeze would
/// save, and the freezes left.
struct SettledRun {
    /// What one day does to the run.
    enum Verdict {
        case kept
        /// A recorded freeze event: bridges, and gives a later gap something to save.
        case frozen
        /// Bridges without counting: a rest or skipped day, an open day still pending, a day not judged.
        case pass
        case gap
    }

    private(set) var kept = 0
    private(set) var anchored = false
    private(set) var freezes: FreezePool
    /// Auto mode: the freezes consumed, one per bridged day.
    private(set) var consumptions: [(freezeIndex: Int, day: Int)] = []

    init(freezes: FreezePool) {
        self.freezes = freezes
    }

    /// The day being settled (nil at `now`): freezes earned after it closed are not seen.
    mutating func settling(_ day: Int?) {
        freezes.settling = day
    }

    /// A weekly streak's week being settled: its start and its days so far (rule 8).
    private(set) var weekStart: Int?
    private(set) var week = WeekRun.Week()
    /// A rolling streak's windows (rule 12).
    private(set) var rolling = RollingRun()

    /// Rule 5 under settlement: a gap is bridged at once by the oldest-earned eligible
    /// freeze (auto mode) when the run has something to save; otherwise the run ends.
    /// Returns whether a freeze bridged it.
    @discardableResult
    mutating func take(_ verdict: Verdict, on day: Int, behavior: FreezeBehavior) -> Bool {
        take(verdict, on: day...day, behavior: behavior)
    }

    /// The same for a unit of days (a week: one freeze bridges it, recorded on its last day).
    @discardableResult
    mutating func take(_ verdict: Verdict, on span: ClosedRange<Int>, behavior: FreezeBehavior) -> Bool {
        switch verdict {
        case .kept:
            kept += 1
            anchored = true
        case .frozen:
            anchored = true
        case .pass:
            break
        case .gap:
            if behavior == .autoConsumeFreezes, anchored, let used = freezes.consume(forSpans: [span]) {
                consumptions += used.map { ($0.freezeIndex, $0.span.upperBound) }
                return true
            }
            kept = 0
            anchored = false
        }
        return false
    }
}

extension SettledRun {
    /// What a checkpoint keeps of the run: its freezes' entries are the calculation's own.
    struct Saved: Sendable, Equatable {
        var kept: Int
        var anchored: Bool
        var consumed: FreezePool.Consumed
        var consumptions: [Consumption]
        var weekStart: Int?
        var week: WeekRun.Week
        var rolling = RollingRun()
    }

    struct Consumption: Sendable, Equatable {
        let freezeIndex: Int
        let day: Int
    }

    var saved: Saved {
        Saved(
            kept: kept, anchored: anchored, consumed: freezes.consumed, consumptions: consumptions.map { Consumption(freezeIndex: $0.freezeIndex, day: $0.day) },
            weekStart: weekStart, week: week, rolling: rolling
        )
    }

    /// The run a checkpoint saved, over `freezes` (the pool of the same freezes, none consumed).
    init?(freezes: FreezePool, restoring saved: Saved) {
        self.init(freezes: freezes)
        guard self.freezes.restore(consumed: saved.consumed) else { return nil }
        (kept, anchored, weekStart, week, rolling) = (saved.kept, saved.anchored, saved.weekStart, saved.week, saved.rolling)
        consumptions = saved.consumptions.map { ($0.freezeIndex, $0.day) }
    }

    /// A weekly streak: adds `day` (kept or not, its sum) to its week's tally, as `WeekRun`
    /// does, and when the week ends on it, or it is the last day of the instant (`open`),
    /// judges the week: closed, the week's verdict is taken into the run (a gap bridged by a
    /// freeze as it settles); open, a week already kept counts and one over its limit is a
    /// gap at once. Returns the week's state when judged, and whether a freeze bridged it.
    mutating func tally(
        _ day: Int, kept: Bool, amount: Int64, open: Bool, last: Bool, input: WalkInput, weeks: WeekCalendar, seenAt settling: Int? = nil
    ) -> (state: WeekStreakState?, bridged: Bool) {
        let start = weeks.start(ofWeekContaining: day)
        if weekStart != start { (weekStart, week) = (start, WeekRun.Week()) }
        let end = weeks.end(ofWeekStartingOn: start)
        let judgement = weeks.judgement(endingOn: end)
        week.add(day, kept: kept, amount: amount, judgement: judgement, input: input, weeks: weeks, seenAt: settling)
        let ends = day == end
        guard ends || last else { return (nil, false) }
        // Before a limit's start day nothing is judged.
        guard end >= input.judgedFrom else { return (nil, false) }
        // An open week is judged whole: its days still to come are skipped or not already.
        var whole = week
        if !ends { whole.skipped += Int8(((day + 1)...end).filter { WeekRun.Week.kind(of: $0, input: input, weeks: weeks) == .skipped }.count) }
        let (state, _) = WeekRun.judge(
            whole, judgement: judgement, times: weeks.timesPerWeek(endingOn: end), days: end - start + 1, isOpen: open
        )
        let span = start...end
        switch state {
        case .kept: take(.kept, on: span, behavior: input.behavior)
        case .bridged: take(.frozen, on: span, behavior: input.behavior)
        case .gap: return (state, take(.gap, on: span, behavior: input.behavior))
        case .open: break
        }
        return (state, false)
    }
}

extension SettledRun {
    /// A rolling streak (rule 12): adds `day` to the calendar; closed, it judges the window
    /// ending on it: one short by exactly one whose last day is neither kept nor frozen is
    /// bridged by a freeze on that day (auto mode, an eligible freeze left); one short
    /// otherwise is a gap window, and the run ends. Returns whether a freeze bridged it.
    @discardableResult
    /// Without `consuming` (days already settled, their freezes recorded) a short window is a gap.
    mutating func roll(_ day: Int, _ kind: RollingRun.Day, closed: Bool, input: WalkInput, consuming: Bool = true) -> Bool {
        let window = input.window(on: day)
        switch rolling.add(day, kind, closed: closed, times: window.times, days: window.days) {
        case .pending, .held:
            if kind == .kept { kept += 1 }
            return false
        case .shortByOne:
            if consuming, input.behavior == .autoConsumeFreezes, let used = freezes.consume(forSpans: [day...day]) {
                consumptions += used.map { ($0.freezeIndex, day) }
                rolling.bridgeLatest()
                return true
            }
        case .gap:
            break
        }
        rolling.end()
        kept = 0
        return false
    }
}

extension WalkInput {
    /// What `day` does to the run when its sum did (`met`) or did not meet `judge`, the day
    /// being open or closed at the instant: rules 3, 8, 9 and 10.
    /// At the settlement of day `settling`, a freeze event logged after it is not seen.
    func verdict(_ day: Int, judge: DayJudge, met: Bool, open: Bool, seenAt settling: Int? = nil) -> SettledRun.Verdict {
        let index = day - ledger.baseDay
        guard day >= judgedFrom, index >= 0, index < due.count else { return .pass }
        let due = due[index] == .due
        let frozen = frozen[index] && isSeen(day, at: settling)
        switch judge.kind {
        case .atLeast:
            if met { return .kept }
            if frozen { return .frozen }
            return due && !open ? .gap : .pass
        case .atMost:
            if met, due, !open { return .kept }
            if frozen { return .frozen }
            // Over the limit is a gap at once, open or not.
            return due && !met ? .gap : .pass
        case .week, .none:
            return frozen ? .frozen : .pass
        }
    }

    /// Whether the day is kept in rule 4's tie-breaks: an at-least day once met, a limit's
    /// day once closed within it.
    func isKept(_ day: Int, judge: DayJudge, met: Bool, open: Bool) -> Bool {
        guard met else { return false }
        switch judge.kind {
        case .atLeast: return true
        case .atMost: return !open && due[day - ledger.baseDay] == .due
        case .week, .none: return false
        }
    }
}
