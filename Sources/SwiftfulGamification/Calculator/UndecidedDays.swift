/// Rule 4 at one instant, over the days it still decides (rule 4a): at a day's settlement
/// the closing day and the open days after it, at `now` the open days. Every earlier day is
/// settled, so only events that may still go to one of these days take part, their windows
/// cut to them; the run before them is `SettledRun`.
///
/// Every distinct outcome (the days' sums, capped where their judgement no longer changes)
/// is reached by a dynamic programme over groups of like events, keeping for each outcome
/// the placement rule 4's later tie-breaks prefer (they add up event by event, so keeping
/// the best per outcome is exact); then the outcomes are ranked whole: the streak at the
/// instant, freezes, days kept or over, and those tie-breaks.
/// - Complexity: O(groups * outcomes * tries), a handful of each on a real day.
struct UndecidedDays {
    /// Events alike in all that decides where they go.
    struct Group {
        /// Destinations relative to `first`; `own` is the home day when it is one of them.
        var share: Share
        var homeInside: Bool
        /// The last day the events may go to, from `first` (0...2), the days not begun yet
        /// at the instant included: tie 5 keeps what reaches furthest free.
        var reach: Int
        /// The ledger cell the events come from.
        var cell: Int
    }

    /// The chosen placement: per destination, events and amounts; per group, its split.
    struct Placement {
        var counts = CountTriple()
        var amounts = Triple(0, 0, 0)
        var allocations: [CountTriple] = []
        /// Per destination, whether its sum met its judge (bit `i` for destination `i`).
        var metBits: UInt8 = 0
        var met: [Bool] { (0..<3).map { metBits >> UInt8($0) & 1 == 1 } }
        /// The run after the last of the days.
        var run: SettledRun
    }

    /// The later tie-breaks, compared in order (smaller is better): what is credited to an
    /// open limit's day, events off their home day, then per day the sum and the events,
    /// then per day and per last allowed day (latest first) the amount and the events.
    private struct Partial {
        /// A fixed-size vector: the programme copies partials a lot, and this needs no allocation.
        var ties = SIMD32<Int64>()
        /// Where this partial came from: its index in the layer before, and the last group's split.
        var previous: Int32 = -1
        var allocation = CountTriple()
        var counts = CountTriple()
        var amounts = Triple(0, 0, 0)
    }

    private static let farTies = 6
    private static let tieCount = 2 + 6 + 3 * farTies

    private static func precedes(_ lhs: SIMD32<Int64>, _ rhs: SIMD32<Int64>, from first: Int = 0) -> Bool {
        for index in first..<tieCount where lhs[index] != rhs[index] { return lhs[index] < rhs[index] }
        return false
    }

    /// Rule 4's order for one outcome, smaller first: the streak at the instant (negated),
    /// freezes consumed, units kept (negated), units over, what an open limit's day holds,
    /// events off their home, the days kept (earliest first), then the rest of the ties.
    private struct Rank {
        var head = SIMD8<Int64>()
        var lastFlag: Int64 = 0
        var ties = SIMD32<Int64>()

        init(streak: Int, used: Int, kept: Int, over: Int, keptFlags: (Int64, Int64, Int64), ties: SIMD32<Int64>) {
            head = SIMD8(Int64(-streak), Int64(used), Int64(-kept), Int64(over), ties[0], ties[1], keptFlags.0, keptFlags.1)
            lastFlag = keptFlags.2
            self.ties = ties
        }

        func precedes(_ other: Rank) -> Bool {
            for index in 0..<8 where head[index] != other.head[index] { return head[index] < other.head[index] }
            if lastFlag != other.lastFlag { return lastFlag < other.lastFlag }
            return UndecidedDays.precedes(ties, other.ties, from: 2)
        }
    }

