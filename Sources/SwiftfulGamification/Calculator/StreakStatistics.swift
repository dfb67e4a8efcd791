import Foundation

/// Figures about a streak's whole history, read from one evaluation's per-day records: how
/// often it was kept lately, on which weekdays, and its longest runs. Pure: the same
/// evaluation always gives the same figures, and nothing is calculated twice.
///
/// Days count from the first day of history through today. A day still open and not kept
/// (today, or yesterday within the leeway) is pending: it is left out of every rate until it
/// closes. Frozen days bridge runs but are not kept days.
public struct StreakStatistics: Sendable, Equatable, Codable {
    /// Kept days among the days that could have been kept, over a window ending today.
    public struct Completion: Sendable, Equatable, Codable {
        /// The window's length in days (7, 30, 365).
        public let window: Int
        /// Days of the window on or after the first day, not pending.
        public let counted: Int
        public let kept: Int
        public let frozen: Int

        /// `kept / counted`, nil when no day counted.
        public var rate: Double? { counted > 0 ? Double(kept) / Double(counted) : nil }
    }

    /// How one weekday went over the whole history.
    public struct Weekday: Sendable, Equatable, Codable {
        /// 1 = Sunday ... 7 = Saturday, as `Calendar` and `CalendarDay.weekday` number them.
        public let weekday: Int
        public let counted: Int
        public let kept: Int

        public var rate: Double? { counted > 0 ? Double(kept) / Double(counted) : nil }
    }

    /// How one calendar month went.
    public struct Month: Sendable, Equatable, Codable {
        public let year: Int
        public let month: Int
        public let counted: Int
        public let kept: Int
        public let frozen: Int

        public var rate: Double? { counted > 0 ? Double(kept) / Double(counted) : nil }
    }

    /// A run of kept days (frozen days may bridge it).
    public struct Run: Sendable, Equatable, Codable {
        /// The first and last kept days.
        public let start: CalendarDay
        public let end: CalendarDay
        /// Kept days in it (the streak length it reached).
        public let length: Int
        /// The run the current streak belongs to.
        public let isCurrent: Bool
    }

    public let last7: Completion
    public let last30: Completion
    public let last365: Completion
    public let keptDays: Int
    public let frozenDays: Int
    public let missedDays: Int
    /// Regular events.
    public let totalEvents: Int
    /// Monday first.
    public let weekdays: [Weekday]
    /// Rule 13's strength, a whole percent, and its change over the last 7 days (nil for tracking only).
    public let strength: Int?
    public let strengthChangeThisWeek: Int?
    /// What the last scored day did to it (rule 13: at least the last day's change is shown).
    public let strengthChangeLastDay: Int?
    /// Rule 13's statistics of the day values (tracking only; nil otherwise).
    public let measurements: StreakMeasurements?
    /// The weekdays the current schedule asks for (1 = Sunday ... 7 = Saturday).
    /// nil: every weekday (statistics decoded from an older encoding).
    let dueWeekdays: Set<Int>?
    /// The three longest runs, longest first (the more recent first among equals).
    public let longestRuns: [Run]
    /// Every month from the first day of history through this one, oldest first.
    public let months: [Month]
    /// A weekly streak's weeks (rule 8); nil for a day unit.
    public let weeks: Weeks?
    /// Sums of the amounts credited, in the streak's unit (rule 10; events for a streak
    /// that counts them).
    public let totals: Totals

    /// Sums of the amounts credited to days (rule 10), exact to 0.001.
    public struct Totals: Sendable, Equatable, Codable {
        /// The week holding today (from the streak's week start), this calendar month and
        /// year, and every day of the history.
        public let thisWeek: Double
        public let thisMonth: Double
        public let thisYear: Double
        public let allTime: Double
        /// The total over the days something was credited to; nil when none was.
        public let meanPerLoggedDay: Double?
        /// The day with the largest sum, and the week (from the week start) with the largest
        /// sum, the latest among equals; nil when nothing was credited.
        public let bestDay: Best?
        public let bestWeek: Best?

        public struct Best: Sendable, Equatable, Codable {
            /// The day, or the week's first day.
            public let start: CalendarDay
            public let amount: Double
        }

