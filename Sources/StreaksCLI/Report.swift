import Foundation
import StreakPresentation
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// How streaks read on the terminal and in JSON.
enum Report {
    /// One object with the fields scripts rely on; dates are ISO 8601 in UTC.
    /// `items` in the order every screen shows streaks (`StreakOrder`).
    static func inDisplayOrder<Item>(_ items: [Item], configuration: (Item) -> StreakConfiguration) -> [Item] {
        let rank = Dictionary(uniqueKeysWithValues: StreakOrder.sorted(items.map(configuration)).enumerated().map { ($1.streakKey, $0) })
        return items.sorted { rank[configuration($0).streakKey, default: 0] < rank[configuration($1).streakKey, default: 0] }
    }

    static func statusJSON(_ evaluation: StreakEvaluation, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> String {
        json(statusObject(evaluation, configuration: configuration, now: now, zone: zone))
    }

    /// `statusObject` with rule 13's strength (a whole percent; null for tracking only).
    static func statusObject(_ evaluation: StreakEvaluation, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> [String: Any] {
        var object = statusObject(evaluation.streak, configuration: configuration, now: now, zone: zone)
        object["strength"] = StreakStrength(evaluation: evaluation).map { $0.percent as Any } ?? NSNull()
        // Rule 13: a tracking-only streak's day value, today's and the latest (`stats` has the rest).
        let measured = measurementFields(StreakMeasurements(evaluation: evaluation))
        for key in ["measure", "today_value", "latest"] { object[key] = measured[key] }
        return object
    }

    /// Rule 13's fields: null for a streak that is not tracking only (never a left-out key).
    static func measurementFields(_ measurements: StreakMeasurements?) -> [String: Any] {
        func number(_ value: Double?) -> Any { value.map { $0 as Any } ?? NSNull() }
        let windows = measurements.map { [("7", $0.last7), ("30", $0.last30), ("365", $0.last365), ("all", $0.allTime)] } ?? []
        func figure(_ read: (StreakMeasurements.Window) -> Double?) -> Any {
            measurements == nil ? NSNull() : Dictionary(uniqueKeysWithValues: windows.map { ($0.0, number(read($0.1))) }) as Any
        }
        return [
            "measure": measurements.map { $0.measure.rawValue as Any } ?? NSNull(),
            "today_value": number(measurements?.today),
            "latest": measurements?.latest.map { ["day": "\($0.day)", "value": $0.value] as Any } ?? NSNull(),
            "change_7": number(measurements?.change7),
            "change_30": number(measurements?.change30),
            "mean": figure(\.mean), "min": figure(\.min), "max": figure(\.max),
        ]
    }


    /// Every list and status in JSON: snake_case keys, ISO 8601 dates in UTC, null for a
    /// missing value (never a left-out key), the command line's own words for modes.
    static func statusObject(_ streak: CurrentStreakData, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> [String: Any] {
        func date(_ value: Date?) -> Any { value.map(ISODate.format) ?? NSNull() }
        var object: [String: Any] = [
            "streak_id": streak.streakKey,
            "title": configuration.title.map { $0 as Any } ?? NSNull(),
            "group": configuration.group.map { $0 as Any } ?? NSNull(),
            "current_streak": streak.currentStreak ?? 0,
            "longest_streak": streak.longestStreak ?? 0,
            "status": streak.status.name,
            "days_since_last_event": streak.daysSinceLastEvent(now: now, timeZone: zone).map { $0 as Any } ?? NSNull(),
            "today_event_count": streak.todayEventCount ?? 0,
            "events_required_per_day": streak.eventsRequiredPerDay ?? configuration.eventsRequiredPerDay,
            "leeway_hours": configuration.leewayHours,
            "freeze_behavior": configuration.freezeBehavior.word,
            "freezes_available_count": streak.freezesAvailableCount ?? 0,
            "freezes_needed_to_save_streak": streak.freezesNeededToSaveStreak ?? 0,
            "total_events": streak.totalEvents ?? 0,
            "date_streak_start": date(streak.dateStreakStart),
            "date_streak_deadline": date(streak.dateStreakDeadline),
            "date_last_event": date(streak.dateLastEvent),
            "schedule": configuration.schedule.text,
            "week_start": configuration.weekStart.rawValue,
            "streak_unit": (streak.streakUnit ?? configuration.schedule.unit).rawValue,
            "today_is_due": streak.isTodayDue.map { $0 as Any } ?? NSNull(),
        ]
        // Rule 10: what the streak measures and today's sum against its target.
        let target = streak.target ?? configuration.effectiveTarget
        object["unit"] = configuration.unit.map { $0 as Any } ?? NSNull()
        object["target_kind"] = target.kind.rawValue
        object["target_period"] = target.period.map { $0.rawValue as Any } ?? NSNull()
        object["target"] = target.amount.map { $0 as Any } ?? NSNull()
        object["today_amount"] = streak.todayAmount ?? Double(streak.todayEventCount ?? 0)
        object["amount_left"] = streak.amountLeft.map { $0 as Any }
            ?? (target.kind == .atLeast ? max(0, (target.amount ?? 1) - Double(streak.todayEventCount ?? 0)) as Any : NSNull())
        object["week_amount"] = target.period == .week ? (streak.weekAmount ?? 0) as Any : NSNull()
        object["over_limit"] = target.kind == .atMost ? (streak.isOverLimit ?? false) as Any : NSNull()
        object["week_amount_target"] = target.period == .week ? (streak.weekAmountTarget ?? target.amount ?? 0) as Any : NSNull()
        object.merge(periodFields(streak, target: target)) { _, period in period }
        return object
    }

    /// The open week's or month's fields (rules 8, 10 and 12; `null` for the other unit) and a
    /// rolling streak's window (`null` for any other schedule). The calculator carries a
    /// month's in its week fields; here each has its own name.
    static func periodFields(_ streak: CurrentStreakData, target: StreakTarget) -> [String: Any] {
        func number(_ value: Int?, when shown: Bool) -> Any { shown ? (value ?? 0) as Any : NSNull() }
        var fields: [String: Any] = [:]
        for unit in [StreakSchedule.Unit.week, .month] {
            let isUnit = streak.streakUnit == unit
            // An amount a week or month is judged by its sum, not by kept days: those fields do not apply.
            let byAmount = target.period == StreakPeriod(rawValue: unit.rawValue)
            fields["\(unit.rawValue)_kept_days"] = number(streak.weekKeptDays, when: isUnit && !byAmount)
            fields["\(unit.rawValue)_target"] = number(streak.weekTarget, when: isUnit && !byAmount)
            fields["\(unit.rawValue)_days_left"] = number(streak.weekDaysLeft, when: isUnit)
        }
        let monthly = target.period == .month
        fields["month_amount"] = monthly ? (streak.weekAmount ?? 0) as Any : NSNull()
        fields["month_amount_target"] = monthly ? (streak.weekAmountTarget ?? target.amount ?? 0) as Any : NSNull()
        let rolling = streak.windowDays != nil
        fields["window_kept_days"] = number(streak.windowKeptDays, when: rolling)
        fields["window_target"] = number(streak.windowTarget, when: rolling)
        fields["window_days"] = number(streak.windowDays, when: rolling)
        return fields
    }

    static func json(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// One aligned line per streak, in words: the overview for scripts and people.
    static func statusLines(_ streaks: [(key: String, evaluation: StreakEvaluation, configuration: StreakConfiguration)], now: Date, zone: TimeZone) -> [String] {
        // A title, where the streak has one, after its key.
        let names = streaks.map { item in item.configuration.title.map { "\(item.key) (\($0))" } ?? item.key }
        let keyWidth = names.map(\.count).max() ?? 0
        let numbers = streaks.map { $0.configuration.isTrackingOnly ? "tracking" : length($0.evaluation.streak) }
        let numberWidth = numbers.map(\.count).max() ?? 0
        let todays = streaks.map { item in
            StreakFacts.progressShort(item.evaluation.streak, goal: item.evaluation.streak.eventsRequiredPerDay ?? item.configuration.eventsRequiredPerDay)
        }
        let todayWidth = max(11, todays.map(\.count).max() ?? 0)
        return zip(zip(streaks, names), zip(numbers, todays)).map { pair, columns in
            let (item, name) = pair
            let (number, today) = columns
            return [
                name.padding(toLength: keyWidth, withPad: " ", startingAt: 0),
                String(repeating: " ", count: numberWidth - number.count) + number,
                today.padding(toLength: todayWidth, withPad: " ", startingAt: 0),
                statusPhrase(item.evaluation, now: now, zone: zone),
            ].joined(separator: "  ")
        }
    }

    /// A few lines for people. Tracking only has no streak to tell (rules 10 and 13): its
    /// latest value, how it moved and the month's figures instead.
    static func statusText(_ evaluation: StreakEvaluation, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> String {
        let streak = evaluation.streak
        let current = streak.currentStreak ?? 0
        let goal = streak.eventsRequiredPerDay ?? configuration.eventsRequiredPerDay
        let name = configuration.title.map { "\($0) (\(streak.streakKey))" } ?? streak.streakKey
        if let measurements = StreakMeasurements(evaluation: evaluation) {
            var lines = ["\(name): \(StreakFacts.measurementPhrase(measurements, unit: configuration.unit))"]
            let today = configuration.measure == .sum ? [StreakFacts.progressShort(streak, goal: goal)] : []
            let facts = today + StreakFacts.measurementFigures(measurements, unit: configuration.unit)
                + [StreakFacts.readings(streak.totalEvents ?? 0, measure: measurements.measure)]
            lines.append("  " + facts.joined(separator: " · "))
            return lines.joined(separator: "\n")
        }
        var lines = ["\(name): \(length(current, of: streak)) — " + statusPhrase(evaluation, now: now, zone: zone)]
        var details = [StreakFacts.progressShort(streak, goal: goal), "longest \(length(streak.longestStreak ?? 0, of: streak))", count(streak.totalEvents ?? 0, "event")]
        if let start = streak.dateStreakStart { details.append("since \(localDay(start, zone))") }
        if let strength = StreakStrength(evaluation: evaluation) { details.append("strength \(strength.percent)%") }
        lines.append("  " + details.joined(separator: " · "))
        if configuration.freezeBehavior != .noFreezes {
            var freezes = "  freezes: \(streak.freezesAvailableCount ?? 0) available"
            let needed = streak.freezesNeededToSaveStreak ?? 0
            if configuration.freezeBehavior == .manuallyConsumeFreezes, needed > 0 {
                freezes += (streak.freezesAvailableCount ?? 0) >= needed
                    ? " · \(needed) would restore the streak (streaks freeze use)"
                    : " · not enough to restore it (that takes \(needed))"
            }
            lines.append(freezes)
        }
        return lines.joined(separator: "\n")
    }

    /// The status in a phrase; a tracking-only streak's latest value (rule 13).
    static func statusPhrase(_ evaluation: StreakEvaluation, now: Date, zone: TimeZone) -> String {
        if let measurements = StreakMeasurements(evaluation: evaluation) {
            return StreakFacts.measurementPhrase(measurements, unit: evaluation.configuration.unit)
        }
        return statusPhrase(evaluation.streak, now: now, zone: zone)
    }

    static func statusPhrase(_ streak: CurrentStreakData, now: Date, zone: TimeZone) -> String {
        StreakFacts.statusLine(streak, now: now, zone: zone)
    }

    static func days(_ number: Int) -> String { count(number, "day") }

    /// The current streak in its unit: "5 days", "3 weeks", "2 months".
    static func length(_ streak: CurrentStreakData) -> String { length(streak.currentStreak ?? 0, of: streak) }

    static func length(_ number: Int, of streak: CurrentStreakData) -> String { StreakFacts.length(number, of: streak) }

    static func count(_ number: Int, _ noun: String) -> String { counted(number, noun) }

    static func localDay(_ date: Date, _ zone: TimeZone) -> String { LocalTimeText.day(date, zone) }

    static func localTime(_ date: Date, _ zone: TimeZone) -> String { LocalTimeText.dateTime(date, zone) }
}
