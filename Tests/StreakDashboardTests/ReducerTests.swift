import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// Every key of the key table and every event, on the demo streaks at their pinned clock.
struct ReducerTests {
    static let five = DemoStreaks.fiveStreaks()

    func press(_ state: DashboardState, _ keys: Key...) -> (DashboardState, [Effect]) {
        var current = state
        var effects: [Effect] = []
        for key in keys {
            let result = Reducer.reduce(current, .key(key))
            current = result.0
            effects += result.1
        }
        return (current, effects)
    }

    var fiveStreaks: DashboardState { DemoStreaks.state(Self.five) }
    func only(_ history: DemoHistory) -> DashboardState { DemoStreaks.state([history]) }

    // MARK: - Writes

    @Test(arguments: [Key.character(" "), .enter])
    func spaceAndEnterLog(key: Key) {
        #expect(press(fiveStreaks, key).1 == [.log(streak: "daily")])
    }

    @Test func undoAsksFirst() {
        let state = press(fiveStreaks, .down).0  // pushups: one event today
        let (asked, none) = press(state, .character("u"))
        #expect(asked.overlay == .confirm(.undo))
        #expect(none.isEmpty)
        #expect(press(asked, .character("y")).1 == [.undo(streak: "pushups")])
        #expect(press(asked, .enter).1 == [.undo(streak: "pushups")])
        let (cancelled, effects) = press(asked, .character("n"))
        #expect(effects.isEmpty)
        #expect(cancelled.overlay == .none)
        #expect(cancelled.message == "Cancelled.")
    }

    @Test func undoWithNothingTodayExplains() {
        let (state, effects) = press(only(DemoStreaks.readingHistory()), .character("u"))
        #expect(effects.isEmpty)
        #expect(state.message == "Nothing logged today to undo.")
    }

    @Test func useFreezesAsksWithWhatItRestores() {
        let (asked, _) = press(only(DemoStreaks.readingHistory()), .character("f"))
        guard case .confirm(.useFreezes(let count, let restores)) = asked.overlay else {
            Issue.record("expected a confirmation, got \(asked.overlay)")
            return
        }
        #expect(count == 3)
        #expect(restores > 30)
        #expect(press(asked, .character("y")).1 == [.useFreezes(streak: "reading")])
    }

    @Test func useFreezesExplainsWhenItCannot() {
        #expect(press(fiveStreaks, .character("f")).0.message == "Freezes are used automatically for this streak.")
        #expect(press(only(DemoStreaks.waterHistory()), .character("f")).0.message == "Freezes are off for this streak.")
        #expect(press(fiveStreaks, .down, .character("f")).0.message == "Nothing to restore: no missed days to bridge.")
    }

    @Test func addFreeze() {
        #expect(press(fiveStreaks, .character("F")).1 == [.addFreeze(streak: "daily")])
    }

    // MARK: - Streaks and focus

    @Test func tabAndShiftTabCycleThroughStreaks() {
        let keys = fiveStreaks.keys
        #expect(press(fiveStreaks, .tab).0.selected == keys[1])
        #expect(press(fiveStreaks, .backTab).0.selected == keys.last)
        #expect(press(fiveStreaks, .tab, .tab, .tab, .tab, .tab).0.selected == keys[0])
    }

    @Test func upAndDownSelectStreaksInTheListWithoutWrapping() {
        let state = fiveStreaks
        #expect(state.focus == .list)
        #expect(press(state, .down, .down).0.selected == "reading")
        #expect(press(state, .character("j")).0.selected == "pushups")
        #expect(press(state, .up).0.selected == "daily")
        #expect(press(state, .down, .down, .down, .down, .down, .down).0.selected == "journal")
        #expect(press(state, .down, .character("k")).0.selected == "daily")
    }

    @Test func cSwitchesFocusAndThenUpAndDownMoveDays() {
        let (calendar, _) = press(fiveStreaks, .character("c"))
        #expect(calendar.focus == .calendar)
        #expect(press(calendar, .up).0.selectedDay == calendar.today.adding(days: -1))
        #expect(press(calendar, .up, .up, .down).0.selectedDay == calendar.today.adding(days: -1))
        #expect(press(calendar, .character("c")).0.focus == .list)
        let single = only(DemoStreaks.longHistory())
        #expect(single.focus == .calendar)
        #expect(press(single, .character("c")).0.message == "One streak: the calendar has the keys.")
    }

    @Test func selectingAnotherStreakLoadsItsDay() {
        let (state, effects) = press(fiveStreaks, .tab)
        #expect(effects.isEmpty)  // today is within the recent events: no read
        #expect(state.dayEvents?.key == "pushups")
        #expect(state.dayEvents?.events.map(\.id) == ["today"])
    }

    // MARK: - The calendar

    @Test func leftAndRightMoveAWeek() {
        let state = press(fiveStreaks, .character("c")).0
        let today = state.today
        #expect(press(state, .left).0.selectedDay == today.adding(days: -7))
        #expect(press(state, .character("h"), .character("h")).0.selectedDay == today.adding(days: -14))
        #expect(press(state, .left, .left, .right).0.selectedDay == today.adding(days: -7))
        #expect(press(state, .right).0.cursor == nil)  // never past today
    }

