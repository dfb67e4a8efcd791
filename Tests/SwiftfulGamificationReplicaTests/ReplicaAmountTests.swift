import Foundation
import Testing
import SwiftfulGamification
import SwiftfulGamificationFileStore
@testable import SwiftfulGamificationReplica

@Suite("Amounts and dated changes in the offline copy (rules 10 and 11): queued while away, pushed once")
struct ReplicaAmountTests {
    @Test("an amount streak logged offline reaches the server once with every amount exact")
    func offlineAmountsArePushedOnce() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        let run = StreakConfiguration(streakKey: "run", target: .atLeast(5, per: .day), unit: "km")
        _ = try await machine.createStreak(userId: world.user, configuration: run, now: world.day(0), timezone: world.zone)
        world.server.reachable = false
        for (offset, amount) in [(0, 2.5), (0, 0.1), (1, 5.25)] {
            let event = StreakEvent(dateCreated: world.day(offset, hour: 8), timezone: world.zone.identifier, amount: amount)
            _ = try await machine.addEvents([event], userId: world.user, streakKey: "run", now: world.day(offset, hour: 9), timezone: world.zone,
                                            freshIds: true, creating: nil)
        }
        #expect(machine.syncState.pendingChanges == 3)
        world.server.reachable = true
        let report = try await machine.sync(now: world.day(1, hour: 10), timezone: world.zone)
        #expect(report.pushed == 3 && report.refused.isEmpty)
        let stored = try world.server.files.events(userId: world.user, streakKey: "run").map(\.amount)
        #expect(stored == [2.5, 0.1, 5.25])
        #expect(try world.server.files.settings(userId: world.user, streakKey: "run").configuration.unit == "km")
        #expect(try await machine.sync(now: world.day(1, hour: 11), timezone: world.zone).pushed == 0)
        #expect(try world.server.files.events(userId: world.user, streakKey: "run").count == 3)
    }

    @Test("a change re-judged from the start while offline is pushed with its date and applied once")
    func offlineReJudgementIsPushed() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "gym", day: 0)
        world.server.reachable = false
        _ = try await machine.updateSettings(
            userId: world.user, streakKey: "gym", goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil,
            details: StreakDetails(target: .atMost(1, per: .day), from: Date(timeIntervalSince1970: 0)), now: world.day(1), timezone: world.zone
        )
        #expect(try await machine.settings(userId: world.user, streakKey: "gym").configuration.target == .atMost(1, per: .day))
        world.server.reachable = true
        let report = try await machine.sync(now: world.day(1, hour: 1), timezone: world.zone)
        #expect(report.pushed == 1 && report.refused.isEmpty)
        let server = try world.server.files.settings(userId: world.user, streakKey: "gym")
        #expect(server.configuration.target == .atMost(1, per: .day))
        #expect(server.goalHistory.isEmpty)
    }
}
