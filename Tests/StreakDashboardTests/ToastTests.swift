import DashboardDemo
import Foundation
import StreakPresentation
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// Toasts: what a streak just did, once, whoever caused it; gone after a few seconds or a key.
/// The notices are its `StreakManager`'s (the one tracker): here made by the same tracker a
/// manager runs, first sighting included.
struct ToastTests {
    /// Views as a board's manager hands them on: each with the notices its evaluation made.
    struct Manager {
        var tracker: StreakNoticeTracker?

        mutating func view(_ view: StreakView) -> StreakView {
            var tracker = self.tracker ?? StreakNoticeTracker(starting: view.streak)
            let notices = tracker.notices(for: view.evaluation)
            self.tracker = tracker
            return StreakView(key: view.key, evaluation: view.evaluation, notices: notices)
        }
    }

    /// A daily 'walk' kept on each of the `days` before the demo's today (and today when `today`).
    func walk(keptDaysBefore days: Int, today: Bool = false, brokenSince gap: Int = 0) -> StreakView {
        let todayDay = CalendarDay(containing: DemoStreaks.now, in: demoZone)
        let kept = (gap + 1...gap + days).map { todayDay.adding(days: -$0) } + (today ? [todayDay] : [])
        let events = kept.map { StreakEvent(id: "w\($0)", dateCreated: demoDate("\($0) 08:00"), timezone: demoZone.identifier) }
        return StreakView(key: "walk", evaluation: StreakCalculator.evaluate(
            events: events, configuration: StreakConfiguration(streakKey: "walk"), currentDate: DemoStreaks.now, timezone: demoZone
        ))
    }

    @Test func aMilestoneToastsOnceAndGoesAfterAFewSecondsOrAKey() {
        var state = DemoStreaks.state(DemoStreaks.fiveStreaks())
        var manager = Manager()
        // First sighting: where it stands, no toast.
        state = Reducer.reduce(state, .streakUpdated(manager.view(walk(keptDaysBefore: 6)))).0
        #expect(state.toast == nil)
        // Another process logs today: the seventh day.
        state = Reducer.reduce(state, .streakUpdated(manager.view(walk(keptDaysBefore: 6, today: true)))).0
        #expect(state.toast?.text == "★ walk: 7 days! Next: 14.")
        #expect(Render.render(state).lines.contains { $0.contains("★ walk: 7 days! Next: 14.") })
        // The same result again (a recalculation, the write's echo): nothing new.
        state.toast = nil
        state = Reducer.reduce(state, .streakUpdated(manager.view(walk(keptDaysBefore: 6, today: true)))).0
        #expect(state.toast == nil)
    }

    @Test func aToastFadesExpiresWithTheClockAndAKeyDismissesIt() throws {
        var state = DemoStreaks.state(DemoStreaks.fiveStreaks())
        var manager = Manager()
        state = Reducer.reduce(state, .streakUpdated(manager.view(walk(keptDaysBefore: 2)))).0
        state = Reducer.reduce(state, .streakUpdated(manager.view(walk(keptDaysBefore: 2, today: true)))).0
        #expect(state.toast?.text == "★ walk: 3 days! Next: 7.")
        state = Reducer.reduce(state, .tick(DemoStreaks.now.addingTimeInterval(3))).0
        #expect(state.toast != nil)
        state = Reducer.reduce(state, .tick(DemoStreaks.now.addingTimeInterval(Toast.duration - 1))).0
        let row = try #require(Render.render(state).lines.firstIndex { $0.contains("walk: 3 days!") })
        #expect(Render.render(state)[2, row].style.dim)
        state = Reducer.reduce(state, .tick(DemoStreaks.now.addingTimeInterval(Toast.duration))).0
        #expect(state.toast == nil)
        state.toast = Toast(text: "x", until: .distantFuture)
        state = Reducer.reduce(state, .key(.character("?"))).0
        #expect(state.toast == nil)
    }

    @Test func aBreakToastsWithTheRunItHad() {
        var state = DemoStreaks.state(DemoStreaks.fiveStreaks())
        var manager = Manager()
        state = Reducer.reduce(state, .streakUpdated(manager.view(walk(keptDaysBefore: 5)))).0
        state = Reducer.reduce(state, .streakUpdated(manager.view(walk(keptDaysBefore: 5, brokenSince: 1)))).0
        #expect(state.toast?.text == "walk broke after 5 days. Log today to start again.")
    }

    @Test func thePanelShowsTheNextMilestone() {
        let view = walk(keptDaysBefore: 6, today: true)
        #expect(StreakFacts.nextMilestone(view.streak) == "7 more days to 14")
    }
}
