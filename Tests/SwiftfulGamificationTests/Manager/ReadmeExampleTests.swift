import Foundation
import Testing
import TestSupport
@testable import SwiftfulGamification

/// The README's example, with a pinned clock, so the documented calls keep compiling and working.
@MainActor
struct ReadmeExampleTests {
    @Test func readmeExampleRuns() async throws {
        let clock = TestClock(at("2024-01-10 12:00"))
        let manager = StreakManager(
            services: MockStreakServices(now: { clock.now }),
            configuration: StreakConfiguration(streakKey: "workout", eventsRequiredPerDay: 1, leewayHours: 3, freezeBehavior: .autoConsumeFreezes),
            now: { clock.now }, timeZone: { .newYork }
        )
        try await manager.logIn(userId: "user_123")
        try await manager.addStreakEvent(metadata: ["minutes": 30])
        try await manager.addStreakFreeze(dateExpires: nil)
        let streak = manager.currentStreakData
        #expect(streak.currentStreak == 1)
        #expect(streak.status.name == "active")
        #expect(streak.freezesAvailableCount == 1)
        #expect(streak.applyManualStreakFreezeStatus == .cannotSaveStreakWithFreezes)
    }
}
