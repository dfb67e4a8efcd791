import Foundation
@testable import SwiftfulGamification

/// Rule 4a literally, for a day-unit streak: at the instant each day closes, every crediting
/// of the events logged by then (and not credited to a settled day) to the days still
/// undecided is tried and ranked by rule 4; the closing day keeps what the best gave it.
/// Then at `now` the same over the open days.
extension ReferenceStreak {
    /// What the settled days became.
    struct Settled {
        /// Regular event (index into `regular`) -> the settled day it was credited to.
        var pinned: [Int: Int] = [:]
        var verdicts: [Int: SettledRun.Verdict] = [:]
        /// A weekly streak's settled weeks, by first day.
        var weekVerdicts: [Int: SettledRun.Verdict] = [:]
        /// What the settled days were credited.
        var sums: [Int: Int64] = [:]
        var bridged: Set<Int> = []
        var used: [Use] = []
        var longest = 0
    }

    /// One event as a crediting sees it at an instant whose day is `today`.
    struct Placeable {
        let index: Int
        let own: Int
        let home: Int
        let days: [Int]
        let amount: Int64
        /// The last day its window allows up to the real today, whether or not it has begun at
        /// the instant (tie 5: what reaches furthest stays free).
        var latest: Int
    }

    /// The event's own day and its second, in its own zone (rule 1).
    func ownDayAndSecond(_ event: StreakEvent) -> (day: Int, second: Int) {
        let eventZone = TimeZone(identifier: event.timezone) ?? Self.zone
        var eventCalendar = Calendar(identifier: .gregorian)
        eventCalendar.timeZone = eventZone
        let parts = eventCalendar.dateComponents([.hour, .minute, .second], from: event.dateCreated)
        return (CalendarDay(containing: event.dateCreated, in: eventZone).dayNumber, parts.hour! * 3_600 + parts.minute! * 60 + parts.second!)
    }

    func placeable(_ event: StreakEvent, index: Int, today: Int) -> Placeable {
        let realToday = day(of: input.now)
        let (ownDay, second) = ownDayAndSecond(event)
        let leeway = leeway(on: ownDay)
        var days = [ownDay]
        if leeway > 0, second < leeway * 3_600 { days.append(ownDay - 1) }
        if leeway > 0, second >= 86_400 - leeway * 3_600 { days.append(ownDay + 1) }
        // Rule 4, tie 3: the first L hours of a day (L <= 12) are the night before's.
        let home = leeway > 0 && leeway <= 12 && second < leeway * 3_600 ? ownDay - 1 : ownDay
        return Placeable(
            index: index, own: min(ownDay, today), home: min(home, today),
            days: Array(Set(days.map { min($0, today) })).sorted(), amount: event.amountThousandths,
            latest: min(days.max()!, realToday)
        )
    }

    /// The instant `day` closes: the next day's start plus its leeway.
    func closing(_ day: Int) -> Date { wallClock(day + 1, hour: leeway(on: day + 1)) }

    /// What a settlement starts from at `now`: the regular events logged by then, the days
    /// freezes were recorded on, and each event with the days it may still go to (not one
    /// settled before it arrived, rule 4a).
    func settlementInput() -> (regular: [StreakEvent], recorded: Set<Int>, all: [Placeable]) {
        let now = input.now
        let today = day(of: now)
        let regular = input.events.filter { !$0.isFreeze && $0.dateCreated <= now }
        let recorded = behavior == .noFreezes ? Set<Int>() : Set(input.events.filter { $0.isFreeze && $0.dateCreated <= now }.map { min(ownDayAndSecond($0).day, today) })
        let all = regular.enumerated().map { index, event in
            let placed = placeable(event, index: index, today: today)
            return Placeable(
                index: index, own: placed.own, home: placed.home, days: placed.days.filter { event.dateCreated <= closing($0) || placed.home <= $0 },
                amount: placed.amount, latest: placed.latest
            )
        }
        return (regular, recorded, all)
    }

