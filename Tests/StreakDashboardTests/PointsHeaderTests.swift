import DashboardDemo
import Foundation
import StreakPresentation
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// Points in the dashboard: the level in the header at every size, a toast for a level
/// reached now (not for the level it opened on).
struct PointsHeaderTests {
    private func points(_ total: Int, today: Int) -> CurrentExperiencePointsData {
        CurrentExperiencePointsData(experienceKey: "streaks", userId: "u", pointsAllTime: total, pointsToday: today)
    }

    @Test func theLevelOpenedOnIsNoNewsAndTheNextOneToasts() {
        var state = DemoStreaks.state(DemoStreaks.fiveStreaks())
        state = Reducer.reduce(state, .pointsUpdated(points(990, today: 30))).0
        #expect(state.toast == nil)
        state = Reducer.reduce(state, .pointsUpdated(points(995, today: 35))).0
        #expect(state.toast == nil, "the same level")
        state = Reducer.reduce(state, .pointsUpdated(points(1_005, today: 45))).0
        #expect(state.toast?.text == "★ Level 5! 1,005 XP; 495 to level 6.")
        state = Reducer.reduce(state, .key(.character("j"))).0
        state = Reducer.reduce(state, .pointsUpdated(points(995, today: 35))).0
        #expect(state.toast == nil, "a level lost (a day taken back) is not celebrated")
    }

    @Test(arguments: [(80, "Lv 5 · 1,240 XP"), (120, "Level 5 · 1,240 XP · +60 today"), (200, "Level 5 · 1,240 XP · +60 today")])
    func theHeaderShowsThePointsWithTheClock(width: Int, expected: String) {
        var state = DemoStreaks.state(DemoStreaks.fiveStreaks(), width: width, height: 40)
        state = Reducer.reduce(state, .pointsUpdated(points(1_240, today: 60))).0
        let header = Render.render(state).lines[0]
        #expect(header.contains(expected), "\(header)")
        #expect(header.hasSuffix(StreakFacts.clock(state.now, state.zone)))
        #expect(header.count <= width)
    }

    @Test func anASCIITerminalGetsAnASCIIHeader() {
        var state = DemoStreaks.state(DemoStreaks.fiveStreaks(), width: 120, height: 40, ascii: true)
        state = Reducer.reduce(state, .pointsUpdated(points(1_240, today: 60))).0
        let header = Render.render(state).lines[0]
        #expect(header.contains("Level 5 | 1,240 XP | +60 today"), "\(header)")
        let nonASCII = header.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty)
    }

    @Test func withPointsOffTheHeaderIsAsBefore() {
        let state = DemoStreaks.state(DemoStreaks.fiveStreaks(), width: 120, height: 40)
        #expect(!Render.render(state).lines[0].contains("XP"))
    }
}
