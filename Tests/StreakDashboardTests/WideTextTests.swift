import DashboardDemo
import Foundation
@testable import StreakDashboard
import SwiftfulGamification
import Testing

/// Titles in any script on the grid: wide characters take two columns and are never cut in
/// half, and the overview and the panel name streaks by their titles.
struct WideTextTests {
    @Test func wideCharactersTakeTwoColumns() {
        var grid = Grid(width: 10, height: 1)
        grid.put("日本語ab", x: 0, y: 0)
        #expect(grid.lines == ["日本語ab"])
        #expect(grid[1, 0].isContinuation && grid[3, 0].isContinuation && grid[5, 0].isContinuation)
        #expect(grid[6, 0].glyph == "a")
        var clipped = Grid(width: 10, height: 1)
        clipped.put("日本語", x: 0, y: 0, limit: 5)
        #expect(clipped.lines == ["日本"])
        // Writing over the right half of a wide character blanks its left half too.
        grid[1, 0] = Cell(glyph: "x", style: .plain)
        #expect(grid.lines == [" x本語ab"])
    }

    @Test(arguments: [
        ("Stretch in the morning", 10, "Stretch i…"),
        ("日本語の勉強", 7, "日本語…"),
        ("Café", 4, "Café"),
        ("🏃 Run", 4, "🏃 …"),
    ])
    func textIsCutToColumns(text: String, width: Int, cut: String) {
        #expect(text.truncated(toCells: width) == cut)
        #expect(text.truncated(toCells: width).cellWidth <= width)
    }

    @Test func theOverviewAndThePanelShowTitles() {
        let reading = DemoStreaks.readingHistory()
        let titled = DemoHistory(
            configuration: reading.configuration.titled("読書 — 20 pages"), events: reading.events, freezes: reading.freezes, skips: reading.skips
        )
        let state = DemoStreaks.state([titled, DemoStreaks.waterHistory()], width: 120, height: 40)
        let text = Render.render(state).lines.joined(separator: "\n")
        #expect(text.contains("読書 — 20 pages"))
        #expect(!text.contains("\u{0}"))
    }
}
