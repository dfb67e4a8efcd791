import SwiftfulGamification

/// Whether a streak's target and schedule can go together (rules 10 and 12). The library
/// decides; this says why in the command line's words, before anything is written.
enum TargetScheduleFit {
    /// - Throws: a usage error when `configuration`'s target cannot have its schedule.
    static func check(_ configuration: StreakConfiguration) throws {
        guard let target = configuration.target else { return }
        do {
            try configuration.validate()
        } catch StreakRuleError.targetScheduleConflict {
            throw CLIError.usage(message(target: target, unit: configuration.unit, schedule: configuration.schedule), command: "streaks")
        } catch {
            return  // another problem, which the full validation reports in its own words
        }
    }

    /// "A streak of 'at most 4 a day' cannot have the schedule 'every 3 days': ...".
    static func message(target: StreakTarget, unit: String?, schedule: StreakSchedule) -> String {
        let reason: String
        switch (target.kind, target.period) {
        case (.atMost, _) where schedule.isRolling:
            reason = "a limit is judged each day, week or month, never over rolling windows (a rolling streak takes an amount a day: --at-least)"
        case (.atMost, .day?):
            reason = "a limit is judged each day, week or month, so use daily or days of the week"
        case (_, let period?) where schedule.isRolling:
            reason = "a rolling window counts kept days, each kept by an amount a day (--per day, not \(period.rawValue))"
        case (_, let period?):
            reason = "an amount a \(period.rawValue) is judged over whole \(period.rawValue)s, so its schedule is daily"
        case (_, nil):
            reason = "tracking only has no schedule to keep"
        }
        return "A streak of '\(target.text(unit: unit))' cannot have the schedule '\(schedule.text)': \(reason)"
    }
}
