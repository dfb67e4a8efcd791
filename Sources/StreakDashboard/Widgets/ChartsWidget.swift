import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

/// The chart view (`g`): the selected streak over time, as many charts as the rows allow,
/// each with its axis labels and the cursor's day marked under it:
/// - each day's value as bars with the target drawn as a line (a measurement as a line);
/// - each week's (or month's) total against its target;
/// - the strength day by day (rule 13).
/// Braille and eighth blocks where the terminal has them; `--ascii` draws `#` bars, `*`
/// points and `-` targets, and nothing depends on colour alone. The last row says the
/// cursor's day in words.
enum ChartsWidget {
    enum Kind: CaseIterable {
        case days, periods, strength
    }

    /// One screen column of a chart.
    struct Column {
        var value: Double?
        var target: Double?
        var role: Role
        var isCursor: Bool
    }

    /// Rows a chart needs at the least: its title, three rows of plot, its axis.
    static let leastRows = 5

    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        guard rect.width > 20, rect.height > leastRows else { return }
        let chart = view.chart
        let kinds = Kind.allCases.filter { $0 != .strength || !chart.strength.isEmpty }
        let rows = rect.height - 2  // the cursor's line and a spacer
        let shown = Array(kinds.prefix(max(1, min(kinds.count, rows / leastRows))))
        let heights = Layout.vertical(shown.map { _ in .fill(1) }).split(Rect(x: rect.x, y: rect.y, width: rect.width, height: rows))
        for (kind, area) in zip(shown, heights) {
            switch kind {
            case .days: drawDays(state, view, in: area, grid: &grid)
            case .periods: drawPeriods(state, view, in: area, grid: &grid)
            case .strength: drawStrength(state, view, in: area, grid: &grid)
            }
        }
        if shown.count < kinds.count {
            let hidden = kinds.dropFirst(shown.count).map { $0 == .periods ? "the \(chart.periodName)s" : "the strength" }.joined(separator: " and ")
            grid.put("(\(hidden) need a taller terminal)", x: rect.x, y: rect.y + rows, style: CellStyle(.muted), limit: rect.width)
        }
        drawCursorLine(state, view, x: rect.x, y: rect.y + rect.height - 1, width: rect.width, grid: &grid)
    }

    // MARK: - The three charts

    private static func drawDays(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let chart = view.chart
        let unit = view.configuration.unit
        let labelWidth = 8
        let days = dayWindow(state, view, width: rect.width - labelWidth)
        let columns = days.map { day -> Column in
            let record = chart.day(day)
            return Column(value: record?.value, target: record?.target, role: role(of: record), isCursor: day == state.selectedDay)
        }
        let what = chart.isMeasurement
            ? "\(unit ?? "value"), \(view.configuration.measure.phrase)"
            : view.configuration.measuresAmount ? "\(unit ?? "amount")" : "events"
        let hasTarget = columns.contains { $0.target != nil }
        let line = state.ascii ? "-" : "─"
        let title = "Each day: \(what)" + (hasTarget ? "   \(line)\(line) \(chart.isLimit ? "limit" : "target")" : "")
        let plot = Plot(rect: rect, labelWidth: labelWidth)
        grid.put(title, x: rect.x, y: rect.y, style: CellStyle(.text, bold: true), limit: rect.width)
        if chart.isMeasurement {
            plot.drawLine(columns, range: valueRange(columns), glyphs: state.glyphs, ascii: state.ascii, role: .accent, grid: &grid)
        } else {
            plot.drawBars(columns, glyphs: state.glyphs, ascii: state.ascii, grid: &grid)
        }
        plot.drawDayAxis(days, cursor: state.selectedDay, ascii: state.ascii, grid: &grid)
    }

    private static func drawPeriods(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let chart = view.chart
        let labelWidth = 8
        let byMonth = chart.byMonth
        let barWidth = byMonth ? 3 : 2
        let slots = max(1, (rect.width - labelWidth) / (barWidth + 1))
        let cursorPeriod = chart.period(containing: state.selectedDay)
        let lastIndex = chart.periods.lastIndex { $0.start == cursorPeriod?.start } ?? chart.periods.count - 1
        // The periods up to the cursor's, or the latest ones when it is among them.
        let end = max(min(chart.periods.count, max(lastIndex + 1 + slots / 3, slots)), min(chart.periods.count, lastIndex + 1))
        let periods = Array(chart.periods[max(0, end - slots)..<end])
        var columns: [Column] = []
        var starts: [CalendarDay?] = []
        for period in periods {
            let isCursor = period.start == cursorPeriod?.start
            let role: Role = switch period.state {
            case .kept?: .success
            case .gap?: .partial
            case .bridged?: .frozen
            case .open?: .today
            case nil: chart.isMeasurement ? .accent : .heat3
            }
            for column in 0...barWidth {
                columns.append(column < barWidth ? Column(value: period.value, target: period.target, role: role, isCursor: isCursor)
                                                 : Column(value: chart.isMeasurement ? period.value : nil, target: nil, role: role, isCursor: false))
                starts.append(column == 0 ? period.start : nil)
            }
        }
        let unit = view.configuration.unit.map { " \($0)" } ?? ""
        let meaning = switch chart.periodMeaning {
        case .keptDays: "kept days"
        case .mean: "mean\(unit)"
        case .total: "total\(unit)"
        case .events: "events"
        }
        let line = state.ascii ? "-" : "─"
        let hasTarget = columns.contains { $0.target != nil }
        grid.put("Each \(chart.periodName): \(meaning)" + (hasTarget ? "   \(line)\(line) \(chart.isLimit ? "limit" : "target")" : ""),
                 x: rect.x, y: rect.y, style: CellStyle(.text, bold: true), limit: rect.width)
        let plot = Plot(rect: rect, labelWidth: labelWidth)
        if chart.isMeasurement {
            plot.drawLine(columns, range: valueRange(columns), glyphs: state.glyphs, ascii: state.ascii, role: .accent, grid: &grid)
        } else {
            plot.drawBars(columns, glyphs: state.glyphs, ascii: state.ascii, grid: &grid)
        }
        plot.drawPeriodAxis(starts, cursorColumn: columns.firstIndex { $0.isCursor }, ascii: state.ascii, grid: &grid)
    }

    private static func drawStrength(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let chart = view.chart
        let labelWidth = 8
        let days = dayWindow(state, view, width: rect.width - labelWidth)
        let columns = days.map { Column(value: chart.strength(on: $0).map { $0 * 100 }, target: nil, role: .streak, isCursor: $0 == state.selectedDay) }
        let now = view.statistics.strength.map { "\($0)%" } ?? "–"
        let change = view.statistics.strengthChangeThisWeek.map { $0 == 0 ? "" : " (\($0 > 0 ? "+" : "")\($0) this week)" } ?? ""
        grid.put("Strength: \(now)\(change)", x: rect.x, y: rect.y, style: CellStyle(.text, bold: true), limit: rect.width)
        let plot = Plot(rect: rect, labelWidth: labelWidth)
        plot.drawLine(columns, range: (0, 100), glyphs: state.glyphs, ascii: state.ascii, role: .streak, percent: true, grid: &grid)
        plot.drawDayAxis(days, cursor: state.selectedDay, ascii: state.ascii, grid: &grid)
    }

    /// "Thu 2026-12-03: 5.2 of 5 km, kept · week from 2026-11-30: 23.1 km · strength 63%"
    private static func drawCursorLine(_ state: DashboardState, _ view: StreakView, x: Int, y: Int, width: Int, grid: inout Grid) {
        let chart = view.chart
        let day = state.selectedDay
        let unit = view.configuration.unit
        var parts: [String] = []
        let record = chart.day(day)
        let value: String
        if let record, let amount = record.value {
            value = view.configuration.measuresAmount || chart.isMeasurement
                ? record.target.map { "\(StreakAmount.text(amount)) of \(StreakAmount.text($0, unit: unit))" } ?? StreakAmount.text(amount, unit: unit)
                : counted(Int(amount), "event") + ((record.target ?? 1) > 1 ? " (goal \(Int(record.target!)))" : "")
        } else {
            value = record == nil ? "before the first event" : "nothing logged"
        }
        let verdict = record.map { HeatShades.name(of: $0.state, eventCount: $0.value.map { $0 > 0 ? 1 : 0 } ?? 0, overLimit: $0.isOverLimit) }
        parts.append("\(day.dayOfWeek.shortName) \(day): \(value)" + (verdict.map { ", \($0)" } ?? ""))
        if let period = chart.period(containing: day), let total = period.value {
            let words: String
            switch chart.periodMeaning {
            case .keptDays: words = "kept \(Int(total))" + (period.target.map { " of \(Int($0))" } ?? "") + " days"
            case .mean: words = "mean \(StreakFacts.mean(total, unit: unit))"
            case .events: words = counted(Int(total), "event")
            case .total: words = period.target.map { "\(StreakAmount.text(total)) of \(StreakAmount.text($0, unit: unit))" } ?? StreakAmount.text(total, unit: unit)
            }
            parts.append("\(chart.periodName) from \(period.start): \(words)")
        }
        if let strength = chart.strength(on: day) { parts.append("strength \(Int((strength * 100).rounded(.toNearestOrAwayFromZero)))%") }
        grid.put(TextWrap.fitted(parts, separator: state.glyphs.dot, width: width), x: x, y: y, style: CellStyle(.text), limit: width)
    }

    // MARK: - Helpers

    /// The days a chart `width` columns wide shows: up to today, or around the cursor when it
    /// is further back.
    static func dayWindow(_ state: DashboardState, _ view: StreakView, width: Int) -> [CalendarDay] {
        let count = max(1, width)
        let today = view.evaluation.today
        let cursor = state.selectedDay
        let end = cursor.dayNumber > today.dayNumber - count ? today : CalendarDay(dayNumber: min(today.dayNumber, cursor.dayNumber + count / 2))
        return (0..<count).map { end.adding(days: $0 - count + 1) }
    }

    private static func role(of record: ChartSeries.Day?) -> Role {
        guard let record else { return .muted }
        switch record.state {
        case .kept: return .success
        case .gap: return record.isOverLimit ? .danger : .partial
        case .frozen, .skipped: return .frozen
        case .open: return .today
        case .logged: return .heat3
        case .rest, .beforeHistory, .future: return .muted
        }
    }

    /// A measurement's range: its least and greatest shown, a little apart.
    private static func valueRange(_ columns: [Column]) -> (Double, Double) {
        let values = columns.compactMap(\.value)
        guard let low = values.min(), let high = values.max() else { return (0, 1) }
        let pad = max((high - low) * 0.1, high == low ? max(1, abs(high) * 0.05) : 0)
        return (low - pad, high + pad)
    }
}
