import Foundation

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
    /// A change between a weekly schedule and a daily or weekday one (rule 8).
    case scheduleUnitChange(from: StreakSchedule, to: StreakSchedule)
    /// A skip outside the days skips may cover (rule 9).
    case skipOutOfRange(CalendarDay, earliest: CalendarDay, latest: CalendarDay)
    /// A range of skips longer than `StreakValidation.longestSkipRange` days, or ending before it starts.
    case badSkipRange(from: CalendarDay, to: CalendarDay)
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
            return "Saving this streak needs \(needed) freeze\(needed == 1 ? "" : "s") but only \(available) \(available == 1 ? "is" : "are") available."
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
            return "Invalid schedule '\(text)': use daily, days of the week (mon-fri, mon,wed,fri, weekdays, weekends) or 1/week to 7/week."
        case .skipOutOfRange(let day, let earliest, let latest):
            return "Cannot skip \(day): skips go from \(earliest) (a year back) to \(latest) (366 days ahead)."
        case .badSkipRange(let from, let to):
            return to < from
                ? "The range \(from) to \(to) ends before it starts."
                : "The range \(from) to \(to) is \(from.days(to: to) + 1) days long; at most \(StreakValidation.longestSkipRange) are allowed."
        case .scheduleUnitChange(let from, let to):
            return "A streak counted in \(from.unit.rawValue)s cannot change to '\(to.text)', counted in \(to.unit.rawValue)s: create a new streak for that."
        }
    }
}

extension Date {
    /// ISO 8601 in UTC, as every message and JSON document of the project shows dates.
    var iso8601: String {
        formatted(.iso8601)
    }
}