        init(_ days: [StreakDay], today: CalendarDay, weekStart: SwiftfulGamification.Weekday, amounts: (CalendarDay) -> Int64) {
            let weekOf = { (day: CalendarDay) in
                day.adding(days: -(SwiftfulGamification.Weekday.allCases.firstIndex(of: day.dayOfWeek)! - SwiftfulGamification.Weekday.allCases.firstIndex(of: weekStart)!).floorModulo(7))
            }
            let (year, month, _) = today.civil
            let thisWeekStart = weekOf(today)
            var week: Int64 = 0, monthTotal: Int64 = 0, yearTotal: Int64 = 0, all: Int64 = 0, logged = 0
            var bestDay: (CalendarDay, Int64)?
            var weekSums: [(CalendarDay, Int64)] = []
            for day in days {
                let amount = amounts(day.day)
                let civil = day.day.civil
                all &+= amount
                if day.eventCount > 0 { logged += 1 }
                if day.day >= thisWeekStart { week &+= amount }
                if civil.year == year { yearTotal &+= amount }
                if civil.year == year, civil.month == month { monthTotal &+= amount }
                if day.eventCount > 0, bestDay.map({ amount >= $0.1 }) ?? true { bestDay = (day.day, amount) }
                let start = weekOf(day.day)
                if weekSums.last?.0 == start { weekSums[weekSums.count - 1].1 &+= amount } else { weekSums.append((start, amount)) }
            }
            let value = StreakAmount.value(thousandths:)
            thisWeek = value(week)
            thisMonth = value(monthTotal)
            thisYear = value(yearTotal)
            allTime = value(all)
            meanPerLoggedDay = logged > 0 ? value(all) / Double(logged) : nil
            self.bestDay = bestDay.map { Best(start: $0.0, amount: value($0.1)) }
            let best = logged > 0 ? weekSums.max { ($0.1, $0.0) < ($1.1, $1.0) } : nil
            bestWeek = best.map { Best(start: $0.0, amount: value($0.1)) }
        }
    }

    /// How a weekly streak's weeks went: kept weeks among the closed ones that were not
    /// bridged, the best week, and every week's kept days against its target.
    public struct Weeks: Sendable, Equatable, Codable {
        public let counted: Int
        public let kept: Int
        public let bridged: Int
        /// The week with the most kept days, or for an amount a week or a month (rule 10) the
        /// largest total (for a limit the smallest total among the closed ones); the latest
        /// among equals.
        public let best: StreakWeek?
        public let all: [StreakWeek]

        public var rate: Double? { counted > 0 ? Double(kept) / Double(counted) : nil }

        init(_ weeks: [StreakWeek]) {
            let closed = weeks.filter { $0.state != .open }
            bridged = closed.filter { $0.state == .bridged }.count
            counted = closed.count - bridged
            kept = closed.filter { $0.state == .kept }.count
            best = Self.best(of: weeks, closed: closed)
            all = weeks
        }

        private static func best(of weeks: [StreakWeek], closed: [StreakWeek]) -> StreakWeek? {
            guard let first = weeks.first, first.amount != nil else { return weeks.max { ($0.keptDays, $0.start) < ($1.keptDays, $1.start) } }
            guard first.isLimit else { return weeks.max { ($0.amount ?? 0, $0.start) < ($1.amount ?? 0, $1.start) } }
            // A limit's best is its lightest unit; the open one is not over yet.
            return closed.filter { $0.state != .bridged }.min { ($0.amount ?? 0, $1.start) < ($1.amount ?? 0, $0.start) }
        }

        /// The three longest runs of kept weeks, longest first (the more recent first among
        /// equals), lengths in weeks: a missed week ends one; bridged weeks and the week under
        /// way pass through. The last run is the current streak's when no missed week follows it.
        public var longestRuns: [Run] {
            var runs: [Run] = []
            var first: StreakWeek?
            var last: StreakWeek?
            var length = 0
            func close() {
                if let first, let last, length > 0 { runs.append(Run(start: first.start, end: last.end, length: length, isCurrent: false)) }
                (first, last, length) = (nil, nil, 0)
            }
            for week in all {
                switch week.state {
                case .kept:
                    if first == nil { first = week }
                    last = week
                    length += 1
                case .gap: close()
                case .bridged, .open: break
                }
            }
            let alive = last.map { kept in all.drop { $0.start <= kept.start }.allSatisfy { $0.state == .bridged || $0.state == .open } } ?? false
            close()
            if alive, let run = runs.last { runs[runs.count - 1] = Run(start: run.start, end: run.end, length: run.length, isCurrent: true) }
            return runs.sorted { ($0.length, $0.end) > ($1.length, $1.end) }.prefix(3).map { $0 }
        }
    }

    /// The weekday kept most often (by rate, then by kept days; Monday first among equals),
    /// among the days the schedule asks for: a rest day kept now and then is no "best".
    public var bestWeekday: Weekday? {
        judgedWeekdays.max { ($0.rate!, $0.kept) < ($1.rate!, $1.kept) }
    }

