import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

/// `render(state) -> Grid`: the whole screen from the state, pure and total (it clamps to
/// any size, zero included). `ScreenPlan` decides what fits where.
public enum Render {
    public static let minimumWidth = 64
    public static let minimumHeight = 21

    public static func render(_ state: DashboardState) -> Grid {
        var grid = Grid(width: state.width, height: state.height)
        guard state.width >= minimumWidth, state.height >= minimumHeight else {
            drawTooSmall(state, &grid)
            return grid
        }
        let plan = ScreenPlan(state)
        drawHeader(state, in: plan.header, grid: &grid)
        if state.showsCharts, let view = state.view {
            // The chart view: the streak's summary, then the charts in all the rest.
            let body = Rect(x: plan.header.x + 1, y: plan.header.y + 1, width: max(0, state.width - 2), height: max(0, plan.message.y - plan.header.y - 1))
            let big = body.height >= 30 && body.width >= 72
            let parts = Layout.vertical([.length(big ? 6 : 2), .length(1), .fill(1)]).split(body)
            StreakPanel.draw(state, view, in: parts[0], big: big, grid: &grid)
            ChartsWidget.draw(state, view, in: parts[2], grid: &grid)
        } else if let view = state.view {
            if let list = plan.list { StreakList.draw(state, in: list, grid: &grid) }
            StreakPanel.draw(state, view, in: plan.summary, big: plan.bigSummary, grid: &grid)
            HeatmapWidget.draw(state, view, in: plan.heatmap, bands: plan.bands, scale: plan.scale, grid: &grid)
            HeatmapWidget.drawLegend(state, view, in: plan.legend, grid: &grid)
            DayDetail.draw(state, view, in: plan.detail, grid: &grid)
            if let months = plan.months { MonthsPanel.draw(state, view, in: months, grid: &grid) }
            if let statistics = plan.statistics { StatisticsPanel.draw(state, view, in: statistics, grid: &grid) }
        } else {
            if let list = plan.list { StreakList.draw(state, in: list, grid: &grid) }
            let text = state.selected.map { key in state.failures[key].map { "Cannot read \(key): \($0)" } ?? "Loading \(key)…" }
                ?? "No streaks yet: n opens the form for one."
            grid.put(text, x: plan.summary.x, y: plan.summary.y, style: CellStyle(.muted), limit: plan.summary.width)
        }
        if let toast = state.toast {
            // It fades: dim in its last two seconds.
            let fading = toast.until.timeIntervalSince(state.now) <= 2
            let style = CellStyle(.accent, bold: !fading, reverse: true, dim: fading)
            grid.put(" \(toast.text) ", x: plan.message.x + 1, y: plan.message.y, style: style, limit: plan.message.width - 2)
        } else if state.message != nil {
            for (row, line) in plan.messageLines.enumerated() {
                grid.put(line, x: plan.message.x + 1, y: plan.message.y + row, style: CellStyle(.accent), limit: plan.message.width - 2)
            }
        }
        drawFooter(state, in: plan.footer, grid: &grid)
        switch state.overlay {
        case .none: break
        case .help: drawHelp(state, &grid)
        case .confirm(let question): drawConfirm(question, state, &grid)
        case .form(let form): drawBox(FormWidget.lines(form, glyphs: state.glyphs, width: state.width - 8), title: FormWidget.title(form), state, &grid)
        case .skipForm(let form): drawBox(form.lines(glyphs: state.glyphs), title: "skip days", state, &grid)
        case .amountPrompt(let prompt): drawBox(prompt.lines(), title: "log", state, &grid)
        case .noteForm(let form): drawBox(form.lines(width: min(state.width - 8, 76), glyphs: state.glyphs), title: "note", state, &grid)
        case .today(let panel): drawBox(panel.lines(state, list: TodayPanel.list(state)), title: "today", state, &grid)
        case .ask(let panel): drawBox(panel.lines(state), title: "catch up", state, &grid)
        }
        return grid
    }

