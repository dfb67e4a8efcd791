import Foundation
import PostgresNIO
import SwiftfulGamification

/// What a streak measures (rule 10) in its `streaks` columns: `target_kind`, `target_amount`
/// (numeric, exact), `target_period`, `unit`, `start_day` and `day_value` (rule 13), read
/// back as one JSON column.
struct PostgresMeasure: Equatable {
    var target: StreakTarget?
    var unit: String?
    var startDay: CalendarDay?
    var dayValue: StreakMeasure = .sum

    init(_ configuration: StreakConfiguration) {
        (target, unit, startDay, dayValue) = (configuration.target, configuration.unit, configuration.startDay, configuration.measure)
    }

    init(target: StreakTarget?, unit: String?, startDay: CalendarDay?) {
        (self.target, self.unit, self.startDay) = (target, unit, startDay)
    }

    /// One column: the five as a JSON object, for a row of `streaks` named `alias`.
    static func column(_ alias: String) -> String {
        let prefix = alias.isEmpty ? "" : "\(alias)."
        return """
        json_build_object('kind', \(prefix)target_kind, 'amount', \(prefix)target_amount, 'per', \(prefix)target_period, \
        'unit', \(prefix)unit, 'start_day', \(prefix)start_day, 'day_value', \(prefix)day_value)::text
        """
    }

    /// The measure from `column`'s JSON; nil when it cannot be read.
    init?(json text: String) {
        struct Columns: Decodable {
            let kind: String?, amount: Double?, per: String?, unit: String?
            let start_day: String?
            let day_value: String?
        }
        guard let columns = try? PostgresStreakStore.decoder.decode(Columns.self, from: text) else { return nil }
        let per = columns.per.flatMap(StreakPeriod.init(rawValue:)) ?? .day
        switch (columns.kind, columns.amount) {
        case (nil, _): target = nil
        case ("tracking"?, _): target = .trackingOnly
        case ("at_least"?, let amount?): target = .atLeast(amount, per: per)
        case ("at_most"?, let amount?): target = .atMost(amount, per: per)
        default: return nil
        }
        unit = columns.unit
        if let text = columns.day_value {
            guard let value = StreakMeasure(rawValue: text) else { return nil }
            dayValue = value
        }
        if let text = columns.start_day {
            guard let day = CalendarDay(parsing: text) else { return nil }
            startDay = day
        }
    }

    var kindText: String? { target?.kind.rawValue }
    var amountText: String? { target?.amount.map(StreakAmount.text) }
    var periodText: String? { target?.period?.rawValue }
    var startDayText: String? { startDay?.description }
    var dayValueText: String? { dayValue == .sum ? nil : dayValue.rawValue }
}

extension StreakConfiguration {
    /// This configuration measuring as `measure` says.
    func measuring(_ measure: PostgresMeasure) -> StreakConfiguration {
        StreakConfiguration(
            streakKey: streakKey, eventsRequiredPerDay: eventsRequiredPerDay, useServerCalculation: useServerCalculation,
            leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: schedule, weekStart: weekStart,
            target: measure.target, unit: measure.unit, startDay: measure.startDay
        ).titled(title).placed(group: group, position: position).measured(by: measure.dayValue)
    }
}
