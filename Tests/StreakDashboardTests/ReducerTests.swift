import Foundation
import Testing
@testable import StreakDashboard
import SwiftfulGamification

struct ReducerTests {
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

    @Test(arguments: [Key.character(" "), .enter])
    func spaceAndEnterLog(key: Key) {
        #expect(press(Fixture.state(Fixture.longStreak()), key).1 == [.log(streak: "daily")])
    }

    @Test func undoAsksFirst() {
        let state = Fixture.state(Fixture.goalAtRisk())
        let (asked, none) = press(state, .character("u"))
        #expect(asked.overlay == .confirm(.undo))
        #expect(none.isEmpty)
        #expect(press(asked, .character("y")).1 == [.undo(streak: "pushups")])
        let (cancelled, effects) = press(asked, .character("n"))
        #expect(effects.isEmpty)
        #expect(cancelled.overlay == .none)
        #expect(cancelled.message == "Cancelled.")
    }

    @Test func undoWithNothingTodayExplains() {
        let (state, effects) = press(Fixture.state(Fixture.brokenManual()), .character("u"))
        #expect(effects.isEmpty)
        #expect(state.message == "Nothing logged today to undo.")
    }

    @Test func useFreezesAsksWithTheCountAndTheDaysRestored() {
        let (asked, _) = press(Fixture.state(Fixture.brokenManual()), .character("f"))
        #expect(asked.overlay == .confirm(.useFreezes(count: 3, restores: 30)))
        #expect(press(asked, .enter).1 == [.useFreezes(streak: "reading")])
        let (auto, effects) = press(Fixture.state(Fixture.longStreak()), .character("f"))
        #expect(effects.isEmpty)
        #expect(auto.message == "Freezes are used automatically for this streak.")
    }

    @Test func addFreezeWritesThroughTheStore() {
        #expect(press(Fixture.state(Fixture.longStreak()), .character("F")).1 == [.addFreeze(streak: "daily")])
    }

    @Test func tabCyclesStreaks() {
        let state = Fixture.state(Fixture.longStreak(), keys: ["daily", "pushups", "reading"])
        let (next, effects) = press(state, .tab)
        #expect(next.selected == "pushups")
        #expect(next.view == nil)
        #expect(effects == [.select(streak: "pushups")])
        #expect(press(state, .backTab).0.selected == "reading")
        #expect(press(Fixture.state(Fixture.longStreak()), .tab).1.isEmpty)
    }

    @Test func cursorMovesByDayAndWeekButNotPastToday() {
        let state = Fixture.state(Fixture.longStreak())
        let today = state.today
        #expect(press(state, .left).0.selectedDay == today.adding(days: -7))
        #expect(press(state, .character("h"), .character("k")).0.selectedDay == today.adding(days: -8))
        #expect(press(state, .right).0.selectedDay == today)
        #expect(press(state, .down).0.cursor == nil)
        #expect(press(state, .left, .right).0.cursor == nil)
        let far = (0..<80).reduce(state) { current, _ in press(current, .left).0 }
        #expect(far.selectedDay == today.adding(days: -370))
    }

    @Test func themesHelpAndQuit() {
        let state = Fixture.state(Fixture.longStreak())
        #expect(press(state, .character("t")).0.themeName == "light")
        #expect(press(state, .character("t"), .character("t")).0.themeName == "default")
        let help = press(state, .character("?")).0
        #expect(help.overlay == .help)
        #expect(press(help, .escape).0.overlay == .none)
        #expect(press(help, .escape).0.isFinished == false)
        for key in [Key.character("q"), .escape, .interrupt] {
            let (done, effects) = press(state, key)
            #expect(done.isFinished)
            #expect(effects == [.quit])
        }
    }

    @Test func updatesForAnotherStreakAreIgnored() {
        var state = Fixture.state(Fixture.longStreak())
        state.view = nil
        state = Reducer.reduce(state, .streakUpdated(Fixture.goalAtRisk())).0
        #expect(state.view == nil)
        state = Reducer.reduce(state, .streakUpdated(Fixture.longStreak())).0
        #expect(state.view?.key == "daily")
    }

    @Test func removedStreakSelectsAnother() {
        let state = Fixture.state(Fixture.longStreak(), keys: ["daily", "pushups"])
        let (next, effects) = Reducer.reduce(state, .keysChanged(["pushups"]))
        #expect(next.selected == "pushups")
        #expect(effects == [.select(streak: "pushups")])
    }

    @Test func ticksAndResizesUpdateTheState() {
        var state = Fixture.state(Fixture.goalAtRisk())
        state = Reducer.reduce(state, .tick(Fixture.now.addingTimeInterval(3_600))).0
        #expect(StreakFacts.statusPhrase(state.view!, now: state.now, zone: state.zone).text == "7h 30m left today")
        state = Reducer.reduce(state, .resize(width: 120, height: 40)).0
        #expect(Render.render(state).width == 120)
    }
}

extension StreakView: Equatable {
    public static func == (lhs: StreakView, rhs: StreakView) -> Bool { lhs.key == rhs.key && lhs.streak == rhs.streak }
}
