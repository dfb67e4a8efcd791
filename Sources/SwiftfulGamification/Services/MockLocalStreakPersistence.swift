import Foundation

/// An in-memory `LocalStreakPersistence`.
@MainActor
public final class MockLocalStreakPersistence: LocalStreakPersistence {
    private var saved: [String: CurrentStreakData] = [:]
    /// Thrown by `saveCurrentStreakData` while set, to exercise failure paths.
    public var saveError: (any Error)?
    public private(set) var saveCount = 0

    public init(streak: CurrentStreakData? = nil) {
        if let streak { saved[streak.streakKey] = streak }
    }

    public func getSavedStreakData(streakKey: String) -> CurrentStreakData? {
        saved[streakKey]
    }

    public func saveCurrentStreakData(streakKey: String, _ streak: CurrentStreakData?) throws {
        if let saveError { throw saveError }
        saveCount += 1
        saved[streakKey] = streak
    }
}

/// Mock services for previews and tests: in-memory remote and local storage.
public struct MockStreakServices: StreakServices {
    public let remote: any RemoteStreakService
    public let local: any LocalStreakPersistence

    /// Upstream's: services seeded with `streak` (its recent events and available freezes
    /// become the remote's history), on the real clock.
    @MainActor
    public init(streak: CurrentStreakData? = nil) {
        self.init(streak: streak, now: Date.init)
    }

    /// The same on a clock of your own (pinned in tests).
    @MainActor
    public init(streak: CurrentStreakData? = nil, now: @escaping @Sendable () -> Date) {
        remote = MockRemoteStreakService(streak: streak, now: now)
        local = MockLocalStreakPersistence(streak: streak)
    }

    @MainActor
    public init(remote: MockRemoteStreakService, local: MockLocalStreakPersistence) {
        self.remote = remote
        self.local = local
    }
}
