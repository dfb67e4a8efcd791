import Foundation

/// Everything one calculation found: the streak, the freezes it consumed, and how every
/// day was credited, so a calendar shows exactly what the streak counted.
public struct StreakEvaluation: Sendable {
    /// The streak summary (what `calculateStreak` returns).
    public let streak: CurrentStreakData
    /// Freezes consumed by this calculation (auto mode); the caller must record them.
    public let freezeConsumptions: [FreezeConsumption]
    /// Today in the calculation's zone.
    public let today: CalendarDay
    /// Manual mode: the missed days that `freezesNeededToSaveStreak` freezes would bridge.
    public let daysToSave: [CalendarDay]

    let ledgerBaseDay: Int
    let firstDay: Int?
    let states: [DayState]
    let credited: [Int32]
    let goals: [Int32]
    let schedule: GoalSchedule
    let consumedFreezeByDay: [Int: String]

    /// The record of one day.
    public func day(_ day: CalendarDay) -> StreakDay {
        let number = day.dayNumber
        if number > today.dayNumber {
            return StreakDay(day: day, state: .future, eventCount: 0, goal: schedule.goal(on: number))
        }
        let index = number - ledgerBaseDay
        guard let firstDay, number >= firstDay, index >= 0, index < states.count else {
            return StreakDay(day: day, state: .beforeHistory, eventCount: 0, goal: schedule.goal(on: number))
        }
        let state: StreakDay.State
        switch states[index] {
        case .beforeHistory: state = .beforeHistory
        case .kept: state = .kept
        case .frozen: state = .frozen
        case .gap: state = .gap
        case .open: state = .open
        }
        return StreakDay(
            day: day, state: state, eventCount: Int(credited[index]), goal: Int(goals[index]),
            consumedFreezeId: consumedFreezeByDay[number]
        )
    }

    /// Records of every day from `start` through `end`, ascending (empty when `end < start`).
    /// - Complexity: O(days in the range).
    public func days(from start: CalendarDay, through end: CalendarDay) -> [StreakDay] {
        guard start <= end else { return [] }
        return (start.dayNumber...end.dayNumber).map { day(CalendarDay(dayNumber: $0)) }
    }
}
