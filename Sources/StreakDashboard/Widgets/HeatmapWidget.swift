import Foundation
import SwiftfulGamification

/// The year as a contribution calendar: weeks as columns (Monday first), weekdays as rows.
enum HeatmapWidget {
    static let height = 8
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Mon", "", "Wed", "", "Fri", "", "Sun"]

    /// How many weeks fit in `width` columns (at most a year).
    static func weeks(for width: Int) -> Int { max(1, min(53, (width - 4) / 2)) }

    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let weeks = weeks(for: rect.width)
        let today = view.evaluation.today
        let lastMonday = today.adding(days: -((today.weekday + 5) % 7))
        let firstMonday = lastMonday.adding(days: -7 * (weeks - 1))
        let records = view.evaluation.days(from: firstMonday, through: lastMonday.adding(days: 6))
        let selected = state.selectedDay
        for (row, label) in weekdays.enumerated() {
            grid.put(label, x: rect.x, y: rect.y + 1 + row, style: CellStyle(.muted))
        }
        var lastMonth = -1
        for week in 0..<weeks {
            let x = rect.x + 4 + week * 2
            let monday = firstMonday.adding(days: 7 * week)
            if monday.month != lastMonth, monday.day <= 7 {
                grid.put(months[monday.month - 1], x: x, y: rect.y, style: CellStyle(.muted), limit: rect.x + rect.width - x)
                lastMonth = monday.month
            }
            for row in 0..<7 {
                let record = records[week * 7 + row]
                guard record.state != .future else { continue }
                var (glyph, role) = mark(record, glyphs: state.glyphs)
                var style = CellStyle(role)
                if record.day == today { style = CellStyle(role == .heat0 ? .today : role, bold: true) }
                if record.day == selected {
                    style.reverse = true
                    if glyph == " " { glyph = state.glyphs.gap }
                }
                grid[x, rect.y + 1 + row] = Cell(glyph: glyph, style: style)
            }
        }
    }

    /// The glyph and role of one day.
    static func mark(_ day: StreakDay, glyphs: Glyphs) -> (Character, Role) {
        switch day.state {
        case .frozen: return (glyphs.frozen, .frozen)
        case .future: return (" ", .background)
        case .beforeHistory: return (glyphs.gap, .muted)
        default:
            let level = StreakFacts.heatLevel(day)
            let role: [Role] = [.heat0, .heat1, .heat2, .heat3, .heat4]
            return (level == 0 ? glyphs.gap : glyphs.day, role[level])
        }
    }

    /// "Fri 2024-01-05 · 2/3 events · kept"
    static func detail(_ state: DashboardState, _ view: StreakView) -> String {
        let day = view.evaluation.day(state.selectedDay)
        let name = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][day.day.weekday - 1]
        let label = day.day == view.evaluation.today ? "today" : name
        return "\(label) \(day.day) · " + StreakFacts.explanation(day, today: view.evaluation.today)
    }
}