    let input: WalkInput
    /// A weekly streak's weeks (rule 8): days then add up to weeks (`SettledRun.tally`).
    let weeks: WeekCalendar?
    let first: Int
    let count: Int
    /// The first of the days that is open at the instant.
    let openFrom: Int
    let judges: [DayJudge]
    let groups: [Group]
    /// Sums the days hold before any group (events logged at the closing second).
    let start: Triple
    /// What each day holds whatever the crediting, logged by the instant (an open day's own
    /// events are not, at a settlement).
    let fixed: [Int64]
    /// Whether each day is judged by a limit, its own or its week's.
    private let isLimit: [Bool]

    /// The days `days` at the instant `days.lowerBound` closes (`settling`) or at `now`.
    init(_ input: WalkInput, weeks: WeekCalendar? = nil, days: ClosedRange<Int>, settling: Bool, taken: TakenEvents) {
        self.input = input
        self.weeks = weeks
        first = days.lowerBound
        count = days.count
        openFrom = settling ? first + 1 : first
        let ledger = input.ledger
        // At a settlement an open day's own events are not logged yet (those that are may
        // go to the closing day): it is judged on what the closing day's events bring it.
        judges = days.map { day in
            let judge = input.judge(day)
            // A week's day counts toward its week up to the week's cap. (The calculation's own
            // judges know every event logged by now: a week they find decided may not be yet.)
            if judge.kind == .week, let weeks {
                let end = weeks.end(ofWeekStartingOn: weeks.start(ofWeekContaining: day))
                return DayJudge(kind: .week, need: weeks.cap(of: weeks.judgement(endingOn: end)), week: judge.week)
            }
            guard settling, day > days.lowerBound, judge.kind != .none else { return judge }
            let index = day - ledger.baseDay
            let fixed = index >= 0 && index < ledger.dayCount ? ledger.amount(at: index * CreditLedger.classesPerDay) : 0
            return DayJudge(kind: judge.kind, need: judge.need + fixed, week: judge.week)
        }
        isLimit = judges.enumerated().map { offset, judge in
            if judge.kind == .atMost { return true }
            guard judge.kind == .week, let weeks else { return false }
            return weeks.judgement(endingOn: weeks.end(ofWeekStartingOn: weeks.start(ofWeekContaining: days.lowerBound + offset))).isLimit
        }
        fixed = days.map { day in
            let index = day - ledger.baseDay
            guard !settling || day == days.lowerBound, index >= 0, index < ledger.dayCount else { return 0 }
            return ledger.amount(at: index * CreditLedger.classesPerDay)
        }
        var start = Triple(0, 0, 0)
        var gathered: [Group] = []
        // Logged at the very second the day closes: on the next day, past its leeway hours;
        // after a whole day of leeway, at the midnight two days on, within that day's leeway.
        for amount in settling && count > 1 && !ledger.closing.isEmpty ? ledger.closing[first] ?? [] : [] {
            let last = first + count - 1
            if count == 2 || input.leeway.hours(on: last) == 0 {
                start[count - 1] &+= amount
            } else {
                let home: Int8 = input.leeway.hours(on: last) <= 12 ? 1 : 2
                gathered.append(Group(share: Share(amount: amount, count: 1, lo: 1, hi: 2, own: home), homeInside: true, reach: 2, cell: -1))
            }
        }
        // Logged east of the zone days close in: here before their window's first day, they
        // may go to the open days (an own day after the instant's today counts as that day).
        for arrival in (first - CreditLedger.widestWindow)...first where settling && !ledger.early.isEmpty {
            for early in ledger.early[arrival] ?? [] where early.lo > first {
                let last = days.upperBound
                let home = early.hi - early.lo == 1 && early.own == early.hi && input.leeway.hours(on: early.own) <= 12 ? early.own - 1 : early.own
                let (low, high, clampedHome) = (min(early.lo, last), min(early.hi, last), min(home, last))
                let homeInside = (low...high).contains(clampedHome)
                let group = { (amount: Int64, count: Int32) in
                    let share = Share(
                        amount: amount, count: count, lo: Int8(low - days.lowerBound), hi: Int8(high - days.lowerBound),
                        own: Int8((homeInside ? clampedHome : low) - days.lowerBound)
                    )
                    return Group(share: share, homeInside: homeInside, reach: min(early.hi - days.lowerBound, 2), cell: -1)
                }
                // Usually every event counts 1: one group, no bookkeeping by amount.
                guard !early.others.isEmpty else {
                    gathered.append(group(HistoryAmounts.unit, early.count))
                    continue
                }
                for (amount, count) in Self.byAmount(early.others, units: early.count - Int32(early.others.count)) {
                    gathered.append(group(amount, count))
                }
            }
        }
        for hi in days.lowerBound...(days.upperBound + CreditLedger.widestWindow) {
            let dayIndex = hi - ledger.baseDay
            guard dayIndex >= 0, dayIndex < ledger.dayCount else { continue }
            for classIndex in 1..<CreditLedger.classesPerDay {
                let cell = dayIndex * CreditLedger.classesPerDay + classIndex
                let total = ledger.count(at: cell)
                guard total > 0 else { continue }
                let (width, ownOffset) = CreditLedger.window(ofClass: classIndex)
                let lo = hi - width, own = lo + ownOffset
                // At a settlement only events that may go to the closing day have been logged.
                guard lo <= days.upperBound, hi >= days.lowerBound, !settling || lo <= first else { continue }
                let low = max(lo, days.lowerBound), high = min(hi, days.upperBound)
                // Rule 4, tie 3: logged in the first L hours (L <= 12), the night before's.
                let home = width == 1 && ownOffset == 1 && input.leeway.hours(on: own) <= 12 ? own - 1 : own
                let homeInside = (low...high).contains(home)
                let group = { (amount: Int64, left: Int32) in
                    let share = Share(
                        amount: amount, count: left, lo: Int8(low - days.lowerBound), hi: Int8(high - days.lowerBound),
                        own: Int8((homeInside ? home : low) - days.lowerBound)
                    )
                    return Group(share: share, homeInside: homeInside, reach: min(hi - days.lowerBound, 2), cell: cell)
                }
                // Usually every event counts 1: one group, no bookkeeping by amount.
                if ledger.windowed.isEmpty || ledger.windowed[cell] == nil {
                    let left = total - taken.units[cell]
                    if left > 0 { gathered.append(group(HistoryAmounts.unit, left)) }
                    continue
                }
                let others = ledger.windowed[cell] ?? []
                let takenOthers = taken.others.isEmpty ? [:] : taken.others[cell] ?? [:]
                for (amount, count) in Self.byAmount(others, units: total - Int32(others.count)) {
                    let left = count - (amount == HistoryAmounts.unit ? taken.units[cell] : takenOthers[amount] ?? 0)
                    if left > 0 { gathered.append(group(amount, left)) }
                }
            }
        }
        self.start = start
        self.groups = gathered
    }

