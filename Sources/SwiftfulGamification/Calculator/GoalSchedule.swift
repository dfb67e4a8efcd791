/// The goal of every day: a goal change applies from the day it was made (in the current
/// zone); days before the first change keep the first change's goal.
struct GoalSchedule: Sendable {
    /// (first day, goal), ascending by day.
    private(set) var changes: [(day: Int, goal: Int)]
    private(set) var fallback: Int

    /// A schedule already in day numbers (as stored).
    init(days: [Int], goals: [Int], fallback: Int) {
        changes = zip(days, goals).map { (day: $0, goal: max(1, $1)) }.sorted { $0.day < $1.day }
        self.fallback = max(1, fallback)
    }

    init(changes: [StreakGoalChange], fallback: Int, dayOf: (StreakGoalChange) -> Int) {
        self.changes = changes
            .map { (day: dayOf($0), goal: max(1, $0.eventsRequiredPerDay)) }
            .enumerated()
            .sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }
            .map(\.element)
        self.fallback = max(1, fallback)
    }

    func goal(on day: Int) -> Int {
        guard let first = changes.first else { return fallback }
        var goal = first.goal
        for change in changes {
            guard change.day <= day else { break }
            goal = change.goal
        }
        return goal
    }

    /// Goals for `count` consecutive days starting at `firstDay`, in one sweep.
    func goals(from firstDay: Int, count: Int) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(count)
        var next = 0
        var goal = changes.first?.goal ?? fallback
        for offset in 0..<count {
            while next < changes.count, changes[next].day <= firstDay + offset {
                goal = changes[next].goal
                next += 1
            }
            result.append(Int32(goal))
        }
        return result
    }
}
