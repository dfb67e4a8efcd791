import Foundation
import StreakPresentation
import SwiftfulGamification

/// Every streak at a glance, in the order of `StreakOrder` with a heading per group (and the
/// group's kept-today count on it), one row each: title or key, current streak, today's
/// progress, the status with its glyph (and the countdown when at risk), the strength where
/// there is room, and the recent days as wide as the row allows, newest on the right. The list scrolls to keep the selection in view.
enum StreakList {
    static func draw(_ state: DashboardState, in rect: Rect, grid: inout Grid) {
        guard rect.height > 0 else { return }
        let rows = state.listRows
        let glyphs = state.glyphs
        let indent = rows.contains { if case .heading = $0 { true } else { false } } ? 2 : 0
        // Each row is named by the streak's title where it has one.
        let names = state.keys.map { state.views[$0]?.name ?? $0 }
        let keyWidth = min(24 + indent, max(6, (names.map(\.cellWidth).max() ?? 6) + indent))
        // Amounts take more than "1/3": the column fits the widest (up to 9), for every row.
        let progressWidth = min(9, max(5, state.views.values.map { view in
            StreakFacts.progressCompact(view.streak, goal: view.streak.eventsRequiredPerDay ?? view.configuration.eventsRequiredPerDay).count
        }.max() ?? 5))
        // As wide as the longest status, so none is cut ("2 of 3 this week, 4 days left").
        let statusWidth = max(12, state.keys.compactMap { key in state.views[key].map { status($0, state: state, glyphs: glyphs).1.cellWidth } }.max() ?? 0)
        // Rule 13's strength, where the row has room for it and a strip of at least 30 days.
        let showsStrength = rect.width - (2 + keyWidth + 1 + 11 + progressWidth + 1 + statusWidth + 4) >= 5 + 30
        let selectedIndex = rows.firstIndex { $0 == state.selectedHeading.map { .heading($0) } ?? .streak(state.selected ?? "") } ?? 0
        let first = firstVisibleRow(selected: selectedIndex, count: rows.count, rows: rect.height)
        for row in 0..<min(rect.height, rows.count - first) {
            let index = first + row
            let y = rect.y + row
            guard case .streak(let key) = rows[index] else {
                if case .heading(let group) = rows[index] {
                    drawHeading(group, state: state, isSelected: index == selectedIndex, x: rect.x, y: y, width: rect.width, grid: &grid)
                    if index == selectedIndex {
                        grid.put(String(glyphs.selection), x: rect.x, y: y, style: CellStyle(state.focus == .list ? .accent : .muted, bold: true))
                    }
                }
                continue
            }
            let isSelected = index == selectedIndex
            if isSelected {
                grid.put(String(glyphs.selection), x: rect.x, y: y, style: CellStyle(state.focus == .list ? .accent : .muted, bold: true))
            }
            let keyStyle = CellStyle(isSelected ? .accent : .text, bold: isSelected, reverse: isSelected && state.focus == .list)
            let name = (state.views[key]?.name ?? key).truncated(toCells: keyWidth - indent, ascii: state.ascii)
            let nameX = rect.x + 2 + indent
            grid.put(name, x: nameX, y: y, style: keyStyle, limit: keyWidth - indent)
            if isSelected, name.cellWidth < keyWidth - indent, state.focus == .list {
                grid.put(String(repeating: " ", count: keyWidth - indent - name.cellWidth), x: nameX + name.cellWidth, y: y, style: keyStyle)
            }
            var x = rect.x + 2 + keyWidth + 1
            guard let view = state.views[key] else {
                let text = state.failures[key].map { "cannot read: \($0)" } ?? "loading…"
                grid.put(text, x: x, y: y, style: CellStyle(state.failures[key] == nil ? .muted : .danger), limit: rect.x + rect.width - x)
                continue
            }
            let streak = view.streak
            if let measurements = view.statistics.measurements {
                // Rule 13: tracking only keeps no streak; its latest value stands in the number's place.
                let latest = measurements.latest.map { StreakAmount.text($0.value) } ?? "–"
                grid.put(latest.leftPadded(with: " ", to: 5), x: x, y: y, style: CellStyle(.streak, bold: measurements.today != nil), limit: 10)
                grid.put(" " + (view.configuration.unit ?? ""), x: x + max(5, latest.count), y: y, style: CellStyle(.muted), limit: max(0, 10 - max(5, latest.count)))
            } else {
                let current = "\(streak.currentStreak ?? 0)"
                grid.put(current.leftPadded(with: " ", to: 5), x: x, y: y, style: CellStyle((streak.currentStreak ?? 0) > 0 ? .streak : .muted, bold: true))
                let one = streak.currentStreak == 1
                let unit = switch streak.streakUnit {
                case .week: one ? " wk  " : " wks "
                case .month: one ? " mo  " : " mos "
                default: one ? " day " : " days"
                }
                grid.put(unit, x: x + 5, y: y, style: CellStyle(.muted))
            }
            x += 11
            let progress = StreakFacts.progressCompact(streak, goal: streak.eventsRequiredPerDay ?? view.configuration.eventsRequiredPerDay)
            let (_, goalMet, over) = StreakFacts.progressBar(view.evaluation)
            grid.put(progress.leftPadded(with: " ", to: progressWidth), x: x, y: y, style: CellStyle(over ? .danger : goalMet ? .success : .text),
                     limit: progressWidth)
            x += progressWidth + 1
            let (glyph, words, role) = status(view, state: state, glyphs: glyphs)
            grid[x, y] = Cell(glyph: glyph, style: CellStyle(role, bold: true))
            grid.put(words, x: x + 2, y: y, style: CellStyle(role), limit: min(statusWidth, rect.x + rect.width - x - 2))
            x += statusWidth + 4
            if showsStrength {
                let strength = view.statistics.strength.map { "\($0)%" } ?? ""
                grid.put(strength.leftPadded(with: " ", to: 4), x: x, y: y, style: CellStyle(.muted))
                x += 5
            }
            drawStrip(view, glyphs: glyphs, x: x, y: y, width: rect.x + rect.width - x, grid: &grid)
        }
        if first > 0 { grid.put("↑", x: rect.x + rect.width - 1, y: rect.y, style: CellStyle(.muted)) }
        if first + rect.height < rows.count {
            grid.put(state.ascii ? "v" : "↓", x: rect.x + rect.width - 1, y: rect.y + rect.height - 1, style: CellStyle(.muted))
        }
    }

