/// The walk of rules 4, 5 and 8 back from today over the settled crediting, one day at a
/// time: what a kept or unkept day does to the current run, and a gap of open days (a limit
/// over at once) bridged by freezes.
protocol RunRules {
    /// What the walk reads.
    associatedtype Context
    /// Kept days (weeks for a weekly streak) of the current run walked so far.
    var streak: Int { get }
    mutating func step(_ day: Int, outcome: DayOutcome, in context: Context, record: inout RunRecord?)
    /// Below the first day of history: a pending gap has nothing before it to save.
    mutating func finish(record: inout RunRecord?)
}

/// What a crediting made of one day: whether its sum met the day's target (rule 10), and the
/// sum itself in thousandths.
struct DayOutcome {
    var met: Bool
    var amount: Int64
}

/// What the walk of the chosen crediting found, beyond the streak.
struct RunRecord {
    var start: Int?
    var consumptions: [(freezeIndex: Int, day: Int)] = []
    /// Manual mode: the due days (last days of weeks) of the trailing gap.
    var trailingGap: [Int] = []
    /// Days whose gap a consumed freeze bridges.
    var bridged: [ClosedRange<Int>] = []
    /// Weeks, latest first, with whether a consumption bridged them.
    var weeks: [StreakWeek] = []
}

/// Where the walk is: in the current run, inside a gap that may yet be bridged, or past the run.
enum RunPhase: Hashable {
    case run
    /// Pending gap: its days (or weeks' first days) from `low` to `high`, `count` of them due.
    case gap(low: Int, high: Int, count: Int)
    case ended
}

/// Rules 4 and 5 for `daily` and `weekdays` streaks.
struct DayRun: RunRules {
    private var walk: RunWalk
    var streak: Int { walk.streak }

    init(_ input: WalkInput) {
        walk = RunWalk(input)
    }

    mutating func step(_ day: Int, outcome: DayOutcome, in input: WalkInput, record: inout RunRecord?) {
        // Before a limit's start day nothing is judged.
        guard day >= input.judgedFrom else { return }
        let index = day - input.ledger.baseDay
        let isOpen = input.isOpen(day)
        let kept = input.isKept(day, met: outcome.met)
        let gap = input.isGap(day, met: outcome.met)
        switch walk.key.phase {
        case .ended:
            return
        case .run:
            if kept { return walk.countKept(day, isOpen: isOpen, input, record: &record) }
            if gap { walk.startGap(low: day, high: day, count: 1, input) }
        case .gap(let low, let high, let count):
            if kept || input.frozen[index] {
                // The gap's due days, whatever rest and skipped days lie between them; of a
                // limit's, not an open yesterday within it below an over-limit today.
                var gapDays = (low...high).filter { input.due[$0 - input.ledger.baseDay] == .due }
                if gapDays.count > count { gapDays.removeAll { $0 == input.today - 1 } }
                walk.resolveGap(gapDays.map { $0...$0 }, covering: [low...high], input, record: &record)
                if kept, walk.key.phase == .run { walk.countKept(day, isOpen: isOpen, input, record: &record) }
            } else if gap {
                walk.startGap(low: day, high: high, count: count + 1, input)
            }
        }
    }

    mutating func finish(record: inout RunRecord?) {
        walk.finish()
    }
}
