import Foundation
@testable import SwiftfulGamification

/// STREAK_RULES.md rules 1-9 (counting events) applied literally, by brute force: every
/// crediting of every event to the days it allows is tried and ranked by rule 4, and the
/// longest streak is the largest current streak at any `now` up to the present (rule 6).
/// Everything is in one zone, with `Calendar` for day arithmetic. Small histories only.
struct ReferenceStreak {
    struct Input {
        let events: [StreakEvent]
        let freezes: [StreakFreeze]
        let configuration: StreakConfiguration
        let skips: Set<Int>
        let now: Date
    }

    /// The fields the calculator is compared on.
    struct Result: Equatable, CustomStringConvertible {
        var current = 0, longest = 0, todayCount = 0, freezesLeft = 0, needed = 0
        var start: Date?
        var deadline: Date?
        var status = StreakStatus.noEvents
        var consumptions: [String] = []

        var description: String {
            "current \(current) longest \(longest) start \(start.map { "\($0)" } ?? "-") deadline \(deadline.map { "\($0)" } ?? "-") "
                + "status \(status) today \(todayCount) left \(freezesLeft) used \(consumptions) needed \(needed)"
        }
    }

    static let zone = TimeZone(identifier: "America/New_York")!
    let input: Input
    let calendar: Calendar

    init(_ input: Input) {
        self.input = input
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone
        self.calendar = calendar
    }

