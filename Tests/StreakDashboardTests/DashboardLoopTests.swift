import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// When the run loop draws: a keypress that writes gives exactly one new frame, when the
/// write's outcome comes back (the streak's new numbers, sent by its manager just before,
/// wait for it), and the store's echo of the same result draws nothing.
struct DashboardLoopTests {
    /// The daily demo streak with one more event at the demo clock.
    func afterLog() -> (history: DemoHistory, view: StreakView) {
        let history = DemoStreaks.fiveStreaks()[0]
        let logged = DemoHistory(
            configuration: history.configuration,
            events: history.events + [StreakEvent(id: "new", dateCreated: DemoStreaks.now, timezone: demoZone.identifier)],
            freezes: history.freezes
        )
        return (logged, DemoStreaks.view(logged))
    }

    /// Frames drawn for `events` after a space on the first streak.
    func frames(_ events: [AppEvent]) -> (count: Int, state: DashboardState) {
        var loop = DashboardLoop(state: DemoStreaks.state(DemoStreaks.fiveStreaks()))
        var frames = 0
        let (drawn, effects) = loop.handle(.key(.character(" ")))
        #expect(effects == [.log(streak: "daily")])
        if drawn { frames += 1 }
        for event in events where loop.handle(event).draw { frames += 1 }
        return (frames, loop.state)
    }

    /// The streak's new numbers (from its manager) come just before the outcome: they wait
    /// for it, and one frame shows both.
    @Test func aLogIsOneFrame() {
        let (_, view) = afterLog()
        let outcome = WriteOutcome.logged(key: "daily", at: DemoStreaks.now)
        let (count, state) = frames([.streakUpdated(view), .written(outcome)])
        #expect(count == 1)
        #expect(state.message == "Logged daily at 15:30.")
        #expect(state.views["daily"]?.streak.totalEvents == view.streak.totalEvents)
    }

    /// The same result arriving again (the feed's echo, after the write) draws nothing.
    @Test func theEchoOfAWriteDrawsNothing() {
        let (_, view) = afterLog()
        let outcome = WriteOutcome.logged(key: "daily", at: DemoStreaks.now)
        let (count, _) = frames([.streakUpdated(view), .written(outcome), .streakUpdated(view)])
        #expect(count == 1)
    }

    /// Offline (a database's copy), the message says the change waits; the header counts it.
    @Test func aLogSavedOfflineSaysItWaits() {
        let (_, view) = afterLog()
        let outcome = WriteOutcome.logged(key: "daily", at: DemoStreaks.now)
        let (count, state) = frames([
            .syncChanged(StoreSyncState(pendingChanges: 1, lastSynced: DemoStreaks.now.addingTimeInterval(-3_600), isOffline: true)), .streakUpdated(view), .written(outcome, savedOffline: true),
        ])
        #expect(count == 2)
        #expect(state.message == "Logged daily at 15:30. Saved on this machine: it waits for the server.")
        #expect(Render.render(state).lines[0].contains("offline, as of 14:30 · 1 waiting"))
    }

    /// A failed write is one frame too, with the reason, and releases the streak: the next
    /// change from elsewhere draws again.
    @Test func aFailedWriteIsOneFrameAndOthersDrawAgain() {
        let (_, view) = afterLog()
        let (count, state) = frames([.written(.failed(key: "daily", reason: "The disk is full.")), .streakUpdated(view)])
        #expect(count == 2)
        #expect(state.message == "The disk is full.")
    }

    /// Another process's change, with no write of ours under way, is drawn at once.
    @Test func aChangeFromElsewhereIsDrawn() {
        var loop = DashboardLoop(state: DemoStreaks.state(DemoStreaks.fiveStreaks()))
        #expect(loop.handle(.streakUpdated(afterLog().view)).draw)
        #expect(!loop.handle(.streakUpdated(afterLog().view)).draw)  // the same again: nothing new
    }

    /// A new or renamed streak's view comes from its manager before the key list names it:
    /// the header counts the listed streaks only.
    @Test func aViewBeforeItsKeyIsListedIsNotCounted() {
        var loop = DashboardLoop(state: DemoStreaks.state(DemoStreaks.fiveStreaks()))
        let header = Render.render(loop.state).lines[0]
        _ = loop.handle(.streakUpdated(StreakView(key: "fresh", evaluation: afterLog().view.evaluation, notices: [])))
        #expect(Render.render(loop.state).lines[0] == header)
    }
}