    private static func drawTooSmall(_ state: DashboardState, _ grid: inout Grid) {
        let text = "terminal too small (needs \(minimumWidth)x\(minimumHeight))"
        let lines = state.width >= text.count ? [text] : ["too small", "needs \(minimumWidth)x\(minimumHeight)"]
        for (index, line) in lines.enumerated() {
            let x = max(0, (state.width - line.count) / 2)
            grid.put(line, x: x, y: max(0, state.height / 2 - lines.count / 2) + index, style: CellStyle(.warning, bold: true))
        }
    }

    /// " streaks  5 streaks · 3 on track · 1 at risk        theme: default  Fri 2024-06-14 15:30"
    private static func drawHeader(_ state: DashboardState, in rect: Rect, grid: inout Grid) {
        grid.put(" streaks ", x: rect.x, y: rect.y, style: CellStyle(.accent, bold: true, reverse: true))
        var summary: [String] = []
        if state.keys.count > 1 {
            summary.append("\(state.keys.count) streaks")
            // The listed streaks only: a new or renamed one's view can come before the list.
            let statuses = state.keys.compactMap { state.views[$0]?.streak.status }
            let kept = statuses.filter { if case .active = $0 { return true }; return false }.count
            let atRisk = statuses.filter { $0 == .atRisk || $0 == .canExtendWithLeeway }.count
            // Active: kept today, resting, or a week with slack.
            summary.append("\(kept) on track")
            if atRisk > 0 { summary.append("\(atRisk) at risk") }
        } else if let selected = state.selected {
            summary.append(selected)
        }
        var text = summary.joined(separator: state.glyphs.dot)
        grid.put(text, x: rect.x + 10, y: rect.y, style: CellStyle(.muted), limit: max(0, rect.width - 10))
        if let badge = StreakFacts.syncBadge(state.sync, zone: state.zone, ascii: state.ascii) {
            let x = rect.x + 10 + text.count + 2
            grid.put(badge, x: x, y: rect.y, style: CellStyle(state.sync.isOffline ? .warning : .accent, bold: true), limit: max(0, rect.width - x))
            text += "  " + badge
        }
        // The clock on the right; before it the points (while on), then the theme, as room
        // allows. Narrow, the points keep their place and the clock drops the date.
        let time = StreakFacts.clock(state.now, state.zone)
        let clocks = ["\(state.today)  \(time)", time]
        let theme = "theme: \(state.themeName)  "
        let points = state.points.map {
            [PointsWords.header($0, dot: state.glyphs.dot) + "  ", PointsWords.shortHeader($0, dot: state.glyphs.dot) + "  "]
        } ?? [""]
        let free = rect.width - 10 - text.count - 3
        let candidates = [(theme, points[0], clocks[0])] + points.flatMap { point in clocks.map { ("", point, $0) } } + clocks.map { ("", "", $0) }
        guard let (themePart, pointsPart, clock) = candidates.first(where: { $0.0.count + $0.1.count + $0.2.count <= free }) else { return }
        var x = rect.x + rect.width - clock.count - 1
        grid.put(clock, x: x, y: rect.y, style: CellStyle(.text))
        x -= pointsPart.count
        grid.put(pointsPart, x: x, y: rect.y, style: CellStyle(.accent, bold: true))
        x -= themePart.count
        grid.put(themePart, x: x, y: rect.y, style: CellStyle(.muted))
    }

    private static func drawFooter(_ state: DashboardState, in rect: Rect, grid: inout Grid) {
        let acting = state.selectedHeading == nil ? state.view?.name : nil
        let (title, items) = KeyBindings.footer(
            width: rect.width - 2, ascii: state.ascii, focus: state.focus, hasList: state.showsList, acting: acting, inCharts: state.showsCharts
        )
        var x = rect.x + 1
        if let title {
            grid.put(title, x: x, y: rect.y, style: CellStyle(.text, bold: true), limit: max(0, rect.width - x))
            x += title.count + 1
        }
        for (index, item) in items.enumerated() {
            // The streak's own keys, then a mark, then the rest.
            if title != nil, index > 0, items[index - 1].onStreak, !item.onStreak {
                grid.put("|", x: x, y: rect.y, style: CellStyle(.muted), limit: max(0, rect.width - x))
                x += 3
            }
            grid.put(item.keys, x: x, y: rect.y, style: CellStyle(.accent, bold: true), limit: max(0, rect.width - x))
            grid.put(" " + item.what, x: x + item.keys.count, y: rect.y, style: CellStyle(.muted), limit: max(0, rect.width - x - item.keys.count))
            x += item.keys.count + 1 + item.what.count + 2
        }
    }

