import Foundation
import GamificationSupport
@testable import StreakStoreKit
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// Two processes reordering one group at once (the dashboard's J and K in two terminals,
/// `streaks order` in a script): no streak is lost, leaves its group or shares a place.
struct ConcurrentOrderTests {
    @Test func twoWritersMovingStreaksAtOnceLeaveOneOrderEveryoneReads() async throws {
        let fixture = StoreFixture()
        let store = try fixture.create(StreakConfiguration(streakKey: "a"))
        let keys = ["a", "b", "c", "d", "e", "f", "g", "h"]
        for key in keys.dropFirst() {
            try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: key), now: at("2024-01-01 08:00"), timezone: newYork)
        }
        for key in keys {
            try await store.onOwnThreads.moveStreak(key, to: .endOf(group: "Habits"), userId: "u1", now: at("2024-01-01 09:00"), timezone: newYork)
        }
        // Each writer its own store object (as another process would have), moving its streak around the others.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (moving, seed) in [("a", UInt64(1)), ("b", UInt64(2))] {
                let writer = fixture.store().onOwnThreads
                group.addTask {
                    var random = SeededGenerator(seed: seed)
                    for round in 0..<20 {
                        let other = keys.filter { $0 != moving }.randomElement(using: &random)!
                        let place: StreakOrder.Place = Bool.random(using: &random) ? .before(other) : .after(other)
                        try await writer.moveStreak(moving, to: place, userId: "u1", now: at("2024-01-01 10:00").addingTimeInterval(Double(round)), timezone: newYork)
                    }
                }
            }
            try await group.waitForAll()
        }
        let configurations = try keys.map { try fixture.store().settings(userId: "u1", streakKey: $0).configuration }
        #expect(Set(configurations.map(\.group)) == ["Habits"])
        let positions = configurations.compactMap(\.position)
        #expect(positions.count == keys.count)
        #expect(Set(positions).count == keys.count, "two streaks share a place: \(configurations.map { "\($0.streakKey)@\($0.position ?? -1)" })")
        #expect(Set(StreakOrder.sorted(configurations).map(\.streakKey)) == Set(keys))
    }
}
