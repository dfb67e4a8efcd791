import Foundation

/// Which days a streak is due (STREAK_RULES.md, rule 8).
public enum StreakSchedule: Hashable, Sendable, Codable {
    /// Every day is due.
    case daily
    /// Only these days of the week are due; the others are rest days.
    case weekdays(Set<Weekday>)
    /// The unit is the week: a week is kept when this many of its days (1...7) are kept.
    case timesPerWeek(Int)
    /// The unit is the calendar month (rule 12): a month is kept when this many of its days (1...31) are kept.
    case timesPerMonth(Int)
    /// Rule 12's rolling window: every `days` consecutive days (skipped ones taken out) from
    /// the run's first kept day hold at least `times` kept or frozen days (1 <= times < days <= 365).
    /// "every N days" is `rolling(times: 1, days: N)`.
    case rolling(times: Int, days: Int)

    /// What a streak on this schedule counts.
    public enum Unit: String, Sendable, Codable {
        case day, week, month
    }

    /// Days for `daily`, `weekdays` and `rolling` (a rolling streak counts its kept days).
    public var unit: Unit {
        switch self {
        case .timesPerWeek: return .week
        case .timesPerMonth: return .month
        case .daily, .weekdays, .rolling: return .day
        }
    }

    /// A rolling window (rule 12): it changes to or from another shape only by re-judging from the first day.
    public var isRolling: Bool {
        if case .rolling = self { return true }
        return false
    }

    /// "counted in days", "counted in weeks", "kept in rolling windows": what a change of shape says.
    var shapeWords: String { isRolling ? "kept in rolling windows" : "counted in \(unit.rawValue)s" }

    /// The longest window of a rolling schedule.
    public static let longestWindow = 365

    /// Whether a day that falls on `weekday` is due (every day of a weekly streak is).
    public func isDue(on weekday: Weekday) -> Bool {
        if case .weekdays(let days) = self { return days.contains(weekday) }
        return true
    }

    /// "daily", "mon,tue,wed,thu,fri" (Monday first), "3/week": how JSON, files and screens spell it.
    public var text: String {
        switch self {
        case .daily: return "daily"
        case .weekdays(let days): return Weekday.allCases.filter(days.contains).map { $0.shortName.lowercased() }.joined(separator: ",")
        case .timesPerWeek(let times): return "\(times)/week"
        case .timesPerMonth(let times): return "\(times)/month"
        case .rolling(let times, let days): return times == 1 ? "every \(days) days" : "\(times) in \(days) days"
        }
    }

    /// - Throws: `StreakRuleError.invalidSchedule` when no day is due, the times per week are
    ///   not 1 through 7 or per month 1 through 31, or a window is not 1 <= X < Y <= 365
    ///   (`.everyOneDay` for every 1 day: that is daily).
    public func validate() throws {
        switch self {
        case .daily: return
        case .weekdays(let days): guard !days.isEmpty else { throw StreakRuleError.invalidSchedule(text) }
        case .timesPerWeek(let times): guard (1...7).contains(times) else { throw StreakRuleError.invalidSchedule(text) }
        case .timesPerMonth(let times): guard (1...31).contains(times) else { throw StreakRuleError.invalidSchedule(text) }
        case .rolling(let times, let days):
            if times == 1, days == 1 { throw StreakRuleError.everyOneDay }
            guard times >= 1, times < days else { throw StreakRuleError.invalidWindow(times: times, days: days) }
            guard days <= Self.longestWindow else { throw StreakRuleError.invalidWindow(times: times, days: days) }
        }
    }

