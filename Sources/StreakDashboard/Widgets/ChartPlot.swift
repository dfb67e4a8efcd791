import Foundation
import SwiftfulGamification

/// One chart's area: its title row, the plot with its value labels at the left, and the axis
/// row under it. Bars are drawn in eighth blocks (`#` in ASCII), lines in Braille dots (`*`).
struct Plot {
    let rect: Rect
    let labelWidth: Int

    var x0: Int { rect.x + labelWidth }
    var top: Int { rect.y + 1 }
    var height: Int { max(1, rect.height - 2) }
    var axisY: Int { rect.y + rect.height - 1 }

    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇"]

    /// Bars from 0 to the largest value or target shown; each column's target as a line
    /// where no bar covers it.
    func drawBars(_ columns: [ChartsWidget.Column], glyphs: Glyphs, ascii: Bool, grid: inout Grid) {
        let largest = max(columns.compactMap(\.value).max() ?? 0, columns.compactMap(\.target).max() ?? 0)
        let scale = Self.niceCeiling(largest > 0 ? largest : 1)
        let cells = height * 8
        for (index, column) in columns.enumerated() {
            guard let value = column.value, value > 0 else { continue }
            var filled = Int((value / scale * Double(cells)).rounded())
            if filled == 0 { filled = 1 }
            for row in 0..<height {
                let part = min(8, filled - row * 8)
                guard part > 0 else { break }
                let glyph: Character = ascii ? (part >= 4 ? "#" : ".") : part == 8 ? glyphs.barFull : Self.eighths[part - 1]
                grid[x0 + index, top(ofRow: row)] = Cell(glyph: glyph, style: CellStyle(column.role, bold: column.isCursor))
            }
        }
        var targetRows: [Int: Double] = [:]
        for (index, column) in columns.enumerated() {
            guard let target = column.target else { continue }
            let row = targetRow(target, top: scale)
            targetRows[row] = target
            let y = top(ofRow: row)
            if grid[x0 + index, y].glyph == " " {
                grid[x0 + index, y] = Cell(glyph: ascii ? "-" : "─", style: CellStyle(.accent))
            }
        }
        var labels: [(row: Int, text: String)] = [(height - 1, StreakAmount.text(scale)), (0, "0")]
        // The cursor's target, or the latest shown, names its line.
        if let target = (columns.last { $0.isCursor && $0.target != nil } ?? columns.last { $0.target != nil })?.target {
            labels.append((targetRow(target, top: scale), StreakAmount.text(target)))
        }
        drawLabels(labels, style: CellStyle(.muted), grid: &grid)
    }

    /// A line through the values (gaps where a column has none), from `range.0` to `range.1`.
    func drawLine(
        _ columns: [ChartsWidget.Column], range: (Double, Double), glyphs: Glyphs, ascii: Bool, role: Role, percent: Bool = false,
        grid: inout Grid
    ) {
        let (low, high) = range
        let span = high > low ? high - low : 1
        let dots = height * 4
        var previous: Int?
        var masks: [Int: UInt32] = [:]  // by cell index (row * width + column)
        for (index, column) in columns.enumerated() {
            guard let value = column.value else {
                previous = nil
                continue
            }
            let fraction = min(1, max(0, (value - low) / span))
            if ascii {
                let row = Int((fraction * Double(height - 1)).rounded())
                grid[x0 + index, top(ofRow: row)] = Cell(glyph: "*", style: CellStyle(role, bold: column.isCursor))
                continue
            }
            let dot = Int((fraction * Double(dots - 1)).rounded())
            // A vertical run from the last point keeps the line whole; the right dots hold this one.
            for y in min(previous ?? dot, dot)...max(previous ?? dot, dot) { Self.set(&masks, column: index, dot: y, right: false, width: columns.count) }
            Self.set(&masks, column: index, dot: dot, right: true, width: columns.count)
            previous = dot
        }
        for (key, mask) in masks {
            let (row, column) = (key / columns.count, key % columns.count)
            let cursor = columns[column].isCursor
            grid[x0 + column, top(ofRow: row)] = Cell(glyph: Character(UnicodeScalar(0x2800 + mask)!), style: CellStyle(role, bold: cursor))
        }
        // As many decimals as the range needs to tell its labels apart: 81.3, not 81.334.
        let decimals = span >= 20 ? 0 : span >= 2 ? 1 : 2
        let text = { (value: Double) in
            percent ? "\(Int(value.rounded()))%" : StreakAmount.text((max(0, value) * pow(10, Double(decimals))).rounded() / pow(10, Double(decimals)))
        }
        var labels: [(row: Int, text: String)] = [(height - 1, text(high)), (0, text(low))]
        if height >= 5 { labels.append((height / 2, text(low + span * Double(height / 2) / Double(height - 1)))) }
        drawLabels(labels, style: CellStyle(.muted), grid: &grid)
    }

