import Foundation

extension StreakConfiguration {
    /// This configuration and `history` after the leeway changed to `hours` at `now` (rule 11:
    /// from that day on; older days keep the leeway they had, written into their changes, as
    /// for schedules and targets).
    ///
    /// A change dated before changes recorded later (made offline, pushed late) joins the
    /// history at its date and carries on through the later changes that did not set a leeway
    /// of their own, up to one that did.
    /// - Throws: `StreakRuleError.invalidLeeway`.
    public func changingLeeway(to hours: Int, history: [StreakGoalChange], at now: Date)
        throws -> (configuration: StreakConfiguration, history: [StreakGoalChange]) {
        guard StreakValidation.leewayRange.contains(hours) else { throw StreakRuleError.invalidLeeway(hours) }
        var changes = history.isEmpty
            ? [StreakGoalChange(date: Date(timeIntervalSince1970: 0), eventsRequiredPerDay: eventsRequiredPerDay)]
            : history
        let position = changes.firstIndex(where: { $0.date > now }) ?? changes.count
        let inEffect = position > 0 ? changes[position - 1] : nil
        guard (inEffect?.leewayHours ?? leewayHours) != hours else { return (self, history) }
        for index in 0..<position { changes[index] = changes[index].withLeeway(leewayHours) }
        var next = position
        while next < changes.count, changes[next].leewayHours == nil {
            changes[next] = changes[next].withLeeway(hours)
            next += 1
        }
        let current = next == changes.count ? hours : leewayHours
        if let inEffect, inEffect.date == now {
            // A change made at the same moment (another setting of the same command) takes the leeway too.
            changes[position - 1] = StreakGoalChange(
                date: now, eventsRequiredPerDay: inEffect.eventsRequiredPerDay, schedule: inEffect.schedule, target: inEffect.target, leewayHours: hours
            )
        } else {
            changes.insert(
                StreakGoalChange(
                    date: now, eventsRequiredPerDay: inEffect?.eventsRequiredPerDay ?? eventsRequiredPerDay, schedule: inEffect?.schedule,
                    target: inEffect?.target, leewayHours: hours
                ),
                at: position
            )
        }
        return (with(leewayHours: current), changes)
    }
}
