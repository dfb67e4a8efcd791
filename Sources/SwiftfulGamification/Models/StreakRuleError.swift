import Foundation
import GamificationSupport

/// Upstream's error, with upstream's one case: a manager call that needs a user before
/// `logIn(userId:)`. An exhaustive `switch` written against upstream compiles unchanged.
public enum StreakError: Error, Equatable, Sendable, LocalizedError {
    case notLoggedIn

    public var errorDescription: String? {
        switch self {
        case .notLoggedIn: return "No user is logged in: call logIn(userId:) first."
        }
    }
}

/// Everything else the library refuses (bad input, freezes that cannot be used), with a
/// message a person can act on.
public enum StreakRuleError: Error, Equatable, Sendable {
    case invalidStreakKey(String)
    /// A title over 80 characters or with control characters.
    case invalidTitle(String)
    /// A group name over 40 characters or with control characters.
    case invalidGroup(String)
    case invalidMetadataKey(String)
    case invalidTimeZone(String)
    case emptyIdentifier(String)
    case invalidGoal(Int)
    case invalidLeeway(Int)
    case eventInFuture(eventDate: Date, now: Date)
    case eventTooOld(eventDate: Date, oldestAllowed: Date)
    case freezeNotFound(String)
    case freezeAlreadyUsed(String)
    case freezeExpired(String)
    case notEnoughFreezes(needed: Int, available: Int)
    case freezesNotManual(FreezeBehavior)
    case nothingToSave
    case dateOutOfRange(what: String, date: Date)
    case identifierTooLong(String, length: Int)
    /// An id or zone name holding a control character (U+0000 to U+001F or U+007F).
    case controlCharacter(String)
    /// A schedule with no due day, times per week outside 1...7, or text that names none.
    case invalidSchedule(String)
    /// "Every 1 day": that is daily (rule 12).
    case everyOneDay
    /// A rolling window that is not 1 <= X < Y <= 365 (rule 12).
    case invalidWindow(times: Int, days: Int)
    /// A start day (`--since`) is a limit's: the first day it judges.
    case startDayWithoutLimit
    /// A change between units (days, weeks, months) or to or from a rolling window (rules 8 and 12).
    case scheduleUnitChange(from: StreakSchedule, to: StreakSchedule)
    /// A skip outside the days skips may cover (rule 9).
    case skipOutOfRange(CalendarDay, earliest: CalendarDay, latest: CalendarDay)
    /// A range of skips longer than `StreakValidation.longestSkipRange` days, or ending before it starts.
    case badSkipRange(from: CalendarDay, to: CalendarDay)
    /// An event amount that is negative, not a number, infinite or above 1e9 (rule 10).
    case invalidAmount(Double)
    /// A target amount outside rule 10's range (at least: above 0; at most: 0 or above; at most 1e9).
    case invalidTarget(Double)
    /// A unit that is blank, too long or holds control characters.
    case invalidUnit(String)
    /// A target the schedule cannot carry (a limit with N a week, a weekly target with a weekday schedule).
    case targetScheduleConflict(target: String, schedule: String)
    /// A change of a target's direction, period or unit on an existing streak (rule 10).
    case targetKindChange(from: String, to: String)
    /// Freezes on a tracking-only streak, which has no streak to save.
    case freezesWithoutStreak
    /// A day value other than `sum` on a streak with a target (rule 13: only tracking measures).
    case measureWithoutTracking(StreakMeasure)
    /// A note longer than `StreakValidation.longestNote` characters, or empty.
    case invalidNote(length: Int)
    /// A note on a day outside the days notes may be on: from 1970-01-01 to today.
    case noteOutOfRange(CalendarDay, earliest: CalendarDay, latest: CalendarDay)
    /// A re-judgement dated before the streak's first day (rule 11).
    case changeBeforeHistory(CalendarDay, first: CalendarDay)
}

