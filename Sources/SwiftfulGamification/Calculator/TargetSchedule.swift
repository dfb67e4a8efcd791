/// The target in force on every day (rule 10): a change applies from the day it was made (in
/// the current zone), a weekly target from the week holding that day; days before the first
/// change keep the first change's target.
///
/// A change without a target keeps the configuration's, and with none of either a day asks
/// for at least the change's `eventsRequiredPerDay` events, as it always did.
struct TargetSchedule: Sendable {
    private let targets: DayChanges<StreakTarget>

    /// (first day, target), ascending by day.
    var changes: [(day: Int, target: StreakTarget)] { targets.changes.map { (day: $0.day, target: $0.value) } }
    var fallback: StreakTarget { targets.fallback }

    /// A schedule already in day numbers (as stored).
    init(days: [Int], targets: [StreakTarget], fallback: StreakTarget) {
        self.targets = DayChanges(zip(days, targets).map { (day: $0, value: $1) }, fallback: fallback)
    }

    init(changes: [StreakGoalChange], configuration: StreakConfiguration, dayOf: (StreakGoalChange) -> Int) {
        let fallback = configuration.target ?? .atLeast(Double(max(1, configuration.eventsRequiredPerDay)), per: .day)
        targets = DayChanges(
            changes.map { change in
                (day: dayOf(change), value: change.target ?? configuration.target ?? .atLeast(Double(max(1, change.eventsRequiredPerDay)), per: .day))
            },
            fallback: fallback
        )
    }

    func target(on day: Int) -> StreakTarget { targets.value(on: day) }

    /// Targets of `count` consecutive days from `firstDay`, in one sweep.
    func targets(from firstDay: Int, count: Int) -> [StreakTarget] { targets.values(from: firstDay, count: count) }

    /// At least each day's goal of events: what a streak without targets asks.
    init(goals: GoalSchedule) {
        self.init(
            days: goals.changes.map(\.day), targets: goals.changes.map { .atLeast(Double($0.goal), per: .day) },
            fallback: .atLeast(Double(goals.fallback), per: .day)
        )
    }

    func isSame(as other: TargetSchedule) -> Bool {
        fallback == other.fallback && changes.elementsEqual(other.changes) { $0.day == $1.day && $0.target == $1.target }
    }
}

/// A target as the calculator judges it: its direction, period and X in thousandths, made
/// safe whatever the configuration holds (a goal below 1 counts as 1, an amount that is not
/// a number as the least there is).
struct Judgement: Hashable, Sendable {
    enum Kind: UInt8, Sendable {
        case atLeast, atMost, tracking
    }

    let kind: Kind
    let period: StreakPeriod
    /// X in thousandths.
    let amount: Int64

    init(_ target: StreakTarget) {
        switch target {
        case .atLeast(let value, let per):
            kind = .atLeast
            period = per
            amount = Self.thousandths(value, least: 1)
        case .atMost(let value, let per):
            kind = .atMost
            period = per
            amount = Self.thousandths(value, least: 0)
        case .trackingOnly:
            kind = .tracking
            period = .day
            amount = 0
        }
    }

    /// `value` in thousandths, clamped to `least...largest` (NaN is `least`).
    static func thousandths(_ value: Double, least: Int64) -> Int64 {
        guard value.isFinite else { return value == .infinity ? StreakAmount.thousandths(StreakAmount.largest) : least }
        return max(least, StreakAmount.thousandths(min(max(value, 0), StreakAmount.largest)))
    }

    var isLimit: Bool { kind == .atMost }
    /// Judged over a week or a month (rules 10 and 12), not day by day.
    var isWeekly: Bool { kind != .tracking && period != .day }

    /// X_w (rule 10): a weekly (or monthly, rule 12, `length` days) at-least target lowered by
    /// `skipped` days, rounded up to 0.001; a limit is not lowered by skips.
    func weekAmount(skipped: Int, of length: Int = 7) -> Int64 {
        guard kind == .atLeast else { return amount }
        let whole = Int64(max(1, length))
        let days = Int64(max(0, length - skipped))
        let (product, overflow) = amount.multipliedReportingOverflow(by: days)
        return overflow ? amount / whole * days + 1 : (product + whole - 1) / whole
    }
}