    @Test func pageUpAndDownMoveAMonth() {
        let state = press(fiveStreaks, .character("c")).0
        #expect(press(state, .pageUp).0.selectedDay == CalendarDay(year: 2024, month: 5, day: 14))
        #expect(press(state, .pageUp, .pageUp, .pageUp, .pageUp).0.selectedDay == CalendarDay(year: 2024, month: 2, day: 14))
        #expect(press(state, .pageUp, .pageUp, .pageDown).0.selectedDay == CalendarDay(year: 2024, month: 5, day: 14))
        // The 31st a month back is the month's last day.
        var end = state
        end.cursor = CalendarDay(year: 2024, month: 3, day: 31)
        #expect(press(end, .pageUp).0.selectedDay == CalendarDay(year: 2024, month: 2, day: 29))
    }

    @Test func homeGoesToTheFirstDayWithAnEventAndEndToToday() {
        let state = press(fiveStreaks, .character("c")).0
        let (first, effects) = press(state, .home)
        #expect(first.selectedDay == CalendarDay(year: 2021, month: 6, day: 20))
        #expect(effects == [.loadDay(streak: "daily", day: CalendarDay(year: 2021, month: 6, day: 20))])
        #expect(first.dayEvents == nil)
        #expect(press(first, .left, .pageUp).0.selectedDay == first.selectedDay)  // never before history
        let (back, _) = press(first, .end)
        #expect(back.cursor == nil)
        #expect(back.selectedDay == state.today)
    }

    @Test func loadedDayEventsShowOnlyForTheDayAndStreakAsked() {
        let (state, _) = press(fiveStreaks, .character("c"), .home)
        let day = state.selectedDay
        let events = DayEvents(key: "daily", day: day, events: [StreakEvent(id: "x", dateCreated: DemoStreaks.now, timezone: "UTC")])
        #expect(Reducer.reduce(state, .dayEventsLoaded(events)).0.dayEvents == events)
        let stale = DayEvents(key: "daily", day: day.adding(days: 1), events: [])
        #expect(Reducer.reduce(state, .dayEventsLoaded(stale)).0.dayEvents == nil)
    }

    // MARK: - Theme, help, quit

    @Test func tCyclesThemes() {
        let (state, _) = press(fiveStreaks, .character("t"))
        #expect(state.themeName == "light")
        #expect(state.message == "Theme: light")
        #expect(press(state, .character("t")).0.themeName == "default")
    }

    @Test func helpOpensAndAnyKeyClosesIt() {
        let (help, _) = press(fiveStreaks, .character("?"))
        #expect(help.overlay == .help)
        let (closed, effects) = press(help, .character("x"))
        #expect(closed.overlay == .none)
        #expect(effects.isEmpty)
        #expect(press(help, .escape).0.isFinished == false)
        #expect(press(help, .character("q")).0.isFinished)
    }

    @Test(arguments: [Key.character("q"), .escape, .interrupt])
    func quitKeys(key: Key) {
        let (state, effects) = press(fiveStreaks, key)
        #expect(state.isFinished)
        #expect(effects == [.quit])
    }

    @Test func keysWithoutABindingDoNothing() {
        for key in [Key.character("z"), .character("1"), .character("é")] {
            let (state, effects) = press(fiveStreaks, key)
            #expect(effects.isEmpty)
            #expect(!state.isFinished)
            #expect(state.selected == "daily")
        }
    }

    /// The reducer acts on every action the table binds, and every binding's keys reach it.
    @Test func everyBindingHasAnEffectOrChangesTheState() {
        for binding in KeyBindings.all {
            for key in binding.keys {
                #expect(KeyBindings.action(for: key) == binding.action, "\(key)")
            }
        }
        #expect(Set(KeyBindings.all.map(\.action)) == Set(Action.allCases))
    }

    // MARK: - Events from the store and the terminal

    @Test func aStreakRemovedElsewhereMovesTheSelection() {
        let state = press(fiveStreaks, .down).0
        let (next, _) = Reducer.reduce(state, .keysChanged(["daily", "water"]))
        #expect(next.selected == "daily")
        #expect(next.views.keys.sorted() == ["daily", "water"])
        let (single, _) = Reducer.reduce(next, .keysChanged(["water"]))
        #expect(single.focus == .calendar)
        #expect(!single.showsList)
    }

    @Test func anUpdateOfAnotherStreakLeavesTheSelectedDayAlone() {
        let state = fiveStreaks
        let update = DemoStreaks.view(DemoStreaks.waterHistory())
        let (next, effects) = Reducer.reduce(state, .streakUpdated(update))
        #expect(effects.isEmpty)
        #expect(next.dayEvents == state.dayEvents)
    }

    @Test func failuresAreShownUntilTheStreakReadsAgain() {
        let (failed, _) = Reducer.reduce(fiveStreaks, .streakFailed(key: "water", reason: "config.json is damaged"))
        #expect(failed.failures["water"] == "config.json is damaged")
        let (healed, _) = Reducer.reduce(failed, .streakUpdated(DemoStreaks.view(DemoStreaks.waterHistory())))
        #expect(healed.failures["water"] == nil)
    }

    @Test func ticksResizesAndMessages() {
        let later = DemoStreaks.now.addingTimeInterval(60)
        #expect(Reducer.reduce(fiveStreaks, .tick(later)).0.now == later)
        let resized = Reducer.reduce(fiveStreaks, .resize(width: 200, height: 60)).0
        #expect((resized.width, resized.height) == (200, 60))
        #expect(Reducer.reduce(fiveStreaks, .message("hello")).0.message == "hello")
        // A key clears a message.
        #expect(press(Reducer.reduce(fiveStreaks, .message("hello")).0, .left).0.message == nil)
    }
}
