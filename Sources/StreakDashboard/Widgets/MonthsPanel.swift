import Foundation
import SwiftfulGamification

/// The share of days kept, month by month, newest at the bottom: the trend the calendar
/// shows day by day. The figures are the library's (`StreakStatistics.months`).
enum MonthsPanel {
    private static let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        guard rect.height > 1 else { return }
        grid.put("Months", x: rect.x, y: rect.y, style: CellStyle(.text, bold: true))
        let months = view.statistics.months.suffix(rect.height - 1)
        let barWidth = max(4, rect.width - 15)
        let glyphs = state.glyphs
        for (row, month) in months.enumerated() {
            let y = rect.y + 1 + row
            // "Oct '26": a month of a year, not a day of a month.
            grid.put("\(names[month.month - 1]) '\(String(month.year % 100).leftPadded(with: "0", to: 2))", x: rect.x, y: y, style: CellStyle(.muted))
            let filled = month.rate.map { Int(($0 * Double(barWidth)).rounded()) } ?? 0
            for column in 0..<barWidth {
                let isFull = column < filled
                grid[rect.x + 8 + column, y] = Cell(glyph: isFull ? glyphs.barFull : glyphs.barEmpty, style: CellStyle(isFull ? .heat3 : .heat0))
            }
            grid.put(StatisticsPanel.percent(month.rate).leftPadded(with: " ", to: 5), x: rect.x + 8 + barWidth, y: y, style: CellStyle(.text))
        }
    }
}
