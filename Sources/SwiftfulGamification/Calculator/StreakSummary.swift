import Foundation

/// How far back `CurrentStreakData.recentEvents` reaches.
enum EventWindow {
    static let recentDays = 60
}

/// Turns the chosen crediting into the results of rules 6, 7 and 10.
struct StreakSummary {
    let evaluation: StreakEvaluation

    // swiftlint:disable:next function_parameter_count
    init(
        input: WalkInput, walk: StreakWalk, settledLongest: Int, weeks: WeekCalendar?, history: StreakHistory, firstDay: Int?, freezes: [StreakFreeze],
        configuration: StreakConfiguration, userId: String?, now: Date, timezone: TimeZone,
        clocks: inout ZoneClocks, schedule: GoalSchedule, targets: TargetSchedule, dueDays: DueDays
    ) {
        let zoneDays = ZoneDays(timeZone: timezone)
        let base = input.ledger.baseDay
        let today = input.today
        // A freeze event is dated at its day's noon, or at `now` when that is earlier (today
        // over a limit before noon): an event after `now` would not count at that instant,
        // so the next write would find the day unbridged and spend another freeze on it.
        let consumptions = walk.consumptions.map { freezeIndex, day in
            FreezeConsumption(
                freezeId: freezes[freezeIndex].id, date: min(zoneDays.wallClock(day: day, hour: 12), now),
                day: CalendarDay(dayNumber: day), timezone: timezone.identifier
            )
        }
        let consumedIds = Set(consumptions.map(\.freezeId))
        let available = StreakCalculator.oldestEarnedFirst(freezes) {
            $0.isAvailable(at: now) && !consumedIds.contains($0.id)
        }.map { freezes[$0] }

        let judgement = Judgement(targets.target(on: today))
        let state = { (day: Int) -> DayState in walk.states[day - base] }
        let todayKept = state(today) == .kept
        let lastKeptOrEventDay = Self.lastKeptDay(walk, input) ?? history.lastEvent.map {
            min(clocks.localTime(atSecond: $0.date.flooredEpochSecond, inZoneNamed: $0.timezone).day, today)
        }
        let daysSince = max(0, today - (lastKeptOrEventDay ?? today))
        let current = walk.currentStreak
        let hasEvents = history.regularCount > 0
        let end = { (day: Int) in zoneDays.wallClock(day: day + 1, hour: history.leeway.hours(on: day + 1)) }
        let status: StreakStatus
        var deadline: Date?
        var week: WeekOutlook?
        if judgement.kind == .tracking {
            status = hasEvents ? .active(daysSinceLastEvent: daysSince) : .noEvents
        } else if let weeks, let current = walk.weekRecords.last {
            let outlook = WeekOutlook(record: current, walk: walk, input: input, weeks: weeks)
            week = outlook
            status = outlook.status(
                hasEvents: hasEvents, streak: walk.currentStreak, previous: walk.weekRecords.dropLast().last,
                daysSince: daysSince, todayKept: todayKept, judgement: judgement, firstDay: input.firstDay
            )
            deadline = outlook.deadlineDay(streak: walk.currentStreak, status: status, judgement: judgement).map(end)
        } else if let rolling = walk.rolling {
            status = rolling.status(hasEvents: hasEvents, streak: current, todayKept: todayKept, daysSince: daysSince)
            deadline = rolling.keepBy(streak: current).map(end)
        } else if judgement.isLimit {
            // Rule 10: nothing has to be done to keep a limit; only today over it breaks it now.
            let broken = today >= input.judgedFrom && state(today) == .gap
            status = broken ? .broken(daysSinceLastEvent: daysSince) : .active(daysSinceLastEvent: daysSince)
        } else {
            // Rule 8: a rest or skipped today that is not kept, frozen by a freeze event or not.
            let todayResting = !todayKept && input.due[today - base] != .due
            let yesterdayPending = input.yesterdayIsOpen && today - 1 >= input.firstDay && state(today - 1) == .open
            status = Self.status(
                hasEvents: hasEvents, current: current, todayKept: todayKept, todayResting: todayResting,
                yesterdayPending: yesterdayPending, daysSince: daysSince
            )
            // Rules 6 and 8: the earliest open day that is due and not kept, frozen or skipped;
            // else, on a rest, skipped or frozen today, the next due day.
            if current > 0, !todayKept {
                let passed = todayResting || state(today) == .frozen
                let dayToKeep = yesterdayPending ? today - 1 : passed ? dueDays.nextDueDay(after: today) : today
                deadline = dayToKeep.map(end)
            }
        }
        let daysToSave = walk.trailingGap.map(CalendarDay.init(dayNumber:))
        let recentFrom = today - EventWindow.recentDays + 1
        let recentEvents = Array(history.recentEvents.filter {
            $0.dateCreated <= now && clocks.localTime(atSecond: $0.dateCreated.flooredEpochSecond, inZoneNamed: $0.timezone).day >= recentFrom
        }.suffix(StreakHistory.recentLimit))
        let lastEvent = history.lastEvent
        // With nothing logged yet no week was walked: the current one holds nothing.
        let weekRecord = week?.record ?? weeks.map { weeks in
            let start = weeks.start(ofWeekContaining: today), end = weeks.end(ofWeekStartingOn: start)
            let weekJudgement = weeks.judgement(endingOn: end)
            let target = weekJudgement.weekAmount(skipped: weeks.skippedDays(of: start...end), of: end - start + 1)
            return StreakWeek(
                start: CalendarDay(dayNumber: start), end: CalendarDay(dayNumber: end), state: .open, keptDays: 0, target: 0, amount: Int64(0), targetAmount: target,
                isLimit: weekJudgement.isLimit
            )
        }
        let amounts = AmountFigures(
            judgement: judgement, todaySum: walk.amounts[today - base], week: weekRecord,
            measured: configuration.measuresAmount || input.ledger.hasAmounts
        )
        // Rule 6: the longest run the settled calendar shows.
        let longest = judgement.kind == .tracking ? 0 : settledLongest

        let streak = CurrentStreakData(
            streakKey: configuration.streakKey,
            userId: userId,
            currentStreak: current,
            longestStreak: max(longest, current),
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
            streakUnit: weeks?.unit ?? .day,
            todayKind: dueDays.kind(of: today),
            weekKeptDays: judgement.isWeekly ? nil : week?.record.keptDays,
            weekTarget: judgement.isWeekly ? nil : week?.record.target,
            weekDaysLeft: week?.after,
            unit: configuration.unit,
            target: configuration.measuresAmount ? targets.target(on: today) : nil,
            todayAmount: amounts.todayAmount,
            amountLeft: amounts.left,
            weekAmount: amounts.weekAmount,
            weekAmountTarget: amounts.weekTarget,
            isOverLimit: amounts.isOverLimit,
            windowKeptDays: walk.rolling.map(\.held),
            windowTarget: walk.rolling.map(\.times),
            windowDays: walk.rolling.map(\.days)
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
            amounts: walk.amounts,
            schedule: schedule,
            targets: targets,
            consumedFreezeByDay: Dictionary(consumptions.map { ($0.day.dayNumber, $0.freezeId) }, uniquingKeysWith: { first, _ in first }),
            skippedDays: dueDays.skipped,
            weeks: walk.weekRecords
        )
    }

