import Foundation
import GamificationSupport
import StreakDashboard
import StreakDashboardRuntime
import SwiftfulGamification
import SwiftfulGamificationFileStore
import Testing
import TestSupport

/// The dashboard's whole path in process, on a terminal in memory: a key, the write through
/// the streak's manager, the change observed, and exactly one frame, with no store read
/// after the write.
@MainActor
struct DashboardKeyToFrameTests {
    let zone = TimeZone(identifier: "America/New_York")!
    let now = Date(timeIntervalSince1970: 1_767_891_600)  // 2026-01-08 12:00 in New York

    func app(on root: String, backend: MemoryBackend) throws -> DashboardApp {
        let files = FileStreakStore(rootPath: root)
        _ = try files.createStreak(userId: "me", configuration: StreakConfiguration(streakKey: "walk"), now: now, timezone: zone)
        let now = now
        return DashboardApp(
            store: files.onOwnThreads, userId: "me", zone: zone, clock: { now }, themes: .builtIn, theme: "default",
            ascii: false, screen: backend, keys: ["walk"], notice: nil, trace: nil, memory: .none
        )
    }

    /// A dashboard on a new store with 'walk', running on a terminal in memory without the
    /// clock's ticks, once it shows the streak and has settled.
    func running() async throws -> (root: String, app: DashboardApp, backend: MemoryBackend, run: Task<Void, Never>) {
        let root = NSTemporaryDirectory() + "streaks-key-to-frame-" + UUID().uuidString
        Instrumentation.followReads(under: root)
        let backend = MemoryBackend(width: 100, height: 30)
        let app = try app(on: root, backend: backend)
        let run = Task { await app.run(ticking: false) }
        // Long waits only when the suite's CPU-bound tests hold the pool the store runs on.
        try #require(await eventually(seconds: 240) { app.state.view?.streak.totalEvents == 0 })
        // Settled: nothing more arrives by itself.
        try await Task.sleep(for: .milliseconds(300))
        return (root, app, backend, run)
    }

    @Test func aKeyIsOneWriteOneObservedChangeAndExactlyOneFrame() async throws {
        let (root, app, backend, running) = try await running()
        let frames = backend.frames.count
        var readsAtWrite: Int?
        app.onWritten = { readsAtWrite = Instrumentation.reads(under: root) }
        backend.press(.character(" "))
        #expect(await eventually(seconds: 240) { app.state.view?.streak.totalEvents == 1 })
        // The feed's echo of the write and anything else have time to arrive: they draw nothing.
        try await Task.sleep(for: .milliseconds(600))
        #expect(backend.frames.count == frames + 1)
        #expect(backend.frames.last.map { Self.text($0) }?.contains("Logged") == true)
        // The write read what it needed under its lock; nothing was read after it returned.
        let atWrite = try #require(readsAtWrite)
        #expect(Instrumentation.reads(under: root) == atWrite)
        backend.press(.character("q"))
        await running.value
    }

    @Test func anotherProcesssWriteIsObservedAndDrawnOnce() async throws {
        let (root, app, backend, running) = try await running()
        let frames = backend.frames.count
        // Another store object stands for another process.
        _ = try await FileStreakStore(rootPath: root).addEvents(
            [StreakEvent(id: "other", dateCreated: now, timezone: zone.identifier)], userId: "me", streakKey: "walk", now: now, timezone: zone
        )
        #expect(await eventually(seconds: 240) { app.state.view?.streak.totalEvents == 1 })
        try await Task.sleep(for: .milliseconds(600))
        #expect(backend.frames.count == frames + 1)
        backend.press(.character("q"))
        await running.value
    }

    /// The edit form's new key and new goal reach the store together, in one write.
    @Test func anEditOfTheKeyAndTheGoalIsSavedWhole() async throws {
        let (root, app, backend, running) = try await running()
        backend.press(.character("e"))
        // The form opens on the goal; its key is two fields up.
        for key in [.backspace, .character("2"), .backTab, .backTab] + Array(repeating: Key.backspace, count: 4) + "stroll".map(Key.character) {
            backend.press(key)
        }
        backend.press(.enter)
        #expect(await eventually(seconds: 240) { app.state.view?.key == "stroll" })
        let files = FileStreakStore(rootPath: root)
        #expect(try files.streakKeys(userId: "me") == ["stroll"])
        #expect(try files.settings(userId: "me", streakKey: "stroll").configuration.eventsRequiredPerDay == 2)
        backend.press(.character("q"))
        await running.value
    }

    static func text(_ grid: Grid) -> String {
        (0..<grid.height).map { y in String((0..<grid.width).map { grid[$0, y].glyph }) }.joined(separator: "\n")
    }
}
