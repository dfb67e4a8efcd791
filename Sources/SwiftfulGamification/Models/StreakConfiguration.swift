import Foundation

/// How one streak is counted.
public struct StreakConfiguration: Sendable, Hashable {
    /// The streak's key, `^[a-z0-9_]+$` (1 to 64 characters), e.g. "workout".
    public let streakKey: String
    /// Events needed for a day to be kept (the goal); 1 is a plain daily streak.
    public let eventsRequiredPerDay: Int
    /// Ask the remote service to calculate instead of calculating on the client.
    public let useServerCalculation: Bool
    /// Hours of grace on either side of midnight, 0 through 24.
    public let leewayHours: Int
    public let freezeBehavior: FreezeBehavior
    /// Which days are due (rule 8); `daily` unless set.
    public let schedule: StreakSchedule
    /// The first day of a week, for a weekly schedule.
    public let weekStart: Weekday
    /// What a day or week asks (rule 10); nil: at least `eventsRequiredPerDay` events a day.
    public let target: StreakTarget?
    /// What amounts count ("km", "pages"); nil for counted events.
    public let unit: String?
    /// Rule 10's start day: a limit judges closed days from it on. Stores set it to the day
    /// a streak is created unless given.
    public let startDay: CalendarDay?
    /// What people read for the streak (any text up to 80 characters, "Stretch in the
    /// morning"); nil when the key says it. Set with `titled(_:)`; never used in counting.
    public private(set) var title: String?
    /// The group the streak is shown in ("Health", "Work"); nil for none. Set with `placed`.
    public private(set) var group: String?
    /// Where the streak stands among the others (smaller first); nil: after every placed
    /// one, by key. Set with `placed`.
    public private(set) var position: Double?
    /// A tracking-only streak's day value (rule 13): `sum` unless set with `measured(by:)`.
    public private(set) var measure: StreakMeasure = .sum

    /// The title, or the key when the streak has none: the streak's name on every screen.
    public var displayName: String { title ?? streakKey }

    /// Creates a configuration without checking it, as upstream's initialiser is used;
    /// `validate()` (called by the manager and the providers) reports bad values.
    public init(
        streakKey: String,
        eventsRequiredPerDay: Int = 1,
        useServerCalculation: Bool = false,
        leewayHours: Int = 0,
        freezeBehavior: FreezeBehavior = .manuallyConsumeFreezes,
        schedule: StreakSchedule = .daily,
        weekStart: Weekday = .monday,
        target: StreakTarget? = nil,
        unit: String? = nil,
        startDay: CalendarDay? = nil
    ) {
        self.streakKey = streakKey
        self.eventsRequiredPerDay = eventsRequiredPerDay
        self.useServerCalculation = useServerCalculation
        self.leewayHours = leewayHours
        self.freezeBehavior = freezeBehavior
        self.schedule = schedule
        self.weekStart = weekStart
        self.target = target
        self.unit = unit
        self.startDay = startDay
    }

    /// Creates a configuration, throwing on a bad key, goal or leeway.
    public static func validated(
        streakKey: String,
        eventsRequiredPerDay: Int = 1,
        useServerCalculation: Bool = false,
        leewayHours: Int = 0,
        freezeBehavior: FreezeBehavior = .manuallyConsumeFreezes,
        schedule: StreakSchedule = .daily,
        weekStart: Weekday = .monday,
        target: StreakTarget? = nil,
        unit: String? = nil,
        startDay: CalendarDay? = nil
    ) throws -> StreakConfiguration {
        let configuration = StreakConfiguration(
            streakKey: streakKey,
            eventsRequiredPerDay: eventsRequiredPerDay,
            useServerCalculation: useServerCalculation,
            leewayHours: leewayHours,
            freezeBehavior: freezeBehavior,
            schedule: schedule,
            weekStart: weekStart,
            target: target,
            unit: unit,
            startDay: startDay
        )
        try configuration.validate()
        return configuration
    }

