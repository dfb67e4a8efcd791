import Foundation
import SwiftfulGamification

/// `render(state) -> Grid`: the whole screen from the state, pure and total (it clamps to
/// any size, zero included).
public enum Render {
    public static let minimumWidth = 64
    public static let minimumHeight = 21

    public static func render(_ state: DashboardState) -> Grid {
        var grid = Grid(width: state.width, height: state.height)
        guard state.width >= minimumWidth, state.height >= minimumHeight else {
            drawTooSmall(state, &grid)
            return grid
        }
        let screen = Rect(x: 0, y: 0, width: state.width, height: state.height)
        let (header, body) = screen.splitTop(1)
        drawHeader(state, in: header, grid: &grid)
        let content = Rect(x: 1, y: body.y, width: body.width - 2, height: body.height)
        if let view = state.view {
            let (top, rest) = content.splitTop(8)
            let (numberArea, side) = Rect(x: top.x, y: top.y, width: top.width, height: 6).splitLeft(min(30, top.width / 2))
            StreakPanel.draw(state, view, in: numberArea, grid: &grid)
            GoalPanel.draw(state, view, in: Rect(x: side.x, y: side.y + 1, width: side.width, height: 3), grid: &grid)
            FreezePanel.draw(state, view, in: Rect(x: side.x, y: side.y + 4, width: side.width, height: 2), grid: &grid)
            StreakPanel.drawStatus(state, view, in: Rect(x: top.x, y: top.y + 6, width: top.width, height: 2), grid: &grid)
            let heatmap = Rect(x: rest.x, y: rest.y + 1, width: rest.width, height: HeatmapWidget.height)
            HeatmapWidget.draw(state, view, in: heatmap, grid: &grid)
            grid.put(HeatmapWidget.detail(state, view), x: heatmap.x, y: heatmap.y + HeatmapWidget.height, style: CellStyle(.text), limit: heatmap.width)
        } else {
            grid.put("Loading \(state.selected)…", x: content.x, y: content.y + 1, style: CellStyle(.muted), limit: content.width)
        }
        if let message = state.message {
            grid.put(message, x: 1, y: state.height - 2, style: CellStyle(.accent), limit: state.width - 2)
        }
        drawKeyHelp(state, y: state.height - 1, grid: &grid)
        switch state.overlay {
        case .none: break
        case .help: drawHelp(state, &grid)
        case .confirm(let question): drawConfirm(question, state, &grid)
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

    private static func drawHeader(_ state: DashboardState, in rect: Rect, grid: inout Grid) {
        grid.put(" streaks ", x: rect.x, y: rect.y, style: CellStyle(.accent, bold: true, reverse: true))
        var x = rect.x + 10
        for key in state.keys where x < rect.width {
            let isSelected = key == state.selected
            let label = isSelected ? "[\(key)]" : " \(key) "
            grid.put(label, x: x, y: rect.y, style: CellStyle(isSelected ? .accent : .muted, bold: isSelected), limit: rect.width - x)
            x += label.count + 1
        }
        let theme = "theme: \(state.themeName)"
        if x + theme.count + 2 < rect.width {
            grid.put(theme, x: rect.width - theme.count - 1, y: rect.y, style: CellStyle(.muted))
        }
    }

    private static func drawKeyHelp(_ state: DashboardState, y: Int, grid: inout Grid) {
        let arrows = state.ascii ? "hjkl" : "←↓↑→"
        let items = ["space log", "u undo", "f use freezes", "F add freeze", "tab streak", "\(arrows) day", "t theme", "? help", "q quit"]
        let gap = items.reduce(0) { $0 + $1.count } + 2 * (items.count - 1) < state.width - 2 ? 2 : 1
        var x = 1
        for item in items {
            guard x + item.count < state.width else { break }
            let parts = item.split(separator: " ", maxSplits: 1)
            grid.put(String(parts[0]), x: x, y: y, style: CellStyle(.accent, bold: true))
            grid.put(" " + String(parts[1]), x: x + parts[0].count, y: y, style: CellStyle(.muted))
            x += item.count + gap
        }
    }

    private static func drawBox(_ lines: [String], title: String, _ state: DashboardState, _ grid: inout Grid) {
        let width = min(state.width - 4, (lines.map(\.count).max() ?? 0) + 4)
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
            grid.put(line, x: rect.x + 2, y: rect.y + 1 + index, style: CellStyle(.text), limit: rect.width - 4)
        }
    }

    private static func drawHelp(_ state: DashboardState, _ grid: inout Grid) {
        let lines = [
            "space, enter   log an event now",
            "u              undo today's last event (asks first)",
            "f              use freezes to restore a broken streak",
            "F              add a freeze",
            "tab, shift-tab switch streak",
            "arrows, hjkl   move the day cursor",
            "t              next theme",
            "?              this help",
            "q, esc, ctrl-c quit",
            "",
            "Another process's `streaks log` shows up here at once.",
        ]
        drawBox(lines, title: "keys", state, &grid)
    }

    private static func drawConfirm(_ question: Confirmation, _ state: DashboardState, _ grid: inout Grid) {
        let text: String
        switch question {
        case .undo:
            text = "Undo today's last event?"
        case .useFreezes(let count, let restores):
            text = "Use \(count) freeze\(count == 1 ? "" : "s") to restore \(restores) day\(restores == 1 ? "" : "s")?"
        }
        drawBox([text, "", "y / enter: yes    any other key: no"], title: "confirm", state, &grid)
    }
}
