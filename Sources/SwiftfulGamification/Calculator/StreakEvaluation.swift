import Foundation

/// Everything one calculation found: the streak, the freezes it consumed, and how every
/// day was credited, so a calendar shows exactly what the streak counted.
///
/// Providers publish it as it is (`Codable`, a few bytes per day of history), so a screen
/// shows a write's result without calculating it again.
public struct StreakEvaluation: Sendable {
    /// The streak summary (what `calculateStreak` returns).
    public let streak: CurrentStreakData
    /// Freezes consumed by this calculation (auto mode); the caller must record them.
    public let freezeConsumptions: [FreezeConsumption]
    /// Today in the calculation's zone.
    public let today: CalendarDay
    /// Manual mode: the missed days that `freezesNeededToSaveStreak` freezes would bridge.
    public let daysToSave: [CalendarDay]
    /// The configuration the streak was calculated with.
    public let configuration: StreakConfiguration
    /// The zone "today" was taken in.
    public let timeZoneIdentifier: String

    let ledgerBaseDay: Int
    let firstDay: Int?
    let states: [DayState]
    let credited: [Int32]
    let own: [Int32]
    let goals: [Int32]
    /// Amounts credited per day, in thousandths (rule 10).
    let amounts: [Int64]
    let schedule: GoalSchedule
    /// The target of every day (rule 10).
    let targets: TargetSchedule
    let consumedFreezeByDay: [Int: String]
    /// Days skipped (rule 9), kept ones too.
    let skippedDays: Set<Int>
    /// A weekly streak's weeks from the first one of its history, oldest first (empty for a day unit).
    public let weeks: [StreakWeek]
    /// The streak's notes, by date: not part of the calculation, carried with it so that a
    /// screen reads one stream. Providers set them after calculating.
    public package(set) var notes: [StreakNote] = []
    /// The settled days' state, for a provider to keep in the history it stores
    /// (`StreakHistory.settled`): not published, not part of the result.
    package internal(set) var settledCheckpoint: SettledCheckpoint?
    /// Days this calculation settled (not taken from a checkpoint).
    package internal(set) var daysSettled = 0

    /// The note on `day`, if any.
    public func note(on day: CalendarDay) -> StreakNote? { notes.first { $0.day == day } }

    // swiftlint:disable:next function_parameter_count
    init(
        streak: CurrentStreakData, freezeConsumptions: [FreezeConsumption], today: CalendarDay, daysToSave: [CalendarDay],
        configuration: StreakConfiguration, timeZoneIdentifier: String, ledgerBaseDay: Int, firstDay: Int?,
        states: [DayState], credited: [Int32], own: [Int32], goals: [Int32], amounts: [Int64]? = nil, schedule: GoalSchedule,
        targets: TargetSchedule? = nil, consumedFreezeByDay: [Int: String], skippedDays: Set<Int> = [], weeks: [StreakWeek] = []
    ) {
        let amounts = amounts ?? credited.map { Int64($0) * HistoryAmounts.unit }
        self.streak = streak
        self.freezeConsumptions = freezeConsumptions
        self.today = today
        self.daysToSave = daysToSave
        self.configuration = configuration
        self.timeZoneIdentifier = timeZoneIdentifier
        self.firstDay = firstDay
        // Days before the first day of history read as before history whatever the arrays
        // say: they are left out (the ledger pads a year before it), so a stored
        // evaluation holds the days of the history only.
        let unused = firstDay.map { min(max(0, $0 - ledgerBaseDay), states.count) } ?? states.count
        if unused > 0 {
            self.ledgerBaseDay = ledgerBaseDay + unused
            self.states = Array(states.dropFirst(unused))
            self.credited = Array(credited.dropFirst(unused))
            self.own = Array(own.dropFirst(unused))
            self.goals = Array(goals.dropFirst(unused))
            self.amounts = Array(amounts.dropFirst(unused))
        } else {
            self.ledgerBaseDay = ledgerBaseDay
            self.states = states
            self.credited = credited
            self.own = own
            self.goals = goals
            self.amounts = amounts
        }
        self.schedule = schedule
        self.targets = targets ?? TargetSchedule(goals: schedule)
        self.consumedFreezeByDay = consumedFreezeByDay
        self.skippedDays = skippedDays
        self.weeks = weeks
    }

    /// Whether `day` is skipped (rule 9), whether or not it was kept anyway.
    public func isSkipped(_ day: CalendarDay) -> Bool { skippedDays.contains(day.dayNumber) }

    /// The first day any event may be credited to or is frozen (nil with no history).
    public var firstHistoryDay: CalendarDay? { firstDay.map(CalendarDay.init(dayNumber:)) }

    /// How many days of the history a freeze keeps.
    var frozenDayCount: Int {
        guard let firstDay else { return 0 }
        let first = max(0, firstDay - ledgerBaseDay), last = min(states.count, today.dayNumber - ledgerBaseDay + 1)
        guard first < last else { return 0 }
        return states[first..<last].reduce(0) { $1 == .frozen ? $0 + 1 : $0 }
    }

