/// Regular events, counted by the days they may be credited to.
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
struct CreditLedger {
    static let classesPerDay = 6

    /// The first day number the arrays cover; day `d` is index `d - baseDay`.
    let baseDay: Int
    /// Days covered, including two days of padding after the last one.
    let dayCount: Int
    private var counts: [Int32]
    /// Per cell: the sum of (amount - 1) in thousandths (rule 10); empty when every event counts 1.
    private var extras: [Int64] = []
    /// Per cell of a window of two or three days: its amounts other than 1, ascending.
    private(set) var windowed: [Int: [Int64]] = [:]
    /// Amounts of the events logged at the very second a day closes, by the day that closes
    /// (`HistoryAmounts.boundary` and `.midnight`).
    private(set) var closing: [Int: [Int64]] = [:]

    /// Events logged in a zone east of the one days close in, that took part in a settlement
    /// before their window's first day (rule 4a), by the day of that first settlement: they
    /// may go to the open days then, and count on their own days later like the others.
    private(set) var early: [Int: [Early]] = [:]

    struct Early {
        let lo: Int, hi: Int, own: Int
        /// How many, and the amounts of those whose amount is other than 1.
        let count: Int32
        let others: [Int64]
    }

    /// Days whose freeze events took part in a settlement before the day itself (rule 4a), by
    /// the first such day; any other day's are seen from its own settlement on.
    var frozenSeenFrom: [Int: Int] = [:]

    /// Whether any event's amount is other than 1 (set by the history).
    var hasAmounts = false

    init(baseDay: Int, lastDay: Int) {
        self.baseDay = baseDay
        dayCount = lastDay - baseDay + 3
        counts = Array(repeating: 0, count: dayCount * Self.classesPerDay)
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

    /// Records `count` events that may be credited to `lo...hi` and were logged on `own`,
    /// their amounts adding `extra` thousandths above 1 each, `amounts` those of them other
    /// than 1 (needed for a window of two or three days).
    mutating func add(lo: Int, hi: Int, own: Int, count: Int32 = 1, extra: Int64 = 0, amounts: [Int64]? = nil) {
        let index = (hi - baseDay) * Self.classesPerDay + Self.classIndex(width: hi - lo, ownOffset: own - lo)
        counts[index] += count
        guard extra != 0 || amounts != nil else { return }
        if extras.isEmpty { extras = Array(repeating: 0, count: counts.count) }
        extras[index] += extra
        if hi > lo, let amounts { windowed[index] = ((windowed[index] ?? []) + amounts).sorted() }
    }

    /// Records events in the window `lo...hi` that arrived before day `day` closed.
    mutating func addEarly(arrivingOn day: Int, lo: Int, hi: Int, own: Int, count: Int32, others: [Int64]) {
        early[day, default: []].append(Early(lo: lo, hi: hi, own: own, count: count, others: others))
    }

    /// Records events logged at the second `day` closes.
    mutating func addClosing(of day: Int, amounts: [Int64]) {
        closing[day] = ((closing[day] ?? []) + amounts).sorted()
    }

    /// Events of class `index % 6` whose window ends on day `index / 6` (from `baseDay`).
    func count(at index: Int) -> Int32 { counts[index] }

    /// Their amounts' sum in thousandths.
    func amount(at index: Int) -> Int64 { Int64(counts[index]) * HistoryAmounts.unit + (extras.isEmpty ? 0 : extras[index]) }

    /// Per day (indexed like the ledger's days), the most its windows of two or three days
    /// may bring it: every amount that may be credited to it beyond its fixed events.
    func reach() -> [Int64] {
        var reach = [Int64](repeating: 0, count: dayCount)
        for dayIndex in 0..<dayCount {
            for classIndex in 1..<Self.classesPerDay {
                let cell = dayIndex * Self.classesPerDay + classIndex
                guard counts[cell] > 0 else { continue }
                let amount = amount(at: cell)
                for day in max(0, dayIndex - Self.window(ofClass: classIndex).width)...dayIndex { reach[day] &+= amount }
            }
        }
        return reach
    }

    /// Regular events per own day (indexed like the ledger's days), wherever they are credited.
    func ownCounts() -> [Int32] {
        var own = [Int32](repeating: 0, count: dayCount)
        for dayIndex in 0..<dayCount {
            for classIndex in 0..<Self.classesPerDay {
                let count = counts[dayIndex * Self.classesPerDay + classIndex]
                guard count > 0 else { continue }
                let (width, ownOffset) = Self.window(ofClass: classIndex)
                own[dayIndex - width + ownOffset] += count
            }
        }
        return own
    }
}
