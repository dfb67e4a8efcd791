import Foundation
@testable import SwiftfulGamification

/// Rule 12's rolling windows literally: the calendar is listed day by day (skipped days that
/// are not kept left out), every window of Y of its days is enumerated and counted directly,
/// and rule 4a settles each day at its closing instant by trying every crediting of the
/// events still undecided. Manual mode's offer is the fewest frozen days found by a search
/// over every way of marking the days (not a greedy placement).
extension ReferenceStreak {
    enum RollingKind { case kept, frozen, plain, out }

    var isRolling: Bool { input.configuration.schedule.isRolling }

    var rollingWindow: (times: Int, days: Int) {
        guard case .rolling(let times, let days) = input.configuration.schedule else { fatalError("not a rolling streak") }
        return (times, days)
    }

    /// The run through `last`: windows judged once their last day is closed.
    struct RollingRunFound {
        var calendar: [Int] = []
        var kept = 0
        /// The calendar index of the current run's first day.
        var start: Int?
        /// The last days of gap windows, and the first index of the run each ended.
        var ends: [(day: Int, runStart: Int)] = []
    }

    func rollingRun(_ kinds: [Int: RollingKind], first: Int, last: Int, closed: (Int) -> Bool) -> RollingRunFound {
        let (times, days) = rollingWindow
        var found = RollingRunFound()
        found.calendar = first <= last ? (first...last).filter { kinds[$0, default: .plain] != .out } : []
        for (index, day) in found.calendar.enumerated() {
            if kinds[day] == .kept {
                if found.start == nil { (found.start, found.kept) = (index, 0) }
                found.kept += 1
            }
            guard let start = found.start, closed(day), index - days + 1 >= start else { continue }
            let held = found.calendar[(index - days + 1)...index].filter { kinds[$0] == .kept || kinds[$0] == .frozen }.count
            if held < times {
                found.ends.append((day, start))
                (found.start, found.kept) = (nil, 0)
            }
        }
        return found
    }

    /// What a day is, given what was credited to it.
    func rollingKind(_ day: Int, sum: Int64, frozen: Set<Int>) -> RollingKind {
        if sum >= targetAmount(on: day) { return .kept }
        if kind(day) == .skipped { return .out }
        return frozen.contains(day) ? .frozen : .plain
    }

    func rollingResult() -> Result {
        let now = input.now
        let today = day(of: now)
        let (regular, recorded, all) = settlementInput()
        let firstDay = (all.flatMap(\.days) + recorded).min() ?? today + 1
        let pool = unusedFreezes
        var pinned: [Int: Int] = [:]
        var kinds: [Int: RollingKind] = [:]
        var used: [Use] = []
        var longest = 0
        var settling = firstDay
        while settling < today, closing(settling) <= now {
            let moment = closing(settling)
            let momentToday = self.day(of: moment)
            let (events, recordedThen) = seenAtClosing(of: settling, regular: regular, pinned: pinned)
            let best = bestRolling(
                events, days: settling...momentToday, openFrom: settling + 1, settled: kinds, used: used, recorded: recordedThen,
                firstDay: firstDay, pool: pool.filter { (input.freezes[$0].dateEarned ?? .distantPast) <= moment }
            )
            for (event, credited) in zip(events, best.assignment) where credited == settling { pinned[event.index] = settling }
            kinds[settling] = best.closing
            if let freeze = best.bridgedBy { used.append(Use(freeze: freeze, day: settling)) }
            let run = rollingRun(kinds, first: firstDay, last: settling) { _ in true }
            longest = max(longest, run.start == nil ? 0 : run.kept)
            settling += 1
        }
        let firstOpen = settling
        let open = openEvents(regular, pinned: pinned, from: firstOpen)
        let assignment = firstOpen <= today
            ? bestRolling(open, days: firstOpen...today, openFrom: firstOpen, settled: kinds, used: used, recorded: recorded, firstDay: firstDay, pool: pool).assignment
            : []
        var walked = Walked()
        walked.base = min(firstDay, today)
        walked.sums = Array(repeating: 0, count: today - walked.base + 1)
        walked.counts = Array(repeating: 0, count: today - walked.base + 1)
        for (index, credited) in pinned {
            walked.sums[credited - walked.base] += all[index].amount
            walked.counts[credited - walked.base] += 1
        }
        for (event, credited) in zip(open, assignment) {
            walked.sums[credited - walked.base] += event.amount
            walked.counts[credited - walked.base] += 1
        }
        if firstOpen <= today {
            for day in firstOpen...today { kinds[day] = rollingKind(day, sum: walked.sum(day), frozen: recorded) }
        }
        let run = rollingRun(kinds, first: firstDay, last: today) { $0 < firstOpen }

        var result = Result()
        result.current = run.start == nil ? 0 : run.kept
        result.longest = max(longest, result.current)
        result.start = run.start.map { startOf(run.calendar[$0]) }
        result.todayCount = walked.count(today)
        result.consumptions = used.map { "\(input.freezes[$0.freeze].id)@\(CalendarDay(dayNumber: $0.day))" }.sorted()
        let usedIds = Set(used.map { input.freezes[$0.freeze].id })
        result.freezesLeft = behavior == .noFreezes ? 0 : unusedFreezes.map { input.freezes[$0] }.filter { !$0.isExpired(at: now) && !usedIds.contains($0.id) }.count
        let yesterdayOpen = leeway(on: today) > 0 && secondOfDay(now) < leeway(on: today) * 3_600
        let context = WalkContext(today: today, firstDay: firstDay, bottom: firstDay, yesterdayOpen: yesterdayOpen, frozen: recorded, pool: pool)
        fillAmounts(&result, walked, context, regular: regular)
        if behavior == .manuallyConsumeFreezes, let ended = run.ends.last {
            result.needed = fewestFrozenDays(kinds, calendar: run.calendar, from: ended.runStart, closedBefore: firstOpen)
        }
        fillRollingStatus(&result, kinds: kinds, run: run, regular: regular, firstOpen: firstOpen, yesterdayOpen: yesterdayOpen)
        return result
    }

