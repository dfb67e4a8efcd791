/// Uncredited regular events, counted by the days they may be credited to.
///
/// An event may be credited to a window of 1, 2 or 3 consecutive days (rule 2), its own day
/// among them. Events with the same window and own day are interchangeable, so the ledger
/// keeps counts, not events: six classes per window end day.
///
/// | class | window (lo...hi) | own day |
/// |---|---|---|
/// | 0 | hi...hi | hi |
/// | 1 | hi-1...hi | hi-1 |
/// | 2 | hi-1...hi | hi |
/// | 3, 4, 5 | hi-2...hi | hi-2, hi-1, hi |
struct CreditLedger: UncreditedCounts {
    static let classesPerDay = 6

    /// The first day number the arrays cover; day `d` is index `d - baseDay`.
    let baseDay: Int
    /// Days covered, including two days of padding after the last one.
    let dayCount: Int
    private(set) var remaining: [Int32]

    init(baseDay: Int, lastDay: Int) {
        self.baseDay = baseDay
        dayCount = lastDay - baseDay + 3
        remaining = Array(repeating: 0, count: dayCount * Self.classesPerDay)
    }

    static func classIndex(width: Int, ownOffset: Int) -> Int {
        (width == 0 ? 0 : width == 1 ? 1 : 3) + ownOffset
    }

    /// The most days before its end a window starts (an event in both leeway hours).
    static let widestWindow = 2

    static func window(ofClass index: Int) -> (width: Int, ownOffset: Int) {
        switch index {
        case 0: return (0, 0)
        case 1, 2: return (1, index - 1)
        default: return (2, index - 3)
        }
    }

    /// Records an event that may be credited to `lo...hi` and was logged on `own`.
    mutating func add(lo: Int, hi: Int, own: Int, count: Int32 = 1) {
        let index = (hi - baseDay) * Self.classesPerDay + Self.classIndex(width: hi - lo, ownOffset: own - lo)
        remaining[index] += count
    }

    func remaining(at index: Int) -> Int32 { remaining[index] }

    mutating func setRemaining(at index: Int, _ value: Int32) { remaining[index] = value }

    /// Regular events per own day (indexed like the ledger's days), whatever they are credited
    /// to: on a ledger nothing was taken from yet, every event credited to its own day.
    func ownCounts() -> [Int32] {
        var own = [Int32](repeating: 0, count: dayCount)
        creditLeftoversToOwnDays(into: &own)
        return own
    }

    /// Credits every event still uncredited to its own day, adding into `credited`
    /// (indexed like the ledger's days).
    func creditLeftoversToOwnDays(into credited: inout [Int32]) {
        for dayIndex in 0..<dayCount {
            for classIndex in 0..<Self.classesPerDay {
                let count = remaining[dayIndex * Self.classesPerDay + classIndex]
                guard count > 0 else { continue }
                let (width, ownOffset) = Self.window(ofClass: classIndex)
                credited[dayIndex - width + ownOffset] += count
            }
        }
    }
}

/// Counts of uncredited events by window, as `CreditLedger` keeps them: the ledger itself,
/// or a view of it with some events taken (`LedgerOverlay`).
protocol UncreditedCounts {
    var baseDay: Int { get }
    func remaining(at index: Int) -> Int32
    mutating func setRemaining(at index: Int, _ value: Int32)
}

/// The order in which events are taken for day `d` (rule 4): windows starting latest first
/// (they cannot serve an earlier day), then windows ending earliest; within a window,
/// events whose own day is `d` first. Pairs are (hi - d, class).
private let takeOrder: [(Int, Int)] = [
    (0, 0), (1, 1), (1, 2), (2, 3), (2, 4), (2, 5),   // windows starting on d
    (0, 2), (0, 1), (1, 4), (1, 3), (1, 5),           // windows starting on d-1
    (0, 5), (0, 4), (0, 3),                           // windows starting on d-2
]

extension UncreditedCounts {
    /// Uncredited events that may be credited to `day`.
    func available(on day: Int) -> Int {
        count(on: day, in: takeOrder[...])
    }

    /// Uncredited events whose window starts on `day`: no earlier day could use them, so
    /// crediting them to `day` costs no earlier day anything. `take` uses these first.
    func unusableEarlier(on day: Int) -> Int {
        count(on: day, in: takeOrder.prefix(6))
    }

    private func count(on day: Int, in order: ArraySlice<(Int, Int)>) -> Int {
        var total: Int32 = 0
        let base = day - baseDay
        for (hiOffset, classIndex) in order {
            total += remaining(at: (base + hiOffset) * CreditLedger.classesPerDay + classIndex)
        }
        return Int(total)
    }

    /// Credits up to `count` events to `day`, in take order; returns how many it credited.
    @discardableResult
    mutating func take(_ count: Int, on day: Int) -> Int {
        var needed = Int32(count)
        let base = day - baseDay
        for (hiOffset, classIndex) in takeOrder where needed > 0 {
            let index = (base + hiOffset) * CreditLedger.classesPerDay + classIndex
            let left = remaining(at: index)
            let taken = min(needed, left)
            if taken > 0 { setRemaining(at: index, left - taken) }
            needed -= taken
        }
        return count - Int(needed)
    }
}

/// A ledger with some events taken, the ledger itself untouched: one way the walk could go.
struct LedgerOverlay: UncreditedCounts {
    let base: CreditLedger
    private(set) var changes: [Int: Int32] = [:]

    init(_ base: CreditLedger) {
        self.base = base
    }

    var baseDay: Int { base.baseDay }

    func remaining(at index: Int) -> Int32 { changes[index] ?? base.remaining(at: index) }

    mutating func setRemaining(at index: Int, _ value: Int32) { changes[index] = value }

    /// Whether days up to `day` have the same events left in both (windows ending after
    /// `day + 2` can serve none of them).
    func leavesTheSame(as other: LedgerOverlay, forDaysThrough day: Int) -> Bool {
        let last = (day + 3 - baseDay) * CreditLedger.classesPerDay
        for index in Set(changes.keys).union(other.changes.keys) where index < last {
            if remaining(at: index) != other.remaining(at: index) { return false }
        }
        return true
    }
}
