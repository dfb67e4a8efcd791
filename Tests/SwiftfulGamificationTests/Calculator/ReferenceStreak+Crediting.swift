import Foundation
@testable import SwiftfulGamification

/// Every crediting at one moment, ranked by rule 4, and the walks of rules 4, 5, 8 and 10.
extension ReferenceStreak {
    /// One crediting, walked.
    struct Walked {
        /// Sums and counts credited per day from `base` on.
        var base = 0
        var sums: [Int64] = []
        var counts: [Int] = []
        var kept: Set<Int> = []
        var streak = 0
        var start: Int?
        var used: [Use] = []
        var trailing: [Int] = []
        var todayOut = 0, todayIn = 0, todayOutAmount: Int64 = 0, todayInAmount: Int64 = 0, moves = 0
        var lex: [Bool] = []

        func sum(_ day: Int) -> Int64 { day >= base && day - base < sums.count ? sums[day - base] : 0 }
        func count(_ day: Int) -> Int { day >= base && day - base < counts.count ? counts[day - base] : 0 }
        /// The days credited some event.
        var creditedDays: [Int] { counts.indices.filter { counts[$0] > 0 }.map { base + $0 } }
    }

    /// A freeze consumed for a day (or a week, on its last day).
    struct Use {
        let freeze: Int
        let day: Int
    }

    /// The days an event may be credited to, its own day and amount.
    struct Option {
        let own: Int
        let days: [Int]
        let amount: Int64
    }

    struct WalkContext {
        let today: Int
        let firstDay: Int
        /// The first day judged: a limit's start day, else the first day.
        let bottom: Int
        let yesterdayOpen: Bool
        let frozen: Set<Int>
        let pool: [Int]
        /// Days before this are settled (rule 4a): their gaps are final.
        var settledBefore = Int.min
        func isOpen(_ day: Int) -> Bool { day == today || (yesterdayOpen && day == today - 1) }
    }

    /// The best creditings at `now` (all equal under rule 4's order), walked.
    func bestWalks(at now: Date) -> (walks: [Walked], context: WalkContext, regular: [StreakEvent]) {
        let today = day(of: now)
        let nowSecond = secondOfDay(now)
        let regular = input.events.filter { !$0.isFreeze && $0.dateCreated <= now }
        let frozen = behavior == .noFreezes ? Set<Int>() : Set(input.events.filter { $0.isFreeze && $0.dateCreated <= now }.map { min(ownDayAndSecond($0).day, today) })
        let options: [Option] = regular.map { event in
            let (ownDay, second) = ownDayAndSecond(event)
            let own = min(ownDay, today)
            var days = [own]
            // The event's own day's leeway (rule 11: days keep the leeway they had).
            let leeway = leeway(on: ownDay)
            if leeway > 0, second < leeway * 3_600 { days.append(own - 1) }
            if leeway > 0, second >= 86_400 - leeway * 3_600 { days.append(own + 1) }
            return Option(own: own, days: Array(Set(days.map { min($0, today) })).sorted(), amount: event.amountThousandths)
        }
        let historyFirst = (options.flatMap(\.days) + frozen).min()
        let start = limitStart
        let firstDay = start.map { min($0, historyFirst ?? $0) } ?? historyFirst
        let pool = unusedFreezes
        let context = WalkContext(
            today: today, firstDay: firstDay ?? today + 1, bottom: start ?? firstDay ?? today + 1,
            yesterdayOpen: leeway(on: today) > 0 && nowSecond < leeway(on: today) * 3_600, frozen: frozen, pool: behavior == .noFreezes ? [] : pool
        )
        var best: [Walked] = []
        var choice = [Int](repeating: 0, count: options.count)
        let sizes = options.map(\.days.count)
        let base = options.flatMap(\.days).min() ?? today
        repeat {
            var walked = Walked()
            walked.base = base
            walked.sums = Array(repeating: 0, count: today - base + 1)
            walked.counts = Array(repeating: 0, count: today - base + 1)
            for (index, option) in options.enumerated() {
                let credited = option.days[choice[index]]
                walked.counts[credited - base] += 1
                walked.sums[credited - base] += option.amount
                if credited != option.own { walked.moves += 1 }
                if option.own == today, credited != today { walked.todayOut += 1; walked.todayOutAmount += option.amount }
                if option.own != today, credited == today { walked.todayIn += 1; walked.todayInAmount += option.amount }
            }
            if !isTracking { walk(&walked, context) }
            if best.isEmpty || isBetter(walked, than: best[0]) {
                best = [walked]
            } else if !isBetter(best[0], than: walked) {
                best.append(walked)
            }
        } while advance(&choice, sizes)
        return (best, context, regular)
    }

    /// The freezes unused as `now` sees them (rule 1: one earned after it is not seen, one
    /// used after it is still unused), oldest earned first.
    var unusedFreezes: [Int] {
        input.freezes.indices.filter {
            (input.freezes[$0].dateUsed.map { $0 > input.now } ?? true) && (input.freezes[$0].dateEarned ?? .distantPast) <= input.now
        }.sorted {
            (input.freezes[$0].dateEarned ?? .distantPast, input.freezes[$0].id) < (input.freezes[$1].dateEarned ?? .distantPast, input.freezes[$1].id)
        }
    }

