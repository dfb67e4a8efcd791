/// A rolling streak (rule 12) after settlement: the settled run replayed over the settled
/// calendar (its freezes already recorded as frozen days) and the open days as credited at
/// `now`, giving every day's state, the current run, manual mode's offer, and what the status
/// and deadline read.
struct RollingReplay {
    var states: [DayState]
    var current = 0
    var startDay: Int?
    /// Manual mode: the fewest days to freeze, latest possible, that join the last ended run to now.
    var trailingGap: [Int] = []
    var outlook: RollingOutlook

    /// - Complexity: O(days); manual mode's offer O(days * Y) when a run has ended.
    init(_ input: WalkInput, choice: CreditChoice) {
        let base = input.ledger.baseDay
        states = Array(repeating: .beforeHistory, count: input.ledger.dayCount)
        var run = SettledRun(freezes: input.freezes)
        var beforeToday = run
        /// The calendar's days so far and whether each is kept or frozen.
        var calendar: [(day: Int, marked: Bool)] = []
        var runStartIndex: Int?
        var endedRunStart: Int?
        outlook = RollingOutlook(today: input.today)
        guard input.firstDay <= input.today else { return }
        for day in input.firstDay...input.today {
            let index = day - base
            let open = input.isOpen(day)
            let met = index >= 0 && index < choice.met.count && choice.met[index]
            let kept = input.isKept(day, judge: input.judge(day), met: met, open: open)
            let kind = input.rollingDay(day, kept: kept)
            if day == input.today { beforeToday = run }
            let wasRunning = run.rolling.isRunning
            run.roll(day, kind, closed: !open, input: input, consuming: false)
            if kind != .out {
                calendar.append((day, kind == .kept || kind == .frozen))
                if !wasRunning, run.rolling.isRunning { runStartIndex = calendar.count - 1 }
            }
            let ended = wasRunning && !run.rolling.isRunning
            if ended { endedRunStart = runStartIndex }
            states[index] = switch kind {
            case .kept: .kept
            case .out: .skipped
            case .frozen: .frozen
            case .plain: open ? .open : ended ? .gap : .rest
            }
        }
        current = run.rolling.isRunning ? run.kept : 0
        startDay = run.rolling.isRunning ? run.rolling.startDay : nil
        outlook = RollingOutlook(input, run: run.rolling, beforeToday: beforeToday.rolling, calendar: calendar, states: states)
        if input.behavior == .manuallyConsumeFreezes, let endedRunStart {
            trailingGap = Self.offer(calendar, from: endedRunStart, input: input)
        }
    }

    /// Rule 12's manual offer: from the ended run's first day to the latest closed day, each
    /// window short of X gets frozen days on its latest days that are neither kept nor frozen.
    private static func offer(_ calendar: [(day: Int, marked: Bool)], from first: Int, input: WalkInput) -> [Int] {
        guard let last = calendar.lastIndex(where: { !input.isOpen($0.day) }), last >= first else { return [] }
        var marked = calendar.map(\.marked)
        var frozen: [Int] = []
        for end in first...last {
            let window = input.window(on: calendar[end].day)
            let start = end - window.days + 1
            guard start >= first else { continue }
            var need = window.times - marked[start...end].filter { $0 }.count
            var position = end
            while need > 0, position >= start {
                if !marked[position] {
                    marked[position] = true
                    frozen.append(calendar[position].day)
                    need -= 1
                }
                position -= 1
            }
        }
        return frozen.sorted()
    }
}

/// What rule 12's status and deadline read of a rolling streak's current windows.
struct RollingOutlook {
    let today: Int
    /// X and Y of the window that ends today.
    var times = 0, days = 0
    /// Kept or frozen days of the window ending today, today's own included once kept.
    var held = 0
    /// That window starts on or after the run's first day.
    var judged = false
    /// Yesterday is open, neither kept nor frozen, and its window needs it.
    var yesterdayNeeded = false
    /// The first day from today whose window would hold fewer than X if nothing more were logged.
    var deadlineDay: Int?
    /// No window was judged since the first kept or frozen day: the first window (its first
    /// Y days of the calendar) is open; its kept or frozen days before today, and its days after today.
    var firstWindow: (held: Int, after: Int)?

    init(today: Int) {
        self.today = today
    }

    init(_ input: WalkInput, run: RollingRun, beforeToday: RollingRun, calendar: [(day: Int, marked: Bool)], states: [DayState]) {
        today = input.today
        (times, days) = input.window(on: today)
        let base = input.ledger.baseDay
        let todayIn = states[today - base] != .skipped
        if todayIn {
            held = run.held(latest: days)
            judged = run.judges(windowOf: days)
        }
        let yesterday = today - 1
        if input.yesterdayIsOpen, yesterday >= input.firstDay, states[yesterday - base] == .open {
            let window = input.window(on: yesterday)
            yesterdayNeeded = beforeToday.judges(windowOf: window.days) && beforeToday.held(latest: window.days) < window.times
        }
        if run.isRunning {
            deadlineDay = Self.deadline(input, run: run, todayIn: todayIn)
        }
        // Rule 7: the first window, from the first day of the calendar, not judged yet.
        if let firstIndex = calendar.indices.first {
            let window = input.window(on: calendar[firstIndex].day)
            let lastClosed = calendar.lastIndex { !input.isOpen($0.day) } ?? -1
            if lastClosed < firstIndex + window.days - 1 {
                let inside = calendar.prefix(window.days)
                let heldBefore = inside.filter { $0.marked && $0.day < today }.count
                let after = max(0, window.days - calendar.count)
                firstWindow = (heldBefore, after)
                (times, days) = window
            }
        }
    }

    /// Rule 12's deadline day: from today on, skipped days out of the calendar, the first
    /// whose window (judged) would hold fewer than X with nothing more logged.
    private static func deadline(_ input: WalkInput, run: RollingRun, todayIn: Bool) -> Int? {
        func isDeadline(_ day: Int, ahead: Int) -> Bool {
            let window = input.window(on: day)
            let covered = window.days - ahead
            let held = covered > 0 ? run.held(latest: covered) : 0
            return run.judges(windowOf: window.days, ahead: ahead) && held < window.times
        }
        if todayIn, isDeadline(input.today, ahead: 0) { return input.today }
        var day = input.today, ahead = 0
        // Within Y days of the calendar every mark has left the window.
        while ahead <= StreakSchedule.longestWindow {
            day += 1
            if input.windows?.kind(of: day) == .skipped { continue }
            ahead += 1
            if isDeadline(day, ahead: ahead) { return day }
        }
        return nil
    }

    /// Rules 7 and 12.
    func status(hasEvents: Bool, streak: Int, todayKept: Bool, daysSince: Int) -> StreakStatus {
        guard hasEvents else { return .noEvents }
        guard streak > 0 else {
            guard let firstWindow else { return .broken(daysSinceLastEvent: daysSince) }
            let canWait = firstWindow.held + firstWindow.after >= times
            return canWait || todayKept ? .active(daysSinceLastEvent: todayKept ? 0 : daysSince) : .atRisk
        }
        if yesterdayNeeded { return .canExtendWithLeeway }
        if judged, held < times { return .atRisk }
        return .active(daysSinceLastEvent: todayKept ? 0 : daysSince)
    }

    /// The day whose end (plus leeway) the streak must be kept by: yesterday while its window
    /// needs it, else the deadline day; nil when the streak is 0.
    func keepBy(streak: Int) -> Int? {
        guard streak > 0 else { return nil }
        return yesterdayNeeded ? today - 1 : deadlineDay
    }
}
