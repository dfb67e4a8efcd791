import Foundation
import SwiftfulGamification

/// The one-line form `N` opens: the cursor day's note, prefilled with the one there. Enter
/// saves it, Enter on an empty text removes the day's note (the form says so first), Esc
/// cancels; nothing is written before Enter.
public struct NoteForm: Equatable, Sendable {
    public let streak: String
    public let day: CalendarDay
    public let isToday: Bool
    /// The day's note when the form opened (nil: none).
    public let existing: String?
    public private(set) var text: String
    /// Where typing goes (characters from the start); nil at the end.
    public private(set) var cursor: Int?
    public private(set) var problem: String?

    public init(streak: String, day: CalendarDay, isToday: Bool, existing: String?) {
        (self.streak, self.day, self.isToday, self.existing) = (streak, day, isToday, existing)
        text = existing ?? ""
    }

    public enum Outcome: Equatable, Sendable {
        case typing
        case cancel
        /// The text is the note there already: nothing to write.
        case unchanged
        case save(String)
        case remove
    }

    /// One key: printable characters type (wide ones too), Backspace and Ctrl-U erase,
    /// Enter answers, Esc cancels.
    public mutating func press(_ key: Key) -> Outcome {
        problem = nil
        switch key {
        case .escape:
            return .cancel
        case .enter:
            return answer()
        default:
            if case .character = key, text.count >= StreakValidation.longestNote {
                problem = "A note is at most \(StreakValidation.longestNote) characters."
                return .typing
            }
            _ = TextEditing.apply(key, to: &text, cursor: &cursor, limit: StreakValidation.longestNote) {
                !StreakValidation.hasControlCharacter(String($0))
            }
        }
        return .typing
    }

    /// The text as it is saved: without the spaces around it.
    private var trimmed: String { text.trimmingCharacters(in: .whitespaces) }

    private mutating func answer() -> Outcome {
        guard !trimmed.isEmpty else {
            guard existing != nil else {
                problem = "Type the note (esc cancels)."
                return .typing
            }
            return .remove
        }
        if trimmed == existing { return .unchanged }
        do {
            try StreakValidation.validateNote(trimmed)
        } catch {
            problem = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return .typing
        }
        return .save(trimmed)
    }

    /// "Note on Thu 2024-06-13 in reading" ("today" for today).
    public var question: String {
        "Note on \(isToday ? "today" : "\(DayNames.short(day)) \(day)") in \(streak)"
    }

    /// The box's lines for a field `width` columns wide: the question, the field (the end of
    /// a long note, where typing goes, in view), what Enter will do.
    func lines(width: Int, glyphs: Glyphs) -> [DayDetail.Line] {
        let room = max(10, width - 3)
        // What fits, ending at the cursor's end of the text (the end, or a little past the cursor).
        let end = cursor.map { min(text.count, $0 + room / 2) } ?? text.count
        let upToEnd = text.prefix(end)
        var shown = ""
        var used = 0
        for character in upToEnd.reversed() {
            guard used + character.cellWidth <= room else { break }
            shown.insert(character, at: shown.startIndex)
            used += character.cellWidth
        }
        let start = end - shown.count
        let cut = start > 0
        let lead = cut ? (glyphs == .ascii ? "~" : "…") : ""
        var field: DayDetail.Line = [("> ", CellStyle(.accent, bold: true))]
        if let cursor, cursor >= start, cursor < end {
            let (before, under, after) = TextEditing.split(shown, cursor: cursor - start)
            field += [(lead + before, CellStyle(.text, bold: true)), (under.map(String.init) ?? "", CellStyle(.text, bold: true, reverse: true)),
                      (after + (end < text.count ? (glyphs == .ascii ? "~" : "…") : ""), CellStyle(.text, bold: true))]
        } else {
            field.append((lead + shown + "_", CellStyle(.text, bold: true)))
        }
        field.append((String(repeating: " ", count: max(0, room - used)), CellStyle(.text)))
        let hint: (String, CellStyle)
        if let problem {
            hint = (problem, CellStyle(.warning))
        } else if trimmed.isEmpty, existing != nil {
            hint = ("enter: remove this day's note    esc: keep it", CellStyle(.warning, bold: true))
        } else {
            hint = ("enter: save    esc: cancel    ctrl-u: clear    \(text.count)/\(StreakValidation.longestNote)", CellStyle(.muted))
        }
        return [[(question + (existing == nil ? "" : " (editing)"), CellStyle(.text))], field, [hint]]
    }
}
