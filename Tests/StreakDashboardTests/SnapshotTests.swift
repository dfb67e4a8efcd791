import Foundation
import Testing
@testable import StreakDashboard

/// Whole screens from fixture streaks with a pinned clock, as text plus a style map.
struct SnapshotTests {
    static let sizes = [(80, 24), (120, 40), (200, 60)]

    @Test(arguments: sizes.map { "\($0.0)x\($0.1)" })
    func longStreakWithFrozenDays(size: String) {
        let (width, height) = Self.parse(size)
        let state = Fixture.state(Fixture.longStreak(), keys: ["daily", "pushups"], width: width, height: height)
        assertSnapshot(Render.render(state), named: "longStreak-\(size)")
    }

    @Test(arguments: sizes.map { "\($0.0)x\($0.1)" })
    func longStreakInASCII(size: String) {
        let (width, height) = Self.parse(size)
        let state = Fixture.state(Fixture.longStreak(), width: width, height: height, ascii: true)
        assertSnapshot(Render.render(state), named: "longStreak-ascii-\(size)")
    }

    @Test func goalStreakAtRisk() {
        assertSnapshot(Render.render(Fixture.state(Fixture.goalAtRisk())), named: "goalAtRisk-80x24")
    }

    @Test func brokenStreakOffersFreezes() {
        var state = Fixture.state(Fixture.brokenManual())
        assertSnapshot(Render.render(state), named: "brokenManual-80x24")
        state = Reducer.reduce(state, .key(.character("f"))).0
        assertSnapshot(Render.render(state), named: "brokenManual-confirm-80x24")
    }

    @Test func helpOverlayAndCursor() {
        var state = Fixture.state(Fixture.longStreak())
        for key in [Key.left, .left, .up] { state = Reducer.reduce(state, .key(key)).0 }
        assertSnapshot(Render.render(state), named: "cursor-80x24")
        state = Reducer.reduce(state, .key(.character("?"))).0
        assertSnapshot(Render.render(state), named: "help-80x24")
    }

    @Test(arguments: ["40x10", "63x24", "80x20"])
    func tooSmall(size: String) {
        let (width, height) = Self.parse(size)
        let grid = Render.render(Fixture.state(Fixture.longStreak(), width: width, height: height))
        #expect(grid.lines.contains { $0.contains("terminal too small (needs 64x21)") })
        assertSnapshot(grid, named: "tooSmall-\(size)")
    }

    @Test(arguments: [(0, 0), (1, 1), (3, 2), (10, 3)])
    func tinySizesDoNotFail(width: Int, height: Int) {
        let grid = Render.render(Fixture.state(Fixture.longStreak(), width: width, height: height))
        #expect(grid.width == width && grid.height == height)
    }

    @Test func emptyStoreShowsHowToLog() {
        let view = Fixture.view("daily", .init(streakKey: "daily"), [], [])
        let lines = Render.render(Fixture.state(view)).lines
        #expect(lines.contains { $0.contains("press space to log your first event") })
    }

    static func parse(_ size: String) -> (Int, Int) {
        let parts = size.split(separator: "x").map { Int($0)! }
        return (parts[0], parts[1])
    }
}
