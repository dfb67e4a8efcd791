import Foundation
@testable import SwiftfulGamification
import GamificationSupport

/// STREAK_RULES.md rules 1-10 applied literally, by brute force: every crediting of every
/// whole event to the days it allows is tried and ranked by rule 4, and the longest streak is
/// the largest current streak at any `now` up to the present (rule 6). Everything is in one
/// zone, with `Calendar` for day arithmetic, and amounts summed as thousandths. Small
/// histories only.
///
/// Where the rules leave a choice open (which of two equally good creditings), every
/// crediting rule 4 ranks best is kept, and the calculator must give one of their results.
struct ReferenceStreak {
    struct Input {
        var events: [StreakEvent]
        let freezes: [StreakFreeze]
        let configuration: StreakConfiguration
        let skips: Set<Int>
        let now: Date
        var goalSchedule: [StreakGoalChange] = []
    }

    /// The fields the calculator is compared on (amounts in thousandths).
    struct Result: Hashable, CustomStringConvertible {
        var current = 0, longest = 0, todayCount = 0, freezesLeft = 0, needed = 0
        var start: Date?
        var deadline: Date?
        var status = StreakStatus.noEvents
        var consumptions: [String] = []
        var todayAmount: Int64?
        var amountLeft: Int64?
        var weekAmount: Int64?
        var isOverLimit: Bool?

        var description: String {
            "current \(current) longest \(longest) start \(start.map { "\($0)" } ?? "-") deadline \(deadline.map { "\($0)" } ?? "-") "
                + "status \(status) today \(todayCount) left \(freezesLeft) used \(consumptions) needed \(needed)"
                + " amount \(todayAmount.map(String.init) ?? "-") left \(amountLeft.map(String.init) ?? "-")"
                + " week \(weekAmount.map(String.init) ?? "-") over \(isOverLimit.map { "\($0)" } ?? "-")"
        }
    }

    static let zone = TimeZone(identifier: "America/New_York")!
    let input: Input
    let calendar: Calendar
    /// The goal schedule's changes by day, in the order recorded among equal days.
    let changes: [(day: Int, change: StreakGoalChange)]
    /// Each day's target from `targetBase` on (looked up a lot).
    private var dayTargets: [StreakTarget] = []
    /// Their X in thousandths, and whether each is due, rest or skipped.
    private var dayAmounts: [Int64] = []
    private var dayKinds: [StreakDayKind] = []
    private var targetBase = 0

    init(_ input: Input) {
        self.input = input
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone
        self.calendar = calendar
        changes = input.goalSchedule.enumerated()
            .map { (day: CalendarDay(containing: $1.date, in: Self.zone).dayNumber, offset: $0, change: $1) }
            .sorted { ($0.day, $0.offset) < ($1.day, $1.offset) }
            .map { (day: $0.day, change: $0.change) }
        let days = input.events.map { CalendarDay(containing: $0.dateCreated, in: Self.zone).dayNumber } + [CalendarDay(containing: input.now, in: Self.zone).dayNumber]
            + [input.configuration.startDay?.dayNumber].compactMap { $0 }
        targetBase = days.min()! - 9
        dayTargets = (targetBase...(days.max()! + 9)).map { resolvedTarget(on: $0) }
        dayAmounts = dayTargets.map(Self.thousandths)
        dayKinds = (targetBase..<(targetBase + dayTargets.count)).map { resolvedKind($0) }
    }

    /// X of `day`'s target in thousandths.
    func targetAmount(on day: Int) -> Int64 {
        let index = day - targetBase
        return index >= 0 && index < dayAmounts.count ? dayAmounts[index] : Self.thousandths(target(on: day))
    }

    /// The leeway in force on `day` (rule 11): the latest change at or before it (the first
    /// change's before any), its own leeway, else the configuration's.
    func leeway(on day: Int) -> Int {
        guard var chosen = changes.first?.change else { return min(max(input.configuration.leewayHours, 0), 24) }
        for change in changes where change.day <= day { chosen = change.change }
        return min(max(chosen.leewayHours ?? input.configuration.leewayHours, 0), 24)
    }
    var behavior: FreezeBehavior { isTracking ? .noFreezes : input.configuration.freezeBehavior }

