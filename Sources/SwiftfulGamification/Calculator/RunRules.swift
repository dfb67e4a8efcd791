/// The walk of rules 4, 5 and 8 back from today over a crediting, one day at a time: what
/// a kept or unkept day does to the current run, gap runs bridged by freezes all or nothing.
///
/// `key` is everything that decides how the walk goes on below the days walked so far, so
/// the crediting search (`CreditingSearch`) keeps one best partial crediting per key.
protocol RunRules {
    associatedtype Key: Hashable
    /// What the walk reads (kept out of the state, which the search copies a lot).
    associatedtype Context
    var key: Key { get }
    /// Kept days (weeks for a weekly streak) of the current run walked so far.
    var streak: Int { get }
    /// Freezes consumed so far.
    var freezesUsed: Int { get }
    mutating func step(_ day: Int, outcome: DayOutcome, in context: Context, record: inout RunRecord?)
    /// Below the first day of history: a pending gap has nothing before it to save.
    mutating func finish(record: inout RunRecord?)
    /// Whether, whatever the days below hold, this walk adds at least as many kept days
    /// (weeks) to its run below as `other` does (`RunPhase.outlasts`).
    func outlasts(_ other: Self) -> Bool
}

/// What a crediting made of one day: whether its sum met the day's target (rule 10), and the
/// sum itself in thousandths (capped while searching: past the cap every sum is alike).
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

    /// Whether a walk in this phase with `freezes` adds at least as many kept days (weeks)
    /// below as a walk in `other` with `otherFreezes`, for every crediting of the days below.
    ///
    /// True when `other` has ended; or when this walk's pending gap is none, or the lowest
    /// part of `other`'s (same `low`, `high` no later), and it has consumed only freezes
    /// `other` consumed too. Then, day by day below, a gap `other` bridges this walk bridges
    /// as well (its gap is part of `other`'s and it has every freeze `other` has; taking
    /// the oldest eligible one, it keeps a superset of `other`'s), a gap `other` cannot
    /// bridge ends `other`'s run, and the relation holds again after every step.
    func outlasts(_ other: RunPhase, freezes: FreezePool, _ otherFreezes: FreezePool) -> Bool {
        switch (self, other) {
        case (_, .ended):
            return true
        case (.ended, _), (.gap, .run):
            return false
        case (.run, .run), (.run, .gap):
            return freezes.consumedIsSubset(of: otherFreezes)
        case let (.gap(low, high, _), .gap(otherLow, otherHigh, _)):
            return low == otherLow && high <= otherHigh && freezes.consumedIsSubset(of: otherFreezes)
        }
    }
}

/// Rules 4 and 5 for `daily` and `weekdays` streaks.
struct DayRun: RunRules {
    private var walk: RunWalk
    var key: RunWalk.Key { walk.key }
    var streak: Int { walk.streak }
    var freezesUsed: Int { walk.freezesUsed }

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

    func outlasts(_ other: DayRun) -> Bool {
        walk.outlasts(other.walk)
    }
}
