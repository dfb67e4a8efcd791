import DashboardDemo
import Foundation
import StreakStoreKit
import Testing
@testable import StreakDashboard
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// The same five streaks through a real file store render the same screen as through the
/// calculator: the store (its import, its cache, its published evaluation) adds nothing and
/// loses nothing on the way to the dashboard.
struct StoreSnapshotTests {
    @Test func fiveStreaksFromAFixtureStore() throws {
        let root = NSTemporaryDirectory() + "streaks-dashboard-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = FileStreakStore(rootPath: root)
        let histories = DemoStreaks.fiveStreaks()
        for history in histories {
            let batch = ImportBatch(configuration: history.configuration, freezes: history.freezes, events: history.events)
            _ = try store.importBatch(batch, userId: "demo", streakKey: history.configuration.streakKey, now: DemoStreaks.now, timezone: demoZone)
        }
        var fromStore = DashboardState(keys: histories.map(\.configuration.streakKey), now: DemoStreaks.now, zone: demoZone, themeNames: ["default", "light"], width: 120, height: 40)
        for key in fromStore.keys {
            let evaluation = try store.refresh(userId: "demo", streakKey: key, now: DemoStreaks.now, timezone: demoZone)
            fromStore = Reducer.reduce(fromStore, .streakUpdated(StreakView(key: key, evaluation: evaluation.updatingUserId(nil)))).0
        }
        let expected = Render.render(DemoStreaks.state(histories, width: 120, height: 40))
        let actual = Render.render(fromStore)
        #expect(actual.lines == expected.lines)
        #expect(actual.styleLines == expected.styleLines)
    }
}
