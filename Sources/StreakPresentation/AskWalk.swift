import Foundation
import SwiftfulGamification

/// `streaks ask` (and the dashboard's walk-through): which (day, streak) questions to ask,
/// oldest day first and, within a day, in the order the streaks are given.
///
/// A day is asked when the streak was due on it and it has no answer yet. Answers are the
/// day's own events, a skip, a used freeze, or a remembered "no". The walk starts the day
/// after a streak's latest answered day (so a long-kept streak is not asked about a gap of
/// last spring), or at `since` when given; never before the streak began or the backfill
/// window; and it also takes the days left open (Enter) on an earlier walk.
public struct AskWalk: Sendable, Equatable {
    public struct Question: Sendable, Equatable {
        public let day: CalendarDay
        public let key: String

        public init(day: CalendarDay, key: String) {
            self.day = day
            self.key = key
        }
    }

    /// What was remembered of earlier walks for one streak.
    public struct Memory: Sendable, Equatable {
        public var no: Set<CalendarDay>
        public var open: Set<CalendarDay>

        public init(no: Set<CalendarDay> = [], open: Set<CalendarDay> = []) {
            self.no = no
            self.open = open
        }
    }

    public let questions: [Question]

    public init(
        _ evaluations: [StreakEvaluation], memory: [String: Memory], since: CalendarDay?, today: CalendarDay, firstAllowed: CalendarDay
    ) {
        var questions: [Question] = []
        for evaluation in evaluations {
            let key = evaluation.configuration.streakKey
            let remembered = memory[key] ?? Memory()
            // Asked from a day on, a streak is asked about it even before it was created (days
            // to catch up on are why one asks: issue 49); a limit only from its start day.
            let own = since != nil && !evaluation.configuration.isLimit ? firstAllowed : Self.firstDay(of: evaluation, today: today)
            let began = max(own, firstAllowed)
            guard began <= today else { continue }
            let answered = { (day: CalendarDay) in Self.isAnswered(day, in: evaluation) || remembered.no.contains(day) }
            let start: CalendarDay
            if let since {
                start = max(since, began)
            } else {
                let latest = stride(from: today.dayNumber, through: began.dayNumber, by: -1).lazy.map(CalendarDay.init(dayNumber:)).first(where: answered)
                start = latest.map { $0.adding(days: 1) } ?? began
            }
            var days = Set(stride(from: start.dayNumber, through: today.dayNumber, by: 1).map(CalendarDay.init(dayNumber:)))
            days.formUnion(remembered.open.filter { $0 >= began && $0 <= today })
            for day in days where Self.isDue(day, in: evaluation) && !answered(day) {
                questions.append(Question(day: day, key: key))
            }
        }
        let rank = Dictionary(uniqueKeysWithValues: evaluations.enumerated().map { ($1.configuration.streakKey, $0) })
        self.questions = questions.sorted { ($0.day, rank[$0.key] ?? 0) < ($1.day, rank[$1.key] ?? 0) }
    }

    /// The streak's own first day: its start day, else the day it was created or first
    /// logged, whichever is earlier.
    static func firstDay(of evaluation: StreakEvaluation, today: CalendarDay) -> CalendarDay {
        if let start = evaluation.configuration.startDay { return start }
        let zone = TimeZone(identifier: evaluation.timeZoneIdentifier) ?? TimeZone(identifier: "UTC")!
        let created = evaluation.streak.dateCreated.map { CalendarDay(containing: $0, in: zone) } ?? today
        return min(created, evaluation.firstHistoryDay ?? created)
    }

    static func isAnswered(_ day: CalendarDay, in evaluation: StreakEvaluation) -> Bool {
        let record = evaluation.day(day)
        return record.ownEventCount > 0 || record.state == .skipped || record.state == .frozen
    }

    static func isDue(_ day: CalendarDay, in evaluation: StreakEvaluation) -> Bool {
        switch evaluation.configuration.schedule {
        case .timesPerWeek, .timesPerMonth:
            // Any day of a week or month still short of its target counts (its open days read as rest).
            return evaluation.day(day).state != .skipped && evaluation.week(containing: day)?.state != .kept
        case .rolling:
            // Rule 12 has no rest days: a day the windows did not need reads as rest, yet counts.
            return evaluation.day(day).state != .skipped
        case .daily, .weekdays:
            break
        }
        if evaluation.day(day).state == .rest { return false }
        return evaluation.configuration.schedule.isDue(on: Weekday(calendarWeekday: day.weekday))
    }
}

/// One answer to a walk's question, as typed.
public enum AskAnswer: Sendable, Equatable {
    /// `y`: done (the day's goal or target logged).
    case yes
    /// `n`: not done, remembered as answered.
    case no
    /// `s`: a skipped day (rule 9).
    case skip
    /// A number: that amount (a measured streak) or that many events.
    case amount(Double)
    /// `# text`: a note on the day; the question is asked again.
    case note(String)
    /// Enter: left for a later walk.
    case later
    /// `q` (or the end of the input): stop, keeping what was given.
    case quit

    /// Nil for text that is none of these.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") {
            let note = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            guard !note.isEmpty else { return nil }
            self = .note(note)
            return
        }
        switch trimmed.lowercased() {
        case "": self = .later
        case "y", "yes": self = .yes
        case "n", "no": self = .no
        case "s", "skip": self = .skip
        case "q", "quit": self = .quit
        default:
            guard let value = StreakAmount.parse(trimmed), StreakAmount.isValid(value) else { return nil }
            self = .amount(value)
        }
    }

    /// What a `y` or a number logs on a day of a streak with `configuration`: `y` keeps the day
    /// (its goal's events, or its daily target's amount); a number is that amount on a
    /// measured streak, else that many events. Nil for the other answers.
    public func logging(_ configuration: StreakConfiguration) -> Result<(count: Int, amount: Double?), AskAnswerProblem>? {
        let measured = configuration.unit != nil || (configuration.target != nil && !configuration.isTrackingOnly)
        switch self {
        case .yes where measured:
            guard case .atLeast(let amount, per: .day) = configuration.effectiveTarget else {
                return .failure(AskAnswerProblem("type how much\(configuration.unit.map { " (in \($0))" } ?? ""), or n"))
            }
            return .success((1, amount))
        case .yes:
            return .success((configuration.streakUnit == .day ? configuration.eventsRequiredPerDay : 1, nil))
        case .amount(let value) where measured:
            return .success((1, value))
        case .amount(let value):
            guard value == value.rounded(), (1...100).contains(value) else { return .failure(AskAnswerProblem("a whole number of times from 1 to 100, or y")) }
            return .success((Int(value), nil))
        default:
            return nil
        }
    }

    /// The line that says what can be typed.
    public static let help = "y done · n not done · s skip the day · a number: how much · # text: a note · Enter: later · q: stop"
}

/// Why an answer logs nothing as typed ("type how much (in cups), or n").
public struct AskAnswerProblem: Error, Equatable, Sendable {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }
}