    /// What the settlement of `settling` sees at its closing instant: the events not pinned
    /// yet, logged by then (or a late night from a zone to the west, counted before its home
    /// day closed), on the days from `settling` on; and the days freezes were recorded on by
    /// then (rule 1 at the instant: one from the west counts from its own day's settlement).
    func seenAtClosing(of settling: Int, regular: [StreakEvent], pinned: [Int: Int]) -> (events: [Placeable], recorded: Set<Int>) {
        let moment = closing(settling)
        let momentToday = day(of: moment)
        let events = regular.enumerated().compactMap { index, event -> Placeable? in
            guard pinned[index] == nil else { return nil }
            let placed = placeable(event, index: index, today: momentToday)
            guard event.dateCreated <= moment || placed.home <= settling else { return nil }
            let days = placed.days.filter { $0 >= settling }
            guard !days.isEmpty else { return nil }
            return Placeable(index: index, own: placed.own, home: placed.home, days: days, amount: placed.amount, latest: placed.latest)
        }
        let today = day(of: input.now)
        let recorded = behavior == .noFreezes ? Set<Int>() : Set(input.events.filter { event in
            guard event.isFreeze, event.dateCreated <= input.now else { return false }
            return event.dateCreated <= moment || ownDayAndSecond(event).day <= settling
        }.map { min(ownDayAndSecond($0).day, today) })
        return (events, recorded)
    }

    /// The events not pinned to a settled day, on the open days from `firstOpen` on.
    func openEvents(_ regular: [StreakEvent], pinned: [Int: Int], from firstOpen: Int) -> [Placeable] {
        let today = day(of: input.now)
        return regular.enumerated().compactMap { index, event -> Placeable? in
            guard pinned[index] == nil else { return nil }
            let placed = placeable(event, index: index, today: today)
            let days = placed.days.filter { $0 >= firstOpen }
            precondition(!days.isEmpty, "an event left behind the settled days")
            return Placeable(index: index, own: placed.own, home: placed.home, days: days, amount: placed.amount, latest: placed.latest)
        }
    }

    /// Settles every day that has closed by `now`, then credits the open days; the walk at
    /// `now` finds the current run (settled gaps are final).
    func settledBest() -> (walks: [Walked], context: WalkContext, regular: [StreakEvent], longest: Int) {
        let now = input.now
        let today = day(of: now)
        let (regular, recorded, all) = settlementInput()
        let historyFirst = (all.flatMap(\.days) + recorded).min()
        let start = limitStart
        let firstDay = start.map { min($0, historyFirst ?? $0) } ?? historyFirst ?? today + 1
        let bottom = start ?? firstDay
        let pool = unusedFreezes
        var settled = Settled()
        var settling = isWeekly ? min(weekStart(firstDay), firstDay) : firstDay
        while settling < today, closing(settling) <= now {
            let moment = closing(settling)
            let momentToday = self.day(of: moment)
            // Rule 1 at the instant: a freeze earned after it is not seen either.
            let (events, recordedThen) = seenAtClosing(of: settling, regular: regular, pinned: settled.pinned)
            let best = bestPlacement(
                events, days: settling...momentToday, openFrom: settling + 1, settled: settled, recorded: recordedThen, firstDay: firstDay,
                bottom: bottom, pool: pool.filter { (input.freezes[$0].dateEarned ?? .distantPast) <= moment }
            )
            for (event, credited) in zip(events, best.assignment) where credited == settling {
                settled.pinned[event.index] = settling
                settled.sums[settling, default: 0] += event.amount
            }
            // A day settles its own verdict; a week's, with its last day.
            let unit = isWeekly ? weekStart(settling) : settling
            let verdict = isWeekly ? (settling == weekEnd(unit) ? best.weekVerdicts[unit] : nil) : best.verdicts[0]
            if let verdict {
                if isWeekly {
                    settled.weekVerdicts[unit] = verdict.bridgedBy == nil ? verdict.verdict : .frozen
                } else {
                    settled.verdicts[unit] = verdict.bridgedBy == nil ? verdict.verdict : .frozen
                }
                if let freeze = verdict.bridgedBy {
                    settled.used.append(Use(freeze: freeze, day: settling))
                    settled.bridged.insert(settling)
                }
                let run = isWeekly ? Self.runLength(endingOn: unit, before: weekBefore, settled.weekVerdicts)
                    : Self.runLength(endingOn: unit, before: { $0 - 1 }, settled.verdicts)
                settled.longest = max(settled.longest, run)
            }
            settling += 1
        }
        let firstOpen = settling
        let open = openEvents(regular, pinned: settled.pinned, from: firstOpen)
        let best = firstOpen <= today
            ? bestPlacement(
                open, days: firstOpen...today, openFrom: firstOpen, settled: settled, recorded: recorded, firstDay: firstDay, bottom: bottom, pool: pool
            ).assignment
            : []
        let base = min(all.flatMap(\.days).min() ?? today, today)
        var walked = Walked()
        walked.base = base
        walked.sums = Array(repeating: 0, count: today - base + 1)
        walked.counts = Array(repeating: 0, count: today - base + 1)
        for (index, credited) in settled.pinned {
            walked.sums[credited - base] += all[index].amount
            walked.counts[credited - base] += 1
        }
        for (event, credited) in zip(open, best) {
            walked.sums[credited - base] += event.amount
            walked.counts[credited - base] += 1
        }
        let context = WalkContext(
            today: today, firstDay: firstDay, bottom: bottom,
            yesterdayOpen: leeway(on: today) > 0 && secondOfDay(now) < leeway(on: today) * 3_600,
            frozen: recorded.union(settled.bridged), pool: behavior == .noFreezes ? [] : pool.filter { freeze in !settled.used.contains { $0.freeze == freeze } },
            settledBefore: firstOpen
        )
        if !isTracking { walk(&walked, context) }
        walked.used = settled.used + walked.used
        return ([walked], context, regular, settled.longest)
    }

