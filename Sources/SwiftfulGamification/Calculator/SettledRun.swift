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

    /// Rule 5 under settlement: a gap is bridged at once by the oldest-earned eligible
    /// freeze (auto mode) when the run has something to save; otherwise the run ends.
    /// Returns whether a freeze bridged it.
    @discardableResult
    mutating func take(_ verdict: Verdict, on day: Int, behavior: FreezeBehavior) -> Bool {
        switch verdict {
        case .kept:
            kept += 1
            anchored = true
        case .frozen:
            anchored = true
        case .pass:
            break
        case .gap:
            if behavior == .autoConsumeFreezes, anchored, let used = freezes.consume(forDays: [day]) {
                consumptions += used
                return true
            }
            kept = 0
            anchored = false
        }
        return false
    }
}

extension WalkInput {
    /// What `day` does to the run when its sum did (`met`) or did not meet `judge`, the day
    /// being open or closed at the instant: rules 3, 8, 9 and 10.
    func verdict(_ day: Int, judge: DayJudge, met: Bool, open: Bool) -> SettledRun.Verdict {
        let index = day - ledger.baseDay
        guard day >= judgedFrom, index >= 0, index < due.count else { return .pass }
        let due = due[index] == .due
        switch judge.kind {
        case .atLeast:
            if met { return .kept }
            if frozen[index] { return .frozen }
            return due && !open ? .gap : .pass
        case .atMost:
            if met, due, !open { return .kept }
            if frozen[index] { return .frozen }
            // Over the limit is a gap at once, open or not.
            return due && !met ? .gap : .pass
        case .week, .none:
            return frozen[index] ? .frozen : .pass
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
