import Foundation
import TestSupport
@testable import SwiftfulGamification

/// A manager on mock services with a pinned clock in New York.
@MainActor
struct ManagerFixture {
    let clock = TestClock(at("2024-01-10 12:00"))
    let remote: MockRemoteStreakService
    let local: MockLocalStreakPersistence
    let logger = RecordingLogger()
    let manager: StreakManager

    init(configuration: StreakConfiguration = config(), cached: CurrentStreakData? = nil) {
        let clock = clock
        remote = MockRemoteStreakService(now: { clock.now })
        local = MockLocalStreakPersistence(streak: cached)
        manager = Self.makeManager(configuration: configuration, remote: remote, local: local, clock: clock, logger: logger)
    }

    /// Another manager on the same services (another screen or device).
    func makeManager(configuration: StreakConfiguration = config()) -> StreakManager {
        Self.makeManager(configuration: configuration, remote: remote, local: local, clock: clock, logger: logger)
    }

    private static func makeManager(
        configuration: StreakConfiguration, remote: MockRemoteStreakService, local: MockLocalStreakPersistence,
        clock: TestClock, logger: RecordingLogger
    ) -> StreakManager {
        StreakManager(
            services: MockStreakServices(remote: remote, local: local), configuration: configuration,
            logger: logger, now: { clock.now }, timeZone: { .newYork }, listenerRetryDelay: .zero
        )
    }

    func seed(_ events: [StreakEvent], key: String = "daily") async throws {
        for event in events { try await remote.addEvent(userId: "u1", streakKey: key, event: event) }
    }
}