    func isBetter(_ lhs: Walked, than rhs: Walked) -> Bool {
        if lhs.streak != rhs.streak { return lhs.streak > rhs.streak }
        if lhs.used.count != rhs.used.count { return lhs.used.count < rhs.used.count }
        if lhs.lex != rhs.lex { return lhs.lex.lexicographicallyPrecedes(rhs.lex) { $0 && !$1 } }
        // Field by field (a tuple of five compares slowly in debug builds).
        if lhs.todayOut != rhs.todayOut { return lhs.todayOut < rhs.todayOut }
        if lhs.todayIn != rhs.todayIn { return lhs.todayIn < rhs.todayIn }
        if lhs.todayOutAmount != rhs.todayOutAmount { return lhs.todayOutAmount < rhs.todayOutAmount }
        if lhs.todayInAmount != rhs.todayInAmount { return lhs.todayInAmount < rhs.todayInAmount }
        return lhs.moves < rhs.moves
    }

    func advance(_ choice: inout [Int], _ sizes: [Int]) -> Bool {
        for position in choice.indices {
            choice[position] += 1
            if choice[position] < sizes[position] { return true }
            choice[position] = 0
        }
        return false
    }

    // MARK: Days (rules 3, 8 and 10)

    /// Whether `day`'s sum meets its (daily) target: at least X, or at most X.
    func met(_ day: Int, _ walked: Walked) -> Bool {
        switch target(on: day) {
        case .atLeast(_, .day): return walked.sum(day) >= targetAmount(on: day)
        case .atMost(_, .day): return walked.sum(day) <= targetAmount(on: day)
        default: return false
        }
    }

    /// A day that counts in the run: at least, met; at most, closed within the limit and due.
    func isKept(_ day: Int, _ walked: Walked, _ context: WalkContext) -> Bool {
        guard day >= context.bottom, met(day, walked) else { return false }
        return target(on: day).kind == .atLeast || (!context.isOpen(day) && kind(day) == .due)
    }

    /// A day that breaks the run unless bridged: a closed due day short of its target, or a
    /// due day over its limit, open or not.
    func isGap(_ day: Int, _ walked: Walked, _ context: WalkContext) -> Bool {
        guard day >= context.bottom, target(on: day).period == .day, kind(day) == .due, !context.frozen.contains(day), !met(day, walked) else { return false }
        return target(on: day).kind == .atMost || !context.isOpen(day)
    }

    /// A freeze may bridge `first...last` when earned before `last` ended and not expired when `first` began.
    func isEligible(_ index: Int, first: Int, last: Int) -> Bool {
        let freeze = input.freezes[index]
        if let earned = freeze.dateEarned, earned >= startOf(last + 1) { return false }
        if let expires = freeze.dateExpires, expires <= startOf(first) { return false }
        return true
    }

    /// Oldest earned first, one freeze per span in ascending order, all or nothing.
    func assign(_ spans: [(Int, Int)], pool: [Int], used: [Use]) -> [Use]? {
        var taken = Set(used.map(\.freeze))
        var assigned: [Use] = []
        for span in spans.sorted(by: { $0.0 < $1.0 }) {
            guard let freeze = pool.first(where: { !taken.contains($0) && isEligible($0, first: span.0, last: span.1) }) else { return nil }
            taken.insert(freeze)
            assigned.append(Use(freeze: freeze, day: span.1))
        }
        return assigned
    }

    func walk(_ walked: inout Walked, _ context: WalkContext) {
        // At least X > 0: only days credited something can be kept.
        let candidates = isLimit ? Array(stride(from: context.today, through: context.firstDay, by: -1)) : walked.creditedDays
        walked.kept = Set(candidates.filter { isKept($0, walked, context) })
        walked.lex = stride(from: context.today, through: context.firstDay, by: -1).map { walked.kept.contains($0) }
        if isWeekly {
            walkWeeks(&walked, context)
        } else {
            walkDays(&walked, context)
        }
    }

    func walkDays(_ walked: inout Walked, _ context: WalkContext) {
        var closedKeptSeen = false
        var day = context.today
        while day >= context.bottom {
            if walked.kept.contains(day) {
                walked.streak += 1
                walked.start = day
                if !context.isOpen(day) { closedKeptSeen = true }
                day -= 1
                continue
            }
            guard isGap(day, walked, context) else {
                day -= 1
                continue
            }
            // The gap days back to a kept or frozen day, whatever else lies between.
            var gapDays: [Int] = []
            var stop = day
            while stop >= context.bottom, !walked.kept.contains(stop), !context.frozen.contains(stop) {
                if isGap(stop, walked, context) { gapDays.append(stop) }
                stop -= 1
            }
            let savable = stop >= context.bottom
            if savable, behavior == .autoConsumeFreezes, gapDays.allSatisfy({ $0 >= context.settledBefore }),
               let assigned = assign(gapDays.map { ($0, $0) }, pool: context.pool, used: walked.used) {
                walked.used += assigned
                day = stop
                continue
            }
            if savable, behavior == .manuallyConsumeFreezes, !closedKeptSeen { walked.trailing = gapDays.sorted() }
            return
        }
    }
}
