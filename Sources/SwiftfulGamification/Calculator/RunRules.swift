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
    mutating func step(_ day: Int, kept: Bool, in context: Context, record: inout RunRecord?)
    /// Below the first day of history: a pending gap has nothing before it to save.
    mutating func finish(record: inout RunRecord?)
    /// Whether, whatever the days below hold, this walk adds at least as many kept days
    /// (weeks) to its run below as `other` does (`RunPhase.outlasts`).
    func outlasts(_ other: Self) -> Bool
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
    struct Key: Hashable {
        var phase: RunPhase
        var freezes: FreezePool
        var closedKeptSeen: Bool
    }

    var key: Key
    private(set) var streak = 0
    private(set) var freezesUsed = 0

    init(_ input: WalkInput) {
        key = Key(phase: .run, freezes: input.freezes, closedKeptSeen: false)
    }

    mutating func step(_ day: Int, kept: Bool, in input: WalkInput, record: inout RunRecord?) {
        let index = day - input.ledger.baseDay
        let isOpen = input.isOpen(day)
        let bridge = input.frozen[index] || input.due[index] != .due
        switch key.phase {
        case .ended:
            return
        case .run:
            if kept { return countKept(day, isOpen: isOpen, input, record: &record) }
            guard !isOpen, !bridge else { return }
            startGap(low: day, high: day, count: 1, input)
        case .gap(let low, let high, let count):
            if kept || input.frozen[index] {
                resolveGap(low...high, input, record: &record)
                if kept, key.phase == .run { countKept(day, isOpen: isOpen, input, record: &record) }
            } else if !bridge {
                startGap(low: day, high: high, count: count + 1, input)
            }
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

    func outlasts(_ other: DayRun) -> Bool {
        key.phase.outlasts(other.key.phase, freezes: key.freezes, other.key.freezes)
    }

    private mutating func countKept(_ day: Int, isOpen: Bool, _ input: WalkInput, record: inout RunRecord?) {
        streak += 1
        record?.start = day
        if !isOpen, input.behavior == .manuallyConsumeFreezes { key.closedKeptSeen = true }
    }

    private mutating func startGap(low: Int, high: Int, count: Int, _ input: WalkInput) {
        let hopeless = input.behavior == .noFreezes || (input.behavior == .autoConsumeFreezes && count > key.freezes.unusedCount)
        key.phase = .gap(low: low, high: high, count: count)
        if hopeless { end(input) }
    }

    /// A gap with a kept or frozen day before it: bridged by freezes (auto), reported (manual).
    private mutating func resolveGap(_ days: ClosedRange<Int>, _ input: WalkInput, record: inout RunRecord?) {
        let gapDays = days.filter { input.due[$0 - input.ledger.baseDay] == .due }
        key.phase = .ended
        if input.behavior == .autoConsumeFreezes, let assigned = key.freezes.consume(forDays: gapDays) {
            key.phase = .run
            freezesUsed += assigned.count
            record?.consumptions += assigned
            record?.bridged.append(days)
        } else if input.behavior == .manuallyConsumeFreezes, !key.closedKeptSeen {
            record?.trailingGap = gapDays
        }
        if key.phase == .ended { end(input) }
    }
}

extension WalkInput {
    func isOpen(_ day: Int) -> Bool { day == today || (yesterdayIsOpen && day == today - 1) }
}
