import Foundation
import GamificationSupport

/// The one implementation of STREAK_RULES.md: a pure function of events, freezes,
/// configuration, `now` and the current zone.
///
/// - Complexity: O(events + days of history). Events are reduced to per-day counts with
///   cached zone offsets, so a million events take well under a second.
public enum StreakCalculator {
    /// Upstream's entry point: the streak and the freezes this calculation consumed.
    public static func calculateStreak(
        events: [StreakEvent],
        freezes: [StreakFreeze] = [],
        configuration: StreakConfiguration,
        userId: String? = nil,
        currentDate: Date = Date(),
        timezone: TimeZone = .current,
        goalSchedule: [StreakGoalChange] = [],
        skips: [CalendarDay] = []
    ) -> (streak: CurrentStreakData, freezeConsumptions: [FreezeConsumption]) {
        let evaluation = evaluate(
            events: events, freezes: freezes, configuration: configuration, userId: userId,
            currentDate: currentDate, timezone: timezone, goalSchedule: goalSchedule, skips: skips
        )
        return (evaluation.streak, evaluation.freezeConsumptions)
    }

    /// The streak plus the per-day crediting behind it.
    ///
    /// Out-of-range configuration values are clamped (goal >= 1, leeway 0...24); use
    /// `StreakConfiguration.validate()` to reject them instead.
    public static func evaluate(
        events: [StreakEvent],
        freezes: [StreakFreeze] = [],
        configuration: StreakConfiguration,
        userId: String? = nil,
        currentDate: Date = Date(),
        timezone: TimeZone = .current,
        goalSchedule: [StreakGoalChange] = [],
        skips: [CalendarDay] = []
    ) -> StreakEvaluation {
        evaluate(
            history: StreakHistory(
                events: events, through: currentDate,
                leeway: StreakLeeway(configuration: configuration, goalSchedule: goalSchedule, timezone: timezone), fallbackZone: timezone
            ),
            freezes: freezes, configuration: configuration, userId: userId,
            currentDate: currentDate, timezone: timezone, goalSchedule: goalSchedule, skips: skips, checkpoints: false
        )
    }

    /// The same, from a history kept up to date by a provider.
    ///
    /// The history's leeway is the one credited (the configuration's and the goal schedule's
    /// are not used: build the history with `StreakLeeway(configuration:goalSchedule:timezone:)`,
    /// whose zone also tells when events logged elsewhere arrived, rule 4a; a history made for
    /// another zone or none takes every event as logged in `timezone`),
    /// and it must hold no event after `currentDate`: evaluate the events themselves when it might.
    /// The days the history's `settled` checkpoint covers are not settled again when nothing
    /// they depend on changed (rule 4a); the evaluation's checkpoint is the one to store next.
    /// - Complexity: O(days of history), whatever the number of events; settling (the larger
    ///   part) only from the checkpoint's day on.
    public static func evaluate(
        history: StreakHistory,
        freezes: [StreakFreeze] = [],
        configuration: StreakConfiguration,
        userId: String? = nil,
        currentDate: Date = Date(),
        timezone: TimeZone = .current,
        goalSchedule: [StreakGoalChange] = [],
        skips: [CalendarDay] = []
    ) -> StreakEvaluation {
        evaluate(
            history: history, freezes: freezes, configuration: configuration, userId: userId, currentDate: currentDate,
            timezone: timezone, goalSchedule: goalSchedule, skips: skips, checkpoints: true
        )
    }

