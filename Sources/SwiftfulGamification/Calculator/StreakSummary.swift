import Foundation

/// How far back `CurrentStreakData.recentEvents` reaches.
enum EventWindow {
    static let recentDays = 60
}

/// Turns the chosen crediting into the results of rules 6 and 7.
struct StreakSummary {
    let evaluation: StreakEvaluation

    // swiftlint:disable:next function_parameter_count
    init(
        input: WalkInput, walk: StreakWalk, weeks: WeekCalendar?, history: StreakHistory, firstDay: Int?, freezes: [StreakFreeze],
        configuration: StreakConfiguration, userId: String?, now: Date, timezone: TimeZone,
        clocks: inout ZoneClocks, schedule: GoalSchedule, dueDays: DueDays
    ) {
        let zoneDays = ZoneDays(timeZone: timezone)
        let base = input.ledger.baseDay
        let today = input.today
        let consumptions = walk.consumptions.map { freezeIndex, day in
            FreezeConsumption(
                freezeId: freezes[freezeIndex].id, date: zoneDays.wallClock(day: day, hour: 12),
                day: CalendarDay(dayNumber: day), timezone: timezone.identifier
            )
        }
        let consumedIds = Set(consumptions.map(\.freezeId))
        let available = StreakCalculator.oldestEarnedFirst(freezes) {
            $0.isAvailable(at: now) && !consumedIds.contains($0.id)
        }.map { freezes[$0] }

        let state = { (day: Int) -> DayState in walk.states[day - base] }
        let todayKept = state(today) == .kept
        // Rule 8: a rest or skipped today that is not kept, frozen by a freeze event or not.
        let todayResting = !todayKept && input.due[today - base] != .due
        let yesterdayPending = input.yesterdayIsOpen && today - 1 >= input.firstDay && state(today - 1) == .open
        let current = walk.currentStreak
        let lastKeptOrEventDay = Self.lastKeptDay(walk, input) ?? history.lastEvent.map {
            min(clocks.localTime(atSecond: $0.date.flooredEpochSecond, inZoneNamed: $0.timezone).day, today)
        }
        let status: StreakStatus
        var deadline: Date?
        var week: WeekOutlook?
        if let weeks, let current = walk.weekRecords.last {
            let outlook = WeekOutlook(record: current, walk: walk, input: input, weeks: weeks)
            week = outlook
            status = outlook.status(
                hasEvents: history.regularCount > 0, streak: walk.currentStreak, previous: walk.weekRecords.dropLast().last,
                daysSince: max(0, today - (lastKeptOrEventDay ?? today)), todayKept: todayKept
            )
            deadline = outlook.deadlineDay(streak: walk.currentStreak, status: status).map { zoneDays.wallClock(day: $0 + 1, hour: history.leewayHours) }
        } else {
            status = Self.status(
                hasEvents: history.regularCount > 0, current: current, todayKept: todayKept, todayResting: todayResting,
                yesterdayPending: yesterdayPending, lastKeptOrEventDay: lastKeptOrEventDay, today: today
            )
            // Rules 6 and 8: the earliest open day that is due and not kept, frozen or skipped;
            // else, on a rest, skipped or frozen today, the next due day.
            if current > 0, !todayKept {
                let passed = todayResting || state(today) == .frozen
                let dayToKeep = yesterdayPending ? today - 1 : passed ? dueDays.nextDueDay(after: today) : today
                deadline = dayToKeep.map { zoneDays.wallClock(day: $0 + 1, hour: history.leewayHours) }
            }
        }
        let daysToSave = walk.trailingGap.map(CalendarDay.init(dayNumber:))
        let recentFrom = today - EventWindow.recentDays + 1
        let recentEvents = Array(history.recentEvents.filter {
            $0.dateCreated <= now && clocks.localTime(atSecond: $0.dateCreated.flooredEpochSecond, inZoneNamed: $0.timezone).day >= recentFrom
        }.suffix(StreakHistory.recentLimit))
        let lastEvent = history.lastEvent

        let streak = CurrentStreakData(
            streakKey: configuration.streakKey,
            userId: userId,
            currentStreak: current,
            longestStreak: max(weeks.map { LongestWeekRun.longest(input, weeks: $0) } ?? LongestRun.longest(input), current),
            dateLastEvent: lastEvent?.date,
            lastEventTimezone: lastEvent?.timezone,
            dateStreakStart: current > 0 ? walk.streakStartDay.map(zoneDays.start(of:)) : nil,
            totalEvents: history.regularCount,
            freezesAvailable: available,
            freezesAvailableCount: available.count,
            dateCreated: history.firstEvent?.date,
            dateUpdated: now,
            eventsRequiredPerDay: schedule.goal(on: today),
            todayEventCount: Int(walk.credited[today - base]),
            recentEvents: recentEvents,
            dateStreakDeadline: deadline,
            freezesNeededToSaveStreak: daysToSave.count,
            calculatedStatus: status,
            streakUnit: dueDays.schedule(on: today).unit,
            todayKind: dueDays.kind(of: today),
            weekKeptDays: week?.record.keptDays,
            weekTarget: week?.record.target,
            weekDaysLeft: week?.after
        )
        evaluation = StreakEvaluation(
            streak: streak,
            freezeConsumptions: consumptions,
            today: CalendarDay(dayNumber: today),
            daysToSave: daysToSave,
            configuration: configuration,
            timeZoneIdentifier: timezone.identifier,
            ledgerBaseDay: base,
            firstDay: firstDay,
            states: walk.states,
            credited: walk.credited,
            own: input.ledger.ownCounts(),
            goals: input.goals,
            schedule: schedule,
            consumedFreezeByDay: Dictionary(consumptions.map { ($0.day.dayNumber, $0.freezeId) }, uniquingKeysWith: { first, _ in first }),
            skippedDays: dueDays.skipped,
            weeks: walk.weekRecords
        )
    }

