import Foundation

/// Rule 13's strength: Loop Habit Tracker's score, a number in [0, 1] that rises with every
/// kept day and decays with every missed one, so people moving from Loop see the number they
/// knew. Computed day by day from the streak's first day to yesterday, and today once today
/// is kept (or a limit's today is over); a skipped or frozen day leaves it as it was.
///
/// - Complexity: O(days of history).
public struct StreakStrength: Sendable, Equatable {
    /// The score after each scored day, oldest first (a chart's series).
    public let series: [Point]

    public struct Point: Sendable, Equatable {
        public let day: CalendarDay
        public let score: Double
    }

    /// The latest score (0 before any day was scored; 1 for a limit).
    public let score: Double

    /// The score as a whole percentage, half rounding up.
    public var percent: Int { Self.percent(score) }

    /// The change, in whole percentage points, since the score `days` before the latest
    /// scored day (its first score when the history is shorter).
    public func change(overDays days: Int) -> Int {
        guard let last = series.last else { return 0 }
        let earlier = series.last { $0.day <= last.day.adding(days: -days) }?.score ?? initial
        return percent - Self.percent(earlier)
    }

    let initial: Double

    static func percent(_ score: Double) -> Int { Int((score * 100).rounded(.toNearestOrAwayFromZero)) }

    /// The strength of `evaluation`'s streak; nil for a tracking-only streak (no target to keep).
    public init?(evaluation: StreakEvaluation) {
        var points: [Point] = []
        guard let (initial, score) = Self.walk(evaluation, scored: { points.append(Point(day: $0, score: $1)) }) else { return nil }
        series = points
        self.initial = initial
        self.score = score
    }

    /// The latest score as a whole percentage alone (what a status line shows), without the
    /// series; nil for a tracking-only streak.
    public static func percent(of evaluation: StreakEvaluation) -> Int? {
        walk(evaluation, scored: { _, _ in }).map { percent($0.score) }
    }

    /// Scores the streak day by day (each scored day handed to `scored`); the first and the
    /// latest score, nil for a tracking-only streak. Reads one day at a time and keeps one
    /// window of values: a three-year streak's days as one array were a large allocation at
    /// every status of a server's GET.
    private static func walk(_ evaluation: StreakEvaluation, scored: (CalendarDay, Double) -> Void) -> (initial: Double, score: Double)? {
        let configuration = evaluation.configuration
        let target = configuration.effectiveTarget
        guard target.kind != .tracking, let first = evaluation.firstHistoryDay else { return nil }
        let today = evaluation.today
        let frequency = Self.frequency(configuration.schedule, target: target)
        let multiplier = pow(0.5, sqrt(Double(frequency.num) / Double(frequency.den)) / 13)
        let isLimit = target.kind == .atMost
        let byAmount = configuration.measuresAmount
        // Amounts: the sum over the target's period; counts: kept days over one (or, below
        // once a day, two) periods of the frequency.
        // At least one day: a configuration made without validation may ask for none.
        let window = max(1, byAmount ? (target.period == .week ? 7 : target.period == .month ? 30 : 1) : frequency.num < frequency.den ? 2 * frequency.den : frequency.den)
        let needed = byAmount ? 0 : (frequency.num < frequency.den ? 2 * frequency.num : frequency.num)
        var recent = [Double](repeating: 0, count: window)  // per day: kept (1/0), or its sum; the last `window` days
        let initial = isLimit ? 1.0 : 0.0
        var score = initial
        var running = 0.0
        guard first <= today else { return (initial, score) }
        for (index, number) in (first.dayNumber...today.dayNumber).enumerated() {
            let record = evaluation.day(CalendarDay(dayNumber: number))
            let value = byAmount ? record.amount : (record.state == .kept ? 1 : 0)
            running += value
            running -= recent[index % window]  // the value `window` days back (0 before)
            recent[index % window] = value
            if record.day == today, !(record.state == .kept || (isLimit && record.isOverLimit)) { break }
            guard record.state != .skipped, record.state != .frozen else { continue }
            let reached: Double
            if byAmount {
                // Each day against the target in force on it (rule 10: older days keep theirs).
                let amount = record.targetAmount ?? target.amount ?? 0
                if isLimit {
                    reached = amount == 0 ? (running == 0 ? 1 : 0) : min(1, max(0, 1 - (running - amount) / amount))
                } else {
                    reached = amount > 0 ? min(1, running / amount) : 1
                }
            } else {
                reached = min(1, running / Double(needed))
            }
            score = score * multiplier + reached * (1 - multiplier)
            scored(record.day, score)
        }
        return (initial, score)
    }

    /// The expected share of days as num/den: 1/1 daily, |set|/7 on weekdays, T/7 a week;
    /// an amount a week 1/7; as Loop reads a month, X/30 and an amount a month 1/30; X/Y for
    /// X in Y days.
    static func frequency(_ schedule: StreakSchedule, target: StreakTarget) -> (num: Int, den: Int) {
        if target.period == .week { return (1, 7) }
        if target.period == .month { return (1, 30) }
        switch schedule {
        case .daily: return (1, 1)
        case .weekdays(let days): return (max(1, days.count), 7)
        case .timesPerWeek(let times): return (times, 7)
        case .timesPerMonth(let times): return (times, 30)
        case .rolling(let times, let days): return (times, days)
        }
    }
}
