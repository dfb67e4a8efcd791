/// Rule 12's rolling windows, walked forwards one day at a time as days settle (rule 4a): the
/// calendar with skipped days that are not kept taken out, the current run's first kept day,
/// and which of the last 365 days of that calendar are kept or frozen.
///
/// The marks are a fixed 365-bit set (bit 0 is the latest day), so copying a run, as the
/// crediting search does for every outcome it ranks, allocates nothing.
struct RollingRun: Hashable, Sendable {
    /// What one day is to the windows.
    enum Day {
        case kept
        /// A recorded freeze event (or one consumed for it): counts in every window holding it.
        case frozen
        /// In the calendar, neither kept nor frozen.
        case plain
        /// Skipped and not kept: out of the calendar (a holiday stops the clock).
        case out
    }

    /// What judging the window that ends on a day found.
    enum Judged {
        /// Not judged: the day is open, out of the calendar, or its window starts before the run.
        case pending
        case held
        /// Short by exactly one, the day neither kept nor frozen: a freeze on it would hold it.
        case shortByOne
        case gap
    }

    /// Days of the calendar so far; the latest is at this position.
    private(set) var position = 0
    /// Position of the run's first kept day, and the day; `Int.min` while no run is going.
    private(set) var startPosition = Int.min
    private(set) var startDay = Int.min
    /// Kept or frozen days of the run among the last `RollingRun.span` positions, bit 0 the latest.
    private(set) var marks = Marks()

    static let span = StreakSchedule.longestWindow

    var isRunning: Bool { startPosition != Int.min }

    /// Adds `day` to the calendar: a kept day starts a run when none is going. Returns what
    /// the window ending on it holds, judged only when `closed` (rule 12: windows that end on
    /// an open day are pending) and it starts on or after the run's first day.
    mutating func add(_ day: Int, _ kind: Day, closed: Bool, times: Int, days: Int) -> Judged {
        guard kind != .out else { return .pending }
        position += 1
        marks.shift()
        if kind == .kept, !isRunning { (startPosition, startDay) = (position, day) }
        if isRunning, kind == .kept || kind == .frozen { marks.setLatest() }
        guard closed, isRunning, position - days + 1 >= startPosition else { return .pending }
        let held = marks.count(latest: days)
        if held >= times { return .held }
        return held == times - 1 && kind == .plain ? .shortByOne : .gap
    }

    /// The day just added is frozen by a freeze consumed for it.
    mutating func bridgeLatest() {
        marks.setLatest()
    }

    /// A gap window: the run ends; the next starts on a kept day after it.
    mutating func end() {
        (startPosition, startDay) = (Int.min, Int.min)
        marks = Marks()
    }

    /// Kept or frozen days among the `count` latest positions, skipping the `skipping` latest.
    func held(latest count: Int, skipping: Int = 0) -> Int {
        marks.count(latest: count + skipping) - marks.count(latest: skipping)
    }

    /// The position of the window's first day that ends `ahead` positions after the latest
    /// is on or after the run's first day (the window is judged).
    func judges(windowOf days: Int, ahead: Int = 0) -> Bool {
        isRunning && position + ahead - days + 1 >= startPosition
    }
}

extension RollingRun {
    /// As a checkpoint stores it: position, start position and day (two's complement), the marks.
    var saved: [UInt64] {
        [UInt64(bitPattern: Int64(position)), UInt64(bitPattern: Int64(startPosition)), UInt64(bitPattern: Int64(startDay))] + marks.array
    }

    init?(saved: [UInt64]) {
        guard saved.count == 9, let marks = Marks(Array(saved[3...])) else { return nil }
        position = Int(Int64(bitPattern: saved[0]))
        startPosition = Int(Int64(bitPattern: saved[1]))
        startDay = Int(Int64(bitPattern: saved[2]))
        self.marks = marks
    }
}

extension RollingRun {
    /// 365 bits in six words, bit 0 of the first the latest position.
    struct Marks: Hashable, Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

        static func == (lhs: Marks, rhs: Marks) -> Bool {
            lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
                && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4 && lhs.words.5 == rhs.words.5
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
            hasher.combine(words.4)
            hasher.combine(words.5)
        }

        var array: [UInt64] { [words.0, words.1, words.2, words.3, words.4, words.5] }

        init() {}

        init?(_ array: [UInt64]) {
            guard array.count == 6 else { return nil }
            words = (array[0], array[1], array[2], array[3], array[4], array[5])
        }

        /// One position later: every mark moves up one bit (the oldest beyond 384 fall off).
        mutating func shift() {
            words.5 = words.5 << 1 | words.4 >> 63
            words.4 = words.4 << 1 | words.3 >> 63
            words.3 = words.3 << 1 | words.2 >> 63
            words.2 = words.2 << 1 | words.1 >> 63
            words.1 = words.1 << 1 | words.0 >> 63
            words.0 <<= 1
        }

        mutating func setLatest() {
            words.0 |= 1
        }

        /// Marks among the `count` latest positions (0...384).
        func count(latest count: Int) -> Int {
            func bits(_ word: UInt64, from first: Int) -> Int {
                let left = count - first
                guard left > 0 else { return 0 }
                return (left >= 64 ? word : word & ((1 << UInt64(left)) - 1)).nonzeroBitCount
            }
            return bits(words.0, from: 0) + bits(words.1, from: 64) + bits(words.2, from: 128) + bits(words.3, from: 192)
                + bits(words.4, from: 256) + bits(words.5, from: 320)
        }
    }
}
