import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// The same fixture through a real file store renders the same screen as through the
/// calculator: the store adds nothing and loses nothing on the way to the dashboard.
struct StoreSnapshotTests {
    @Test func longStreakFromAFixtureStore() throws {
        let root = NSTemporaryDirectory() + "streaks-dashboard-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = FileStreakStore(rootPath: root)
        let (configuration, events, freezes) = DemoStreaks.longStreakHistory()
        let batch = ImportBatch(configuration: configuration, freezes: freezes, events: events)
        _ = try store.importBatch(batch, userId: "demo", streakKey: "daily", now: DemoStreaks.now, timezone: demoZone)
        let view = StreakView(
            key: "daily", configuration: try store.settings(userId: "demo", streakKey: "daily").configuration,
            evaluation: try store.evaluate(userId: "demo", streakKey: "daily", now: DemoStreaks.now, timezone: demoZone),
            freezes: try store.freezes(userId: "demo", streakKey: "daily")
        )
        let state = DemoStreaks.state(view, keys: ["daily", "pushups"], width: 80, height: 24)
        assertSnapshot(Render.render(state), named: "longStreak-80x24")
    }
}
