import Foundation
import Testing
@testable import StreakDashboard
import DashboardDemo

/// A short history on a wide screen fills it: the calendar at the left with larger days,
/// the months and statistics beside it; a long one keeps the usual layout. A weekly
/// streak's verdicts have a row of their own.
struct ShortHistoryLayoutTests {
    @Test func aShortHistoryAt200x60IsLargeAtTheLeftWithThePanelsBesideIt() throws {
        let state = DemoStreaks.state([DemoStreaks.journalHistory()], width: 200, height: 60)
        let plan = ScreenPlan(state)
        #expect(plan.scale >= 3, "the days as large as the rows and columns allow")
        #expect(plan.heatmap.x == 1)
        let statistics = try #require(plan.statistics)
        let months = try #require(plan.months)
        #expect(months.x > plan.heatmap.x + plan.heatmap.width && statistics.x > months.x)
        #expect(statistics.y < plan.heatmap.y + plan.heatmap.height)
        // The day under the calendar, and the bottom half not left empty.
        #expect(plan.detail.y > plan.heatmap.y + plan.heatmap.height && plan.detail.height >= 8)
        let lines = Render.render(state).lines
        #expect(lines[30...].contains { $0.trimmingCharacters(in: .whitespaces).count > 20 })
    }

    @Test func narrowerScreensGetSmallerDaysAndWithoutRoomForThePanelsTheDayBesideTheCalendar() {
        #expect(ScreenPlan(DemoStreaks.state([DemoStreaks.journalHistory()], width: 120, height: 40)).scale == 2)
        for (width, height) in [(100, 30), (80, 24)] {
            let small = ScreenPlan(DemoStreaks.state([DemoStreaks.journalHistory()], width: width, height: height))
            #expect(small.statistics == nil && small.heatmap.x == 1, "\(width)x\(height)")
            // The day's detail beside the calendar, not under an empty left half.
            #expect(small.detail.x > small.heatmap.x + small.heatmap.width && small.detail.y <= small.heatmap.y + 1, "\(width)x\(height)")
        }
    }

    @Test func aLongHistoryKeepsThePanelsUnderTheDay() throws {
        let plan = ScreenPlan(DemoStreaks.state([DemoStreaks.longHistory()], width: 200, height: 60))
        #expect(plan.scale == 1)
        let statistics = try #require(plan.statistics)
        #expect(statistics.y > plan.heatmap.y + plan.heatmap.height)
    }

    @Test func aWeeklyStreaksVerdictsHaveARowOfTheirOwn() {
        let state = DemoStreaks.state([DemoStreaks.gymHistory()], width: 120, height: 40)
        let lines = Render.render(state).lines
        let verdicts = lines.first { $0.hasPrefix(" wk ") }
        #expect(verdicts?.contains("✓") == true, "\(lines.joined(separator: "\n"))")
        // The Sunday row holds days only.
        #expect(lines.first { $0.hasPrefix(" Sun") }?.contains("✓") == false)
    }

    @Test func atEightyColumnsAQuestionWrapsAndTheTodayListKeepsWholeFacts() {
        var state = DemoStreaks.state(DemoStreaks.fiveStreaks(), width: 80, height: 24, ascii: true)
        state.overlay = .confirm(.skip(state.today, skipping: true, name: "a streak with a rather long title"))
        let asked = Render.render(state).lines.joined(separator: "\n")
        #expect(asked.contains("(y/n)"), "\(asked)")
        state.overlay = .today(TodayPanel())
        let lines = Render.render(state).lines
        // Under --ascii, facts are joined with " | ", never "·".
        #expect(lines.contains { $0.contains("To do today") } && !lines.contains { $0.contains("·") }, "\(lines.joined(separator: "\n"))")
    }
}
