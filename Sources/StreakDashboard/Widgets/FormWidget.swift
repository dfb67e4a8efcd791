import Foundation
import SwiftfulGamification

/// The streak form as lines for a box: each field, its value (the focused one marked), and
/// its problem once Enter was pressed, or always for a key that is taken.
enum FormWidget {
    static func title(_ form: StreakForm) -> String {
        if case .edit(let key) = form.mode { return "edit \(key)" }
        return "new streak"
    }

    /// - Parameter width: the cells a line may take inside the box; a hint that does not fit
    ///   is shortened, or left out, and a problem that does not fit goes on a line of its own.
    static func lines(_ form: StreakForm, glyphs: Glyphs, width: Int = .max) -> [DayDetail.Line] {
        var lines: [DayDetail.Line] = []
        for field in form.displayed {
            let focused = field == form.field && form.fields.contains(field)
            let value: String
            switch field {
            case .key: value = form.key
            case .title: value = form.title
            case .target: value = targetWord(StreakForm.targetKinds[form.targetKind])
            case .goal: value = form.goal
            case .unit: value = form.unit
            case .per: value = StreakForm.periods[form.period].rawValue
            case .leeway: value = form.leeway
            case .freezes: value = StreakForm.freezeModes[form.freezeMode].word
            case .days: value = form.days
            case .weekStart: value = form.weekStart
            case .since: value = form.since
            case .measure: value = StreakMeasure.allCases[form.measure].rawValue
            }
            let style = CellStyle(form.fields.contains(field) ? .text : .muted, reverse: focused)
            var line: DayDetail.Line = [
                ((focused ? "\(glyphs.selection) " : "  ") + field.label.padding(toLength: 10, withPad: " ", startingAt: 0), CellStyle(focused ? .accent : .text, bold: focused)),
            ]
            if field.isChoice {
                line.append(("< \(value) >", style))
            } else if focused {
                line += FormWidget.field(value, cursor: form.cursor, style: style)
            } else {
                line.append(("[\(value)]", style))
            }
            // The reason replaces the hint, so it is seen even in a narrow box.
            let used = line.reduce(0) { $0 + $1.0.cellWidth }
            if let error = form.error(field), form.showsErrors || (field == .key && !form.key.isEmpty) {
                if used + 2 + error.cellWidth <= width {
                    line.append(("  " + error, CellStyle(.danger)))
                } else {
                    lines.append(line)
                    line = [(String(repeating: " ", count: min(12, max(0, width - error.cellWidth))) + error, CellStyle(.danger))]
                }
            } else if let hint = [hint(field), shortHint(field)].first(where: { used + 2 + $0.cellWidth <= width }) {
                line.append(("  " + hint, CellStyle(.muted)))
            }
            lines.append(line)
        }
        lines.append([])
        let submit = form.mode == .create ? "create" : "save (a new amount or schedule applies from today)"
        // The keys on one line, or as many lines as the box needs, never cut.
        var keys = ""
        for part in ["enter: \(submit)", "tab: next field", "esc: cancel"] {
            if keys.isEmpty || keys.cellWidth + 3 + part.cellWidth <= width {
                keys += (keys.isEmpty ? "" : "   ") + part
            } else {
                lines.append([(keys, CellStyle(.muted))])
                keys = part
            }
        }
        lines.append([(keys, CellStyle(.muted))])
        return lines
    }

    private static func targetWord(_ kind: StreakTarget.Kind) -> String {
        switch kind {
        case .atLeast: return "at least"
        case .atMost: return "at most"
        case .tracking: return "tracking"
        }
    }

    private static func hint(_ field: StreakForm.Field) -> String {
        switch field {
        case .key: return "lowercase letters, digits, _"
        case .title: return "any words, shown instead of the key"
        case .target: return "at least · at most (a limit) · tracking (arrows)"
        case .goal: return "how much; events a day when there is no unit"
        case .unit: return "km, pages, min; empty: events"
        case .per: return "day · week (arrows)"
        case .since: return "a limit kept since (YYYY-MM-DD; empty: today)"
        case .leeway: return "hours of grace around midnight"
        case .freezes: return "manual · auto · off (arrows)"
        case .days: return "daily, mon-fri, mon,wed,fri or 3/week"
        case .weekStart: return "for N/week: the first day of a week"
        case .measure: return "sum · last (a weight) · mean · min · max (arrows)"
        }
    }

    /// The hint for a narrow box.
    private static func shortHint(_ field: StreakForm.Field) -> String {
        switch field {
        case .key: return "a-z, 0-9, _"
        case .title: return "shown for the key"
        case .target, .per, .freezes, .measure: return "arrows"
        case .goal: return "how much"
        case .unit: return "empty: events"
        case .since: return "YYYY-MM-DD"
        case .leeway: return "hours of grace"
        case .days: return "mon-fri, 3/week"
        case .weekStart: return "for N/week"
        }
    }

    /// A focused text field: `[text_]` with the cursor at the end, else the character under
    /// the cursor drawn out of the field's reverse video.
    static func field(_ text: String, cursor: Int?, style: CellStyle) -> DayDetail.Line {
        let (before, under, after) = TextEditing.split(text, cursor: cursor)
        guard let under else { return [("[\(text)_]", style)] }
        var plain = style
        plain.reverse.toggle()
        plain.bold = true
        return [("[" + before, style), (String(under), plain), (after + "]", style)]
    }
}