    func day(of date: Date) -> Int { CalendarDay(containing: date, in: Self.zone).dayNumber }
    func startOf(_ day: Int) -> Date { calendar.startOfDay(for: wallClock(day, hour: 12)) }
    func wallClock(_ day: Int, hour: Int) -> Date {
        let date = CalendarDay(dayNumber: day + hour / 24)
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: hour % 24))!
    }
    func secondOfDay(_ date: Date) -> Int {
        let components = calendar.dateComponents([.hour, .minute, .second], from: date)
        return components.hour! * 3_600 + components.minute! * 60 + components.second!
    }
    func kind(_ day: Int) -> StreakDayKind {
        let index = day - targetBase
        return index >= 0 && index < dayKinds.count ? dayKinds[index] : resolvedKind(day)
    }

    private func resolvedKind(_ day: Int) -> StreakDayKind {
        if input.skips.contains(day) { return .skipped }
        return input.configuration.schedule.isDue(on: CalendarDay(dayNumber: day).dayOfWeek) ? .due : .rest
    }

    // MARK: Targets (rule 10)

    /// The target in force on `day`: the latest change at or before it (the first change's
    /// before any), its own target, else the configuration's, else at least its goal.
    func target(on day: Int) -> StreakTarget {
        let index = day - targetBase
        return index >= 0 && index < dayTargets.count ? dayTargets[index] : resolvedTarget(on: day)
    }

    private func resolvedTarget(on day: Int) -> StreakTarget {
        guard var chosen = changes.first?.change else { return input.configuration.effectiveTarget }
        for change in changes where change.day <= day { chosen = change.change }
        return chosen.target ?? input.configuration.target ?? .atLeast(Double(chosen.eventsRequiredPerDay), per: .day)
    }

    var today: Int { day(of: input.now) }
    var todayTarget: StreakTarget { target(on: today) }
    var isTracking: Bool { todayTarget == .trackingOnly }
    var isLimit: Bool { todayTarget.kind == .atMost }
    /// Judged by weeks, or by calendar months (rule 12, "week" read as "month" throughout).
    var isWeekly: Bool {
        switch input.configuration.schedule {
        case .timesPerWeek, .timesPerMonth: return true
        default: return todayTarget.period == .week || todayTarget.period == .month
        }
    }

    var isMonthly: Bool {
        if case .timesPerMonth = input.configuration.schedule { return true }
        return todayTarget.period == .month
    }

    /// X in thousandths.
    static func thousandths(_ target: StreakTarget) -> Int64 { target.amount.map(StreakAmount.thousandths) ?? 0 }

    /// A limit's start day: the configuration's, else the own day of the first regular event
    /// logged (the earliest instant: the day the streak began to be used).
    var limitStart: Int? {
        guard isLimit else { return nil }
        if let start = input.configuration.startDay { return start.dayNumber }
        return input.events.filter { !$0.isFreeze && $0.dateCreated <= input.now }
            .min { ($0.dateCreated, $0.id) < ($1.dateCreated, $1.id) }.map { min(ownDayAndSecond($0).day, today) }
    }

    // MARK: Results

    /// The results of every crediting rule 4 ranks best, each with the longest streak.
    func results() -> Set<Result> {
        if isRolling, !isTracking { return [rollingResult()] }
        if !isTracking {
            let best = settledBest()
            var result = fill(best.walks[0], best.context, regular: best.regular, now: input.now)
            result.longest = max(best.longest, result.current)
            return [result]
        }
        var longest = 0
        for moment in pastMoments() { longest = max(longest, bestWalks(at: moment).walks.first?.streak ?? 0) }
        let best = bestWalks(at: input.now)
        return Set(best.walks.map { fill($0, best.context, regular: best.regular, now: input.now) }.map { result in
            var result = result
            result.longest = isTracking ? 0 : max(longest, result.current)
            return result
        })
    }

    /// Every instant at which the current streak can take a new value, up to now: each event,
    /// the last second before a day closes (at least a target: the largest values), and the
    /// second it closes (a limit's largest values).
    func pastMoments() -> [Date] {
        let instants = input.events.map(\.dateCreated).filter { $0 <= input.now }
        guard let first = instants.min() ?? input.configuration.startDay.map({ startOf($0.dayNumber) }) else { return [] }
        var moments = instants
        // Just before a day closes (at least a target), and as it closes (a limit: the events
        // logged at that very second may take back what the closing gave).
        let offsets: [TimeInterval] = isLimit ? [-1, 0] : [-1]
        for day in (day(of: first) - 1)...day(of: input.now) {
            for offset in offsets {
                moments.append(startOf(day + 1).addingTimeInterval(offset))
                if leeway(on: day) > 0 { moments.append(wallClock(day, hour: leeway(on: day)).addingTimeInterval(offset)) }
            }
        }
        return moments.filter { $0 <= input.now }
    }
}

