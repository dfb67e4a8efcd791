/// The days the walk covers and what it knows about them before crediting.
struct WalkInput {
    let ledger: CreditLedger
    /// Goal of each day, indexed like the ledger.
    let goals: [Int32]
    /// How each day is judged (rule 10), indexed like the ledger.
    let judges: [DayJudge]
    /// What windows of two or three days may bring each day (`CreditLedger.reach`).
    let reach: [Int64]
    /// Days covered by a recorded freeze event, indexed like the ledger.
    let frozen: [Bool]
    /// Rest and skipped days (rules 8 and 9), indexed like the ledger.
    let due: [StreakDayKind]
    let today: Int
    /// The earliest day any event may be credited to or is frozen (or a limit's start day, if earlier).
    let firstDay: Int
    /// The first day judged: a limit's start day (rule 10), else `firstDay`.
    let judgedFrom: Int
    let yesterdayIsOpen: Bool
    /// The leeway of every day (rule 11: a change applies from its day on).
    let leeway: StreakLeeway
    let behavior: FreezeBehavior
    let freezes: FreezePool
    /// A rolling streak's schedules (rule 12), X and Y of every day; nil for any other shape.
    var windows: DueDays?
    /// Tracking only (rule 13): the day value, and the readings it is made of.
    var measure: StreakMeasure = .sum
    var readings: DayReadings?
}

extension WalkInput {
    var isRolling: Bool { windows != nil }

    /// X and Y of the rolling window that ends on `day` (rule 12: a change applies from its day).
    func window(on day: Int) -> (times: Int, days: Int) {
        guard case .rolling(let times, let days) = windows?.schedule(on: day) else { return (1, 2) }
        return (max(1, times), min(max(times + 1, days), StreakSchedule.longestWindow))
    }

    /// What `day`, kept or not, is to a rolling streak's calendar, its freeze events seen at
    /// the settlement of `settling` (nil: at `now`).
    func rollingDay(_ day: Int, kept: Bool, seenAt settling: Int? = nil) -> RollingRun.Day {
        if kept { return .kept }
        let index = day - ledger.baseDay
        if index >= 0, index < due.count, due[index] == .skipped { return .out }
        return frozenDay(day, seenAt: settling) ? .frozen : .plain
    }

    func isOpen(_ day: Int) -> Bool { day == today || (yesterdayIsOpen && day == today - 1) }

    /// How `day` is judged (not at all outside the ledger, where nothing can be credited).
    func judge(_ day: Int) -> DayJudge {
        let index = day - ledger.baseDay
        return index >= 0 && index < judges.count ? judges[index] : .none
    }

    /// Whether a day whose sum did (`met`) or did not meet its target counts in the run now.
    func isKept(_ day: Int, met: Bool) -> Bool {
        isKept(day, judge: judge(day), met: met, open: isOpen(day))
    }

    /// Whether a day breaks the run now unless a freeze bridges it (`verdict`).
    func isGap(_ day: Int, met: Bool) -> Bool {
        verdict(day, judge: judge(day), met: met, open: isOpen(day)) == .gap
    }
}

extension WalkInput {
    /// Whether `day` (inside the walk's range) holds a recorded freeze event, seen at the
    /// settlement of day `settling` (rule 4a) or at `now` (nil).
    func frozenDay(_ day: Int, seenAt settling: Int? = nil) -> Bool {
        let index = day - ledger.baseDay
        return day >= firstDay && day <= today && index >= 0 && index < frozen.count && frozen[index] && isSeen(day, at: settling)
    }

    /// Whether a freeze event of `day` is logged by the settlement of `settling`.
    func isSeen(_ day: Int, at settling: Int?) -> Bool {
        guard let settling, day > settling else { return true }
        return (ledger.frozenSeenFrom[day] ?? day) <= settling
    }
}

extension WalkInput {
    /// Whether `day` has closed by now: `L` hours into the next day (the start of the one
    /// after with a whole day of leeway), `L` the next day's.
    func closes(_ day: Int) -> Bool {
        leeway.hours(on: day + 1) == 24 ? day + 2 <= today : day + 1 < today || (day + 1 == today && !yesterdayIsOpen)
    }
}