    /// The record of one day.
    public func day(_ day: CalendarDay) -> StreakDay {
        let number = day.dayNumber
        if number > today.dayNumber {
            return StreakDay(day: day, state: .future, eventCount: 0, goal: schedule.goal(on: number), targetAmount: targetAmount(on: number), fraction: 0)
        }
        let index = number - ledgerBaseDay
        guard let firstDay, number >= firstDay, index >= 0, index < states.count else {
            return StreakDay(day: day, state: .beforeHistory, eventCount: 0, goal: schedule.goal(on: number), targetAmount: targetAmount(on: number), fraction: 0)
        }
        let state: StreakDay.State
        switch states[index] {
        case .beforeHistory: state = .beforeHistory
        case .kept: state = .kept
        case .frozen: state = .frozen
        case .gap: state = .gap
        case .open: state = .open
        case .rest: state = .rest
        case .skipped: state = .skipped
        case .logged: state = .logged
        }
        let amount = amounts[index]
        let judgement = Judgement(targets.target(on: number))
        let isOverLimit = judgement.isLimit && judgement.period == .day && amount > judgement.amount
        return StreakDay(
            day: day, state: state, eventCount: Int(credited[index]), goal: Int(goals[index]),
            consumedFreezeId: consumedFreezeByDay.isEmpty ? nil : consumedFreezeByDay[number],
            ownEventCount: index < own.count ? Int(own[index]) : nil,
            amount: StreakAmount.value(thousandths: amount), targetAmount: targetAmount(on: number), isOverLimit: isOverLimit,
            fraction: fraction(of: day, state: state, amount: amount, judgement: judgement)
        )
    }

    /// X of a per-day target, for a streak that measures amounts (rule 10).
    private func targetAmount(on day: Int) -> Double? {
        guard configuration.measuresAmount else { return nil }
        let judgement = Judgement(targets.target(on: day))
        guard judgement.kind != .tracking, judgement.period == .day else { return nil }
        return StreakAmount.value(thousandths: judgement.amount)
    }

    /// Rule 10's fraction of a day: at least, sum / X capped at 1; at most, 1 within the
    /// limit, 0 over it; a weekly target's day, its week's; tracking only, 1 for a logged day.
    private func fraction(of day: CalendarDay, state: StreakDay.State, amount: Int64, judgement: Judgement) -> Double {
        guard state != .beforeHistory else { return 0 }
        switch judgement.kind {
        case .tracking:
            return state == .logged ? 1 : 0
        case _ where judgement.period == .week:
            return week(containing: day)?.fraction ?? 0
        case .atMost:
            return amount <= judgement.amount ? 1 : 0
        case .atLeast:
            return min(Double(amount) / Double(max(judgement.amount, 1)), 1)
        }
    }

    /// The week (of a weekly streak) that holds `day`.
    public func week(containing day: CalendarDay) -> StreakWeek? {
        weeks.last { $0.start <= day && day <= $0.end }
    }

    /// The sum credited to `day` in thousandths (0 outside the history).
    func amount(on day: CalendarDay) -> Int64 {
        let index = day.dayNumber - ledgerBaseDay
        guard let firstDay, day.dayNumber >= firstDay, day <= today, index >= 0, index < amounts.count else { return 0 }
        return amounts[index]
    }

    /// Records of every day from `start` through `end`, ascending (empty when `end < start`).
    /// - Complexity: O(days in the range).
    public func days(from start: CalendarDay, through end: CalendarDay) -> [StreakDay] {
        guard start <= end else { return [] }
        return (start.dayNumber...end.dayNumber).map { day(CalendarDay(dayNumber: $0)) }
    }

    /// This evaluation with the streak's data for another user (a cache shared by users'
    /// processes keeps the user it was calculated for).
    public func updatingUserId(_ userId: String?) -> StreakEvaluation {
        guard streak.userId != userId else { return self }
        var updated = StreakEvaluation(
            streak: streak.updatingUserId(userId), freezeConsumptions: freezeConsumptions, today: today, daysToSave: daysToSave,
            configuration: configuration, timeZoneIdentifier: timeZoneIdentifier, ledgerBaseDay: ledgerBaseDay,
            firstDay: firstDay, states: states, credited: credited, own: own, goals: goals, amounts: amounts, schedule: schedule,
            targets: targets, consumedFreezeByDay: consumedFreezeByDay, skippedDays: skippedDays, weeks: weeks
        )
        updated.notes = notes
        return updated
    }

    /// This evaluation carrying `notes` (sorted by date).
    package func withNotes(_ notes: [StreakNote]) -> StreakEvaluation {
        var updated = self
        updated.notes = notes.sorted { $0.day < $1.day }
        return updated
    }

    /// Equal but for when it was calculated.
    public func isSameEvaluation(as other: StreakEvaluation) -> Bool {
        today == other.today && freezeConsumptions == other.freezeConsumptions && daysToSave == other.daysToSave
            && configuration == other.configuration && streak.isSameStreak(as: other.streak)
            && ledgerBaseDay == other.ledgerBaseDay && firstDay == other.firstDay && states == other.states
            && credited == other.credited && goals == other.goals && amounts == other.amounts
            && targets.isSame(as: other.targets) && consumedFreezeByDay == other.consumedFreezeByDay
            && skippedDays == other.skippedDays && weeks == other.weeks && notes == other.notes
    }
}
