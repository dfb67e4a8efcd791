import Foundation
import GamificationSupport
import SwiftfulGamification

/// The library's `StreakStatistics` for the selected streak: recent completion, weekdays and
/// the longest runs. Nothing here is calculated, only shown.
enum StatisticsPanel {
    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let lines = self.lines(view.statistics, today: view.evaluation.today, glyphs: state.glyphs, amountUnit: view.configuration.unit)
        for (index, line) in lines.prefix(rect.height).enumerated() {
            var x = rect.x
            for (text, style) in line {
                grid.put(text, x: x, y: rect.y + index, style: style, limit: max(0, rect.x + rect.width - x))
                x += text.count
            }
        }
    }

    static func lines(_ stats: StreakStatistics, today: CalendarDay, glyphs: Glyphs, amountUnit: String? = nil) -> [DayDetail.Line] {
        var lines: [DayDetail.Line] = [[("Statistics", CellStyle(.text, bold: true))]]
        if let strength = stats.strength {
            // Rule 13: Loop's score, and what the last day and this week did to it.
            let change = stats.strengthChangeThisWeek ?? 0, last = stats.strengthChangeLastDay ?? 0
            func signed(_ value: Int) -> String { "\(value > 0 ? "+" : "")\(value)" }
            lines.append([("strength".padding(toLength: 15, withPad: " ", startingAt: 0), CellStyle(.muted)),
                          ("\(strength)%".leftPadded(with: " ", to: 4), CellStyle(.text, bold: true)),
                          ("  \(signed(last)) last day, \(signed(change)) this week", CellStyle(change < 0 ? .warning : .muted))])
        }
        // A monthly streak's units are months (rule 12).
        let period = stats.weeks?.all.contains(where: \.isMonth) == true ? "month" : "week"
        if let weeks = stats.weeks {
            var counts = "  \(weeks.kept)/\(weeks.counted) \(period)s"
            if weeks.bridged > 0 { counts += "\(glyphs.dot)\(weeks.bridged) bridged" }
            lines.append([("\(period)s kept".padding(toLength: 15, withPad: " ", startingAt: 0), CellStyle(.muted)),
                          (percent(weeks.rate).leftPadded(with: " ", to: 4), CellStyle(.text, bold: true)), (counts, CellStyle(.muted))])
            if let best = weeks.best {
                lines.append([("best \(period)".padding(toLength: 15, withPad: " ", startingAt: 0), CellStyle(.muted)),
                              (best.amount.map { StreakAmount.text($0, unit: amountUnit) } ?? counted(best.keptDays, "day"), CellStyle(.success)),
                              (" from \(best.start)", CellStyle(.muted))])
            }
        }
        for (label, figure) in [("last 7 days", stats.last7), ("last 30 days", stats.last30), ("last 365 days", stats.last365)] {
            var line: DayDetail.Line = [(label.padding(toLength: 15, withPad: " ", startingAt: 0), CellStyle(.muted))]
            line.append((percent(figure.rate).leftPadded(with: " ", to: 4), CellStyle(.text, bold: true)))
            var counts = "  \(figure.kept)/\(figure.counted) days"
            if figure.frozen > 0 { counts += "\(glyphs.dot)\(figure.frozen) frozen" }
            line.append((counts, CellStyle(.muted)))
            lines.append(line)
        }
        // The event total is in the streak panel's records line already.
        lines.append([("kept \(stats.keptDays)\(glyphs.dot)missed \(stats.missedDays)\(glyphs.dot)frozen \(stats.frozenDays) days", CellStyle(.muted))])
        if let best = stats.bestWeekday, let worst = stats.worstWeekday {
            lines.append([
                ("best ", CellStyle(.muted)), ("\(name(best.weekday)) \(percent(best.rate))", CellStyle(.success)),
                ("\(glyphs.dot)worst ", CellStyle(.muted)), ("\(name(worst.weekday)) \(percent(worst.rate))", CellStyle(.warning)),
            ])
        }
        // A weekly streak's runs are of weeks, as its length is.
        let runs = stats.weeks?.longestRuns ?? stats.longestRuns
        let unit = stats.weeks == nil ? "" : period == "month" ? " mo" : " wk"
        for (index, run) in runs.enumerated() {
            let label = index == 0 ? "longest runs " : "             "
            let end = run.isCurrent ? "now" : "\(run.end)"
            lines.append([
                (label, CellStyle(.muted)), ("\(run.length)".leftPadded(with: " ", to: 4) + unit, CellStyle(.streak, bold: index == 0)),
                ("  \(run.start) \(glyphs.arrow) \(end)", CellStyle(.muted)),
            ])
        }
        return lines
    }

    static func percent(_ rate: Double?) -> String {
        rate.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
    }

    static func name(_ weekday: Int) -> String {
        Weekday(calendarWeekday: weekday).shortName
    }
}
