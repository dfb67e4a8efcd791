import Foundation
import SwiftfulGamification

/// The current streak: a large number, the status in words, and the record lines.
enum StreakPanel {
    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let streak = view.streak
        let goal = view.configuration.eventsRequiredPerDay
        grid.put(view.key, x: rect.x, y: rect.y, style: CellStyle(.accent, bold: true), limit: rect.width)
        let current = streak.currentStreak ?? 0
        BigNumber.draw(current, at: rect.x, y: rect.y + 1, in: &grid, glyph: state.glyphs.block, style: CellStyle(current > 0 ? .streak : .muted, bold: true))
        let labelX = rect.x + BigNumber.width(of: current) + 2
        grid.put(current == 1 ? "day" : "days", x: labelX, y: rect.y + 5, style: CellStyle(.muted), limit: max(0, rect.x + rect.width - labelX))
        if goal > 1 {
            grid.put("goal \(goal)/day", x: labelX, y: rect.y + 4, style: CellStyle(.muted), limit: max(0, rect.x + rect.width - labelX))
        }
    }

    /// The status line and the record line, across the whole width.
    static func drawStatus(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let phrase = StreakFacts.statusPhrase(view, now: state.now, zone: state.zone)
        grid.put(phrase.text, x: rect.x, y: rect.y, style: CellStyle(phrase.role, bold: true), limit: rect.width)
        let streak = view.streak
        var facts = ["longest \(streak.longestStreak ?? 0)"]
        if let start = streak.dateStreakStart {
            facts.append("since \(CalendarDay(containing: start, in: state.zone))")
        }
        facts.append("\(streak.totalEvents ?? 0) event\(streak.totalEvents == 1 ? "" : "s")")
        grid.put(facts.joined(separator: state.glyphs.dot), x: rect.x, y: rect.y + 1, style: CellStyle(.muted), limit: rect.width)
    }
}

/// Today's progress toward the goal and this week's kept days.
enum GoalPanel {
    static let weekLetters = ["M", "T", "W", "T", "F", "S", "S"]

    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let glyphs = state.glyphs
        let today = view.evaluation.day(view.evaluation.today)
        let goal = max(today.goal, 1)
        let barWidth = max(4, min(20, rect.width - 22))
        let filled = min(barWidth, today.eventCount * barWidth / goal)
        let percent = min(100, today.eventCount * 100 / goal)
        grid.put("Today", x: rect.x, y: rect.y, style: CellStyle(.text, bold: true))
        let barX = rect.x + 8
        for column in 0..<barWidth {
            let isFull = column < filled
            grid[barX + column, rect.y] = Cell(glyph: isFull ? glyphs.barFull : glyphs.barEmpty, style: CellStyle(isFull ? .success : .heat0))
        }
        grid.put(" \(today.eventCount)/\(goal)  \(percent)%", x: barX + barWidth, y: rect.y, style: CellStyle(.text), limit: max(0, rect.x + rect.width - barX - barWidth))

        grid.put("Week", x: rect.x, y: rect.y + 1, style: CellStyle(.text, bold: true))
        let weekStart = view.evaluation.today.adding(days: -((view.evaluation.today.weekday + 5) % 7))
        var kept = 0
        for offset in 0..<7 {
            let day = view.evaluation.day(weekStart.adding(days: offset))
            let x = barX + offset * 2
            grid.put(weekLetters[offset], x: x, y: rect.y + 1, style: CellStyle(day.day == today.day ? .today : .muted, bold: day.day == today.day))
            let (glyph, role) = HeatmapWidget.mark(day, glyphs: glyphs)
            grid[x, rect.y + 2] = Cell(glyph: glyph, style: CellStyle(role))
            if day.state == .kept { kept += 1 }
        }
        grid.put("\(kept)/7 kept", x: barX + 15, y: rect.y + 2, style: CellStyle(.muted), limit: max(0, rect.x + rect.width - barX - 15))
    }
}

/// Freezes available, whether one would be used tonight, and the ones used.
enum FreezePanel {
    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        grid.put("Freezes", x: rect.x, y: rect.y, style: CellStyle(.text, bold: true))
        let x = rect.x + 8
        guard view.configuration.freezeBehavior != .noFreezes else {
            grid.put("off for this streak", x: x, y: rect.y, style: CellStyle(.muted), limit: max(0, rect.width - 8))
            return
        }
        let available = view.streak.freezesAvailableCount ?? 0
        var column = x
        for _ in 0..<min(available, 8) {
            grid[column, rect.y] = Cell(glyph: state.glyphs.freeze, style: CellStyle(.frozen, bold: true))
            column += 2
        }
        let mode = view.configuration.freezeBehavior == .autoConsumeFreezes ? "auto" : "manual"
        grid.put("\(available) available (\(mode))", x: column, y: rect.y, style: CellStyle(.muted), limit: max(0, rect.x + rect.width - column))
        let used = view.freezes.compactMap(\.dateUsed).sorted().suffix(3).map { "\(CalendarDay(containing: $0, in: state.zone))" }
        let note: String
        if StreakFacts.wouldUseFreezeTonight(view) {
            note = "one will be used tonight unless you log"
        } else if !used.isEmpty {
            note = "used " + used.joined(separator: ", ")
        } else {
            note = ""
        }
        grid.put(note, x: x, y: rect.y + 1, style: CellStyle(.muted), limit: max(0, rect.width - 8))
    }
}
