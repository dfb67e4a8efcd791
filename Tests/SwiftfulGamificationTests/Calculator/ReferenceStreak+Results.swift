import Foundation
@testable import SwiftfulGamification

/// Rules 6, 7, 8 and 10's results from a chosen crediting, as the rules word them.
extension ReferenceStreak {
    func fill(_ best: Walked, _ context: WalkContext, regular: [StreakEvent], now: Date) -> Result {
        var result = Result()
        let today = context.today
        result.current = best.streak
        result.start = best.streak > 0 ? best.start.map(startOf) : nil
        result.todayCount = best.count(today)
        result.consumptions = best.used.map { "\(input.freezes[$0.freeze].id)@\(CalendarDay(dayNumber: $0.day))" }.sorted()
        result.needed = best.trailing.count
        let usedIds = Set(best.used.map { input.freezes[$0.freeze].id })
        result.freezesLeft = behavior == .noFreezes ? 0 : unusedFreezes.map { input.freezes[$0] }.filter { !$0.isExpired(at: now) && !usedIds.contains($0.id) }.count
        fillAmounts(&result, best, context, regular: regular)
        let lastEvent = regular.max { ($0.dateCreated, $0.id) < ($1.dateCreated, $1.id) }.map { min(ownDayAndSecond($0).day, today) }
        let kept = keptDays(best, context)
        let lastKept = kept.filter { $0 <= today && $0 >= context.firstDay }.max() ?? lastEvent ?? today
        let daysSince = max(0, today - lastKept)
        let todayKept = kept.contains(today)
        let end = { (day: Int) in self.wallClock(day + 1, hour: self.leeway(on: day + 1)) }
        if isTracking {
            result.status = regular.isEmpty ? .noEvents : .active(daysSinceLastEvent: daysSince)
            return result
        }
        if isWeekly {
            fillWeek(&result, best, context, regular: regular, daysSince: daysSince, todayKept: todayKept, end: end)
            return result
        }
        if isLimit {
            // Rule 10: broken only while today is over its limit and not bridged.
            let bridged = best.used.contains { $0.day == today }
            result.status = isGap(today, best, context) && !bridged ? .broken(daysSinceLastEvent: daysSince) : .active(daysSinceLastEvent: daysSince)
            return result
        }
        let yesterdayPending = context.yesterdayOpen && today - 1 >= context.firstDay && !best.kept.contains(today - 1)
            && !context.frozen.contains(today - 1) && kind(today - 1) == .due
        let todayResting = !todayKept && kind(today) != .due
        if regular.isEmpty {
            result.status = .noEvents
        } else if todayKept {
            result.status = .active(daysSinceLastEvent: 0)
        } else if best.streak > 0, yesterdayPending {
            result.status = .canExtendWithLeeway
        } else if best.streak > 0, todayResting {
            result.status = .active(daysSinceLastEvent: daysSince)
        } else if best.streak > 0 {
            result.status = .atRisk
        } else {
            result.status = .broken(daysSinceLastEvent: daysSince)
        }
        guard best.streak > 0, !todayKept else { return result }
        if yesterdayPending {
            result.deadline = end(today - 1)
        } else if todayResting || context.frozen.contains(today) {
            // Rule 6: a frozen today is passed like a rest day: the next due day must be kept.
            result.deadline = ((today + 1)...(today + 373)).first { kind($0) == .due }.map(end)
        } else {
            result.deadline = end(today)
        }
        return result
    }

    /// Today's sum, what is left to reach (or under) the target, the week's sum and whether
    /// the limit is passed: for a streak that measures amounts or whose events carry them.
    func fillAmounts(_ result: inout Result, _ best: Walked, _ context: WalkContext, regular: [StreakEvent]) {
        guard input.configuration.measuresAmount || regular.contains(where: { $0.amountThousandths != 1_000 }) else { return }
        result.todayAmount = best.sum(context.today)
        guard !isTracking else { return }
        var sum = best.sum(context.today), target = Self.thousandths(todayTarget)
        if todayTarget.period != .day {
            let week = weekState(weekStart(context.today), best, context)
            (sum, target) = (week.sum, week.targetAmount)
            result.weekAmount = sum
        }
        result.amountLeft = max(0, target - sum)
        if isLimit { result.isOverLimit = sum > target }
    }

    func fillWeek(
        _ result: inout Result, _ best: Walked, _ context: WalkContext, regular: [StreakEvent], daysSince: Int, todayKept: Bool, end: (Int) -> Date
    ) {
        let today = context.today
        let start = weekStart(today)
        let week = weekState(start, best, context)
        if isLimit {
            let bridged = best.used.contains { $0.day == weekEnd(start) }
            result.status = week.state == .gap && !bridged ? .broken(daysSinceLastEvent: daysSince) : .active(daysSinceLastEvent: daysSince)
            return
        }
        let byAmount = todayTarget.period != .day
        let last = weekEnd(start), before = weekBefore(start)
        let needed = max(0, week.target - week.kept)
        let after = stride(from: today + 1, through: last, by: 1).filter { kind($0) != .skipped }.count
        let previous = weekState(before, best, context)
        if regular.isEmpty {
            result.status = .noEvents
        } else if week.state == .kept {
            result.status = .active(daysSinceLastEvent: todayKept ? 0 : daysSince)
        } else if best.streak == 0, context.firstDay >= start {
            // Rule 7: the first week is still open, so nothing has broken yet.
            result.status = (byAmount ? today < last : after >= needed) ? .active(daysSinceLastEvent: todayKept ? 0 : daysSince) : .atRisk
        } else if best.streak == 0, context.yesterdayOpen, start - 1 == today - 1, previous.state == .open, context.firstDay >= before {
            result.status = .atRisk
        } else if best.streak == 0 {
            result.status = .broken(daysSinceLastEvent: daysSince)
        } else if context.yesterdayOpen, start - 1 == today - 1, previous.state == .open {
            result.status = .canExtendWithLeeway
        } else if byAmount ? today < last : after >= needed {
            result.status = .active(daysSinceLastEvent: todayKept ? 0 : daysSince)
        } else {
            result.status = .atRisk
        }
        guard best.streak > 0, week.state == .open else { return }
        if result.status == .canExtendWithLeeway {
            result.deadline = end(today - 1)
            return
        }
        let stillOpen = stride(from: last, through: today, by: -1).filter { kind($0) != .skipped && !best.kept.contains($0) }
        result.deadline = end(!byAmount && needed > 0 && stillOpen.count >= needed ? stillOpen[needed - 1] : last)
    }
}
