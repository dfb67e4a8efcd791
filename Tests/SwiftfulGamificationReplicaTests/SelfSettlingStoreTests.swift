import Foundation
import StreakStoreKit
import Testing
import SwiftfulGamification

/// A store that settles its changes' points itself (a streak server) is left to do so:
/// `apply` reads nothing of its points after a change, where it settles a store that does not.
struct SelfSettlingStoreTests {
    @Test func applyLeavesTheSettlingToAStoreThatSettlesItsOwnChanges() async throws {
        let directory = NSTemporaryDirectory() + "streaks-self-settling-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = FlakyServer(directory: directory)
        let now = ISODate.parse("2024-01-05T12:00:00Z")!, utc = TimeZone(identifier: "UTC")!
        let ref = StreakRef(userId: "ana", key: "run")
        _ = try await server.apply(.create(StreakConfiguration(streakKey: "run")), to: ref, at: now, timezone: utc)
        _ = try await server.apply(.pointsSettings([.turnOn(since: CalendarDay(containing: now, in: utc))]), to: StreakRef(userId: "ana", key: ""), at: now, timezone: utc)
        func log(_ id: String) async throws -> Int {
            let before = server.settingsReads
            let event = StreakEvent(id: id, dateCreated: now.addingTimeInterval(-60), timezone: "UTC")
            _ = try await server.apply(.addEvents([event], creating: nil), to: ref, at: now, timezone: utc)
            return server.settingsReads - before
        }
        #expect(try await log("a") > 0, "a store that does not settle its changes is settled after each")
        server.settlesOwnPoints = true
        #expect(try await log("b") == 0, "one that does is left to it")
    }
}