    // swiftlint:disable:next function_parameter_count
    private static func status(
        hasEvents: Bool, current: Int, todayKept: Bool, todayResting: Bool, yesterdayPending: Bool, lastKeptOrEventDay: Int?, today: Int
    ) -> StreakStatus {
        guard hasEvents else { return .noEvents }
        if todayKept { return .active(daysSinceLastEvent: 0) }
        if current > 0, yesterdayPending { return .canExtendWithLeeway }
        if current > 0, todayResting { return .active(daysSinceLastEvent: max(0, today - (lastKeptOrEventDay ?? today))) }
        if current > 0 { return .atRisk }
        return .broken(daysSinceLastEvent: max(0, today - (lastKeptOrEventDay ?? today)))
    }

    private static func lastKeptDay(_ walk: StreakWalk, _ input: WalkInput) -> Int? {
        guard input.firstDay <= input.today else { return nil }
        return (input.firstDay...input.today).reversed().first { walk.states[$0 - input.ledger.baseDay] == .kept }
    }
}

/// The current week of a weekly streak, as rule 8 judges it today.
struct WeekOutlook {
    let record: StreakWeek
    let today: Int
    let yesterdayIsOpen: Bool
    /// Days after today in the week that are not skipped.
    let after: Int
    /// Days from today to the week's end neither kept nor skipped, latest first.
    let stillOpen: [Int]

    init(record: StreakWeek, walk: StreakWalk, input: WalkInput, weeks: WeekCalendar) {
        self.record = record
        let today = input.today, end = record.start.dayNumber + 6
        self.today = today
        yesterdayIsOpen = input.yesterdayIsOpen
        after = today < end ? (today + 1...end).filter { weeks.dueDays.kind(of: $0) != .skipped }.count : 0
        stillOpen = stride(from: end, through: today, by: -1).filter { day in
            weeks.dueDays.kind(of: day) != .skipped && (day > today || walk.states[day - input.ledger.baseDay] != .kept)
        }
    }

    var needed: Int { max(0, record.target - record.keptDays) }

    func status(hasEvents: Bool, streak: Int, previous: StreakWeek?, daysSince: Int, todayKept: Bool) -> StreakStatus {
        guard hasEvents else { return .noEvents }
        if record.state == .kept { return .active(daysSinceLastEvent: todayKept ? 0 : daysSince) }
        // Rule 7: a week skipped whole bridges (rule 9) but keeps nothing, like a rest day.
        guard streak > 0 else { return .broken(daysSinceLastEvent: daysSince) }
        if yesterdayIsOpen, let previous, previous.start.dayNumber + 6 == today - 1, previous.state == .open { return .canExtendWithLeeway }
        return after >= needed ? .active(daysSinceLastEvent: todayKept ? 0 : daysSince) : .atRisk
    }

    /// The day whose end (plus leeway) the week must be kept by; nil when it is kept.
    func deadlineDay(streak: Int, status: StreakStatus) -> Int? {
        guard streak > 0, record.state == .open else { return nil }
        if status == .canExtendWithLeeway { return today - 1 }
        guard needed > 0, stillOpen.count >= needed else { return record.start.dayNumber + 6 }
        return stillOpen[needed - 1]
    }
}
