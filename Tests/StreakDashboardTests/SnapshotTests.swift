import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
import SwiftfulGamification

/// Whole screens from the demo streaks (three years of history, a pinned clock) as text
/// plus a style map: at four sizes, with one streak and with five, in colour, without
/// colour and in ASCII.
struct SnapshotTests {
    static let sizes = ["80x24", "120x40", "200x60", "300x80"]
    static let modes = ["colour", "nocolor", "ascii"]
    static let cases = sizes.flatMap { size in [1, 5].flatMap { streaks in modes.map { (size, streaks, $0) } } }

    @Test(arguments: cases)
    func screen(size: String, streaks: Int, mode: String) {
        let (width, height) = Self.parse(size)
        let histories = streaks == 1 ? [DemoStreaks.longHistory()] : DemoStreaks.fiveStreaks()
        let state = DemoStreaks.state(histories, width: width, height: height, ascii: mode == "ascii")
        assertSnapshot(Render.render(state), named: "\(streaks)streak-\(mode)-\(size)", styles: mode == "nocolor" ? .attributes : .roles)
    }

    @Test func goalStreakPartlyDoneDaysAndOverlays() {
        var state = DemoStreaks.state(DemoStreaks.fiveStreaks(), width: 100, height: 30)
        state = Reducer.reduce(state, .key(.down)).0
        assertSnapshot(Render.render(state), named: "pushups-100x30")
        state = Reducer.reduce(state, .key(.down)).0
        state = Reducer.reduce(state, .key(.character("f"))).0
        assertSnapshot(Render.render(state), named: "reading-confirm-100x30")
        state = Reducer.reduce(state, .key(.character("n"))).0
        state = Reducer.reduce(state, .key(.character("?"))).0
        assertSnapshot(Render.render(state), named: "help-100x30")
    }

    @Test func cursorPagedBackADayTheLeewayMovedAnEventInto() {
        var state = DemoStreaks.state(DemoStreaks.fiveStreaks(), width: 120, height: 40)
        for key in [Key.character("c"), .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp] {
            state = Reducer.reduce(state, .key(key)).0
        }
        let events = DayEvents(key: "daily", day: state.selectedDay, events: [])
        state = Reducer.reduce(state, .dayEventsLoaded(events)).0
        assertSnapshot(Render.render(state), named: "paged-back-120x40")
    }

    @Test(arguments: ["40x10", "63x24", "80x20"])
    func tooSmall(size: String) {
        let (width, height) = Self.parse(size)
        let grid = Render.render(DemoStreaks.state(DemoStreaks.fiveStreaks(), width: width, height: height))
        #expect(grid.lines.contains { $0.contains("terminal too small (needs 64x21)") || $0.contains("too small") })
        assertSnapshot(grid, named: "tooSmall-\(size)")
    }

    @Test(arguments: [(0, 0), (1, 1), (3, 2), (10, 3), (64, 21), (300, 100)])
    func anySizeRendersWithoutFailing(width: Int, height: Int) {
        for histories in [[DemoStreaks.longHistory()], DemoStreaks.fiveStreaks(), DemoStreaks.many(50)] {
            let grid = Render.render(DemoStreaks.state(histories, width: width, height: height))
            #expect(grid.width == width && grid.height == height)
        }
    }

    /// Fifty streaks: the list scrolls and the selection stays in view.
    @Test func fiftyStreaksScrollToTheSelection() {
        var state = DemoStreaks.state(DemoStreaks.many(50), width: 120, height: 40)
        for _ in 0..<37 { state = Reducer.reduce(state, .key(.down)).0 }
        let lines = Render.render(state).lines
        let selected = state.selected!
        #expect(lines.contains { $0.contains("▶ \(selected)") })
        #expect(lines.contains { $0.hasSuffix("↓") })
        #expect(lines.contains { $0.hasSuffix("↑") } || lines[1].hasSuffix("↑"))
    }

    /// The calendar shows more than a year when wide, and the footer keeps `?` and `q`.
    @Test func wideScreensShowMoreThanAYearAndTheFooterKeepsHelpAndQuit() {
        for size in Self.sizes + ["64x21", "300x100"] {
            let (width, height) = Self.parse(size)
            let lines = Render.render(DemoStreaks.state(DemoStreaks.fiveStreaks(), width: width, height: height)).lines
            let footer = lines[height - 1]
            #expect(footer.contains("? help") && footer.contains("q quit"), "\(size): \(footer)")
        }
        #expect(HeatmapWidget.weeksPerBand(198) > 53)
    }

    @Test func emptyStreakShowsHowToLog() {
        let history = DemoHistory(configuration: .init(streakKey: "daily"), events: [], freezes: [])
        let lines = Render.render(DemoStreaks.state([history])).lines
        #expect(lines.contains { $0.contains("press space to log your first event") })
    }

    @Test func aWeekdaysStreakCountsItsWeekOutOfTheDueDays() {
        // 2024-06-10 is a Monday: kept Monday to Thursday, Friday (today) open, a skip on Wednesday.
        let events = (10...13).map { StreakEvent(id: "e\($0)", dateCreated: demoDate("2024-06-\($0) 09:00"), timezone: demoZone.identifier) }
        let schedule = StreakSchedule.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])
        var history = DemoHistory(configuration: .init(streakKey: "work", schedule: schedule), events: events, freezes: [])
        #expect(Render.render(DemoStreaks.state([history], width: 100, height: 30)).lines.contains { $0.contains("4/5 kept") })
        history.skips = [CalendarDay(year: 2024, month: 6, day: 12)]
        #expect(Render.render(DemoStreaks.state([history], width: 100, height: 30)).lines.contains { $0.contains("3/4 kept") })
    }

    static func parse(_ size: String) -> (Int, Int) {
        let parts = size.split(separator: "x").map { Int($0)! }
        return (parts[0], parts[1])
    }
}
