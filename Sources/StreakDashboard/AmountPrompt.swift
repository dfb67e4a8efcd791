import Foundation
import SwiftfulGamification

/// The one-line prompt Space opens where one keypress is not enough: how much, on an amount
/// streak (the last amount logged suggested), and how many events, on a past day of a
/// counting streak (one prompt however many). Enter (or y) logs what it says, Esc (or n)
/// cancels; typing replaces the suggestion.
public struct AmountPrompt: Equatable, Sendable {
    public let streak: String
    public let day: CalendarDay
    public let isToday: Bool
    /// An amount in `unit`; otherwise a number of events.
    public let measures: Bool
    public let unit: String?
    public private(set) var text: String
    /// The suggestion is shown until a key is typed, which replaces it.
    public private(set) var isSuggested = true
    public private(set) var problem: String?
    /// The `T` list it was opened from, which comes back when it closes (Space, Space walks down it).
    public var returnsTo: TodayPanel?

    public init(streak: String, day: CalendarDay, isToday: Bool, measures: Bool, unit: String?, suggested: String) {
        (self.streak, self.day, self.isToday, self.measures, self.unit, self.text) = (streak, day, isToday, measures, unit, suggested)
    }

    /// The prompt for `view`'s streak on `day`: the last amount logged (or the target, or 1)
    /// suggested for an amount streak, 1 event otherwise.
    public static func opening(_ view: StreakView, day: CalendarDay, today: CalendarDay) -> AmountPrompt {
        let configuration = view.configuration
        let measures = configuration.measuresAmount
        let last = view.streak.recentEvents?.last { !$0.isFreeze && $0.amount != nil }?.amount
        let suggested = measures ? (last ?? configuration.target?.amount ?? 1) : 1
        return AmountPrompt(
            streak: view.key, day: day, isToday: day == today, measures: measures, unit: configuration.unit,
            suggested: StreakAmount.text(suggested)
        )
    }

    /// "Log run today: how much (km)?", "Log daily on Thu 2024-06-13: how many events?".
    public var question: String {
        let when = isToday ? "today" : "on \(DayNames.short(day)) \(day)"
        let what = measures ? "how much\(unit.map { " (\($0))" } ?? "")?" : "how many events?"
        return "Log \(streak) \(when): \(what)"
    }

    public enum Outcome: Equatable, Sendable {
        case typing
        case cancel
        /// Log `count` events of `amount` each (nil: no amount, each counts 1).
        case log(count: Int, amount: Double?)
    }

    /// One key: digits and a decimal mark type, Backspace and Ctrl-U erase, Enter or y
    /// answers, Esc or n cancels.
    public mutating func press(_ key: Key) -> Outcome {
        problem = nil
        switch key {
        case .escape, .character("n"), .character("N"):
            return .cancel
        case .enter, .character("y"), .character("Y"):
            return answer()
        case .backspace:
            if isSuggested { text = "" } else if !text.isEmpty { text.removeLast() }
            isSuggested = false
        case .clearField:
            text = ""
            isSuggested = false
        case .character(let character) where character.isASCII && (character.isNumber || (measures && (character == "." || character == ","))):
            if isSuggested { text = "" }
            isSuggested = false
            if text.count < 16 { text.append(character) }
        default:
            problem = measures ? "Type an amount such as 5 or 2.5." : "Type a number of events."
        }
        return .typing
    }

    private mutating func answer() -> Outcome {
        if measures {
            guard let amount = StreakAmount.parse(text), StreakAmount.isValid(amount) else {
                problem = "'\(text)' is not an amount: type one such as 5 or 2.5."
                return .typing
            }
            return .log(count: 1, amount: StreakAmount.rounded(amount))
        }
        guard let count = Int(text), (1...Self.mostEvents).contains(count) else {
            problem = "Type a number of events from 1 to \(Self.mostEvents)."
            return .typing
        }
        return .log(count: count, amount: nil)
    }

    /// The most events one prompt logs.
    public static let mostEvents = 100

    /// The box's lines: the question, the field (the suggestion dim until typed over), the keys.
    func lines() -> [[(String, CellStyle)]] {
        let field: [(String, CellStyle)] = [
            ("> ", CellStyle(.accent, bold: true)),
            (text, CellStyle(isSuggested ? .muted : .text, bold: !isSuggested)),
            (unit.map { " \($0)" } ?? (measures ? "" : text == "1" ? " event" : " events"), CellStyle(.muted)),
        ]
        return [
            [(question, CellStyle(.text))], field,
            [(problem ?? "enter: log    esc: cancel    ctrl-u: clear", CellStyle(problem == nil ? .muted : .warning))],
        ]
    }
}
