import Foundation

extension StreakConfiguration {
    /// The start, in `timezone`, of the streak's first day (rule 11's earliest date): its
    /// start day or the day of its first event, whichever is earlier; nil with neither.
    public func firstDayStart(firstEvent: Date?, timezone: TimeZone) -> Date? {
        let days = [startDay, firstEvent.map { CalendarDay(containing: $0, in: timezone) }].compactMap { $0 }
        return days.min()?.startDate(in: timezone)
    }

    /// This configuration with `day` as its start day (rule 10), unless it has one: what a
    /// store records when it creates a streak.
    public func starting(on day: CalendarDay) -> StreakConfiguration {
        startDay != nil ? self : measuring(target: nil, startDay: day)
    }

    /// This configuration and `history` after the target's amount changed at `now` (rule 10:
    /// from that day, or week, on; older days keep theirs). Earlier changes keep the target
    /// they were under, written into them, as for schedules.
    /// - Throws: `StreakRuleError.targetKindChange` for another direction, period or unit
    ///   (only a re-judgement from the first day may change those), `.invalidTarget`.
    public func changingTarget(to newTarget: StreakTarget?, unit newUnit: String?, history: [StreakGoalChange], at now: Date)
        throws -> (configuration: StreakConfiguration, history: [StreakGoalChange]) {
        let current = effectiveTarget
        let asked = newTarget ?? current
        try Self.validate(target: asked, schedule: schedule)
        let unitChanges = newUnit.map { $0 != unit } ?? false
        guard asked.kind == current.kind, asked.period == current.period, !unitChanges else {
            throw StreakRuleError.targetKindChange(from: current.text(unit: unit), to: asked.text(unit: newUnit ?? unit))
        }
        guard asked.amount != current.amount || target == nil else { return (self, history) }
        let pinned = history.map(pinningTarget)
        let updated = measuring(target: asked)
        guard asked.amount != current.amount else { return (updated, pinned) }
        let earlier = history.isEmpty
            ? [pinningTarget(StreakGoalChange(date: Date(timeIntervalSince1970: 0), eventsRequiredPerDay: eventsRequiredPerDay, schedule: schedule))]
            : pinned
        let change = StreakGoalChange(date: now, eventsRequiredPerDay: eventsRequiredPerDay, schedule: schedule, target: asked)
        return (updated, earlier + [change])
    }

    /// `change` with the target it is under written into it: its own, else this
    /// configuration's, else "at least its goal a day".
    func pinningTarget(_ change: StreakGoalChange) -> StreakGoalChange {
        change.withTarget(target ?? .atLeast(Double(change.eventsRequiredPerDay), per: .day))
    }

    /// Rule 11: the goal, schedule, target and leeway given (or, where not given, the ones in
    /// force now) are in force from `from` on, and every change recorded from then on is dropped.
    /// From the streak's first day (`firstDay`, or any earlier date) the whole history is
    /// judged anew, so the unit and direction may change; later, they may not.
    // swiftlint:disable:next function_parameter_count
    func rejudging(
        from: Date, goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, schedule newSchedule: StreakSchedule?,
        details: StreakDetails, history: [StreakGoalChange], firstDay: Date?
    ) throws -> (configuration: StreakConfiguration, history: [StreakGoalChange]) {
        let wholeHistory = firstDay.map { from <= $0 } ?? true
        var updated = StreakConfiguration(
            streakKey: streakKey, eventsRequiredPerDay: goal ?? eventsRequiredPerDay, useServerCalculation: useServerCalculation,
            leewayHours: leewayHours ?? self.leewayHours, freezeBehavior: freezeBehavior ?? self.freezeBehavior,
            schedule: newSchedule ?? schedule, weekStart: weekStart,
            target: details.target ?? target, unit: details.unit ?? unit, startDay: startDay
        ).titled(title).placed(group: group, position: position)
        // A day value is a tracking-only streak's (rule 13): a target sums again.
        if updated.isTrackingOnly { updated = updated.measured(by: measure) }
        updated = details.applied(to: updated)
        try updated.validate()
        if wholeHistory { return (updated, []) }
        if updated.schedule.unit != schedule.unit || updated.schedule.isRolling != schedule.isRolling { throw StreakRuleError.scheduleUnitChange(from: schedule, to: updated.schedule) }
        let before = effectiveTarget, after = updated.effectiveTarget
        if before.kind != after.kind || before.period != after.period || updated.unit != unit || updated.streakUnit != streakUnit {
            throw StreakRuleError.targetKindChange(from: before.text(unit: unit), to: after.text(unit: updated.unit))
        }
        // Days before `from` keep what was in force on them: written into their changes.
        var earlier = history.filter { $0.date < from }
        if earlier.isEmpty {
            earlier = [StreakGoalChange(date: Date(timeIntervalSince1970: 0), eventsRequiredPerDay: history.first?.eventsRequiredPerDay ?? eventsRequiredPerDay)]
        }
        let kept = earlier.map { pinningTarget($0.withSchedule(schedule)).withLeeway(self.leewayHours) }
        let change = StreakGoalChange(
            date: from, eventsRequiredPerDay: updated.eventsRequiredPerDay, schedule: updated.schedule,
            target: updated.target == nil ? nil : after
        )
        return (updated, kept + [change])
    }
}