    /// Events by amount, ascending: `others` (amounts other than 1, ascending, as the
    /// history keeps them) and `units` events of 1. (Counted in one pass: a dictionary
    /// and a sort per cell per day were a tenth of an amount streak's calculation.)
    static func byAmount(_ others: [Int64], units: Int32) -> [(amount: Int64, count: Int32)] {
        var sorted = others
        if zip(others, others.dropFirst()).contains(where: { $0 > $1 }) { sorted.sort() }
        var runs: [(amount: Int64, count: Int32)] = []
        runs.reserveCapacity(sorted.count + 1)
        var unitsPlaced = units <= 0
        for amount in sorted {
            if !unitsPlaced, amount > HistoryAmounts.unit { runs.append((HistoryAmounts.unit, units)); unitsPlaced = true }
            if let last = runs.last, last.amount == amount { runs[runs.count - 1].count += 1 } else { runs.append((amount, 1)) }
        }
        if !unitsPlaced { runs.append((HistoryAmounts.unit, units)) }
        return runs
    }

    /// Rule 4's choice, the run before the days being `run`.
    func best(after run: SettledRun) -> Placement {
        let caps = Triple(
            count > 0 ? judges[0].cap : 0, count > 1 ? judges[1].cap : 0, count > 2 ? judges[2].cap : 0
        )
        let capped = Triple(min(start[0], caps[0]), min(start[1], caps[1]), min(start[2], caps[2]))
        // What the placements read, taken out so the closure below does not copy `self`
        // (its arrays retained and released once per day settled).
        let limits = Limits(isLimit: isLimit, first: first, openFrom: openFrom)
        // A group with one way to go (one day, or nothing to add) goes there before the
        // programme: ties add up and capped sums do not depend on the order, so every state
        // would take it alike. Most groups are these (an amount each, on its own day).
        // (Their ties add up in a plain array: writing a vector's lanes one by one stalls.)
        var forced: [CountTriple?] = Array(repeating: nil, count: groups.count)
        var base = Partial(), baseSums = capped
        var forcedTies = [Int64](repeating: 0, count: Self.tieCount)
        for (index, group) in groups.enumerated() where group.share.lo == group.share.hi || group.share.amount == 0 {
            var allocation = CountTriple()
            allocation[group.share.amount == 0 ? Int(group.share.own) : Int(group.share.lo)] = group.share.count
            Self.add(group, allocation, ties: &forcedTies, counts: &base.counts, amounts: &base.amounts, sums: &baseSums, caps: caps, limits: limits)
            forced[index] = allocation
        }
        for index in 0..<Self.tieCount { base.ties[index] = forcedTies[index] }
        var table = StateTable<Triple, Partial>(linearLimit: 32)
        table.append(baseSums, base)
        // Each layer's partials, to follow the winner's splits back (no partial carries a list).
        var layers: [[Partial]] = []
        let free = groups.indices.filter { forced[$0] == nil }
        layers.reserveCapacity(free.count)
        for group in free.map({ groups[$0] }) {
            var next = StateTable<Triple, Partial>(linearLimit: 32)
            for (position, (key, partial)) in zip(table.keys, table.values).enumerated() {
                SharePlacement.forEachAllocation(of: group.share, from: key, caps: caps) { allocation in
                    var sums = key, moved = partial
                    moved.previous = Int32(position)
                    moved.allocation = allocation
                    Self.add(group, allocation, ties: &moved.ties, counts: &moved.counts, amounts: &moved.amounts, sums: &sums, caps: caps, limits: limits)
                    next.keep(sums, moved) { Self.precedes($0.ties, $1.ties) }
                }
            }
            layers.append(table.values)
            table = next
        }
        var winner: (rank: Rank, placement: Placement, position: Int)?
        for (position, (sums, partial)) in zip(table.keys, table.values).enumerated() {
            let candidate = ranked(sums: sums, partial: partial, run: run)
            if winner == nil || candidate.rank.precedes(winner!.rank) { winner = (candidate.rank, candidate.placement, position) }
        }
        var placement = winner!.placement
        var partial = table.values[winner!.position]
        placement.allocations = forced.map { $0 ?? CountTriple() }
        for layer in stride(from: free.count - 1, through: 0, by: -1) {
            placement.allocations[free[layer]] = partial.allocation
            partial = layers[layer][Int(partial.previous)]
        }
        return placement
    }