extension ReferenceStreak {
    /// The seeds a property test runs: 1...`count` in CI; `REFERENCE_SEEDS=50000` (or
    /// `=4300-4400`) `swift test --filter Reference` looks further.
    static func seeds(default count: UInt64) -> ClosedRange<UInt64> {
        let bounds = (ProcessInfo.processInfo.environment["REFERENCE_SEEDS"] ?? "").split(separator: "-").compactMap { UInt64($0) }
        return bounds.count == 2 ? bounds[0]...bounds[1] : 1...(bounds.first ?? count)
    }

    /// Whether the calculator gives one of the results the reference ranks best for `input`;
    /// the seed, the history (`described`) and both answers otherwise.
    static func mismatch(seed: UInt64, _ input: Input, described: @autoclosure () -> String) -> String? {
        let expected = ReferenceStreak(input).results()
        let actual = ReferencePropertyTests.calculated(input)
        guard !expected.contains(actual) else { return nil }
        return "seed \(seed): \(described())\n  expected \(expected.map(\.description).joined(separator: "\n    or   "))\n  actual   \(actual)"
    }
}

extension ReferenceStreak {
    /// Zones events are logged in besides the current one, west and east of it: Honolulu and
    /// Los Angeles, London, Kolkata, Sydney and Kiritimati (19 hours ahead, so with a leeway
    /// of 6 hours or more an event can take part in a settlement two days before its own).
    static let otherZones = ["Pacific/Honolulu", "America/Los_Angeles", "Europe/London", "Asia/Kolkata", "Australia/Sydney", "Pacific/Kiritimati"]
        .map { TimeZone(identifier: $0)! }

    /// The current zone half of the time, else one of `otherZones`.
    static func eventZone(using random: inout SeededGenerator) -> TimeZone {
        Bool.random(using: &random) ? zone : otherZones.randomElement(using: &random)!
    }

    /// A random instant `daysBack` days before `now` (never after it), half of them within the
    /// leeway of a midnight of `zone`, where the leeway has a choice to make.
    static func randomInstant(
        now: Date, daysBack: ClosedRange<Int>, leeway: Int, zone: TimeZone, using random: inout SeededGenerator
    ) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let midnight = calendar.startOfDay(for: now.addingTimeInterval(-Double(Int.random(in: daysBack, using: &random)) * 86_400))
        let minute = Bool.random(using: &random) ? Int.random(in: 0..<1_440, using: &random)
            : [Int.random(in: 0..<(leeway * 60 + 30), using: &random), 1_439 - Int.random(in: 0..<(leeway * 60 + 30), using: &random)]
                .randomElement(using: &random)!
        return min(midnight.addingTimeInterval(Double(max(0, min(1_439, minute)) * 60)), now.addingTimeInterval(Double(Int.random(in: 0...600, using: &random))))
    }
}
