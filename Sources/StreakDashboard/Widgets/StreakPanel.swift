import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

/// The selected streak: its number, status in words, records, today's progress, this week
/// and its freezes. Six rows with a large number, or two compact rows on small screens.
enum StreakPanel {
    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, big: Bool, grid: inout Grid) {
        if big {
            drawBig(state, view, in: rect, grid: &grid)
        } else {
            drawCompact(state, view, in: rect, grid: &grid)
        }
    }

    private static func drawBig(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let columns = Layout.horizontal([.length(28), .fill(1)], spacing: 2).split(rect)
        let left = columns[0]
        let streak = view.streak
        grid.put(view.name.truncated(toCells: left.width, ascii: state.ascii), x: left.x, y: left.y, style: CellStyle(.accent, bold: true), limit: left.width)
        let (number, label) = bigFigure(view)
        BigNumber.draw(number, at: left.x, y: left.y + 1, in: &grid, glyph: state.glyphs.block, style: CellStyle(number > 0 ? .streak : .muted, bold: true))
        let labelX = left.x + BigNumber.width(of: number) + 2
        grid.put(label, x: labelX, y: left.y + 5, style: CellStyle(.muted), limit: max(0, left.x + left.width - labelX))
        let right = columns[1]
        let phrase = Self.phrase(state, view)
        grid.put(phrase.text, x: right.x, y: right.y, style: CellStyle(Role(phrase.tone), bold: true), limit: right.width)
        grid.put(records(state, view, width: right.width), x: right.x, y: right.y + 1, style: CellStyle(.muted), limit: right.width)
        drawToday(state, view, x: right.x, y: right.y + 2, width: right.width, grid: &grid)
        drawWeek(state, view, x: right.x, y: right.y + 3, width: right.width, grid: &grid)
        drawFreezes(state, view, x: right.x, y: right.y + 5, width: right.width, grid: &grid)
    }

    private static func drawCompact(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let streak = view.streak
        let current = streak.currentStreak ?? 0
        var x = rect.x
        let name = view.name.truncated(toCells: min(rect.width, 32), ascii: state.ascii)
        grid.put(name, x: x, y: rect.y, style: CellStyle(.accent, bold: true), limit: rect.width)
        x += name.cellWidth + 2
        // Tracking only keeps no streak (rule 13): the phrase says its value instead.
        let number = view.configuration.isTrackingOnly ? "" : "\(current) \(StreakFacts.unit(current, streak))"
        grid.put(number, x: x, y: rect.y, style: CellStyle(current > 0 ? .streak : .muted, bold: true), limit: max(0, rect.x + rect.width - x))
        x += number.isEmpty ? 0 : number.count + 2
        let phrase = Self.phrase(state, view)
        grid.put(phrase.text, x: x, y: rect.y, style: CellStyle(Role(phrase.tone), bold: true), limit: max(0, rect.x + rect.width - x))
        guard rect.height > 1 else { return }
        let today = view.evaluation.day(view.evaluation.today)
        var facts = [StreakFacts.progressShort(streak, goal: max(today.goal, 1))]
        if view.configuration.freezeBehavior != .noFreezes { facts.append(counted(streak.freezesAvailableCount ?? 0, "freeze")) }
        let line = TextWrap.fitted(facts + recordFacts(state, view), separator: state.glyphs.dot, width: rect.width)
        grid.put(line, x: rect.x, y: rect.y + 1, style: CellStyle(.muted), limit: rect.width)
    }

    /// The big number and the word beside it: the current streak and its unit; for tracking
    /// only (rule 13), the latest value's whole part and the rest of it with the unit.
    private static func bigFigure(_ view: StreakView) -> (Int, String) {
        guard let measurements = view.statistics.measurements else {
            let current = view.streak.currentStreak ?? 0
            return (current, StreakFacts.unit(current, view.streak))
        }
        guard let latest = measurements.latest else { return (0, "nothing logged yet") }
        let whole = latest.value.rounded(.down)
        let fraction = StreakAmount.text(latest.value).drop { $0 != "." }
        let unit = view.configuration.unit.map { " \($0)" } ?? ""
        return (Int(whole), "\(fraction)\(unit) \(measurements.today != nil ? "today" : "latest")")
    }

    /// The status in words; a tracking-only streak's latest value and when (rule 13).
    private static func phrase(_ state: DashboardState, _ view: StreakView) -> (text: String, tone: Tone) {
        if let measurements = view.statistics.measurements {
            return (StreakFacts.measurementPhrase(measurements, unit: view.configuration.unit), .muted)
        }
        return StreakFacts.statusPhrase(view.evaluation, now: state.now, zone: state.zone)
    }

    /// "longest 64 · 36 more days to 100 · since 2024-04-10 · 708 events", as many of
    /// those as fit `width` whole.
    static func records(_ state: DashboardState, _ view: StreakView, width: Int = .max) -> String {
        TextWrap.fitted(recordFacts(state, view), separator: state.glyphs.dot, width: width)
    }

    /// The facts, most important first.
    private static func recordFacts(_ state: DashboardState, _ view: StreakView) -> [String] {
        let streak = view.streak
        if let measurements = view.statistics.measurements {
            // Rule 13: how the value moved and the month's figures, then how many readings.
            return StreakFacts.measurementFigures(measurements, unit: view.configuration.unit)
                + [StreakFacts.readings(streak.totalEvents ?? 0, measure: measurements.measure)]
        }
        let longest = streak.longestStreak ?? 0
        var facts = [streak.streakUnit != .day ? "longest \(longest) \(StreakFacts.unit(longest, streak))" : "longest \(longest)"]
        if let next = StreakFacts.nextMilestone(streak) { facts.append(next) }
        if let start = streak.dateStreakStart { facts.append("since \(CalendarDay(containing: start, in: state.zone))") }
        facts.append(counted(streak.totalEvents ?? 0, "event"))
        if view.configuration.eventsRequiredPerDay > 1 { facts.append("goal \(view.configuration.eventsRequiredPerDay)/day") }
        return facts
    }


    private static func drawToday(_ state: DashboardState, _ view: StreakView, x: Int, y: Int, width: Int, grid: inout Grid) {
        let glyphs = state.glyphs
        let goal = max(view.evaluation.day(view.evaluation.today).goal, 1)
        // Rule 10: the amount against the target (a limit's bar is its allowance used).
        let (fraction, met, over) = StreakFacts.progressBar(view.evaluation)
        // The bar is today's: so is its count (a weekly streak's week is on the row below).
        let label = view.streak.target == nil
            ? (view.streak.streakUnit != .day || view.configuration.schedule.isRolling
                ? "\(view.streak.todayEventCount ?? 0)/\(goal)" : StreakFacts.progressCompact(view.streak, goal: goal))
            : String(StreakFacts.progressShort(view.streak, goal: goal).split(separator: " ", maxSplits: 1).last ?? "")
        let barWidth = max(4, min(20, width - 22 - max(0, label.count - 5)))
        let filled = min(barWidth, Int((fraction * Double(barWidth)).rounded(.down)))
        let title = switch view.streak.target?.period {
        case .week: "Week"
        case .month: "Month"
        default: "Today"
        }
        grid.put(title, x: x, y: y, style: CellStyle(.text, bold: true))
        let barX = x + 8
        let fill: Role = over ? .danger : view.configuration.isLimit ? .accent : .success
        for column in 0..<barWidth {
            let isFull = column < filled
            grid[barX + column, y] = Cell(glyph: isFull ? glyphs.barFull : glyphs.barEmpty, style: CellStyle(isFull ? fill : .heat0))
        }
        let percent = view.configuration.isTrackingOnly ? "" : "  \(Int((fraction * 100).rounded(.down)))%"
        let labelRole: Role = over ? .danger : view.streak.target != nil && met ? .success : .text
        grid.put(" \(label)\(percent)", x: barX + barWidth, y: y, style: CellStyle(labelRole),
                 limit: max(0, x + width - barX - barWidth))
    }

    private static let weekLetters = ["M", "T", "W", "T", "F", "S", "S"]

    private static func drawWeek(_ state: DashboardState, _ view: StreakView, x: Int, y: Int, width: Int, grid: inout Grid) {
        grid.put("Week", x: x, y: y, style: CellStyle(.text, bold: true))
        let today = view.evaluation.today
        let weekStart = HeatmapWidget.monday(ofWeek: HeatmapWidget.week(of: today))
        var kept = 0, due = 0, amount = 0.0
        for offset in 0..<7 {
            let day = view.evaluation.day(weekStart.adding(days: offset))
            amount += day.amount
            let column = x + 8 + offset * 2
            grid.put(weekLetters[offset], x: column, y: y, style: CellStyle(day.day == today ? .today : .muted, bold: day.day == today))
            let (glyph, style) = view.shades.mark(day, glyphs: state.glyphs)
            grid[column, y + 1] = Cell(glyph: glyph, style: style)
            // Only the days asked for count (rules 8 and 9): a Mon-Fri week is out of 5.
            guard view.configuration.schedule.isDue(on: day.day.dayOfWeek), !view.evaluation.isSkipped(day.day) else { continue }
            due += 1
            if day.state == .kept { kept += 1 }
        }
        // The week in words, or shorter where the panel is narrow ("2 of 3, 4 days left", "2/3").
        let room = max(0, width - 23)
        let summaries = StreakFacts.weekProgressForms(view.streak, now: state.now, zone: state.zone)
            ?? Self.windowForms(state, view)
            ?? Self.weekMeasureForms(view, week: weekStart)
            // Amounts (rule 10) are judged on sums, not on kept days: the week's sum.
            ?? (view.configuration.measuresAmount ? ["\(StreakAmount.text(amount, unit: view.configuration.unit)) this week"] : ["\(kept)/\(due) kept"])
        let summary = summaries.first { $0.cellWidth <= room } ?? ""
        grid.put(summary, x: x + 23, y: y + 1, style: CellStyle(.muted), limit: room)
    }

    /// A day value other than a sum (rule 13) does not add up over a week: the mean of the
    /// week's logged days instead ("mean 78.2 kg this week, 4 days").
    private static func weekMeasureForms(_ view: StreakView, week start: CalendarDay) -> [String]? {
        guard view.configuration.isTrackingOnly, !view.configuration.measure.adds else { return nil }
        let week = StreakMeasurements.window(of: view.evaluation.days(from: start, through: min(start.adding(days: 6), view.evaluation.today)), days: 7)
        guard let mean = week.mean else { return ["nothing logged this week", "none yet"] }
        let text = StreakFacts.mean(mean, unit: view.configuration.unit)
        return ["mean \(text) this week, \(counted(week.logged, "day"))", "mean \(text)", StreakFacts.mean(mean, unit: nil)]
    }

    /// A rolling streak (rule 12): the window ending today and the day it next needs, longest
    /// first ("2 of 5 in the last 7 days, by Sun", "by Sun", "2/5").
    private static func windowForms(_ state: DashboardState, _ view: StreakView) -> [String]? {
        let streak = view.streak
        guard view.configuration.schedule.isRolling, let target = streak.windowTarget else { return nil }
        let by = streak.dateStreakDeadline.map { StreakFacts.byDay($0, now: state.now, zone: state.zone) }
        let window = StreakFacts.windowProgress(streak)
        return [[window, by].compactMap { $0 }.joined(separator: ", "), by ?? window ?? "", "\(streak.windowKeptDays ?? 0)/\(target)"].filter { !$0.isEmpty }
    }

    private static func drawFreezes(_ state: DashboardState, _ view: StreakView, x: Int, y: Int, width: Int, grid: inout Grid) {
        grid.put("Freezes", x: x, y: y, style: CellStyle(.text, bold: true))
        guard view.configuration.freezeBehavior != .noFreezes else {
            grid.put("off for this streak", x: x + 8, y: y, style: CellStyle(.muted), limit: max(0, width - 8))
            return
        }
        let available = view.streak.freezesAvailableCount ?? 0
        var column = x + 8
        for _ in 0..<min(available, 8) {
            grid[column, y] = Cell(glyph: state.glyphs.frozen, style: CellStyle(.frozen, bold: true))
            column += 2
        }
        let mode = view.configuration.freezeBehavior == .autoConsumeFreezes ? "auto" : "manual"
        var text = "\(available) available (\(mode))"
        if StreakFacts.wouldUseFreezeTonight(view.evaluation) { text += state.glyphs.dot + "one is used tonight unless you log" }
        grid.put(text, x: column, y: y, style: CellStyle(.muted), limit: max(0, x + width - column))
    }
}