    var goal: Int { max(1, input.configuration.eventsRequiredPerDay) }
    var leeway: Int { min(max(input.configuration.leewayHours, 0), 24) }
    var behavior: FreezeBehavior { input.configuration.freezeBehavior }

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
        if input.skips.contains(day) { return .skipped }
        return input.configuration.schedule.isDue(on: CalendarDay(dayNumber: day).dayOfWeek) ? .due : .rest
    }

    // MARK: Results

    func result() -> Result {
        var result = evaluate(at: input.now)
        var longest = result.current
        for moment in pastMoments() { longest = max(longest, evaluate(at: moment).current) }
        result.longest = longest
        return result
    }

    /// Every instant at which the current streak can take a new value, up to now: each
    /// event, and the last second before a day closes.
    func pastMoments() -> [Date] {
        let instants = input.events.map(\.dateCreated).filter { $0 <= input.now }
        guard let first = instants.min() else { return [] }
        var moments = instants
        for day in (day(of: first) - 1)...day(of: input.now) {
            moments.append(startOf(day + 1).addingTimeInterval(-1))
            if leeway > 0 { moments.append(wallClock(day, hour: leeway).addingTimeInterval(-1)) }
        }
        return moments.filter { $0 <= input.now }
    }

    /// One crediting, walked.
    struct Walked {
        var kept: Set<Int> = []
        var streak = 0
        var start: Int?
        var used: [(freeze: Int, day: Int)] = []
        var trailing: [Int] = []
        var todayOut = 0, todayIn = 0, todayCount = 0
        var lex: [Bool] = []
    }

    func evaluate(at now: Date) -> Result {
        let today = day(of: now)
        let nowSecond = secondOfDay(now)
        let regular = input.events.filter { !$0.isFreeze && $0.dateCreated <= now }
        let frozen = behavior == .noFreezes ? Set<Int>() : Set(input.events.filter { $0.isFreeze && $0.dateCreated <= now }.map { min(day(of: $0.dateCreated), today) })
        let options: [(own: Int, days: [Int])] = regular.map { event in
            let own = min(day(of: event.dateCreated), today)
            let second = secondOfDay(event.dateCreated)
            var days = [own]
            if leeway > 0, second < leeway * 3_600 { days.append(own - 1) }
            if leeway > 0, second >= 86_400 - leeway * 3_600 { days.append(own + 1) }
            return (own, Array(Set(days.map { min($0, today) })).sorted())
        }
        var result = Result()
        result.status = regular.isEmpty ? .noEvents : .broken(daysSinceLastEvent: 0)
        let firstDay = (options.flatMap(\.days) + frozen).min()
        let yesterdayOpen = leeway > 0 && nowSecond < leeway * 3_600
        let pool = input.freezes.indices.filter { input.freezes[$0].dateUsed == nil }.sorted {
            (input.freezes[$0].dateEarned ?? .distantPast, input.freezes[$0].id) < (input.freezes[$1].dateEarned ?? .distantPast, input.freezes[$1].id)
        }
        let context = WalkContext(today: today, firstDay: firstDay ?? today + 1, yesterdayOpen: yesterdayOpen, frozen: frozen, pool: pool)
        var best: Walked?
        var choice = [Int](repeating: 0, count: options.count)
        repeat {
            var counts: [Int: Int] = [:]
            var walked = Walked()
            for (index, option) in options.enumerated() {
                let credited = option.days[choice[index]]
                counts[credited, default: 0] += 1
                if option.own == today, credited != today { walked.todayOut += 1 }
                if option.own != today, credited == today { walked.todayIn += 1 }
            }
            walked.todayCount = counts[today, default: 0]
            walked.kept = Set(counts.filter { $0.value >= goal }.keys)
            walk(&walked, context)
            if best.map({ isBetter(walked, than: $0) }) ?? true { best = walked }
        } while advance(&choice, options.map(\.days.count))
        guard let best, firstDay != nil else {
            result.freezesLeft = behavior == .noFreezes ? 0 : input.freezes.filter { $0.isAvailable(at: now) }.count
            return result
        }
        fill(&result, best, context, regular: regular, now: now)
        return result
    }

    struct WalkContext {
        let today: Int
        let firstDay: Int
        let yesterdayOpen: Bool
        let frozen: Set<Int>
        let pool: [Int]
        func isOpen(_ day: Int) -> Bool { day == today || (yesterdayOpen && day == today - 1) }
    }

    func isBetter(_ lhs: Walked, than rhs: Walked) -> Bool {
        if lhs.streak != rhs.streak { return lhs.streak > rhs.streak }
        if lhs.used.count != rhs.used.count { return lhs.used.count < rhs.used.count }
        if lhs.lex != rhs.lex { return lhs.lex.lexicographicallyPrecedes(rhs.lex) { $0 && !$1 } }
        if lhs.todayOut != rhs.todayOut { return lhs.todayOut < rhs.todayOut }
        return lhs.todayIn < rhs.todayIn
    }

    func advance(_ choice: inout [Int], _ sizes: [Int]) -> Bool {
        for position in choice.indices {
            choice[position] += 1
            if choice[position] < sizes[position] { return true }
            choice[position] = 0
        }
        return false
    }

    /// A freeze may bridge `first...last` when earned before `last` ended and not expired when `first` began.
    func isEligible(_ index: Int, first: Int, last: Int) -> Bool {
        let freeze = input.freezes[index]
        if let earned = freeze.dateEarned, earned >= startOf(last + 1) { return false }
        if let expires = freeze.dateExpires, expires <= startOf(first) { return false }
        return true
    }

    /// Oldest earned first, one freeze per span in ascending order, all or nothing.
    func assign(_ spans: [(Int, Int)], pool: [Int], used: [(freeze: Int, day: Int)]) -> [(freeze: Int, day: Int)]? {
        var taken = Set(used.map(\.freeze))
        var assigned: [(freeze: Int, day: Int)] = []
        for span in spans.sorted(by: { $0.0 < $1.0 }) {
            guard let freeze = pool.first(where: { !taken.contains($0) && isEligible($0, first: span.0, last: span.1) }) else { return nil }
            taken.insert(freeze)
            assigned.append((freeze, span.1))
        }
        return assigned
    }

    func walk(_ walked: inout Walked, _ context: WalkContext) {
        walked.lex = stride(from: context.today, through: context.firstDay, by: -1).map { walked.kept.contains($0) }
        if case .timesPerWeek = input.configuration.schedule {
            walkWeeks(&walked, context)
        } else {
            walkDays(&walked, context)
        }
    }

    func walkDays(_ walked: inout Walked, _ context: WalkContext) {
        var closedKeptSeen = false
        var day = context.today
        while day >= context.firstDay {
            let kept = walked.kept.contains(day)
            if kept {
                walked.streak += 1
                walked.start = day
                if !context.isOpen(day) { closedKeptSeen = true }
                day -= 1
                continue
            }
            if context.isOpen(day) || context.frozen.contains(day) || kind(day) != .due {
                day -= 1
                continue
            }
            // A gap: the missed due days back to a kept or frozen day (rest and skipped days between).
            var gapDays: [Int] = []
            var stop = day
            while stop >= context.firstDay, !walked.kept.contains(stop), !context.frozen.contains(stop) {
                if kind(stop) == .due { gapDays.append(stop) }
                stop -= 1
            }
            let savable = stop >= context.firstDay
            if savable, behavior == .autoConsumeFreezes,
               let assigned = assign(gapDays.map { ($0, $0) }, pool: context.pool, used: walked.used) {
                walked.used += assigned
                day = stop
                continue
            }
            if savable, behavior == .manuallyConsumeFreezes, !closedKeptSeen { walked.trailing = gapDays.sorted() }
            return
        }
    }

    func weekStart(_ day: Int) -> Int {
        let all = Weekday.allCases
        let offset = all.firstIndex(of: CalendarDay(dayNumber: day).dayOfWeek)! - all.firstIndex(of: input.configuration.weekStart)!
        return day - offset.floorModulo(7)
    }

    enum WeekState { case kept, bridged, gap, open }

    func weekState(_ start: Int, _ walked: Walked, _ context: WalkContext) -> (state: WeekState, kept: Int, target: Int) {
        guard case .timesPerWeek(let times) = input.configuration.schedule else { fatalError() }
        let days = start...(start + 6)
        let kept = days.filter { $0 <= context.today && walked.kept.contains($0) }.count
        let skipped = days.filter { kind($0) == .skipped && !walked.kept.contains($0) }.count
        let target = min(times, 7 - skipped)
        let open = start + 6 >= context.today || (context.yesterdayOpen && start + 6 == context.today - 1)
        if target == 0 { return (.bridged, kept, target) }
        if kept >= target { return (.kept, kept, target) }
        if open { return (.open, kept, target) }
        if days.contains(where: { context.frozen.contains($0) }) { return (.bridged, kept, target) }
        return (.gap, kept, target)
    }

    func walkWeeks(_ walked: inout Walked, _ context: WalkContext) {
        var closedKeptSeen = false
        var start = weekStart(context.today)
        while start + 6 >= context.firstDay {
            let state = weekState(start, walked, context).state
            if state == .kept {
                walked.streak += 1
                walked.start = start
                if start + 6 < context.today, !context.isOpen(start + 6) { closedKeptSeen = true }
            }
            if state != .gap {
                start -= 7
                continue
            }
            var gapWeeks: [Int] = []
            var stop = start
            while stop + 6 >= context.firstDay, weekState(stop, walked, context).state == .gap {
                gapWeeks.append(stop)
                stop -= 7
            }
            let savable = stop + 6 >= context.firstDay
            if savable, behavior == .autoConsumeFreezes,
               let assigned = assign(gapWeeks.map { ($0, $0 + 6) }, pool: context.pool, used: walked.used) {
                walked.used += assigned
                start = stop
                continue
            }
            if savable, behavior == .manuallyConsumeFreezes, !closedKeptSeen { walked.trailing = gapWeeks.map { $0 + 6 }.sorted() }
            return
        }
    }
}
