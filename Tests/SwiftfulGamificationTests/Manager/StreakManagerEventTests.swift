import Foundation
import Testing
@testable import SwiftfulGamification

@MainActor
struct StreakManagerEventTests {
    @Test func addStreakEventLogsNowInTheCurrentZoneAndRecalculates() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        let logged = try await fixture.manager.addStreakEvent(metadata: ["minutes": 30, "kind": "run"])
        #expect(logged.dateCreated == fixture.clock.now)
        #expect(logged.timezone == "America/New_York")
        #expect(try await fixture.manager.getAllStreakEvents() == [logged])
        #expect(fixture.manager.currentStreakData.currentStreak == 1)
        #expect(fixture.manager.currentStreakData.status == .active(daysSinceLastEvent: 0))
        // The whole calculation is observable too: how today was credited, for calendars.
        let evaluation = try #require(fixture.manager.evaluation)
        #expect(evaluation.streak == fixture.manager.currentStreakData)
        #expect(evaluation.day(evaluation.today).state == .kept)
        #expect(evaluation.day(evaluation.today).eventCount == 1)
        fixture.manager.logOut()
        #expect(fixture.manager.evaluation == nil)
    }

    @Test func backfillAcceptsThePastYearOnly() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        try await fixture.manager.addStreakEvent(date: at("2024-01-09 20:00", .tokyo), timeZone: .tokyo)
        try await fixture.manager.addStreakEvent(date: at("2024-01-10 08:00"), timeZone: .newYork)
        #expect(fixture.manager.currentStreakData.currentStreak == 2)
        await #expect(throws: StreakRuleError.eventInFuture(eventDate: at("2024-01-10 13:00"), now: fixture.clock.now)) {
            try await fixture.manager.addStreakEvent(date: at("2024-01-10 13:00"), timeZone: .newYork)
        }
        await #expect(throws: StreakRuleError.self) {
            try await fixture.manager.addStreakEvent(date: at("2022-12-01 12:00"), timeZone: .newYork)
        }
        #expect(try await fixture.manager.getAllStreakEvents().count == 2)
    }

    @Test func importAcceptsOldEventsButValidatesAllFirst() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        let old = [event("2021-05-01 12:00"), event("2021-05-02 12:00")]
        try await fixture.manager.importStreakEvents(old)
        #expect(fixture.manager.currentStreakData.longestStreak == 2)
        let bad = [event("2021-06-01 12:00"), StreakEvent(dateCreated: at("2021-06-02 12:00"), timezone: "Nowhere/City")]
        await #expect(throws: StreakRuleError.invalidTimeZone("Nowhere/City")) { try await fixture.manager.importStreakEvents(bad) }
        #expect(try await fixture.manager.getAllStreakEvents().count == 2)
    }

    @Test func badMetadataIsRejectedAndNothingIsStored() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        await #expect(throws: StreakRuleError.invalidMetadataKey("bad key")) {
            try await fixture.manager.addStreakEvent(metadata: ["bad key": true])
        }
        #expect(try await fixture.manager.getAllStreakEvents().isEmpty)
        #expect(fixture.logger.names.contains("StreakMan_AddStreakEvent_Fail"))
    }

    @Test func deleteAllStreakEventsResetsTheStreak() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        try await fixture.manager.addStreakEvent()
        try await fixture.manager.deleteAllStreakEvents()
        #expect(fixture.manager.currentStreakData.currentStreak == 0)
        #expect(fixture.manager.currentStreakData.status == .noEvents)
    }

    @Test func theClockDrivesRecalculation() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        try await fixture.manager.addStreakEvent()
        fixture.clock.set(at("2024-01-11 09:00"))
        await fixture.manager.recalculateStreakAndWait()
        #expect(fixture.manager.currentStreakData.status == .atRisk)
        fixture.clock.set(at("2024-01-12 09:00"))
        await fixture.manager.recalculateStreakAndWait()
        #expect(fixture.manager.currentStreakData.status == .broken(daysSinceLastEvent: 2))
    }

    @Test func analyticsTrackStartSuccessAndFailure() async throws {
        let fixture = ManagerFixture()
        try await fixture.manager.logIn(userId: "u1")
        try await fixture.manager.addStreakEvent()
        // The listener's events and user properties arrive asynchronously.
        await settle { fixture.logger.userProperties.last?["current_streak_current_streak"] as? Int == 1 }
        let names = fixture.logger.names
        #expect(names.contains("StreakMan_RemoteListener_Start"))
        #expect(names.contains("StreakMan_RemoteListener_Success"))
        let start = try #require(names.firstIndex(of: "StreakMan_AddStreakEvent_Start"))
        let success = try #require(names.firstIndex(of: "StreakMan_AddStreakEvent_Success"))
        let calculated = try #require(names.lastIndex(of: "StreakMan_CalculateStreak_Success"))
        #expect(start < success && success < calculated)
        #expect(names.contains("StreakMan_SaveLocal_Success"))
        #expect(fixture.logger.userProperties.last?["current_streak_current_streak"] as? Int == 1)

        fixture.remote.error = StreakRuleError.freezeNotFound("offline")
        await #expect(throws: StreakRuleError.freezeNotFound("offline")) { try await fixture.manager.addStreakEvent() }
        await fixture.manager.recalculateStreakAndWait()
        let failure = try #require(fixture.logger.events.last { $0.name == "StreakMan_CalculateStreak_Fail" })
        #expect(failure.type == .severe)
        #expect(failure.parameters?["error"] as? String == StreakRuleError.freezeNotFound("offline").localizedDescription)
    }

    @Test func localSaveFailureIsReportedNotThrown() async throws {
        let fixture = ManagerFixture()
        fixture.local.saveError = StreakRuleError.nothingToSave
        try await fixture.manager.logIn(userId: "u1")
        try await fixture.manager.addStreakEvent()
        #expect(fixture.manager.currentStreakData.currentStreak == 1)
        #expect(fixture.logger.names.contains("StreakMan_SaveLocal_Fail"))
    }

    @Test func serverCalculationIsDelegatedToTheRemote() async throws {
        let fixture = ManagerFixture(configuration: config().with(useServerCalculation: true))
        try await fixture.manager.logIn(userId: "u1")
        try await fixture.manager.addStreakEvent()
        #expect(fixture.remote.serverCalculationCount == 2)
        await settle { fixture.manager.currentStreakData.currentStreak == 1 }
        #expect(fixture.manager.currentStreakData.currentStreak == 1)
    }
}
