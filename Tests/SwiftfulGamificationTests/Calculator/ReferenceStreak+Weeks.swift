import Foundation
@testable import SwiftfulGamification

/// Rule 8's weeks, by kept days (`timesPerWeek`) or by their sums (rule 10's weekly targets).
extension ReferenceStreak {
    func weekStart(_ day: Int) -> Int {
        if isMonthly {
            let date = CalendarDay(dayNumber: day)
            return CalendarDay(year: date.year, month: date.month, day: 1).dayNumber
        }
        let all = Weekday.allCases
        let offset = all.firstIndex(of: CalendarDay(dayNumber: day).dayOfWeek)! - all.firstIndex(of: input.configuration.weekStart)!
        return day - offset.floorModulo(7)
    }

    /// The last day of the week (or month) starting on `start`.
    func weekEnd(_ start: Int) -> Int {
        guard isMonthly else { return start + 6 }
        let date = CalendarDay(dayNumber: start)
        return CalendarDay(year: date.month == 12 ? date.year + 1 : date.year, month: date.month % 12 + 1, day: 1).dayNumber - 1
    }

    /// The first day of the week (or month) before the one starting on `start`.
    func weekBefore(_ start: Int) -> Int { weekStart(start - 1) }

    enum WeekState { case kept, bridged, gap, open }

    struct WeekFigures {
        var state: WeekState
        var kept = 0, target = 0
        /// A weekly target's sum and X_w (X for a limit), in thousandths.
        var sum: Int64 = 0, targetAmount: Int64 = 0
    }

    func weekState(_ start: Int, _ walked: Walked, _ context: WalkContext) -> WeekFigures {
        let end = weekEnd(start), length = end - start + 1
        let open = end >= context.today || (context.yesterdayOpen && end == context.today - 1)
        // One pass over the seven days (this runs for every crediting at every moment).
        var frozen = false, skipped = 0, skippedUnkept = 0, kept = 0, sum: Int64 = 0
        for day in start...end {
            if context.frozen.contains(day) { frozen = true }
            let isKept = day <= context.today && walked.kept.contains(day)
            if isKept { kept += 1 }
            if kind(day) == .skipped {
                skipped += 1
                if !walked.kept.contains(day) { skippedUnkept += 1 }
            }
            if day <= context.today, day >= context.bottom { sum += walked.sum(day) }
        }
        let weekTarget = target(on: end)
        if weekTarget.period != .day, weekTarget.kind != .tracking {
            let amount = targetAmount(on: end)
            if weekTarget.kind == .atMost {
                var figures = WeekFigures(state: .kept, sum: sum, targetAmount: amount)
                if skipped == length { figures.state = .bridged } else if sum > amount { figures.state = frozen ? .bridged : .gap } else if open { figures.state = .open }
                return figures
            }
            // X_w: X lowered by the skipped days, rounded up to 0.001.
            let lowered = (amount * Int64(length - skipped) + Int64(length) - 1) / Int64(length)
            var figures = WeekFigures(state: .gap, sum: sum, targetAmount: lowered)
            if skipped == length { figures.state = .bridged } else if sum >= lowered { figures.state = .kept } else if open { figures.state = .open } else if frozen { figures.state = .bridged }
            return figures
        }
        let times: Int
        switch input.configuration.schedule {
        case .timesPerWeek(let weekly): times = weekly
        case .timesPerMonth(let monthly): times = monthly
        default: fatalError("not a weekly streak")
        }
        let target = min(times, length - skippedUnkept)
        var figures = WeekFigures(state: .gap, kept: kept, target: target)
        if target == 0 { figures.state = .bridged } else if kept >= target { figures.state = .kept } else if open { figures.state = .open } else if frozen { figures.state = .bridged }
        return figures
    }

    /// Whether the week starting on `start` is judged at all (a limit's weeks from its start day's week on).
    func isJudged(week start: Int, _ context: WalkContext) -> Bool {
        weekEnd(start) >= context.bottom
    }

    func walkWeeks(_ walked: inout Walked, _ context: WalkContext) {
        var closedKeptSeen = false
        var start = weekStart(context.today)
        while weekEnd(start) >= context.firstDay, isJudged(week: start, context) {
            let state = weekState(start, walked, context).state
            if state == .kept {
                walked.streak += 1
                walked.start = start
                if weekEnd(start) < context.today, !context.isOpen(weekEnd(start)) { closedKeptSeen = true }
            }
            if state != .gap {
                start = weekBefore(start)
                continue
            }
            // The gap weeks back to a kept or bridged week (an open one within its limit waits).
            var gapWeeks: [Int] = []
            var stop = start
            while weekEnd(stop) >= context.firstDay, isJudged(week: stop, context) {
                let state = weekState(stop, walked, context).state
                if state == .kept || state == .bridged { break }
                if state == .gap { gapWeeks.append(stop) }
                stop = weekBefore(stop)
            }
            let savable = weekEnd(stop) >= context.firstDay && isJudged(week: stop, context)
            if savable, behavior == .autoConsumeFreezes, gapWeeks.allSatisfy({ weekEnd($0) >= context.settledBefore }),
               let assigned = assign(gapWeeks.map { ($0, weekEnd($0)) }, pool: context.pool, used: walked.used) {
                walked.used += assigned
                start = stop
                continue
            }
            if savable, behavior == .manuallyConsumeFreezes, !closedKeptSeen { walked.trailing = gapWeeks.map { weekEnd($0) }.sorted() }
            return
        }
    }

    /// The days a calendar shows kept: as credited, or of a weekly target the days of a kept
    /// week that hold some of its sum (all of a limit's judged days).
    func keptDays(_ walked: Walked, _ context: WalkContext) -> Set<Int> {
        guard isWeekly, todayTarget.period != .day, context.firstDay <= context.today else { return walked.kept }
        var kept = Set<Int>()
        var start = weekStart(context.today)
        while weekEnd(start) >= context.firstDay {
            if weekState(start, walked, context).state == .kept {
                let first = max(start, context.firstDay, isLimit ? context.bottom : .min), last = min(weekEnd(start), context.today)
                if first <= last {
                    for day in first...last where isLimit || walked.sum(day) > 0 { kept.insert(day) }
                }
            }
            start = weekBefore(start)
        }
        return kept
    }
}
