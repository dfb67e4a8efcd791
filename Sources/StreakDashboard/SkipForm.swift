import Foundation
import SwiftfulGamification

/// The form `S` opens: a range of days to skip (a holiday), from and to as people type
/// them (`2024-12-24`, `today`, `+3d`), for the selected streak or for every active one
/// (each on its due days). Nothing is written until both read and Enter is pressed.
public struct SkipForm: Equatable, Sendable {
    public enum Field: Sendable, CaseIterable {
        case from, to, scope
    }

    public var from: String
    public var to: String
    public var field: Field = .from
    /// Every active streak instead of the selected one.
    public var everyStreak = false
    public var showsErrors = false
    let today: CalendarDay
    let window: ClosedRange<CalendarDay>

    public init(today: CalendarDay, window: ClosedRange<CalendarDay>) {
        self.today = today
        self.window = window
        from = "tomorrow"
        to = "+7d"
    }

    /// Why the form cannot be used as it is, if it cannot.
    public var error: String? {
        guard let first = CalendarDay(typed: from, today: today) else { return "from: a date (2024-12-24), today, tomorrow or +3d" }
        guard let last = CalendarDay(typed: to, today: today) else { return "to: a date (2024-12-24), today, tomorrow or +3d" }
        guard first <= last else { return "the range ends before it starts" }
        guard first.days(to: last) < StreakValidation.longestSkipRange else { return "at most \(StreakValidation.longestSkipRange) days" }
        guard window.contains(first), window.contains(last) else { return "skips go from \(window.lowerBound) to \(window.upperBound)" }
        return nil
    }

    /// The days, once the form reads.
    public var range: ClosedRange<CalendarDay>? {
        guard error == nil, let first = CalendarDay(typed: from, today: today), let last = CalendarDay(typed: to, today: today) else { return nil }
        return first...last
    }

    /// Text keys edit the field, Tab and arrows move; false for keys the form does not take.
    mutating func handle(_ pressed: Key) -> Bool {
        let fields = Field.allCases
        switch pressed {
        case .tab, .down:
            field = fields[(fields.firstIndex(of: field)! + 1) % fields.count]
        case .backTab, .up:
            field = fields[(fields.firstIndex(of: field)! + fields.count - 1) % fields.count]
        case .left where field == .scope, .right where field == .scope, .character(" ") where field == .scope:
            everyStreak.toggle()
        case .backspace:
            if field == .from { if !from.isEmpty { from.removeLast() } } else if !to.isEmpty { to.removeLast() }
        case .clearField:
            if field == .from { from = "" } else if field == .to { to = "" }
        case .character(let character) where character.isASCII && !character.isNewline && (character.asciiValue ?? 0) >= 0x20:
            if field == .from, from.count < 20 { from.append(character) } else if field == .to, to.count < 20 { to.append(character) }
        default:
            return false
        }
        return true
    }

    /// The form as lines for a box.
    func lines(glyphs: Glyphs) -> [DayDetail.Line] {
        var lines: [DayDetail.Line] = Field.allCases.map { field in
            let focused = field == self.field
            let label = switch field { case .from: "from"; case .to: "to"; case .scope: "for" }
            let value = switch field {
            case .from: "[\(from)\(focused ? "_" : "")]"
            case .to: "[\(to)\(focused ? "_" : "")]"
            case .scope: everyStreak ? "< all streaks, each on its due days >" : "< this streak >"
            }
            return [
                ((focused ? "\(glyphs.selection) " : "  ") + label.padding(toLength: 6, withPad: " ", startingAt: 0),
                 CellStyle(focused ? .accent : .text, bold: focused)),
                (value, CellStyle(.text, reverse: focused)),
            ]
        }
        if let range {
            lines.append([("  \(range.lowerBound) to \(range.upperBound): \(range.lowerBound.days(to: range.upperBound) + 1) days", CellStyle(.muted))])
        } else if showsErrors, let error {
            lines.append([("  " + error, CellStyle(.danger))])
        } else {
            lines.append([("  2024-12-24, today, tomorrow, +3d", CellStyle(.muted))])
        }
        lines.append([])
        lines.append([("enter: skip these days   tab: next field   space: this / all streaks   esc: cancel", CellStyle(.muted))])
        return lines
    }
}