    /// Reads `text`'s spellings and the ones people type: "daily", "3/week", a list of days
    /// or ranges ("mon-fri", "mon,wed,fri", "sat-mon" wraps), "weekdays", "weekends". A list
    /// of all seven days is `daily`.
    /// - Throws: `StreakRuleError.invalidSchedule` naming the text.
    public init(parsing text: String) throws {
        let words = text.lowercased().trimmingCharacters(in: .whitespaces)
        if words == "daily" || words == "every day" {
            self = .daily
            return
        }
        if words.hasSuffix("/week"), let times = Int(words.dropLast(5)) {
            self = .timesPerWeek(times)
            try validate()
            return
        }
        if words.hasSuffix("/month"), let times = Int(words.dropLast(6)) {
            self = .timesPerMonth(times)
            try validate()
            return
        }
        if let window = Self.window(words) {
            self = .rolling(times: window.times, days: window.days)
            try validate()
            return
        }
        var days = Set<Weekday>()
        for part in words.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch part {
            case "weekdays", "weekday": days.formUnion([.monday, .tuesday, .wednesday, .thursday, .friday])
            case "weekends", "weekend": days.formUnion([.saturday, .sunday])
            default:
                let ends = part.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard (1...2).contains(ends.count), let first = Weekday(typed: ends[0]), let last = Weekday(typed: ends[ends.count - 1]) else {
                    throw StreakRuleError.invalidSchedule(text)
                }
                days.formUnion(Weekday.range(from: first, to: last))
            }
        }
        self = days.count == 7 ? .daily : .weekdays(days)
        try validate()
    }

    /// "every 3 days", "every 3", "5 in 7 days", "5 in 7", "5/7 days": X and Y.
    private static func window(_ words: String) -> (times: Int, days: Int)? {
        var rest = words
        for suffix in [" days", " day", "days", "d"] where rest.hasSuffix(suffix) {
            rest = String(rest.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        if rest.hasPrefix("every ") {
            return Int(rest.dropFirst(6).trimmingCharacters(in: .whitespaces)).map { (1, $0) }
        }
        let parts = rest.contains(" in ") ? rest.components(separatedBy: " in ") : rest.components(separatedBy: "/")
        guard parts.count == 2, let times = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let days = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        return (times, days)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try DecodingError.checking(decoder) { try Self(parsing: text) }
    }
}

extension Weekday {
    /// From a typed name: "mon", "Monday", "tues", "thu"... (at least three letters of the name).
    public init?(typed name: String) {
        let lowered = name.lowercased()
        guard lowered.count >= 3, let day = Weekday.allCases.first(where: { $0.rawValue.hasPrefix(lowered) }) else { return nil }
        self = day
    }

    /// The days from `first` through `last`, wrapping past Sunday.
    static func range(from first: Weekday, to last: Weekday) -> [Weekday] {
        let all = Weekday.allCases
        var index = all.firstIndex(of: first)!
        var days = [all[index]]
        while all[index] != last {
            index = (index + 1) % all.count
            days.append(all[index])
        }
        return days
    }
}

extension StreakConfiguration {
    /// This configuration (with `leewayHours` and `freezeBehavior` when given) and `history`
    /// after the goal changed to `goal` at `now`, from that day on (rule 8). A change dated
    /// before the latest one recorded (made on a machine offline, pushed late) joins the
    /// history at its date, and the current goal stays the one the later change set.
    public func changing(
        goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, history: [StreakGoalChange], at now: Date
    ) throws -> (configuration: StreakConfiguration, history: [StreakGoalChange]) {
        let updated = with(eventsRequiredPerDay: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior)
        try updated.validate()
        guard let goal else { return (updated, history) }
        guard let later = history.firstIndex(where: { $0.date > now }) else {
            guard goal != eventsRequiredPerDay else { return (updated, history) }
            return (updated, history + [StreakGoalChange(date: now, eventsRequiredPerDay: goal)])
        }
        let keptGoal = with(eventsRequiredPerDay: nil, leewayHours: leewayHours, freezeBehavior: freezeBehavior)
        let inEffect = later > 0 ? history[later - 1] : nil
        guard inEffect?.eventsRequiredPerDay != goal else { return (keptGoal, history) }
        var merged = history
        merged.insert(
            StreakGoalChange(date: now, eventsRequiredPerDay: goal, schedule: inEffect?.schedule, target: inEffect?.target, leewayHours: inEffect?.leewayHours),
            at: later
        )
        return (keptGoal, merged)
    }

    /// This configuration and `history` after the settings given changed at `now` (goal and
    /// schedule from that day on; a title or group of "" removes it): what `updateSettings`
    /// stores.
    ///
    /// With `details.from` (rule 11) the goal, schedule and target are in force from that
    /// day instead, replacing every change recorded after it; `firstDay` (the start of the
    /// streak's first day) bounds it, and at the first day the unit and direction may change.
    public func changingSettings(
        goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, schedule: StreakSchedule?, details: StreakDetails = StreakDetails(),
        history: [StreakGoalChange], at now: Date, firstDay: Date? = nil
    ) throws -> (configuration: StreakConfiguration, history: [StreakGoalChange]) {
        // On a streak with a target the goal is the target's amount.
        var goal = goal, details = details
        if let asked = goal, let current = target, details.target == nil {
            guard current != .trackingOnly else { throw StreakRuleError.targetKindChange(from: current.text(unit: unit), to: "goal \(asked)") }
            details.target = current.with(amount: Double(asked))
            goal = nil
        }
        if let from = details.from {
            let (updated, changes) = try rejudging(from: from, goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: schedule,
                                                   details: details, history: history, firstDay: firstDay)
            return (try updated.startingLimit(since: details.since), changes)
        }
        var (updated, changes) = try changing(goal: goal, leewayHours: nil, freezeBehavior: freezeBehavior, history: history, at: now)
        if let schedule { (updated, changes) = try updated.changingSchedule(to: schedule, history: changes, at: now) }
        if details.target != nil || details.unit != nil {
            (updated, changes) = try updated.changingTarget(to: details.target, unit: details.unit, history: changes, at: now)
        }
        if let leewayHours { (updated, changes) = try updated.changingLeeway(to: leewayHours, history: changes, at: now) }
        updated = details.applied(to: updated)
        try updated.validate()
        return (try updated.startingLimit(since: details.since), changes)
    }

    /// A limit judged from `since` on (rule 10's start day); unchanged without one.
    /// - Throws: `StreakRuleError.startDayWithoutLimit` for a streak that is no limit.
    func startingLimit(since: CalendarDay?) throws -> StreakConfiguration {
        guard let since else { return self }
        guard isLimit else { throw StreakRuleError.startDayWithoutLimit }
        return measuring(target: nil, startDay: since)
    }

    /// This configuration and `history` after the schedule changed to `schedule` at `now`
    /// (rule 8): earlier changes keep the schedule they were under, written into them, and
    /// one change from `now` carries the new one. Unchanged when it is the same schedule.
    /// - Throws: `StreakRuleError.invalidSchedule`, or `.scheduleUnitChange` between a
    ///   weekly schedule and a day one (a weekly streak stays weekly).
    public func changingSchedule(to schedule: StreakSchedule, history: [StreakGoalChange], at now: Date)
        throws -> (configuration: StreakConfiguration, history: [StreakGoalChange]) {
        try schedule.validate()
        guard schedule.unit == self.schedule.unit, schedule.isRolling == self.schedule.isRolling else {
            throw StreakRuleError.scheduleUnitChange(from: self.schedule, to: schedule)
        }
        guard schedule != self.schedule else { return (self, history) }
        let earlier = history.isEmpty
            ? [StreakGoalChange(date: Date(timeIntervalSince1970: 0), eventsRequiredPerDay: eventsRequiredPerDay)]
            : history
        let change = StreakGoalChange(date: now, eventsRequiredPerDay: eventsRequiredPerDay, schedule: schedule)
        return (with(schedule: schedule), earlier.map { $0.withSchedule(self.schedule) } + [change])
    }
}