    /// Month names under the first day of each month, and the cursor's mark.
    func drawDayAxis(_ days: [CalendarDay], cursor: CalendarDay, ascii: Bool, grid: inout Grid) {
        let mark = days.firstIndex(of: cursor).map { x0 + $0 }
        var free = x0
        for (index, day) in days.enumerated() where day.civil.day == 1 || index == 0 {
            free = putLabel(Self.monthLabel(day), x: x0 + index, free: free, avoiding: mark, grid: &grid)
        }
        if let mark { grid[mark, axisY] = Cell(glyph: ascii ? "^" : "▲", style: CellStyle(.accent, bold: true)) }
    }

    /// A month's name at `x` when it fits after `free` and clear of the cursor's mark; the
    /// next free column.
    private func putLabel(_ label: String, x: Int, free: Int, avoiding mark: Int?, grid: inout Grid) -> Int {
        guard x >= free, x + label.count <= rect.x + rect.width, !(mark.map { (x - 1)...(x + label.count) ~= $0 } ?? false) else { return free }
        grid.put(label, x: x, y: axisY, style: CellStyle(.muted))
        return x + label.count + 1
    }

    /// Month names under the first period of each month, and the cursor's mark.
    func drawPeriodAxis(_ starts: [CalendarDay?], cursorColumn: Int?, ascii: Bool, grid: inout Grid) {
        var free = x0
        var lastMonth: Int?
        for (index, start) in starts.enumerated() {
            guard let start else { continue }
            let month = start.civil.year * 12 + start.civil.month
            defer { lastMonth = month }
            guard month != lastMonth else { continue }
            free = putLabel(Self.monthLabel(start), x: x0 + index, free: free, avoiding: cursorColumn.map { x0 + $0 }, grid: &grid)
        }
        if let cursorColumn { grid[x0 + cursorColumn, axisY] = Cell(glyph: ascii ? "^" : "▲", style: CellStyle(.accent, bold: true)) }
    }

    // MARK: -

    /// The smallest of 1, 2, 2.5, 5 times a power of ten at or above `value`: a scale's top
    /// that reads at a glance (10, not 8.989).
    static func niceCeiling(_ value: Double) -> Double {
        let power = pow(10, (log10(value)).rounded(.down))
        return [1, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= value * (1 - 1e-9) } ?? 10 * power
    }

    private func top(ofRow row: Int) -> Int { top + height - 1 - row }

    private func targetRow(_ target: Double, top largest: Double) -> Int {
        max(0, min(height - 1, Int((target / largest * Double(height)).rounded(.up)) - 1))
    }

    private func drawLabels(_ labels: [(row: Int, text: String)], style: CellStyle, grid: inout Grid) {
        var used = Set<Int>()
        // Later labels (a target) win their row over the scale's.
        for label in labels.reversed() where !used.contains(label.row) {
            used.insert(label.row)
            let text = String(label.text.prefix(labelWidth - 1))
            grid.put(text, x: rect.x + labelWidth - 1 - text.count, y: top(ofRow: label.row), style: style)
        }
    }

    /// Braille: dots 1-3 and 7 down the left column, 4-6 and 8 down the right.
    private static func set(_ masks: inout [Int: UInt32], column: Int, dot: Int, right: Bool, width: Int) {
        let bits: [UInt32] = right ? [0x80, 0x20, 0x10, 0x08] : [0x40, 0x04, 0x02, 0x01]  // from the bottom dot up
        let key = (dot / 4) * width + column
        masks[key, default: 0] |= bits[dot % 4]
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Mar", or the year for January.
    static func monthLabel(_ day: CalendarDay) -> String {
        day.civil.month == 1 ? "\(day.civil.year)" : months[day.civil.month - 1]
    }
}