    // swiftlint:disable:next function_parameter_count
    static func evaluate(
        history: StreakHistory, freezes: [StreakFreeze], configuration: StreakConfiguration, userId: String?, currentDate: Date,
        timezone: TimeZone, goalSchedule: [StreakGoalChange], skips: [CalendarDay], checkpoints: Bool
    ) -> StreakEvaluation {
        Instrumentation.count(.calculation)
        let nowSecond = currentDate.flooredEpochSecond
        var clocks = ZoneClocks(current: timezone, firstSecond: nowSecond - 86_400 * 400, lastSecond: nowSecond + 86_400)
        let now = clocks.currentLocalTime(atSecond: nowSecond)
        let leewayHours = history.leeway.hours(on: now.day)
        let dayOf = { (change: StreakGoalChange) in clocks.currentLocalTime(atSecond: change.date.flooredEpochSecond).day }
        let schedule = GoalSchedule(changes: goalSchedule, fallback: configuration.eventsRequiredPerDay, dayOf: dayOf)
        let targets = TargetSchedule(changes: goalSchedule, configuration: configuration, dayOf: dayOf)
        let todayJudgement = Judgement(targets.target(on: now.day))
        // Rule 10: a limit judges every due day from its start day on, events or not.
        let limitStart = todayJudgement.isLimit ? configuration.startDay?.dayNumber ?? history.firstEvent.map {
            min(clocks.localTime(atSecond: $0.date.flooredEpochSecond, inZoneNamed: $0.timezone).day, now.day)
        } : nil
        let tracking = todayJudgement.kind == .tracking
        let behavior = tracking ? .noFreezes : configuration.freezeBehavior
        let (ledger, frozen, historyFirstDay) = history.ledger(
            through: now.day, from: limitStart.map { min($0, now.day) }, zone: timezone.identifier, countingFreezeEvents: behavior != .noFreezes
        )
        // Rule 1: a freeze earned after `now` is not seen, and one used after it is still unused.
        let usableFreezes = behavior == .noFreezes ? [] : freezes.compactMap { freeze -> StreakFreeze? in
            if let earned = freeze.dateEarned, earned > currentDate { return nil }
            guard let used = freeze.dateUsed, used > currentDate else { return freeze }
            return StreakFreeze(id: freeze.id, dateEarned: freeze.dateEarned, dateExpires: freeze.dateExpires)
        }
        let dueDays = DueDays(fallback: configuration.schedule, changes: goalSchedule, skips: skips, dayOf: dayOf)
        let unit: StreakSchedule.Unit = todayJudgement.isWeekly
            ? (todayJudgement.period == .month ? .month : .week) : dueDays.schedule(on: now.day).unit
        let calendar = unit != .day ? WeekCalendar(firstWeekday: configuration.weekStart, unit: unit, dueDays: dueDays, targets: targets) : nil
        let firstDay = limitStart.map { min($0, historyFirstDay ?? $0, now.day + 1) } ?? historyFirstDay ?? now.day + 1
        let judgedFrom = limitStart ?? firstDay
        let reach = ledger.reach()
        let weeks = calendar?.deciding(ledger: ledger, judgedFrom: judgedFrom)
        let input = WalkInput(
            ledger: ledger,
            goals: schedule.goals(from: ledger.baseDay, count: ledger.dayCount),
            judges: zip(judges(ledger: ledger, targets: targets, weeks: weeks, judgedFrom: judgedFrom), reach).map { $0.settled(reach: $1) },
            reach: reach,
            frozen: frozen,
            due: dueDays.kinds(from: ledger.baseDay, count: ledger.dayCount),
            today: now.day,
            firstDay: firstDay,
            judgedFrom: judgedFrom,
            yesterdayIsOpen: leewayHours > 0 && now.secondOfDay < leewayHours * 3_600,
            leeway: history.leeway,
            behavior: behavior,
            freezes: FreezePool(entries: freezePoolEntries(usableFreezes, leeway: history.leeway, clocks: &clocks)),
            windows: dueDays.schedule(on: now.day).isRolling && calendar == nil ? dueDays : nil,
            measure: tracking ? configuration.measure : .sum,
            readings: tracking && configuration.measure != .sum ? history.readings : nil
        )
        let seed = checkpoints && !tracking
            ? settlementSeed(configuration: configuration, goalSchedule: goalSchedule, skips: skips, freezes: usableFreezes, leeway: history.leeway, zone: timezone)
            : nil
        let settlement = tracking ? nil : Settlement(input, weeks: weeks, resuming: history.settled, seed: seed)
        var evaluation = StreakSummary(
            input: settlement?.input ?? input, walk: StreakWalk(input, weeks: weeks, settlement: settlement),
            settledLongest: settlement?.longest ?? 0, weeks: weeks, history: history,
            firstDay: limitStart.map { min($0, historyFirstDay ?? $0) } ?? historyFirstDay, freezes: usableFreezes,
            configuration: configuration, userId: userId, now: currentDate, timezone: timezone,
            clocks: &clocks, schedule: schedule, targets: targets, dueDays: dueDays
        ).evaluation
        evaluation.settledCheckpoint = settlement?.checkpoint
        evaluation.daysSettled = settlement?.daysSettled ?? 0
        return evaluation
    }

    /// What, beside the history, decides how every day settles: a stable hash of it; nil
    /// (no checkpoint) when it cannot be written out, rather than a hash that leaves it out.
    private static func settlementSeed(
        configuration: StreakConfiguration, goalSchedule: [StreakGoalChange], skips: [CalendarDay], freezes: [StreakFreeze], leeway: StreakLeeway, zone: TimeZone
    ) -> UInt64? {
        struct Inputs: Encodable {
            let configuration: StreakConfiguration
            let goalSchedule: [StreakGoalChange]
            let skips: [Int]
            let freezes: [StreakFreeze]
            let zone: String
        }
        let inputs = Inputs(configuration: configuration, goalSchedule: goalSchedule, skips: skips.map(\.dayNumber), freezes: freezes, zone: zone.identifier)
        var hash = StableHash()
        // Our encoder writes keys in the order the types encode them, the same in every process
        // (none of these holds a dictionary); Foundation's with sorted keys was a third of a small
        // streak's calculation.
        guard let bytes = try? StreamingJSONEncoder.microseconds.encode(inputs) else { return nil }
        hash.add(bytes: bytes)
        hash.add(leeway.base, leeway.changes.count)
        for change in leeway.changes { hash.add(change.day, change.hours) }
        hash.add(bytes: Array((leeway.zone ?? "").utf8))
        return hash.value
    }

