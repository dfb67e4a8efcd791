/// Rule 13's statistics of a tracking-only streak's day values: the latest, its change over
/// 7 and 30 days, and the mean, least and greatest over 7, 30 and 365 days and all time.
/// Exact to 0.001, as every amount.
public struct StreakMeasurements: Sendable, Equatable, Codable {
    /// The figures of the logged days of one window ending today.
    public struct Window: Sendable, Equatable, Codable {
        /// Its length in days (today and the days before); nil for all time.
        public let days: Int?
        /// Logged days in it.
        public let logged: Int
        /// nil when no day of it was logged.
        public let mean: Double?
        public let min: Double?
        public let max: Double?
    }

    public struct Reading: Sendable, Equatable, Codable {
        public let day: CalendarDay
        public let value: Double
    }

    public let measure: StreakMeasure
    /// The today they were taken on.
    public let asOf: CalendarDay
    /// Today's day value; nil until today has a reading.
    public let today: Double?
    /// The last logged day and its value; nil before any.
    public let latest: Reading?
    /// The latest value less the value of the last logged day on or before today - 7 (- 30);
    /// nil without such a day.
    public let change7: Double?
    public let change30: Double?
    public let last7: Window
    public let last30: Window
    public let last365: Window
    public let allTime: Window

    /// The measurements of `evaluation`'s streak; nil unless it is tracking only.
    /// - Complexity: O(days of history).
    public init?(evaluation: StreakEvaluation) {
        guard evaluation.configuration.isTrackingOnly else { return nil }
        let today = evaluation.today
        let logged = (evaluation.firstHistoryDay.map { evaluation.days(from: $0, through: today) } ?? [])
            .filter { $0.state == .logged }
            .map { (day: $0.day, value: StreakAmount.thousandths($0.amount)) }
        measure = evaluation.configuration.measure
        asOf = today
        self.today = logged.last.flatMap { $0.day == today ? StreakAmount.value(thousandths: $0.value) : nil }
        latest = logged.last.map { Reading(day: $0.day, value: StreakAmount.value(thousandths: $0.value)) }
        func change(_ days: Int) -> Double? {
            guard let latest = logged.last, let earlier = logged.last(where: { $0.day <= today.adding(days: -days) }) else { return nil }
            return StreakAmount.value(thousandths: latest.value - earlier.value)
        }
        change7 = change(7)
        change30 = change(30)
        func window(_ days: Int?) -> Window {
            Self.window(of: logged.filter { days == nil || $0.day > today.adding(days: -days!) }.map(\.value), days: days)
        }
        last7 = window(7)
        last30 = window(30)
        last365 = window(365)
        allTime = window(nil)
    }

    /// The figures of any run of days (a week on a panel): their logged days' values.
    public static func window(of records: [StreakDay], days: Int?) -> Window {
        window(of: records.filter { $0.state == .logged }.map { StreakAmount.thousandths($0.amount) }, days: days)
    }

    private static func window(of values: [Int64], days: Int?) -> Window {
        guard !values.isEmpty else { return Window(days: days, logged: 0, mean: nil, min: nil, max: nil) }
        let mean = (Double(values.reduce(Int64(0), &+)) / Double(values.count)).rounded(.toNearestOrAwayFromZero)
        return Window(
            days: days, logged: values.count, mean: StreakAmount.value(thousandths: Int64(mean)),
            min: StreakAmount.value(thousandths: values.min()!), max: StreakAmount.value(thousandths: values.max()!)
        )
    }
}