    /// - Throws: `StreakRuleError.invalidStreakKey`, `.invalidGoal`, `.invalidLeeway`,
    ///   `.invalidSchedule`, `.invalidTarget`, `.invalidUnit` or `.targetScheduleConflict`.
    public func validate() throws {
        try StreakValidation.validateStreakKey(streakKey)
        guard StreakValidation.goalRange.contains(eventsRequiredPerDay) else { throw StreakRuleError.invalidGoal(eventsRequiredPerDay) }
        guard StreakValidation.leewayRange.contains(leewayHours) else { throw StreakRuleError.invalidLeeway(leewayHours) }
        try schedule.validate()
        if let target { try Self.validate(target: target, schedule: schedule) }
        if let unit { try StreakValidation.validateUnit(unit) }
        if let title { try StreakValidation.validateTitle(title) }
        if let group { try StreakValidation.validateGroup(group) }
        if measure != .sum, !isTrackingOnly { throw StreakRuleError.measureWithoutTracking(measure) }
    }

    /// Rules 10 and 12: a limit is judged per day, week or month, never with N a week or a
    /// month nor in rolling windows; a weekly or monthly amount is judged over whole weeks or
    /// months, so its schedule is `daily`; a rolling window takes only a daily at-least amount.
    static func validate(target: StreakTarget, schedule: StreakSchedule) throws {
        try target.validate()
        let conflict: Bool
        switch (target, schedule) {
        case (.atMost, .timesPerWeek), (.atMost, .timesPerMonth), (.atMost, .rolling): conflict = true
        case (.atLeast(_, let per), _) where per != .day, (.atMost(_, let per), _) where per != .day: conflict = schedule != .daily
        default: conflict = false
        }
        if conflict { throw StreakRuleError.targetScheduleConflict(target: target.text(), schedule: schedule.text) }
    }

    /// The target in force: the one set, or at least `eventsRequiredPerDay` events a day.
    public var effectiveTarget: StreakTarget { target ?? .atLeast(Double(eventsRequiredPerDay), per: .day) }

    /// Whether a day or week is judged by an amount (a unit or a target was set).
    public var measuresAmount: Bool { unit != nil || target != nil }

    /// Tracking only: events are recorded and summed, there is no streak.
    public var isTrackingOnly: Bool { target == .trackingOnly }

    /// A limit (at most X).
    public var isLimit: Bool { target?.isLimit ?? false }

    /// What the streak counts: weeks for N a week or a weekly target, months for N a month or a monthly target, else days.
    public var streakUnit: StreakSchedule.Unit {
        if schedule.unit == .month || target?.period == .month { return .month }
        return schedule.unit == .week || target?.period == .week ? .week : .day
    }

    /// The same configuration with another target, unit or start day (nil keeps each).
    public func measuring(target: StreakTarget?, unit: String? = nil, startDay: CalendarDay? = nil) -> StreakConfiguration {
        StreakConfiguration(
            streakKey: streakKey, eventsRequiredPerDay: eventsRequiredPerDay, useServerCalculation: useServerCalculation,
            leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: schedule, weekStart: weekStart,
            target: target ?? self.target, unit: unit ?? self.unit, startDay: startDay ?? self.startDay
        ).titled(title).placed(group: group, position: position).measured(by: (target ?? self.target) == .trackingOnly ? measure : .sum)
    }

    /// The same configuration in `group` (nil or blank: none) at `position`.
    public func placed(group: String?, position: Double?) -> StreakConfiguration {
        var placed = self
        let trimmed = group?.trimmingCharacters(in: .whitespacesAndNewlines)
        placed.group = trimmed?.isEmpty == false ? trimmed : nil
        placed.position = position.flatMap { $0.isFinite ? $0 : nil }
        return placed
    }

    /// The same configuration with `measure` as its day value (rule 13).
    public func measured(by measure: StreakMeasure) -> StreakConfiguration {
        var measured = self
        measured.measure = measure
        return measured
    }