    /// Kept units of the settled run ending with the unit `last` (days, or weeks or months by
    /// their first days; `before` gives the unit before one).
    static func runLength(endingOn last: Int, before: (Int) -> Int, _ verdicts: [Int: SettledRun.Verdict]) -> Int {
        var length = 0
        var current = last
        while let verdict = verdicts[current] {
            if verdict == .gap { break }
            if verdict == .kept { length += 1 }
            current = before(current)
        }
        return length
    }

    struct DayVerdict {
        var verdict: SettledRun.Verdict
        var bridgedBy: Int?
    }

    /// Rule 4 over `days` at one instant: every assignment of `events` to their allowed days,
    /// ranked by the streak at the instant, freezes, days kept or over, and ties 3 to 5.
    func bestPlacement(
        _ events: [Placeable], days: ClosedRange<Int>, openFrom: Int, settled: Settled, recorded: Set<Int>, firstDay: Int, bottom: Int, pool: [Int]
    ) -> (assignment: [Int], verdicts: [DayVerdict], weekVerdicts: [Int: DayVerdict]) {
        var choice = [Int](repeating: 0, count: events.count)
        let sizes = events.map(\.days.count)
        var best: (rank: [Int64], assignment: [Int], verdicts: [DayVerdict], weeks: [Int: DayVerdict])?
        repeat {
            let assignment = events.indices.map { events[$0].days[choice[$0]] }
            if isWeekly {
                let ranked = rankWeeks(
                    events, assignment, days: days, openFrom: openFrom, settled: settled, recorded: recorded, firstDay: firstDay, bottom: bottom, pool: pool
                )
                if best == nil || ranked.rank.lexicographicallyPrecedes(best!.rank) { best = (ranked.rank, assignment, [], ranked.weeks) }
            } else {
                let ranked = rank(events, assignment, days: days, openFrom: openFrom, settled: settled, recorded: recorded, bottom: bottom, pool: pool)
                if best == nil || ranked.rank.lexicographicallyPrecedes(best!.rank) { best = (ranked.rank, assignment, ranked.verdicts, [:]) }
            }
        } while advance(&choice, sizes)
        return (best!.assignment, best!.verdicts, best!.weeks)
    }

    /// What one assignment credits to the undecided days, and rule 4's ties 2 to 5 of it.
    struct Credit {
        var sums: [Int64], counts: [Int64]
        var openCredit: Int64 = 0, offHome: Int64 = 0
        /// Tie 5: per day, per last allowed day (latest first), the amount and the events.
        var far: [Int64]

