/// The goal of every day: a goal change applies from the day it was made (in the current
/// zone); days before the first change keep the first change's goal.
struct GoalSchedule: Sendable {
    private let goals: DayChanges<Int>

    /// (first day, goal), ascending by day.
    var changes: [(day: Int, goal: Int)] { goals.changes.map { (day: $0.day, goal: $0.value) } }
    var fallback: Int { goals.fallback }

    /// A schedule already in day numbers (as stored).
    init(days: [Int], goals: [Int], fallback: Int) {
        self.goals = DayChanges(zip(days, goals).map { (day: $0, value: max(1, $1)) }, fallback: max(1, fallback))
    }

    init(changes: [StreakGoalChange], fallback: Int, dayOf: (StreakGoalChange) -> Int) {
        goals = DayChanges(changes.map { (day: dayOf($0), value: max(1, $0.eventsRequiredPerDay)) }, fallback: max(1, fallback))
    }

    func goal(on day: Int) -> Int { goals.value(on: day) }

    /// Goals for `count` consecutive days starting at `firstDay`, in one sweep.
    func goals(from firstDay: Int, count: Int) -> [Int32] { goals.values(from: firstDay, count: count).map { Int32($0) } }
}