    /// The same configuration with `title` (nil or blank: none).
    public func titled(_ title: String?) -> StreakConfiguration {
        var titled = self
        let trimmed = title?.trimmingCharacters(in: .whitespacesAndNewlines)
        titled.title = trimmed?.isEmpty == false ? trimmed : nil
        return titled
    }

    public var isGoalBasedStreak: Bool { eventsRequiredPerDay > 1 }
    public var isStrictMode: Bool { leewayHours == 0 }
    public var isTravelFriendly: Bool { leewayHours >= 12 }

    /// The same configuration with other values.
    public func with(
        eventsRequiredPerDay: Int? = nil,
        leewayHours: Int? = nil,
        freezeBehavior: FreezeBehavior? = nil,
        useServerCalculation: Bool? = nil,
        schedule: StreakSchedule? = nil
    ) -> StreakConfiguration {
        StreakConfiguration(
            streakKey: streakKey,
            eventsRequiredPerDay: eventsRequiredPerDay ?? self.eventsRequiredPerDay,
            useServerCalculation: useServerCalculation ?? self.useServerCalculation,
            leewayHours: leewayHours ?? self.leewayHours,
            freezeBehavior: freezeBehavior ?? self.freezeBehavior,
            schedule: schedule ?? self.schedule,
            weekStart: weekStart,
            target: target, unit: unit, startDay: startDay
        ).titled(title).placed(group: group, position: position).measured(by: measure)
    }

    /// The same configuration under another key (every other setting kept).
    public func renamed(to key: String) -> StreakConfiguration {
        StreakConfiguration(
            streakKey: key, eventsRequiredPerDay: eventsRequiredPerDay, useServerCalculation: useServerCalculation,
            leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: schedule, weekStart: weekStart,
            target: target, unit: unit, startDay: startDay
        ).titled(title).placed(group: group, position: position).measured(by: measure)
    }

    /// Parameters for analytics, prefixed `streak_config_`.
    public var eventParameters: [String: Any] {
        [
            "streak_config_streak_id": streakKey,
            "streak_config_events_required_per_day": eventsRequiredPerDay,
            "streak_config_use_server_calculation": useServerCalculation,
            "streak_config_leeway_hours": leewayHours,
            "streak_config_freeze_behavior": freezeBehavior.rawValue,
            "streak_config_schedule": schedule.text,
            "streak_config_week_start": weekStart.rawValue,
            "streak_config_target": effectiveTarget.text(unit: unit),
        ]
    }
}

extension StreakConfiguration: Codable {
    public enum CodingKeys: String, CodingKey {
        case streakKey = "streak_id"
        case eventsRequiredPerDay = "events_required_per_day"
        case useServerCalculation = "use_server_calculation"
        case leewayHours = "leeway_hours"
        case freezeBehavior = "freeze_behavior"
        case schedule
        case weekStart = "week_start"
        case title, group, position
        case target, unit
        case startDay = "start_day"
        case measure
    }