    /// Rules 6, 7 and 12's status and deadline, read off the calendar directly.
    private func fillRollingStatus(
        _ result: inout Result, kinds: [Int: RollingKind], run: RollingRunFound, regular: [StreakEvent], firstOpen: Int, yesterdayOpen: Bool
    ) {
        let (times, days) = rollingWindow
        let today = day(of: input.now)
        let keptDays = kinds.filter { $0.value == .kept && $0.key <= today }.keys
        let lastEvent = regular.max { ($0.dateCreated, $0.id) < ($1.dateCreated, $1.id) }.map { min(ownDayAndSecond($0).day, today) }
        let daysSince = max(0, today - (keptDays.max() ?? lastEvent ?? today))
        let todayKept = kinds[today] == .kept
        // The calendar on into the future (nothing logged there; skipped days out of it).
        let future = ((today + 1)...(today + 800)).filter { kind($0) != .skipped }
        let calendar = run.calendar + future
        let isMarked = { (day: Int) in day <= today && (kinds[day] == .kept || kinds[day] == .frozen) }
        func window(endingAt index: Int) -> (judged: Bool, held: Int) {
            guard index - days + 1 >= 0, let start = run.start else { return (false, 0) }
            return (index - days + 1 >= start, calendar[(index - days + 1)...index].filter(isMarked).count)
        }
        let end = { (day: Int) in self.wallClock(day + 1, hour: self.leeway(on: day + 1)) }
        guard !regular.isEmpty else {
            result.status = .noEvents
            return
        }
        if result.current == 0 {
            // Rule 7: the first window (its first Y days of the calendar) still open.
            let lastClosed = run.calendar.lastIndex { $0 < firstOpen } ?? -1
            if !run.calendar.isEmpty, lastClosed < days - 1 {
                let held = calendar.prefix(days).filter { $0 < today && isMarked($0) }.count
                let after = calendar.prefix(days).filter { $0 > today }.count
                result.status = held + after >= times || todayKept ? .active(daysSinceLastEvent: todayKept ? 0 : daysSince) : .atRisk
            } else {
                result.status = .broken(daysSinceLastEvent: daysSince)
            }
            return
        }
        let yesterday = today - 1
        if yesterdayOpen, kinds[yesterday] == .plain, let index = run.calendar.firstIndex(of: yesterday) {
            let found = window(endingAt: index)
            if found.judged, found.held < times {
                result.status = .canExtendWithLeeway
                result.deadline = end(yesterday)
                return
            }
        }
        if let index = run.calendar.firstIndex(of: today) {
            let found = window(endingAt: index)
            result.status = found.judged && found.held < times ? .atRisk : .active(daysSinceLastEvent: todayKept ? 0 : daysSince)
        } else {
            result.status = .active(daysSinceLastEvent: daysSince)
        }
        let fromToday = calendar.indices.filter { calendar[$0] >= today }
        if let index = fromToday.first(where: { let found = window(endingAt: $0); return found.judged && found.held < times }) {
            result.deadline = end(calendar[index])
        }
    }