        init(_ events: [Placeable], _ assignment: [Int], days: ClosedRange<Int>, openFrom: Int, bottom: Int, reference: ReferenceStreak) {
            let first = days.lowerBound
            sums = Array(repeating: 0, count: days.count)
            counts = Array(repeating: 0, count: days.count)
            far = Array(repeating: 0, count: days.count * 3 * 2)
            for (event, credited) in zip(events, assignment) {
                let offset = credited - first
                sums[offset] += event.amount
                counts[offset] += 1
                if credited >= openFrom, credited >= bottom, reference.target(on: credited).kind == .atMost { openCredit += event.amount }
                if credited != event.home { offHome += 1 }
                let reach = min(event.latest - first, 2)
                far[offset * 6 + (2 - reach) * 2] += event.amount
                far[offset * 6 + (2 - reach) * 2 + 1] += 1
            }
        }

        /// Rule 4's order, smaller first.
        func rank(streak: Int, spent: Int, kept: Int, over: Int, keptFlags: [Int64]) -> [Int64] {
            var rank: [Int64] = [Int64(-streak), Int64(spent), Int64(-kept), Int64(over), openCredit, offHome] + keptFlags
            for offset in sums.indices { rank += [sums[offset], counts[offset]] }
            return rank + far
        }
    }


    /// Rule 4 for a weekly streak at one instant: the streak in weeks, the closing week judged
    /// as its last day settles and the open one as it stands; a weekly sum's units are weeks,
    /// `timesPerWeek`'s days.
    private func rankWeeks(
        _ events: [Placeable], _ assignment: [Int], days: ClosedRange<Int>, openFrom: Int, settled: Settled, recorded: Set<Int>,
        firstDay: Int, bottom: Int, pool: [Int]
    ) -> (rank: [Int64], weeks: [Int: DayVerdict]) {
        let first = days.lowerBound, today = days.upperBound
        let credit = Credit(events, assignment, days: days, openFrom: openFrom, bottom: bottom, reference: self)
        let sums = credit.sums
        // The days as the instant sees them: settled ones as they settled, these as credited.
        let base = min(settled.sums.keys.min() ?? first, weekStart(first))
        var walked = Walked()
        walked.base = base
        walked.sums = (base...today).map { settled.sums[$0] ?? 0 }
        walked.counts = Array(repeating: 0, count: today - base + 1)
        for offset in sums.indices { walked.sums[first + offset - base] += sums[offset] }
        let context = WalkContext(
            today: today, firstDay: firstDay, bottom: bottom, yesterdayOpen: openFrom <= today - 1,
            frozen: recorded.union(settled.bridged), pool: pool
        )
        walked.kept = Set((base...today).filter { isKept($0, walked, context) })
        // The run before these weeks: whether it holds a kept or bridged week to save.
        let weekStarts = Array(Set(days.map(weekStart))).sorted()
        var anchored = false
        var back = weekBefore(weekStarts[0])
        while let verdict = settled.weekVerdicts[back] {
            if verdict == .gap { break }
            if verdict == .kept || verdict == .frozen { anchored = true; break }
            back = weekBefore(back)
        }
        var used = settled.used.map(\.freeze)
        var weeks: [Int: DayVerdict] = [:]
        var states: [Int: WeekState] = [:]
        var kept = 0, over = 0
        for start in weekStarts where isJudged(week: start, context) {
            let state = weekState(start, walked, context).state
            states[start] = state
            let verdict: SettledRun.Verdict = state == .kept ? .kept : state == .bridged ? .frozen : state == .gap ? .gap : .pass
            var bridgedBy: Int?
            if verdict == .gap, behavior == .autoConsumeFreezes, anchored,
               let freeze = pool.first(where: { !used.contains($0) && isEligible($0, first: start, last: weekEnd(start)) }) {
                used.append(freeze)
                bridgedBy = freeze
            }
            if verdict == .kept || verdict == .frozen { anchored = true }
            if verdict == .gap, bridgedBy == nil { anchored = false }
            weeks[start] = DayVerdict(verdict: verdict, bridgedBy: bridgedBy)
            if target(on: weekEnd(start)).period != .day {
                if state == .kept { kept += 1 }
                if state == .gap, target(on: weekEnd(start)).kind == .atMost { over += 1 }
            }
        }
        var keptFlags: [Int64] = []
        for day in days {
            let weekly = target(on: weekEnd(weekStart(day))).period != .day
            let dayKept = walked.kept.contains(day)
            if !weekly, dayKept, target(on: day).kind == .atLeast { kept += 1 }
            keptFlags.append((weekly ? states[weekStart(day)] == .kept : dayKept) ? 0 : 1)
        }
        // The streak at the instant, in weeks.
        var streak = 0
        var broken = false
        for start in weekStarts.reversed() where !broken {
            guard let verdict = weeks[start] else { continue }
            if verdict.verdict == .gap, verdict.bridgedBy == nil { broken = true } else if verdict.verdict == .kept { streak += 1 }
        }
        var week = weekBefore(weekStarts[0])
        while !broken, let verdict = settled.weekVerdicts[week], verdict != .gap {
            if verdict == .kept { streak += 1 }
            week = weekBefore(week)
        }
        return (credit.rank(streak: streak, spent: used.count - settled.used.count, kept: kept, over: over, keptFlags: keptFlags), weeks)
    }