    /// A group's heading: its name and how many of its streaks are kept today.
    private static func drawHeading(_ group: String, state: DashboardState, isSelected: Bool, x: Int, y: Int, width: Int, grid: inout Grid) {
        let members = state.keys.compactMap { state.views[$0] }.filter { $0.configuration.group == group }
        let kept = members.filter { StreakSituation($0.evaluation) == .keptToday }.count
        let folded = state.collapsedGroups.contains(group)
        let marker = state.ascii ? (folded ? "+ " : "- ") : (folded ? "▸ " : "▾ ")
        let name = marker + group.truncated(toCells: max(0, width - 18), ascii: state.ascii)
        grid.put(name, x: x + 2, y: y, style: CellStyle(.accent, bold: true, reverse: isSelected && state.focus == .list), limit: width - 2)
        grid.put("  \(kept)/\(members.count) kept today", x: x + 2 + name.cellWidth, y: y, style: CellStyle(.muted), limit: max(0, width - 2 - name.cellWidth))
    }

    /// Scrolls so the selected row is in view, centred when the list is longer than the rows.
    static func firstVisibleRow(selected: Int, count: Int, rows: Int) -> Int {
        guard count > rows, rows > 0 else { return 0 }
        return min(max(0, selected - rows / 2), count - rows)
    }

    /// The status glyph, in words, with the countdown when today still has to be kept.
    static func status(_ view: StreakView, state: DashboardState, glyphs: Glyphs) -> (Character, String, Role) {
        if let measurements = view.statistics.measurements {
            // Rule 13: how the value moved, or when it was last logged.
            let words = measurements.change7.map { "\(StreakFacts.signed($0, unit: view.configuration.unit)) in 7 days" }
                ?? StreakFacts.measurementPhrase(measurements, unit: view.configuration.unit)
            return (glyphs.glyph(for: .none), words, .muted)
        }
        let (mark, text, tone) = StreakFacts.statusShort(view.evaluation, now: state.now, zone: state.zone)
        return (glyphs.glyph(for: mark), text, Role(tone))
    }

    /// The last `width` days, oldest on the left.
    static func drawStrip(_ view: StreakView, glyphs: Glyphs, x: Int, y: Int, width: Int, grid: inout Grid) {
        guard width > 0 else { return }
        let first = view.evaluation.today.adding(days: 1 - width)
        for offset in 0..<width {
            let (glyph, style) = view.shades.mark(view.evaluation.day(first.adding(days: offset)), glyphs: glyphs)
            grid[x + offset, y] = Cell(glyph: glyph, style: style)
        }
    }
}

extension String {
    func leftPadded(with pad: Character, to width: Int) -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