    private static func drawBox(_ lines: [DayDetail.Line], title: String, _ state: DashboardState, _ grid: inout Grid) {
        let width = min(state.width - 4, (lines.map { $0.reduce(0) { $0 + $1.0.count } }.max() ?? 0) + 4)
        let height = min(state.height - 2, lines.count + 2)
        let rect = Rect(x: (state.width - width) / 2, y: (state.height - height) / 2, width: width, height: height)
        grid.fill(rect, style: CellStyle(.text))
        let border = state.glyphs.separator
        for x in rect.x..<(rect.x + rect.width) {
            grid[x, rect.y] = Cell(glyph: border, style: CellStyle(.accent))
            grid[x, rect.y + rect.height - 1] = Cell(glyph: border, style: CellStyle(.accent))
        }
        grid.put(" \(title) ", x: rect.x + 2, y: rect.y, style: CellStyle(.accent, bold: true))
        for (index, line) in lines.prefix(rect.height - 2).enumerated() {
            var x = rect.x + 2
            for (text, style) in line {
                grid.put(text, x: x, y: rect.y + 1 + index, style: style, limit: max(0, rect.x + rect.width - 2 - x))
                x += text.count
            }
        }
    }

    /// Every key of the table, the legend, and the commands for what the dashboard does not do,
    /// wrapped to the box (never cut mid-word) and, where the screen is short, without the
    /// blank lines and the lesser notes first.
    static func helpLines(_ state: DashboardState) -> [DayDetail.Line] {
        let width = max(20, state.width - 8)
        // Keys that go both ways share a line: "pgup pgdn  a month back or forward".
        let rows: [(label: String, description: String)] = KeyBindings.all.compactMap { binding in
            if let pair = helpPairs.first(where: { $0.first == binding.action }) {
                return (binding.label(ascii: state.ascii) + " " + KeyBindings.binding(for: pair.second).label(ascii: state.ascii), pair.description)
            }
            guard !helpPairs.contains(where: { $0.second == binding.action }) else { return nil }
            return (binding.label(ascii: state.ascii), binding.description)
        }
        let keyWidth = rows.map(\.label.count).max() ?? 8
        let indent = String(repeating: " ", count: keyWidth + 2)
        var lines: [DayDetail.Line] = rows.flatMap { row -> [DayDetail.Line] in
            let label = row.label.padding(toLength: keyWidth + 2, withPad: " ", startingAt: 0)
            return TextWrap.lines(row.description, width: max(10, width - indent.count)).enumerated().map { index, text in
                [(index == 0 ? label : indent, CellStyle(.accent, bold: true)), (text, CellStyle(.text))]
            }
        }
        let glyphs = state.glyphs
        let facts = [
            "\(glyphs.kept) kept", "\(glyphs.partial) partly done", "\(glyphs.missed) missed", "\(glyphs.frozen) frozen", "\(glyphs.open) open",
            "\(glyphs.rest) rest (not due)", "\(glyphs.skipped) skipped", "\(glyphs.note) a note (beside the day)", "blank: before the first event",
        ]
        let legend = packed(facts, width: width - "Calendar: ".count)
        let shades = "  shades: a goal of 1 by the day's count against your usual days; a goal of N by the share done"
        var optional: [Int] = []
        lines.append([])
        optional.append(lines.count - 1)
        for (index, text) in legend.enumerated() {
            lines.append([(index == 0 ? "Calendar: " : "          ", CellStyle(.text, bold: true)), (text, CellStyle(.text))])
        }
        for text in TextWrap.lines(shades, width: width) { lines.append([(text, CellStyle(.muted))]); optional.append(lines.count - 1) }
        lines.append([])
        optional.append(lines.count - 1)
        let shell = TextWrap.lines("streaks log --at DATE, create, config, skip, note, reset, freeze, import, export, stats", width: width - "From the shell: ".count)
        for (index, text) in shell.enumerated() {
            lines.append([(index == 0 ? "From the shell: " : "                ", CellStyle(.text, bold: true)), (text, CellStyle(.muted))])
        }
        for text in TextWrap.lines("  streaks --help lists them all. Another process's writes show up here at once.", width: width) {
            lines.append([(text, CellStyle(.muted))])
            optional.append(lines.count - 1)
        }
        // A short screen: blank lines and the lesser notes go, so that every key shows.
        let room = state.height - 4
        var dropped = Set<Int>()
        for index in optional.sorted(by: { lines[$0].isEmpty && !lines[$1].isEmpty }) where lines.count - dropped.count > room {
            dropped.insert(index)
        }
        return lines.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    /// Pairs of keys help names on one line.
    private static let helpPairs: [(first: Action, second: Action, description: String)] = [
        (.nextStreak, .previousStreak, "next or previous streak"),
        (.moveStreakDown, .moveStreakUp, "move the streak down or up the list (into the next or previous group at its end)"),
        (.monthBack, .monthForward, "a month back or forward"),
    ]

    /// `facts` in lines of at most `width`, two spaces between them, each whole.
    private static func packed(_ facts: [String], width: Int) -> [String] {
        var lines: [String] = []
        for fact in facts {
            if let last = lines.last, last.count + 2 + fact.count <= width {
                lines[lines.count - 1] = last + "  " + fact
            } else {
                lines.append(fact)
            }
        }
        return lines
    }

    private static func drawHelp(_ state: DashboardState, _ grid: inout Grid) {
        drawBox(helpLines(state), title: "keys (any key closes)", state, &grid)
    }

    private static func drawConfirm(_ question: Confirmation, _ state: DashboardState, _ grid: inout Grid) {
        // The question wrapped to the box, never cut before its "(y/n)".
        let question = TextWrap.lines(question.text, width: max(20, state.width - 8)).map { [($0, CellStyle(.text))] as DayDetail.Line }
        drawBox(question + [[], [("y / enter: yes    any other key: no", CellStyle(.muted))]], title: "confirm", state, &grid)
    }
}

extension Confirmation {
    /// The question, as the dashboard asks it.
    public var text: String {
        switch self {
        case .undo(let name):
            return "Undo today's last event of \(name)? (y/n)"
        case .remove(_, let day, let time, let name):
            return "Remove the \(time) event of \(name) on \(DayNames.short(day)) \(day)? (y/n)"
        case .useFreezes(let count, let restores, let name):
            return "Use \(counted(count, "freeze")) of \(name) to restore \(counted(restores, "day"))? (y/n)"
        case .addFreeze(let have, let name):
            return "Add a freeze to \(name)? It has \(have). (y/n)"
        case .removeFreeze(_, let have, let name):
            return "Remove an unused freeze of \(name)? It has \(have). (y/n)"
        case .archive(let key):
            return "Archive '\(key)'? It leaves the list; `streaks unarchive \(key)` brings it back. (y/n)"
        case .delete(_, let name, let length):
            return "Delete \(name) (\(length))? The trash keeps it 30 days. (y/n)"
        case .skip(let day, let skipping, let name):
            return skipping
                ? "Skip \(DayNames.short(day)) \(day) of \(name)? It bridges the streak and spends no freeze. (y/n)"
                : "Take back the skip of \(DayNames.short(day)) \(day) of \(name)? (y/n)"
        }
    }
}

/// Short weekday names.
enum DayNames {
    static func short(_ day: CalendarDay) -> String {
        day.dayOfWeek.shortName
    }
}
