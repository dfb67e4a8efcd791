import Foundation
import Testing
@testable import SwiftfulGamification

/// `StreakManager.addStreakEvent(amount:metadata:)` on the mock services (rule 10); now is
/// 2024-01-10 12:00 in New York.
@MainActor
struct StreakManagerAmountTests {
    @Test func anAmountIsLoggedRoundedToThousandths() async throws {
        let fixture = ManagerFixture(configuration: StreakConfiguration(streakKey: "daily", target: .atLeast(5, per: .day), unit: "km"))
        try await fixture.manager.logIn(userId: "u1")
        let logged = try await fixture.manager.addStreakEvent(amount: 5.2004, metadata: ["kind": .string("tempo")])
        #expect(logged.amount == 5.2)
        let stored = try await fixture.manager.getAllStreakEvents()
        #expect(stored.map(\.amount) == [5.2])
        #expect(stored.first?.metadata["kind"] == .string("tempo"))
    }

    @Test func upstreamsCallsStillCompileAndCountOne() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        let logged = try await fixture.manager.addStreakEvent(id: "a", metadata: [:])
        #expect(logged.amount == nil && logged.countedAmount == 1)
        let backfilled = try await fixture.manager.addStreakEvent(id: "b", date: at("2024-01-09 12:00"), timeZone: .newYork)
        #expect(backfilled.amount == nil)
    }

    @Test(arguments: [-1.0, .nan, .infinity, 2e9])
    func aBadAmountIsRefusedAndNothingIsWritten(_ amount: Double) async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        await #expect(throws: StreakRuleError.self) { try await fixture.manager.addStreakEvent(amount: amount) }
        #expect(try await fixture.manager.getAllStreakEvents().isEmpty)
        #expect(fixture.logger.names.contains("StreakMan_AddStreakEvent_Fail"))
    }
}