    /// The weekday kept least often (by rate, then fewest kept days), among the due ones.
    public var worstWeekday: Weekday? {
        judgedWeekdays.min { ($0.rate!, $0.kept) < ($1.rate!, $1.kept) }
    }

    private var judgedWeekdays: [Weekday] {
        weekdays.filter { $0.counted > 0 && dueWeekdays?.contains($0.weekday) != false }
    }

    /// - Complexity: O(days of history).
    public init(evaluation: StreakEvaluation) {
        self.init(evaluation: evaluation, strength: StreakStrength(evaluation: evaluation))
    }

    /// The same with the strength already computed (a screen that charts it too).
    public init(evaluation: StreakEvaluation, strength strengthScore: StreakStrength?) {
        let today = evaluation.today
        let first = evaluation.firstHistoryDay
        let days = first.map { evaluation.days(from: $0, through: today) } ?? []
        // Open days are not decided yet; rest and skipped days were never asked for (rules 8, 9),
        // nor a tracking-only streak's (rule 13).
        func isPending(_ day: StreakDay) -> Bool { day.state == .open || day.state == .rest || day.state == .skipped || day.state == .logged }
        func completion(_ window: Int) -> Completion {
            let start = today.adding(days: 1 - window)
            let inWindow = days.filter { $0.day >= start && !isPending($0) }
            return Completion(
                window: window, counted: inWindow.count,
                kept: inWindow.filter { $0.state == .kept }.count, frozen: inWindow.filter { $0.state == .frozen }.count
            )
        }
        last7 = completion(7)
        last30 = completion(30)
        last365 = completion(365)
        keptDays = days.filter { $0.state == .kept }.count
        frozenDays = days.filter { $0.state == .frozen }.count
        missedDays = days.filter { $0.state == .gap }.count
        totalEvents = evaluation.streak.totalEvents ?? 0

        var counted = [Int](repeating: 0, count: 8)
        var kept = [Int](repeating: 0, count: 8)
        for day in days where !isPending(day) {
            counted[day.day.weekday] += 1
            if day.state == .kept { kept[day.day.weekday] += 1 }
        }
        weekdays = [2, 3, 4, 5, 6, 7, 1].map { Weekday(weekday: $0, counted: counted[$0], kept: kept[$0]) }
        strength = strengthScore?.percent
        strengthChangeThisWeek = strengthScore?.change(overDays: 7)
        strengthChangeLastDay = strengthScore?.change(overDays: 1)
        measurements = StreakMeasurements(evaluation: evaluation)
        let schedule = evaluation.configuration.schedule
        dueWeekdays = Set((1...7).filter { schedule.isDue(on: SwiftfulGamification.Weekday(calendarWeekday: $0)) })
        var months: [Month] = []
        for day in days {
            let (year, month, _) = day.day.civil
            if months.last.map({ $0.year != year || $0.month != month }) ?? true {
                months.append(Month(year: year, month: month, counted: 0, kept: 0, frozen: 0))
            }
            guard !isPending(day), let last = months.popLast() else { continue }
            months.append(Month(
                year: year, month: month, counted: last.counted + 1, kept: last.kept + (day.state == .kept ? 1 : 0),
                frozen: last.frozen + (day.state == .frozen ? 1 : 0)
            ))
        }
        self.months = months
        weeks = evaluation.weeks.isEmpty ? nil : Weeks(evaluation.weeks)
        totals = Totals(days, today: today, weekStart: evaluation.configuration.weekStart) { evaluation.amount(on: $0) }
        longestRuns = Self.runs(days, current: evaluation.streak.currentStreak ?? 0)
            .sorted { ($0.length, $0.end) > ($1.length, $1.end) }
            .prefix(3).map { $0 }
    }

    /// Every run of kept days: a gap ends one; frozen, open, rest and skipped days pass through.
    private static func runs(_ days: [StreakDay], current: Int) -> [Run] {
        var runs: [Run] = []
        var start: CalendarDay?
        var end: CalendarDay?
        var length = 0
        func close() {
            if let start, let end, length > 0 { runs.append(Run(start: start, end: end, length: length, isCurrent: false)) }
            start = nil
            end = nil
            length = 0
        }
        for day in days {
            switch day.state {
            case .kept:
                if start == nil { start = day.day }
                end = day.day
                length += 1
            case .gap:
                close()
            case .frozen, .open, .beforeHistory, .future, .rest, .skipped, .logged:
                break
            }
        }
        close()
        // The last run is the current streak's when the streak is alive.
        if current > 0, let last = runs.last {
            runs[runs.count - 1] = Run(start: last.start, end: last.end, length: last.length, isCurrent: true)
        }
        return runs
    }
}
