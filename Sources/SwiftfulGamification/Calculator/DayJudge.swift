/// How a day is judged (rule 10), beyond its fixed events' sum F: what the events the
/// leeway may move (and, in a pass, what earlier windows gave it) must bring.
struct DayJudge: Hashable {
    enum Kind: UInt8 {
        /// At least X: met when the rest brings `need` = X - F or more.
        case atLeast
        /// At most X: met while the rest stays within `need` = X - F.
        case atMost
        /// A day of a weekly amount: not judged alone; its sum counts up to `need`.
        case week
        /// Not judged (before a limit's start day, tracking only, outside the history).
        case none
    }

    var kind: Kind
    var need: Int64
    /// The judgement whatever is credited to the day (nil while that decides it): a day its
    /// fixed events already keep or push over, or that all it may be credited cannot change.
    var decided: Bool?
    /// A weekly amount's day: the first day of its week.
    var week = 0

    static let none = DayJudge(kind: .none, need: 0)

    init(kind: Kind, need: Int64, week: Int = 0) {
        (self.kind, self.need, self.week) = (kind, need, week)
    }

    /// Whether an event may go to this day or `other` alike: both add to the same week's sum.
    func isSameWeek(as other: DayJudge) -> Bool {
        kind == .week && other.kind == .week && week == other.week
    }

    /// This judge, knowing that what may be credited to the day sums to at most `reach`.
    func settled(reach: Int64) -> DayJudge {
        var judge = self
        switch kind {
        case .atLeast: if need <= 0 { judge.decided = true } else if reach < need { judge.decided = false }
        case .atMost: if need < 0 { judge.decided = false } else if reach <= need { judge.decided = true }
        // A week's day never holds more than may be credited to it.
        case .week: judge.need = min(need, reach)
        case .none: break
        }
        return judge
    }

    /// Past this every sum is alike for the day (0 when nothing can change its judgement).
    var cap: Int64 {
        if decided != nil { return 0 }
        switch kind {
        case .atLeast, .week: return max(0, need)
        case .atMost: return need + 1
        case .none: return 0
        }
    }

    func met(_ sum: Int64) -> Bool {
        if let decided { return decided }
        switch kind {
        case .atLeast: return sum >= need
        case .atMost: return sum <= need
        case .week, .none: return false
        }
    }
}
