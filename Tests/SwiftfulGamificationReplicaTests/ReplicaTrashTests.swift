import Foundation
import Testing
import SwiftfulGamification
import SwiftfulGamificationFileStore
@testable import SwiftfulGamificationReplica

@Suite("The trash in the offline copy: the server's while in reach, deletes and restores queued while away")
struct ReplicaTrashTests {
    @Test("a delete online leaves the copy at once and another machine's next sync; the server's trash is listed")
    func onlineDeleteReachesEveryCopy() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        let trashed = try await a.deleteStreak(userId: world.user, streakKey: "read", now: world.day(1), timezone: world.zone)
        #expect(trashed.eventCount == 1)
        #expect(try await a.streakKeys(userId: world.user).isEmpty)
        #expect(try world.server.files.streakKeys(userId: world.user, includingArchived: false).isEmpty)
        _ = try await b.sync(now: world.day(1), timezone: world.zone)
        #expect(try await b.streakKeys(userId: world.user).isEmpty)
        #expect(try await b.trashedStreaks(userId: world.user, now: world.day(1)).map(\.streakKey) == ["read"])
        // Restored from b under another key; a sees it after its sync.
        let restored = try await b.restoreStreak(userId: world.user, streakKey: "read", as: "books", now: world.day(2), timezone: world.zone)
        #expect(restored.streak.totalEvents == 1)
        _ = try await a.sync(now: world.day(2), timezone: world.zone)
        #expect(try await a.streakKeys(userId: world.user) == ["books"])
        #expect(try await a.events(userId: world.user, streakKey: "books").count == 1)
    }

    @Test("a delete and a restore made offline are queued and reach the server once")
    func offlineDeleteAndRestoreArePushedOnce() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "gym", day: 0)
        try await world.log(machine, "read", day: 0)
        world.server.reachable = false
        _ = try await machine.deleteStreak(userId: world.user, streakKey: "gym", now: world.day(1), timezone: world.zone)
        _ = try await machine.deleteStreak(userId: world.user, streakKey: "read", now: world.day(1, hour: 1), timezone: world.zone)
        _ = try await machine.restoreStreak(userId: world.user, streakKey: "read", as: nil, now: world.day(1, hour: 2), timezone: world.zone)
        #expect(try await machine.streakKeys(userId: world.user) == ["read"])
        #expect(try await machine.trashedStreaks(userId: world.user, now: world.day(1, hour: 3)).map(\.streakKey) == ["gym"])
        #expect(machine.syncState.pendingChanges == 3)
        world.server.reachable = true
        let report = try await machine.sync(now: world.day(1, hour: 4), timezone: world.zone)
        #expect(report.pushed == 3 && report.refused.isEmpty)
        #expect(try world.server.files.streakKeys(userId: world.user, includingArchived: false) == ["read"])
        #expect(try world.server.files.trashedStreaks(userId: world.user, now: world.day(1, hour: 4)).map(\.streakKey) == ["gym"])
        #expect(try await machine.sync(now: world.day(1, hour: 5), timezone: world.zone).pushed == 0)
    }
}
