import Foundation
import StreakStoreKit
import SwiftfulGamification

/// A streak in JSON, in the words every surface shares (the command line's `--json`, the
/// server's answers): snake_case keys, ISO 8601 dates in UTC, null for a missing value
/// (never a left-out key), the command line's own words for modes.
public enum StatusJSON {
    /// `items` in the order every screen shows streaks (`StreakOrder`).
    public static func inDisplayOrder<Item>(_ items: [Item], configuration: (Item) -> StreakConfiguration) -> [Item] {
        let rank = Dictionary(uniqueKeysWithValues: StreakOrder.sorted(items.map(configuration)).enumerated().map { ($1.streakKey, $0) })
        return items.sorted { rank[configuration($0).streakKey, default: 0] < rank[configuration($1).streakKey, default: 0] }
    }

    public static func statusJSON(_ evaluation: StreakEvaluation, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> String {
        json(statusObject(evaluation, configuration: configuration, now: now, zone: zone))
    }

    /// `statusObject` with rule 13's strength (a whole percent; null for tracking only).
    public static func statusObject(_ evaluation: StreakEvaluation, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> [String: Any] {
        var object = statusObject(evaluation.streak, configuration: configuration, now: now, zone: zone)
        object["strength"] = StreakStrength.percent(of: evaluation).map { $0 as Any } ?? NSNull()
        // Rule 13: a tracking-only streak's day value, today's and the latest (`stats` has the rest).
        let measured = measurementFields(StreakMeasurements(evaluation: evaluation))
        for key in ["measure", "today_value", "latest"] { object[key] = measured[key] }
        return object
    }

    /// Rule 13's fields: null for a streak that is not tracking only (never a left-out key).
    public static func measurementFields(_ measurements: StreakMeasurements?) -> [String: Any] {
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
    public static func statusObject(_ streak: CurrentStreakData, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> [String: Any] {
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
    public static func periodFields(_ streak: CurrentStreakData, target: StreakTarget) -> [String: Any] {
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

    public static func json(_ object: Any) -> String {
        var writer = JSONWriter(capacity: 1_024)
        writer.any(object)
        return writer.text
    }

    /// What a change produced (`StreakStore.apply`), as `streaks apply` prints it and the
    /// server answers it: the streak as the change left it, the events it stored, the event it
    /// removed, the freezes it used, the trash record, the points it earned.
    public static func changeResult(
        key: String, summary: String, _ produced: StreakChangeResult, alreadyApplied: Bool, now: Date, zone: TimeZone
    ) -> [String: Any] {
        [
            "key": key,
            "summary": summary,
            "already_applied": alreadyApplied,
            "added": produced.added.map(\.id),
            "removed": produced.removed.map { $0.id as Any } ?? NSNull(),
            "used_freezes": produced.usedFreezes.count,
            "earned": produced.earned.map(\.points).reduce(0, +),
            "streak": produced.evaluation.map { statusObject($0, configuration: $0.configuration, now: now, zone: zone) as Any } ?? NSNull(),
            "trashed": produced.trashed.map { ["key": $0.streakKey, "date_deleted": ISODate.format($0.dateDeleted)] as Any } ?? NSNull(),
        ]
    }
}