extension StreakRuleError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidStreakKey(let key):
            let derived = StreakValidation.derivedKey(fromTitle: key)
            let suggestion = derived == key ? "" : ", such as '\(derived)'"
            return "Invalid streak key '\(key)': use 1 to 64 lowercase letters, digits or underscores\(suggestion)."
        case .invalidGroup(let group):
            return "Invalid group '\(group.prefix(50))': use up to \(StreakValidation.longestGroup) characters, without control characters."
        case .invalidTitle(let title):
            return "Invalid title '\(title.prefix(90))': use up to \(StreakValidation.longestTitle) characters, without control characters."
        case .invalidMetadataKey(let key):
            return "Invalid metadata key '\(key)': use letters, digits or underscores only."
        case .invalidTimeZone(let name):
            return "Unknown time zone '\(name)': use an IANA name such as America/New_York."
        case .emptyIdentifier(let what):
            return "The \(what) id must not be empty."
        case .invalidGoal(let goal):
            return "Invalid goal \(goal): events required per day must be between \(StreakValidation.goalRange.lowerBound) and \(StreakValidation.goalRange.upperBound)."
        case .invalidLeeway(let hours):
            return "Invalid leeway \(hours)h: leeway must be between 0 and 24 hours."
        case .eventInFuture(let eventDate, let now):
            return "Event date \(eventDate.iso8601) is in the future (now is \(now.iso8601))."
        case .eventTooOld(let eventDate, let oldestAllowed):
            return "Event date \(eventDate.iso8601) is more than a year old (oldest allowed \(oldestAllowed.iso8601)); import it instead."
        case .freezeNotFound(let id):
            return "No streak freeze with id '\(id)'."
        case .freezeAlreadyUsed(let id):
            return "Streak freeze '\(id)' has already been used."
        case .freezeExpired(let id):
            return "Streak freeze '\(id)' has expired."
        case .notEnoughFreezes(let needed, let available):
            return "Saving this streak needs \(counted(needed, "freeze")) but only \(available) \(available == 1 ? "is" : "are") available."
        case .freezesNotManual(let behavior):
            return "Freezes are used by hand only in manual mode (this streak is '\(behavior.rawValue)')."
        case .nothingToSave:
            return "The streak has no missed days that freezes could fill."
        case .dateOutOfRange(let what, let date):
            let shown = StreakValidation.supportedDates.contains(date) || abs(date.timeIntervalSince1970) < 1e11
                ? date.iso8601 : "\(date.timeIntervalSince1970) seconds since 1970"
            return "The \(what) \(shown) is out of range: dates must be from 1970-01-01 to 2199-12-31."
        case .identifierTooLong(let what, let length):
            return "The \(what) id is \(length) bytes long; at most \(StreakValidation.maximumIdLength) are allowed."
        case .controlCharacter(let what):
            return "The \(what) contains a control character (such as NUL or a line break), which no store keeps: use printable characters."
        case .invalidSchedule(let text):
            return "Invalid schedule '\(text)': use daily, days of the week (mon-fri, mon,wed,fri, weekdays, weekends), 1/week to 7/week, 1/month to 31/month, every N days or X in Y days."
        case .everyOneDay:
            return "Every 1 day is daily (every N days needs N from 2 to \(StreakSchedule.longestWindow))."
        case .invalidWindow(let times, let days):
            if days > StreakSchedule.longestWindow { return "A window of \(days) days is too long: use at most \(StreakSchedule.longestWindow) days." }
            if times >= days { return "\(times) in \(days) days is every day: the times must be fewer than the days (daily keeps every day)." }
            return "Invalid window \(times) in \(days) days: use 1 <= times < days <= \(StreakSchedule.longestWindow)."
        case .skipOutOfRange(let day, let earliest, let latest):
            return "Cannot skip \(day): skips go from \(earliest) (a year back) to \(latest) (366 days ahead)."
        case .badSkipRange(let from, let to):
            return to < from
                ? "The range \(from) to \(to) ends before it starts."
                : "The range \(from) to \(to) is \(from.days(to: to) + 1) days long; at most \(StreakValidation.longestSkipRange) are allowed."
        case .invalidAmount(let value):
            return "Invalid amount \(Self.shown(value)): amounts must be numbers from 0 to 1000000000 (kept to 0.001)."
        case .invalidTarget(let value):
            return "Invalid target \(Self.shown(value)): 'at least' needs an amount above 0, 'at most' 0 or more, both at most 1000000000."
        case .invalidUnit(let unit):
            return "Invalid unit '\(unit.prefix(40))': use 1 to \(StreakValidation.longestUnit) characters, without control characters."
        case .targetScheduleConflict(let target, let schedule):
            let why = if target.hasPrefix("at most") {
                "a limit is judged every day, week or month, never over N a week, N a month or rolling windows"
            } else if target.hasSuffix("a week") || target.hasSuffix("a month") {
                "an amount \(target.hasSuffix("a week") ? "a week" : "a month") is judged over whole \(target.hasSuffix("a week") ? "weeks" : "months"), so use daily"
            } else {
                "that schedule takes an amount a day"
            }
            return "A streak of '\(target)' cannot have the schedule '\(schedule)': \(why)."
        case .targetKindChange(let from, let to):
            return "A streak of '\(from)' cannot change to '\(to)' from today: create a new streak, or re-judge its whole history with `--from start` (rule 11)."
        case .freezesWithoutStreak:
            return "A tracking-only streak has no streak to save, so it takes no freezes."
        case .measureWithoutTracking(let measure):
            return "A day value of '\(measure.rawValue)' is for tracking only (--track): a target adds up the day's amounts."
        case .invalidNote(let length):
            return length == 0
                ? "A note must not be empty: remove it instead."
                : "The note is \(length) characters long; at most \(StreakValidation.longestNote) are allowed."
        case .noteOutOfRange(let day, let earliest, let latest):
            return day > latest
                ? "Cannot note \(day): it has not come yet (today is \(latest)); a note goes on a day from \(earliest) to today."
                : "Cannot note \(day): a note goes on a day from \(earliest) to today (\(latest))."
        case .changeBeforeHistory(let day, let first):
            return "Cannot change the streak from \(day): its history starts on \(first)."
        case .startDayWithoutLimit:
            return "Only a limit (at most) has a start day: the first day it judges."
        case .scheduleUnitChange(let from, let to):
            return "A streak \(from.shapeWords) cannot change to '\(to.text)', \(to.shapeWords), from today: create a new streak, or re-judge its whole history with `--from start` (rule 11)."
        }
    }
}

extension StreakRuleError {
    /// A value as a message shows it: "nan", "-3", "4.2".
    static func shown(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? StreakAmount.text(value) : "\(value)"
    }
}

extension Date {
    /// ISO 8601 in UTC, as every message and JSON document of the project shows dates.
    var iso8601: String { ISODate.format(self) }
}