    /// How each day of the ledger is judged (rule 10), its fixed events' sum taken off.
    private static func judges(ledger: CreditLedger, targets: TargetSchedule, weeks: WeekCalendar?, judgedFrom: Int) -> [DayJudge] {
        let dayTargets = targets.targets(from: ledger.baseDay, count: ledger.dayCount)
        var weekJudgements: [Int: Judgement] = [:]
        return dayTargets.indices.map { index in
            let day = ledger.baseDay + index
            let fixed = ledger.amount(at: index * CreditLedger.classesPerDay)
            let judgement = Judgement(dayTargets[index])
            // A weekly target applies from the week in which it was set: its days are the week's.
            if let weeks {
                let start = weeks.start(ofWeekContaining: day), end = weeks.end(ofWeekStartingOn: start)
                let week = weekJudgements[end] ?? weeks.judgement(endingOn: end)
                weekJudgements[end] = week
                // A weekly limit's start week counts its days from the start day on.
                if week.isWeekly, week.isLimit, day < judgedFrom { return .none }
                // A week its events decide whatever the crediting: its days' sums matter no more.
                if week.isWeekly { return DayJudge(kind: .week, need: weeks.decided[start] == nil ? weeks.cap(of: week) - fixed : 0, week: start) }
            }
            switch judgement.kind {
            case .tracking: return .none
            case _ where judgement.period != .day: return .none
            case .atLeast: return DayJudge(kind: .atLeast, need: judgement.amount - fixed)
            case .atMost: return day < judgedFrom ? .none : DayJudge(kind: .atMost, need: judgement.amount - fixed)
            }
        }
    }

    /// The consumptions an explicit "use freezes" makes in manual mode: one available freeze
    /// (unused, unexpired at `currentDate`, oldest earned first) per missed day, all or nothing.
    /// - Throws: `StreakRuleError.freezesNotManual`, `.nothingToSave` or `.notEnoughFreezes`.
    public static func manualFreezeConsumptions(
        events: [StreakEvent],
        freezes: [StreakFreeze],
        configuration: StreakConfiguration,
        currentDate: Date = Date(),
        timezone: TimeZone = .current,
        goalSchedule: [StreakGoalChange] = []
    ) throws -> [FreezeConsumption] {
        let evaluation = evaluate(
            events: events, freezes: freezes, configuration: configuration,
            currentDate: currentDate, timezone: timezone, goalSchedule: goalSchedule
        )
        return try manualFreezeConsumptions(for: evaluation, freezes: freezes, configuration: configuration, currentDate: currentDate, timezone: timezone)
    }

    /// The same, for an evaluation already made (from a provider's running history).
    /// - Throws: `StreakRuleError.freezesNotManual`, `.nothingToSave` or `.notEnoughFreezes`.
    public static func manualFreezeConsumptions(
        for evaluation: StreakEvaluation,
        freezes: [StreakFreeze],
        configuration: StreakConfiguration,
        currentDate: Date,
        timezone: TimeZone
    ) throws -> [FreezeConsumption] {
        guard configuration.freezeBehavior == .manuallyConsumeFreezes else {
            throw StreakRuleError.freezesNotManual(configuration.freezeBehavior)
        }
        guard !evaluation.daysToSave.isEmpty else { throw StreakRuleError.nothingToSave }
        let available = oldestEarnedFirst(freezes, where: { $0.isAvailable(at: currentDate) }).map { freezes[$0] }
        guard available.count >= evaluation.daysToSave.count else {
            throw StreakRuleError.notEnoughFreezes(needed: evaluation.daysToSave.count, available: available.count)
        }
        let zoneDays = ZoneDays(timeZone: timezone)
        return zip(evaluation.daysToSave, available).map { day, freeze in
            FreezeConsumption(
                freezeId: freeze.id, date: zoneDays.wallClock(day: day.dayNumber, hour: 12),
                day: day, timezone: timezone.identifier
            )
        }
    }

    private static func freezePoolEntries(_ freezes: [StreakFreeze], leeway: StreakLeeway, clocks: inout ZoneClocks) -> [FreezePool.Entry] {
        oldestEarnedFirst(freezes, where: { !$0.isUsed }).map { index in
            let freeze = freezes[index]
            let earned = freeze.dateEarned.map { clocks.currentLocalTime(atSecond: $0.flooredEpochSecond) }
            let expires = freeze.dateExpires.map { date -> Int in
                let local = clocks.currentLocalTime(atSecond: date.flooredEpochSecond)
                return local.day * 86_400 + local.secondOfDay
            }
            return FreezePool.Entry(
                index: index, earnedDay: earned?.day, expiresLocalSecond: expires, seenFrom: earned.map { leeway.firstDayOpen(at: $0) }
            )
        }
    }

    /// Indices of the freezes matching `condition`, oldest earned first (never-dated first).
    static func oldestEarnedFirst(_ freezes: [StreakFreeze], where condition: (StreakFreeze) -> Bool) -> [Int] {
        freezes.indices.filter { condition(freezes[$0]) }.sorted {
            (freezes[$0].dateEarned ?? .distantPast, freezes[$0].id) < (freezes[$1].dateEarned ?? .distantPast, freezes[$1].id)
        }
    }
}
