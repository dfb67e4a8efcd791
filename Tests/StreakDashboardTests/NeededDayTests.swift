import DashboardDemo
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// A rolling streak's calendar marks the day its window still needs (rule 12) with a glyph
/// of its own, apart from today's open mark, in Unicode and ASCII, and the legend names it.
struct NeededDayTests {
    @Test(arguments: [false, true])
    func theNeededDayHasItsOwnMarkAndTheLegendSaysSo(ascii: Bool) throws {
        let state = DemoStreaks.state([DemoStreaks.plantsHistory()], width: 120, height: 40, ascii: ascii)
        let view = try #require(state.view)
        let glyphs: Glyphs = ascii ? .ascii : .unicode
        #expect(glyphs.needed != glyphs.open)
        let needed = try #require(HeatmapWidget.neededDay(view, zone: state.zone))
        #expect(needed > view.evaluation.today)
        let rect = Rect(x: 0, y: 0, width: 60, height: ScreenPlan.bandHeight)
        var grid = Grid(width: 60, height: ScreenPlan.bandHeight + 1)
        HeatmapWidget.draw(state, view, in: rect, bands: 1, grid: &grid)
        let marks = grid.lines.joined().filter { $0 == glyphs.needed }
        #expect(marks.count == 1)
        var legend = Grid(width: 200, height: 1)
        HeatmapWidget.drawLegend(state, view, in: Rect(x: 0, y: 0, width: 200, height: 1), grid: &legend)
        #expect(legend.lines[0].contains("\(glyphs.needed) needed by"))
        #expect(legend.lines[0].contains("\(glyphs.open) open"))
    }

    @Test func aDailyStreakNeedsNoDayAhead() throws {
        let state = DemoStreaks.state([DemoStreaks.readingHistory()])
        #expect(HeatmapWidget.neededDay(try #require(state.view), zone: state.zone) == nil)
    }
}
