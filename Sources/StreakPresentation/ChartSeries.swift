import Foundation
import SwiftfulGamification

/// What the chart view draws for one streak, from one evaluation: each day's value against
/// its target, each week's (or month's) total, and the strength day by day (rule 13). Pure
/// and O(days of history); computed once per evaluation.
public struct ChartSeries: Sendable {
    public struct Day: Sendable, Equatable {
        public let day: CalendarDay
        /// Events credited, the amount, or (tracking only) the day value; nil on a tracking-only
        /// day without a reading, so a measurement's line breaks there.
        public let value: Double?
        /// What the day asks (the goal, a daily target or limit); nil when the day is not judged
        /// by itself (tracking only, a weekly or monthly target).
        public let target: Double?
        public let state: StreakDay.State
        public let isOverLimit: Bool
    }

    public struct Period: Sendable, Equatable {
        public let start: CalendarDay
        public let end: CalendarDay
        /// The period's total (a measurement's mean of its logged days); nil when a measurement
        /// logged nothing in it.
        public let value: Double?
        /// What the period asks: a weekly or monthly target, or the kept days N a week needs.
        public let target: Double?
        public let state: StreakWeek.State?
    }

    /// From the first day of history through today (empty with no history).
    public let days: [Day]
    /// Weeks from the streak's week start, or months for a monthly streak, oldest first.
    public let periods: [Period]
    /// What a period's value counts.
    public enum PeriodMeaning: Sendable, Equatable {
        /// N a week or a month: the days kept, against the days needed.
        case keptDays
        /// A measurement's day values (rule 13): their mean.
        case mean
        /// Amounts: their sum.
        case total
        /// Counted events: how many.
        case events
    }

    /// Months for a monthly streak, else weeks.
    public let byMonth: Bool
    public let periodMeaning: PeriodMeaning

    /// "week" or "month".
    public var periodName: String { byMonth ? "month" : "week" }
    /// The strength after each scored day (empty for tracking only).
    public let strength: [StreakStrength.Point]
    /// A measurement (tracking only, rule 13): drawn as a line, not bars.
    public let isMeasurement: Bool
    public let isLimit: Bool
    public let unit: String?

    public init(evaluation: StreakEvaluation, strength: StreakStrength?) {
        let configuration = evaluation.configuration
        let today = evaluation.today
        let records = evaluation.firstHistoryDay.map { evaluation.days(from: $0, through: today) } ?? []
        let measuresAmount = configuration.measuresAmount
        let tracking = configuration.isTrackingOnly
        let dailyJudged = configuration.target?.period.map { $0 == .day } ?? true
        // Days of N a week or a month, or of a rolling window, are not judged one by one.
        let daysJudged = dailyJudged && configuration.streakUnit == .day && !configuration.schedule.isRolling
        isMeasurement = tracking
        isLimit = configuration.isLimit
        unit = configuration.unit
        days = records.map { record in
            let value: Double? = tracking ? (record.state == .logged ? record.amount : nil) : measuresAmount ? record.amount : Double(record.eventCount)
            let judged = daysJudged && record.state != .rest && record.state != .skipped && record.state != .beforeHistory
            let target: Double? = tracking || !judged ? nil : measuresAmount ? record.targetAmount : Double(max(record.goal, 1))
            return Day(day: record.day, value: value, target: target, state: record.state, isOverLimit: record.isOverLimit)
        }
        self.strength = strength?.series ?? []
        // Periods: the calculator's weeks (or months) where it judges them, else calendar weeks.
        let byMonth = configuration.streakUnit == .month
        self.byMonth = byMonth
        let judged = evaluation.weeks
        let countsDays = !measuresAmount && configuration.streakUnit != .day
        let meanOfDays = tracking && !configuration.measure.adds
        periodMeaning = countsDays ? .keptDays : meanOfDays ? .mean : measuresAmount ? .total : .events
        var periods: [Period] = []
        var start = records.first.map { Self.periodStart(of: $0.day, byMonth: byMonth, weekStart: configuration.weekStart) }
        var index = 0
        while let first = start, first <= today {
            let (year, month, _) = first.civil
            let end = byMonth ? CalendarDay(year: month == 12 ? year + 1 : year, month: month % 12 + 1, day: 1).adding(days: -1) : first.adding(days: 6)
            var inPeriod: [StreakDay] = []
            while index < records.count, records[index].day <= end {
                inPeriod.append(records[index])
                index += 1
            }
            let week = judged.last { $0.start <= first && first <= $0.end }
            let value: Double?
            let target: Double?
            if countsDays {
                value = Double(inPeriod.filter { $0.state == .kept }.count)
                target = week.map { Double($0.target) }
            } else if meanOfDays {
                value = StreakMeasurements.window(of: inPeriod, days: nil).mean
                target = nil
            } else {
                value = inPeriod.reduce(0) { $0 + (tracking && $1.state != .logged ? 0 : measuresAmount ? $1.amount : Double($1.eventCount)) }
                target = dailyJudged ? nil : week?.targetAmount
            }
            periods.append(Period(start: first, end: end, value: value, target: target, state: week?.state))
            start = end.adding(days: 1)
        }
        self.periods = periods
    }

    /// The day's record, if it is within the history.
    public func day(_ day: CalendarDay) -> Day? {
        guard let first = days.first, day >= first.day else { return nil }
        let index = day.dayNumber - first.day.dayNumber
        return index < days.count ? days[index] : nil
    }

    /// The period holding `day`.
    public func period(containing day: CalendarDay) -> Period? {
        periods.last { $0.start <= day && day <= $0.end }
    }

    /// The strength after `day` (the last score on or before it).
    public func strength(on day: CalendarDay) -> Double? {
        var low = 0, high = strength.count
        while low < high {
            let middle = (low + high) / 2
            if strength[middle].day <= day { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? strength[low - 1].score : nil
    }

    static func periodStart(of day: CalendarDay, byMonth: Bool, weekStart: SwiftfulGamification.Weekday) -> CalendarDay {
        if byMonth { return CalendarDay(year: day.civil.year, month: day.civil.month, day: 1) }
        let order = SwiftfulGamification.Weekday.allCases
        let back = (order.firstIndex(of: day.dayOfWeek)! - order.firstIndex(of: weekStart)!).floorModulo(7)
        return day.adding(days: -back)
    }
}