    /// The fewest days to mark frozen (closed, neither kept nor frozen) so that every window
    /// from calendar index `first` to the latest closed day holds X: a search over the marks
    /// of the last Y - 1 days.
    private func fewestFrozenDays(_ kinds: [Int: RollingKind], calendar: [Int], from first: Int, closedBefore: Int) -> Int {
        let (times, days) = rollingWindow
        guard let last = calendar.lastIndex(where: { $0 < closedBefore }), last >= first else { return 0 }
        // State: marks of the latest `days - 1` positions (bit 0 the latest); value: the fewest added.
        var best: [Int: Int] = [0: 0]
        let mask = (1 << (days - 1)) - 1
        for index in first...last {
            let day = calendar[index]
            let fixed = kinds[day] == .kept || kinds[day] == .frozen
            var next: [Int: Int] = [:]
            for (state, cost) in best {
                for mark in fixed ? [true] : [false, true] {
                    let window = state << 1 | (mark ? 1 : 0)
                    if index - first + 1 >= days, window.nonzeroBitCount < times { continue }
                    let key = window & mask
                    let total = cost + (mark && !fixed ? 1 : 0)
                    next[key] = min(next[key] ?? .max, total)
                }
            }
            best = next
        }
        return best.values.min() ?? 0
    }

    /// Rule 4 at one instant for a rolling streak: every crediting of `events` to `days`,
    /// ranked by the streak at the instant (the closing day's window judged, bridged by a
    /// freeze when short by one), freezes spent, days kept, and ties 3 to 5.
    private func bestRolling(
        _ events: [Placeable], days: ClosedRange<Int>, openFrom: Int, settled: [Int: RollingKind], used: [Use], recorded: Set<Int>,
        firstDay: Int, pool: [Int]
    ) -> (assignment: [Int], closing: RollingKind, bridgedBy: Int?) {
        var choice = [Int](repeating: 0, count: events.count)
        let sizes = events.map(\.days.count)
        var best: (rank: [Int64], assignment: [Int], closing: RollingKind, bridgedBy: Int?)?
        let settlingDay = openFrom > days.lowerBound ? days.lowerBound : nil
        repeat {
            let assignment = events.indices.map { events[$0].days[choice[$0]] }
            let credit = Credit(events, assignment, days: days, openFrom: openFrom, bottom: firstDay, reference: self)
            var kinds = settled
            for day in days { kinds[day] = rollingKind(day, sum: credit.sums[day - days.lowerBound], frozen: recorded) }
            var bridgedBy: Int?
            if let closing = settlingDay, kinds[closing] == .plain, behavior == .autoConsumeFreezes {
                let judged = rollingRun(kinds, first: firstDay, last: closing) { _ in true }
                if judged.ends.last?.day == closing {
                    var frozen = kinds
                    frozen[closing] = .frozen
                    let again = rollingRun(frozen, first: firstDay, last: closing) { _ in true }
                    if again.ends.last?.day != closing,
                       let freeze = pool.first(where: { index in !used.contains { $0.freeze == index } && isEligible(index, first: closing, last: closing) }) {
                        kinds = frozen
                        bridgedBy = freeze
                    }
                }
            }
            let run = rollingRun(kinds, first: firstDay, last: days.upperBound) { $0 < openFrom }
            let kept = days.filter { credit.sums[$0 - days.lowerBound] >= targetAmount(on: $0) }
            let rank = credit.rank(
                streak: run.start == nil ? 0 : run.kept, spent: bridgedBy == nil ? 0 : 1, kept: kept.count, over: 0,
                keptFlags: days.map { kept.contains($0) ? 0 : 1 }
            )
            if best == nil || rank.lexicographicallyPrecedes(best!.rank) {
                best = (rank, assignment, settlingDay.map { kinds[$0]! } ?? .plain, bridgedBy)
            }
        } while advance(&choice, sizes)
        return (best!.assignment, best!.closing, best!.bridgedBy)
    }
}
