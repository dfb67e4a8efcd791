import Foundation
import Testing
@testable import SwiftfulGamification

/// `StreakManager`'s skips (rule 9) on the mock services; now is 2024-01-10 12:00 in New York.
@MainActor
struct StreakManagerSkipTests {
    /// Kept 01-07 and 01-08, missed 01-09.
    func fixtureWithMissedDay(configuration: StreakConfiguration = config()) async throws -> ManagerFixture {
        let fixture = ManagerFixture(configuration: configuration)
        try await fixture.seed([event("2024-01-07 12:00"), event("2024-01-08 12:00")])
        try await fixture.manager.logIn(userId: "u1")
        return fixture
    }

    @Test func skippingAMissedDayRestoresTheStreakAndTakingItBackBreaksIt() async throws {
        let fixture = try await fixtureWithMissedDay()
        #expect(fixture.manager.currentStreakData.currentStreak == 0)
        try await fixture.manager.addSkip(day: day("2024-01-09"))
        #expect(fixture.manager.skips == [day("2024-01-09")])
        #expect(fixture.manager.currentStreakData.currentStreak == 2)
        #expect(fixture.manager.evaluation?.day(day("2024-01-09")).state == .skipped)
        #expect(fixture.logger.names.contains("StreakMan_AddSkip_Success"))
        try await fixture.manager.removeSkip(day: day("2024-01-09"))
        #expect(fixture.manager.skips.isEmpty)
        #expect(fixture.manager.currentStreakData.currentStreak == 0)
        #expect(fixture.logger.names.contains("StreakMan_RemoveSkip_Success"))
    }

    @Test func aHolidayRangeAheadMakesTodayNotDue() async throws {
        let fixture = try await fixtureWithMissedDay()
        try await fixture.manager.addSkips(from: day("2024-01-09"), through: day("2024-01-12"))
        #expect(fixture.manager.skips.count == 4)
        #expect(fixture.manager.currentStreakData.isTodayDue == false)
        #expect(fixture.manager.currentStreakData.todayKind == .skipped)
        #expect(fixture.manager.currentStreakData.calculatedStatus == .active(daysSinceLastEvent: 2))
    }

    @Test func aSkipOutOfRangeIsRefusedAndNothingIsStored() async throws {
        let fixture = try await fixtureWithMissedDay()
        await #expect(throws: StreakRuleError.self) { try await fixture.manager.addSkip(day: day("2025-06-01")) }
        await #expect(throws: StreakRuleError.badSkipRange(from: day("2024-01-12"), to: day("2024-01-09"))) {
            try await fixture.manager.addSkips(from: day("2024-01-12"), through: day("2024-01-09"))
        }
        #expect(try await fixture.remote.getSkips(userId: "u1", streakKey: "daily").isEmpty)
        #expect(fixture.logger.names.contains("StreakMan_AddSkip_Fail"))
    }

    @Test func skipsNeedAUser() async {
        let fixture = ManagerFixture()
        await #expect(throws: StreakError.notLoggedIn) { try await fixture.manager.addSkip(day: day("2024-01-09")) }
    }

    @Test func aRestDayUnderTheConfigurationsScheduleBridges() async throws {
        // 2024-01-06 and 07 are a weekend: Mon-Fri kept 01-01..01-05 and 01-08.
        let configuration = StreakConfiguration(streakKey: "daily", schedule: .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]))
        let fixture = ManagerFixture(configuration: configuration)
        try await fixture.seed(["01", "02", "03", "04", "05", "08", "09", "10"].map { event("2024-01-\($0) 09:00") })
        try await fixture.manager.logIn(userId: "u1")
        #expect(fixture.manager.currentStreakData.currentStreak == 8)
        #expect(fixture.manager.evaluation?.day(day("2024-01-06")).state == .rest)
    }
}
