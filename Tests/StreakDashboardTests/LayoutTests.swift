import Testing
@testable import StreakDashboard

struct LayoutTests {
    @Test func lengthsPercentagesAndFills() {
        #expect(Layout.vertical([.length(1), .fill(1), .length(1)]).sizes(24) == [1, 22, 1])
        #expect(Layout.horizontal([.percentage(25), .fill(1), .fill(2)]).sizes(100) == [25, 25, 50])
        #expect(Layout.horizontal([.min(10), .fill(1)]).sizes(30) == [20, 10])
        #expect(Layout.horizontal([.length(10), .max(5), .length(3)]).sizes(30) == [10, 5, 3])
    }

    @Test func spacingIsLeftBetweenParts() {
        let rects = Layout.horizontal([.fill(1), .length(10)], spacing: 2).split(Rect(x: 1, y: 0, width: 32, height: 5))
        #expect(rects.map(\.x) == [1, 23])
        #expect(rects.map(\.width) == [20, 10])
    }

    @Test func shortOfSpaceTheLastPartsGiveWayFirst() {
        #expect(Layout.vertical([.length(8), .length(5), .length(5)]).sizes(10) == [8, 2, 0])
        #expect(Layout.vertical([.length(8), .length(5)]).sizes(0) == [0, 0])
    }

    @Test func roundingLeftoversGoToTheFirstFills() {
        #expect(Layout.horizontal([.fill(1), .fill(1), .fill(1)]).sizes(10) == [4, 3, 3])
    }
}