    /// Which of the days are judged by a limit, the first day, and the first open one.
    private struct Limits {
        let isLimit: [Bool]
        let first: Int
        let openFrom: Int
    }

    // swiftlint:disable:next function_parameter_count
    private static func add<Ties: TieSums>(
        _ group: Group, _ allocation: CountTriple, ties: inout Ties, counts: inout CountTriple, amounts: inout Triple, sums: inout Triple,
        caps: Triple, limits: Limits
    ) {
        let share = group.share
        for destination in Int(share.lo)...Int(share.hi) {
            let placed = allocation[destination]
            guard placed > 0 else { continue }
            let amount = Int64(placed) &* share.amount
            counts[destination] += placed
            amounts[destination] &+= amount
            sums[destination] = SharePlacement.capped(sums[destination], adding: placed, of: share.amount, cap: caps[destination])
            if limits.isLimit[destination], limits.first + destination >= limits.openFrom { ties[0] &+= amount }
            if group.homeInside, destination != Int(share.own) { ties[1] += Int64(placed) }
            ties[2 + destination * 2] &+= amount
            ties[3 + destination * 2] += Int64(placed)
            // Tie 5: what reaches furthest stays free.
            let far = 8 + destination * farTies + (2 - group.reach) * 2
            ties[far] &+= amount
            ties[far + 1] += Int64(placed)
        }
    }

