import ArgumentParser
import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Figures for a streak: completion, weekdays, months, longest runs.",
        discussion: "Without a key, every streak (JSON: an array). Rates leave out today until it is kept or over."
    )

    @Argument(help: "The streak (default: every streak).", completion: Completions.streakKeys) var key: String?
    @Flag(help: "JSON, for scripts: an object, or an array with several streaks.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        guard let keys = try await context.keysOrAll(key, json: json) else { return }
        let figures = try await keys.asyncMap { key -> (String, CurrentStreakData, StreakStatistics) in
            let evaluation = try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
            return (key, evaluation.streak, StreakStatistics(evaluation: evaluation))
        }
        if json {
            let objects = figures.map { Self.object(key: $0.0, streak: $0.1, stats: $0.2) }
            context.console.print(objects.count == 1 && key != nil ? Report.json(objects[0]) : Report.json(objects))
        } else {
            context.console.print(figures.map { Self.text(key: $0.0, streak: $0.1, stats: $0.2) }.joined(separator: "\n\n"))
        }
    }

    static func text(key: String, streak: CurrentStreakData, stats: StreakStatistics) -> String {
        if let measurements = stats.measurements { return measurementText(key: key, streak: streak, measurements: measurements) }
        func percent(_ rate: Double?) -> String { rate.map { "\(Int(($0 * 100).rounded()))%" } ?? "–" }
        var lines = ["\(key): \(Report.length(streak)) now, longest \(Report.length(streak.longestStreak ?? 0, of: streak))"]
        for (label, figure) in [("last 7 days", stats.last7), ("last 30 days", stats.last30), ("last 365 days", stats.last365)] {
            let frozen = figure.frozen > 0 ? ", \(figure.frozen) frozen" : ""
            lines.append("  \(label.padding(toLength: 14, withPad: " ", startingAt: 0))\(percent(figure.rate).padding(toLength: 5, withPad: " ", startingAt: 0)) kept \(figure.kept) of \(figure.counted) days\(frozen)")
        }
        // A monthly streak's months (rule 12) are the library's weeks read with "month" for "week".
        let period = periodWord(streak)
        if let weeks = stats.weeks {
            let best = weeks.best.map { week in
                " · best \(period) " + (week.amount.map { StreakAmount.text($0, unit: streak.unit) } ?? "\(week.keptDays) of \(week.target) days")
                    + " from \(week.start)"
            } ?? ""
            let label = "\(period)s".padding(toLength: 14, withPad: " ", startingAt: 0)
            lines.append("  \(label)\(percent(weeks.rate).padding(toLength: 5, withPad: " ", startingAt: 0)) kept \(weeks.kept) of \(weeks.counted)\(weeks.bridged > 0 ? ", \(weeks.bridged) bridged" : "")\(best)")
        }
        lines.append("  kept \(Report.days(stats.keptDays)) · missed \(stats.missedDays) · frozen \(stats.frozenDays) · \(Report.count(stats.totalEvents, "event"))")
        if let strength = stats.strength {
            // Rule 13: Loop's score, with what moved it this week.
            let change = stats.strengthChangeThisWeek ?? 0, last = stats.strengthChangeLastDay ?? 0
            lines.append("  strength \(strength)% · \(last > 0 ? "+" : "")\(last) on the last day · \(change > 0 ? "+" : "")\(change) this week")
        }
        if let best = stats.bestWeekday, let worst = stats.worstWeekday {
            lines.append("  best weekday \(Weekday(calendarWeekday: best.weekday).name) (\(percent(best.rate))) · worst \(Weekday(calendarWeekday: worst.weekday).name) (\(percent(worst.rate)))")
        }
        if streak.target != nil {
            // Rule 10: totals in the streak's unit.
            let unit = streak.unit.map { " \($0)" } ?? ""
            let totals = stats.totals
            func amount(_ value: Double) -> String { StreakAmount.text(value) + unit }
            lines.append("  total \(amount(totals.allTime)) · this week \(amount(totals.thisWeek)) · this month \(amount(totals.thisMonth)) · this year \(amount(totals.thisYear))")
            var best: [String] = []
            if let mean = totals.meanPerLoggedDay { best.append("mean \(amount(mean)) a logged day") }
            if let day = totals.bestDay { best.append("best day \(amount(day.amount)) on \(day.start)") }
            if let week = totals.bestWeek { best.append("best week \(amount(week.amount)) from \(week.start)") }
            if !best.isEmpty { lines.append("  " + best.joined(separator: " · ")) }
        }
        // A weekly (monthly) streak's runs are of weeks (months), as its length is.
        let runs = stats.weeks?.longestRuns ?? stats.longestRuns
        if !runs.isEmpty {
            let length = { (run: StreakStatistics.Run) in stats.weeks == nil ? Report.days(run.length) : counted(run.length, period) }
            lines.append("  longest runs: " + runs.map { "\(length($0)) \($0.start) → \($0.isCurrent ? "now" : "\($0.end)")" }.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }

    /// Rule 13: a tracking-only streak's day values; it keeps no streak to count.
    static func measurementText(key: String, streak: CurrentStreakData, measurements: StreakMeasurements) -> String {
        let unit = streak.unit
        func value(_ number: Double?) -> String { number.map { StreakAmount.text($0, unit: unit) } ?? "–" }
        var lines = ["\(key): \(StreakFacts.measurementPhrase(measurements, unit: unit)) (\(measurements.measure.phrase))"]
        let changes = [("7", measurements.change7), ("30", measurements.change30)].compactMap { days, change in
            change.map { "\(StreakFacts.signed($0, unit: unit)) in \(days) days" }
        }
        if !changes.isEmpty { lines.append("  change        " + changes.joined(separator: " · ")) }
        for (label, window) in [("last 7 days", measurements.last7), ("last 30 days", measurements.last30), ("last 365 days", measurements.last365), ("all time", measurements.allTime)] {
            let figures = window.logged == 0
                ? "nothing logged"
                : "mean \(window.mean.map { StreakFacts.mean($0, unit: unit) } ?? "–") · least \(value(window.min)) · greatest \(value(window.max)) · \(counted(window.logged, "day")) logged"
            lines.append("  \(label.padding(toLength: 14, withPad: " ", startingAt: 0))\(figures)")
        }
        lines.append("  \(StreakFacts.readings(streak.totalEvents ?? 0, measure: measurements.measure))")
        return lines.joined(separator: "\n")
    }

    /// "week" or "month": what a weekly or monthly streak is judged by (rules 8 and 12).
    static func periodWord(_ streak: CurrentStreakData) -> String { streak.streakUnit == .month ? "month" : "week" }

    /// Rule 10's totals: in the unit (events for a streak that counts them).
    static func totals(_ totals: StreakStatistics.Totals, unit: String?) -> [String: Any] {
        func best(_ figure: StreakStatistics.Totals.Best?) -> Any { figure.map { ["start": "\($0.start)", "amount": $0.amount] } ?? NSNull() }
        return [
            "unit": unit.map { $0 as Any } ?? NSNull(), "this_week": totals.thisWeek, "this_month": totals.thisMonth, "this_year": totals.thisYear,
            "all_time": totals.allTime, "mean_per_logged_day": totals.meanPerLoggedDay.map { $0 as Any } ?? NSNull(),
            "best_day": best(totals.bestDay), "best_week": best(totals.bestWeek),
        ]
    }

    static func object(key: String, streak: CurrentStreakData, stats: StreakStatistics) -> [String: Any] {
        func rate(_ value: Double?) -> Any { value.map { ($0 * 1_000).rounded() / 1_000 } ?? NSNull() }
        func completion(_ figure: StreakStatistics.Completion) -> [String: Any] {
            ["days": figure.window, "counted": figure.counted, "kept": figure.kept, "frozen": figure.frozen, "rate": rate(figure.rate)]
        }
        func weekday(_ figure: StreakStatistics.Weekday?) -> Any {
            figure.map { Weekday(calendarWeekday: $0.weekday).rawValue } ?? NSNull()
        }
        func week(_ week: StreakWeek) -> [String: Any] {
            ["start": "\(week.start)", "end": "\(week.end)", "state": week.state.rawValue, "kept_days": week.keptDays, "target": week.target]
        }
        let period = periodWord(streak)
        var object: [String: Any] = [
            "streak_id": key,
            "streak_unit": (streak.streakUnit ?? .day).rawValue,
            "current_streak": streak.currentStreak ?? 0,
            "longest_streak": streak.longestStreak ?? 0,
            "last_7_days": completion(stats.last7),
            "last_30_days": completion(stats.last30),
            "last_365_days": completion(stats.last365),
            "kept_days": stats.keptDays,
            "missed_days": stats.missedDays,
            "frozen_days": stats.frozenDays,
            "total_events": stats.totalEvents,
            "best_weekday": weekday(stats.bestWeekday),
            "strength": stats.strength.map { $0 as Any } ?? NSNull(),
            "strength_change_7": stats.strengthChangeThisWeek.map { $0 as Any } ?? NSNull(),
            "strength_change_1": stats.strengthChangeLastDay.map { $0 as Any } ?? NSNull(),
            "worst_weekday": weekday(stats.worstWeekday),
            "weekdays": stats.weekdays.map { ["weekday": Weekday(calendarWeekday: $0.weekday).rawValue, "counted": $0.counted, "kept": $0.kept, "rate": rate($0.rate)] },
            "totals": stats.measurements.map { !$0.measure.adds } == true ? NSNull() : totals(stats.totals, unit: streak.unit) as Any,
            "longest_runs": (stats.weeks?.longestRuns ?? stats.longestRuns).map {
                ["start": "\($0.start)", "end": "\($0.end)", "length": $0.length, "unit": stats.weeks == nil ? "day" : period, "current": $0.isCurrent]
            },
            "months": stats.months.map {
                ["month": String(format: "%04d-%02d", $0.year, $0.month), "counted": $0.counted, "kept": $0.kept, "frozen": $0.frozen, "rate": rate($0.rate)]
            },
        ]
        object.merge(Report.measurementFields(stats.measurements)) { _, measured in measured }
        if let weeks = stats.weeks {
            // Named after the unit: "weeks" for a weekly streak, "streak_months" for a monthly one
            // ("months" is every streak's calendar months of kept days).
            object[period == "month" ? "streak_months" : "weeks"] = [
                "counted": weeks.counted, "kept": weeks.kept, "bridged": weeks.bridged, "rate": rate(weeks.rate),
                "best": weeks.best.map(week) ?? NSNull(), "all": weeks.all.map(week),
            ] as [String: Any]
        }
        return object
    }
}
