import Foundation
import Testing
@testable import StreakDashboard
import DashboardDemo
import StreakPresentation
import SwiftfulGamification

/// `T`: what is left today over the screen, the same list as `streaks today`.
struct TodayPanelTests {
    let state = DemoStreaks.state(ReducerTests.five)


    @Test func tOpensTheListInTheOrderStreaksTodayUses() throws {
        let (open, effects) = press(state, .character("T"))
        #expect(effects.isEmpty)
        #expect(open.overlay == .today(TodayPanel()))
        let list = TodayPanel.list(open)
        let expected = TodayList(open.displayKeys.compactMap { open.views[$0]?.evaluation }, now: open.now, zone: open.zone)
        #expect(list.items == expected.items)
        let screen = Render.render(open).lines.joined(separator: "\n")
        for item in list.items { #expect(screen.contains(item.name), "\(item.name)") }
        #expect(screen.contains(list.toDo.isEmpty ? "Everything due today is kept." : "To do today (\(list.toDo.count))"))
    }

    @Test func spaceLogsTheChosenStreakTodayAndTheListStays() throws {
        let (open, _) = press(state, .character("T"))
        let items = TodayPanel.list(open).items
        let index = try #require(items.firstIndex { open.views[$0.key]?.configuration.measuresAmount == false })
        let moves = Array(repeating: Key.down, count: index)
        var (moved, _) = (open, [Effect]())
        for key in moves { moved = press(moved, key).0 }
        let (after, effects) = press(moved, .character(" "))
        #expect(effects == [.log(streak: items[index].key)])
        #expect(after.overlay == .today(TodayPanel(index: index)))
    }

    @Test("a second Space before the first log comes back logs nothing more; once it is back, Space logs again")
    func aSecondSpaceWaitsForTheFirstLog() throws {
        let (open, _) = press(state, .character("T"))
        let items = TodayPanel.list(open).items
        let index = try #require(items.firstIndex { open.views[$0.key]?.configuration.measuresAmount == false })
        var moved = open
        for _ in 0..<index { moved = press(moved, .down).0 }
        let key = items[index].key
        let (once, first) = press(moved, .character(" "))
        #expect(first == [.log(streak: key)])
        let (twice, second) = press(once, .character(" "))
        #expect(second.isEmpty)
        #expect(twice.overlay == .today(TodayPanel(index: index)))
        // The write's outcome arrives: the key may be logged again.
        let (back, _) = Reducer.reduce(twice, .written(.logged(key: key, at: twice.now)))
        #expect(back.loggingFromToday.isEmpty)
        #expect(press(back, .character(" ")).1 == [.log(streak: key)])
        // A failed write frees it too.
        let (failed, _) = Reducer.reduce(twice, .written(.failed(key: key, reason: "disk full")))
        #expect(failed.loggingFromToday.isEmpty)
    }

    @Test func anAmountStreakAsksHowMuchForToday() throws {
        let (open, _) = press(state, .character("T"))
        let items = TodayPanel.list(open).items
        guard let index = items.firstIndex(where: { open.views[$0.key]?.configuration.measuresAmount == true }) else { return }
        var moved = open
        for _ in 0..<index { moved = press(moved, .down).0 }
        let (after, effects) = press(moved, .character(" "))
        #expect(effects.isEmpty)
        guard case .amountPrompt(let prompt) = after.overlay else { Issue.record("\(after.overlay)"); return }
        #expect(prompt.streak == items[index].key && prompt.isToday)
    }

    /// Issue 49: the `T` list comes back after an amount prompt, logged or cancelled, on the
    /// same row (the logged streak moves to Kept), so Space, Space walks down the list.
    @Test func theListComesBackAfterAnAmountPrompt() throws {
        let withAmount = DemoStreaks.state([DemoStreaks.distanceHistory()] + ReducerTests.five)
        let (open, _) = press(withAmount, .character("T"))
        let items = TodayPanel.list(open).items
        let index = try #require(items.firstIndex { open.views[$0.key]?.configuration.measuresAmount == true })
        var moved = open
        for _ in 0..<index { moved = press(moved, .down).0 }
        let (asked, _) = press(moved, .character(" "))
        guard case .amountPrompt = asked.overlay else { Issue.record("\(asked.overlay)"); return }
        let (logged, effects) = press(asked, .enter)
        #expect(logged.overlay == .today(TodayPanel(index: index)))
        #expect(effects.count == 1)
        let (cancelled, _) = press(asked, .escape)
        #expect(cancelled.overlay == .today(TodayPanel(index: index)))
    }

    @Test func enterGoesToTheStreakAndEscapeOrTCloses() throws {
        let (open, _) = press(state, .character("T"))
        let items = TodayPanel.list(open).items
        let (went, _) = press(open, .down, .enter)
        #expect(went.overlay == .none)
        #expect(went.selected == items[min(1, items.count - 1)].key)
        #expect(press(open, .escape).0.overlay == .none)
        #expect(press(open, .character("T")).0.overlay == .none)
        // Up stops at the first row.
        #expect(press(open, .up, .up).0.overlay == .today(TodayPanel(index: 0)))
    }
}