    // swiftlint:disable:next function_parameter_count
    private static func status(
        hasEvents: Bool, current: Int, todayKept: Bool, todayResting: Bool, yesterdayPending: Bool, daysSince: Int
    ) -> StreakStatus {
        guard hasEvents else { return .noEvents }
        if todayKept { return .active(daysSinceLastEvent: 0) }
        if current > 0, yesterdayPending { return .canExtendWithLeeway }
        if current > 0, todayResting { return .active(daysSinceLastEvent: daysSince) }
        if current > 0 { return .atRisk }
        return .broken(daysSinceLastEvent: daysSince)
    }

    private static func lastKeptDay(_ walk: StreakWalk, _ input: WalkInput) -> Int? {
        guard input.firstDay <= input.today else { return nil }
        return (input.firstDay...input.today).reversed().first { walk.states[$0 - input.ledger.baseDay] == .kept }
    }
}

/// Today's amounts (rule 10), for a streak that measures them or whose events carry them.
struct AmountFigures {
    var todayAmount: Double?
    var left: Double?
    var weekAmount: Double?
    var weekTarget: Double?
    var isOverLimit: Bool?

    init(judgement: Judgement, todaySum: Int64, week: StreakWeek?, measured: Bool) {
        guard measured else { return }
        todayAmount = StreakAmount.value(thousandths: todaySum)
        guard judgement.kind != .tracking else { return }
        var sum = todaySum, target = judgement.amount
        if judgement.isWeekly {
            sum = week?.amount.map(StreakAmount.thousandths) ?? 0
            target = week?.targetAmount.map(StreakAmount.thousandths) ?? target
            weekAmount = StreakAmount.value(thousandths: sum)
            weekTarget = StreakAmount.value(thousandths: target)
        }
        left = StreakAmount.value(thousandths: max(0, target - sum))
        if judgement.isLimit { isOverLimit = sum > target }
    }
}
