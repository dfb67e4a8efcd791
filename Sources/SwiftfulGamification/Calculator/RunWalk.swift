/// The walk of rules 4 and 5 where day and week units agree: the phase, the freezes left,
/// the kept units counted, and what a gap does. A unit is a day, or a week known by its
/// first day; `DayRun` and `WeekRun` say which units are kept, bridged or gaps.
struct RunWalk {
    struct Key {
        var phase: RunPhase = .run
        var freezes: FreezePool
        /// Manual mode: a closed kept unit was met, so a gap below is no longer the trailing one.
        var closedKeptSeen = false
    }

    var key: Key
    private(set) var streak = 0
    private(set) var freezesUsed = 0

    init(_ input: WalkInput) {
        key = Key(freezes: input.freezes)
    }

    mutating func countKept(_ unit: Int, isOpen: Bool, _ input: WalkInput, record: inout RunRecord?) {
        streak += 1
        record?.start = unit
        if !isOpen, input.behavior == .manuallyConsumeFreezes { key.closedKeptSeen = true }
    }

    /// A gap of `count` units from `low` to `high`, waiting for a kept or bridged unit below.
    mutating func startGap(low: Int, high: Int, count: Int, _ input: WalkInput) {
        let hopeless = input.behavior == .noFreezes || (input.behavior == .autoConsumeFreezes && count > key.freezes.unusedCount)
        key.phase = .gap(low: low, high: high, count: count)
        if hopeless { end(input) }
    }

    /// The pending gap with a kept or bridged unit before it: `spans` (ascending, one per
    /// missed unit) bridged one freeze each (auto), each recorded on its span's last day,
    /// `covering` the days then bridged; or reported (manual).
    mutating func resolveGap(_ spans: [ClosedRange<Int>], covering: [ClosedRange<Int>], _ input: WalkInput, record: inout RunRecord?) {
        key.phase = .ended
        if input.behavior == .autoConsumeFreezes, let assigned = key.freezes.consume(forSpans: spans) {
            key.phase = .run
            freezesUsed += assigned.count
            record?.consumptions += assigned.map { ($0.freezeIndex, $0.span.upperBound) }
            record?.bridged += covering
        } else if input.behavior == .manuallyConsumeFreezes, !key.closedKeptSeen {
            record?.trailingGap = spans.map(\.upperBound)
        }
        if key.phase == .ended { end(input) }
    }

    /// Past the run: nothing below changes it.
    mutating func end(_ input: WalkInput) {
        key = Key(phase: .ended, freezes: input.freezes)
    }

    /// Below the first day of history: a pending gap has nothing before it to save.
    mutating func finish() {
        if case .gap = key.phase { key.phase = .ended }
        key.closedKeptSeen = false
    }
}