    private func rank(
        _ events: [Placeable], _ assignment: [Int], days: ClosedRange<Int>, openFrom: Int, settled: Settled, recorded: Set<Int>, bottom: Int, pool: [Int]
    ) -> (rank: [Int64], verdicts: [DayVerdict]) {
        let first = days.lowerBound
        let credit = Credit(events, assignment, days: days, openFrom: openFrom, bottom: bottom, reference: self)
        let sums = credit.sums
        // The run before these days: whether it holds a kept or frozen day to save.
        var anchored = false
        var back = first - 1
        while let verdict = settled.verdicts[back] {
            if verdict == .gap { break }
            if verdict == .kept || verdict == .frozen { anchored = true; break }
            back -= 1
        }
        var used = settled.used.map(\.freeze)
        var verdicts: [DayVerdict] = []
        var kept = 0, over = 0
        var keptFlags: [Int64] = []
        for day in days {
            let offset = day - first, open = day >= openFrom
            let target = target(on: day), amount = targetAmount(on: day)
            let met = target.kind == .atLeast ? sums[offset] >= amount : sums[offset] <= amount
            let due = kind(day) == .due, frozen = recorded.contains(day)
            var verdict: SettledRun.Verdict
            if day < bottom {
                // Before a limit's start day nothing is judged, nor saved by a freeze.
                verdict = .pass
            } else if target.kind == .atLeast {
                verdict = met ? .kept : frozen ? .frozen : due && !open ? .gap : .pass
            } else {
                verdict = met && due && !open ? .kept : frozen ? .frozen : due && !met ? .gap : .pass
            }
            var bridgedBy: Int?
            if verdict == .gap, behavior == .autoConsumeFreezes, anchored,
               let freeze = pool.first(where: { !used.contains($0) && isEligible($0, first: day, last: day) }) {
                used.append(freeze)
                bridgedBy = freeze
            }
            if verdict == .kept || verdict == .frozen { anchored = true }
            if verdict == .gap, bridgedBy == nil { anchored = false }
            verdicts.append(DayVerdict(verdict: verdict, bridgedBy: bridgedBy))
            if target.kind == .atLeast, met { kept += 1 }
            if target.kind == .atMost, !met, due, day >= bottom { over += 1 }
            keptFlags.append(verdict == .kept ? 0 : 1)
        }
        // The streak at the instant: the run back from the last of the days.
        var streak = 0
        var broken = false
        for verdict in verdicts.reversed() where !broken {
            if verdict.verdict == .gap, verdict.bridgedBy == nil { broken = true } else if verdict.verdict == .kept { streak += 1 }
        }
        var day = first - 1
        while !broken, let verdict = settled.verdicts[day], verdict != .gap {
            if verdict == .kept { streak += 1 }
            day -= 1
        }
        return (credit.rank(streak: streak, spent: used.count - settled.used.count, kept: kept, over: over, keptFlags: keptFlags), verdicts)
    }
}