    /// Decoding applies `validate()`, so a stored configuration is never out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            streakKey: try container.decode(String.self, forKey: .streakKey),
            eventsRequiredPerDay: try container.decodeIfPresent(Int.self, forKey: .eventsRequiredPerDay) ?? 1,
            useServerCalculation: try container.decodeIfPresent(Bool.self, forKey: .useServerCalculation) ?? false,
            leewayHours: try container.decodeIfPresent(Int.self, forKey: .leewayHours) ?? 0,
            freezeBehavior: try container.decodeIfPresent(FreezeBehavior.self, forKey: .freezeBehavior) ?? .manuallyConsumeFreezes,
            schedule: try container.decodeIfPresent(StreakSchedule.self, forKey: .schedule) ?? .daily,
            weekStart: try container.decodeIfPresent(Weekday.self, forKey: .weekStart) ?? .monday,
            target: try container.decodeIfPresent(StreakTarget.self, forKey: .target),
            unit: try container.decodeIfPresent(String.self, forKey: .unit),
            startDay: try Self.decodeDay(container, .startDay)
        )
        title = try container.decodeIfPresent(String.self, forKey: .title)
        group = try container.decodeIfPresent(String.self, forKey: .group)
        position = try container.decodeIfPresent(Double.self, forKey: .position)
        measure = try container.decodeIfPresent(StreakMeasure.self, forKey: .measure) ?? .sum
        try DecodingError.checking(decoder) { try validate() }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(streakKey, forKey: .streakKey)
        try container.encode(eventsRequiredPerDay, forKey: .eventsRequiredPerDay)
        try container.encode(useServerCalculation, forKey: .useServerCalculation)
        try container.encode(leewayHours, forKey: .leewayHours)
        try container.encode(freezeBehavior, forKey: .freezeBehavior)
        try container.encode(schedule, forKey: .schedule)
        try container.encode(weekStart, forKey: .weekStart)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(group, forKey: .group)
        try container.encodeIfPresent(position, forKey: .position)
        try container.encodeIfPresent(target, forKey: .target)
        try container.encodeIfPresent(unit, forKey: .unit)
        try container.encodeIfPresent(startDay?.description, forKey: .startDay)
        // Written only when set, so a configuration that sums reads as it did before rule 13.
        if measure != .sum { try container.encode(measure, forKey: .measure) }
    }

    /// A day written "2024-03-01".
    private static func decodeDay(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> CalendarDay? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let day = CalendarDay(parsing: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text)' is not a date (YYYY-MM-DD)")
        }
        return day
    }
}

extension StreakConfiguration {
    public static func mock(
        streakKey: String = "workout",
        eventsRequiredPerDay: Int = 1,
        useServerCalculation: Bool = false,
        leewayHours: Int = 0,
        freezeBehavior: FreezeBehavior = .manuallyConsumeFreezes
    ) -> Self {
        StreakConfiguration(
            streakKey: streakKey,
            eventsRequiredPerDay: eventsRequiredPerDay,
            useServerCalculation: useServerCalculation,
            leewayHours: leewayHours,
            freezeBehavior: freezeBehavior
        )
    }

    public static func mockDefault(streakKey: String = "workout") -> Self { mock(streakKey: streakKey) }
    public static func mockGoalBased(streakKey: String = "workout", eventsRequiredPerDay: Int = 3) -> Self {
        mock(streakKey: streakKey, eventsRequiredPerDay: eventsRequiredPerDay)
    }
    public static func mockLenient(streakKey: String = "workout", leewayHours: Int = 3) -> Self {
        mock(streakKey: streakKey, leewayHours: leewayHours)
    }
    public static func mockTravelFriendly(streakKey: String = "workout") -> Self { mock(streakKey: streakKey, leewayHours: 24) }
    public static func mockServerCalculation(streakKey: String = "workout") -> Self {
        mock(streakKey: streakKey, useServerCalculation: true)
    }
}

extension StreakConfiguration {
    /// "goal 2/day, leeway 3h, freezes auto": the settings in words, as every screen says them.
    public var settingsText: String {
        let days = switch schedule {
        case .daily: ""
        case .weekdays: ", on \(schedule.text)"
        case .timesPerWeek: ", \(schedule.text) from \(weekStart.shortName.lowercased())"
        case .timesPerMonth, .rolling: ", \(schedule.text)"
        }
        if isTrackingOnly {
            let value = measure == .sum ? "" : ", \(measure.rawValue) of the day"
            return "tracking only\(unit.map { " (\($0))" } ?? "")\(value)\(days), leeway \(leewayHours)h"
        }
        let measure = measuresAmount ? effectiveTarget.text(unit: unit) : "goal \(eventsRequiredPerDay)/day"
        return "\(measure)\(days), leeway \(leewayHours)h, freezes \(freezeBehavior.word)"
    }
}
