/// One way the rest of the current run could go below a day, walked on a view of the
/// ledger: how the walk decides whether a rest or skipped day that needs events an earlier
/// day could use is kept (rule 8's bridge days make the plain greedy inexact).
///
/// Keeping such a day is worth one; leaving it frees events that may keep the run going
/// further back. Both ways are walked side by side until they leave the same events to the
/// days below (then the rest of the run is the same) or one of them ends.
struct RunProbe {
    var counts: LedgerOverlay
    var freezes: FreezePool
    /// The next day to walk.
    var day: Int
    var kept = 0
    var ended = false

    /// Nested decisions deeper than this keep only days that borrow nothing.
    static let maximumDepth = 6
    /// Days walked side by side before the two ways are taken to go on alike.
    static let horizon = 60

    /// Whether keeping `day` (closed, rest or skipped, with `goal` events available) gives
    /// the current run at least as many kept days as leaving it.
    static func keepsOptionalDay(_ day: Int, goal: Int, counts: LedgerOverlay, freezes: FreezePool, input: WalkInput, depth: Int) -> Bool {
        guard goal > counts.unusableEarlier(on: day), day - 1 >= input.firstDay else { return true }
        guard depth < maximumDepth else { return false }
        var keeping = RunProbe(counts: counts, freezes: freezes, day: day - 1)
        keeping.counts.take(goal, on: day)
        keeping.kept = 1
        var leaving = RunProbe(counts: counts, freezes: freezes, day: day - 1)
        for _ in 0..<horizon {
            if keeping.ended, leaving.ended { break }
            if !keeping.ended, !leaving.ended, keeping.day == leaving.day, keeping.freezes == leaving.freezes,
               keeping.counts.leavesTheSame(as: leaving.counts, forDaysThrough: keeping.day) {
                break
            }
            // Leaving can only keep more from here on; once it has more, it wins.
            if keeping.ended, leaving.kept > keeping.kept { return false }
            if leaving.ended, keeping.kept >= leaving.kept { return true }
            if !keeping.ended, keeping.day >= leaving.day || leaving.ended { keeping.step(input, depth: depth + 1) }
            if !leaving.ended, leaving.day > keeping.day || keeping.ended { leaving.step(input, depth: depth + 1) }
        }
        return keeping.kept >= leaving.kept
    }

    /// Walks one closed day of the run (or a gap bridged by freezes).
    mutating func step(_ input: WalkInput, depth: Int) {
        guard day >= input.firstDay else {
            ended = true
            return
        }
        let index = day - counts.baseDay
        let goal = Int(input.goals[index])
        if counts.available(on: day) >= goal, input.due[index] == .due
            || Self.keepsOptionalDay(day, goal: goal, counts: counts, freezes: freezes, input: input, depth: depth) {
            counts.take(goal, on: day)
            kept += 1
            day -= 1
            return
        }
        if input.frozen[index] || input.due[index] != .due {
            day -= 1
            return
        }
        let (start, savable) = StreakWalk.firstDayOfGap(endingOn: day, counts: counts, input: input)
        let gapDays = (start...day).filter { input.due[$0 - counts.baseDay] == .due }
        if savable, input.behavior == .autoConsumeFreezes, freezes.consume(forDays: gapDays) != nil {
            day = start - 1
            return
        }
        ended = true
    }
}