    /// Rule 4's order for one outcome: the streak at the instant (larger first, in weeks for a
    /// weekly streak), freezes consumed, units kept, units over, then the partial's ties with
    /// the units kept (earliest first) before the sums. A weekly sum's units are weeks (kept,
    /// or over a weekly limit); otherwise days (`timesPerWeek`'s too).
    private func ranked(sums: Triple, partial: Partial, run before: SettledRun) -> (rank: Rank, placement: Placement) {
        var run = before
        // At a settlement, freeze events logged after the instant are not seen (rule 4a).
        let settling = openFrom > first ? first : nil
        var metBits: UInt8 = 0
        var kept = 0, over = 0, used = 0
        var keptFlags: (Int64, Int64, Int64) = (1, 1, 1)
        var weekStates: [(start: Int, state: WeekStreakState)] = []
        for offset in 0..<count {
            let day = first + offset, judge = judges[offset], open = day >= openFrom
            let isMet = judge.met(sums[offset])
            if isMet { metBits |= 1 << UInt8(offset) }
            let keptDay = input.isKept(day, judge: judge, met: isMet, open: open)
            if keptDay { Self.clear(&keptFlags, offset) }
            if judge.kind == .atLeast, isMet { kept += 1 }
            if judge.kind == .atMost, !isMet, input.due[day - input.ledger.baseDay] == .due { over += 1 }
            guard let weeks else {
                if input.isRolling {
                    if run.roll(day, input.rollingDay(day, kept: keptDay, seenAt: settling), closed: !open, input: input) { used += 1 }
                } else if run.take(input.verdict(day, judge: judge, met: isMet, open: open, seenAt: settling), on: day, behavior: input.behavior) {
                    used += 1
                }
                continue
            }
            let amount = fixed[offset] &+ start[offset] &+ partial.amounts[offset]
            let (state, bridged) = run.tally(
                day, kept: keptDay, amount: amount, open: open, last: offset == count - 1, input: input, weeks: weeks, seenAt: settling
            )
            if bridged { used += 1 }
            guard let state else { continue }
            let weekStart = weeks.start(ofWeekContaining: day)
            weekStates.append((weekStart, state))
            let judgement = weeks.judgement(endingOn: weeks.end(ofWeekStartingOn: weekStart))
            if judgement.isWeekly, state == .kept { kept += 1 }
            if judgement.isWeekly, judgement.isLimit, state == .gap { over += 1 }
        }
        // A weekly sum's days are kept as their week is.
        if let weeks {
            for offset in 0..<count {
                let weekStart = weeks.start(ofWeekContaining: first + offset)
                guard weeks.judgement(endingOn: weeks.end(ofWeekStartingOn: weekStart)).isWeekly else { continue }
                if weekStates.contains(where: { $0.start == weekStart && $0.state == .kept }) { Self.clear(&keptFlags, offset) }
            }
        }
        let rank = Rank(streak: run.kept, used: used, kept: kept, over: over, keptFlags: keptFlags, ties: partial.ties)
        return (rank, Placement(counts: partial.counts, amounts: partial.amounts, metBits: metBits, run: run))
    }

    private static func clear(_ flags: inout (Int64, Int64, Int64), _ offset: Int) {
        switch offset {
        case 0: flags.0 = 0
        case 1: flags.1 = 0
        default: flags.2 = 0
        }
    }
}

/// Where a placement's ties are added: a partial's vector, or a plain array.
private protocol TieSums {
    subscript(_ index: Int) -> Int64 { get set }
}

extension SIMD32<Int64>: TieSums {}
extension Array<Int64>: TieSums {}
