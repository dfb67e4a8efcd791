import Foundation
import SwiftfulGamification

/// Any `StreakStore` (the file store, PostgreSQL) as `StreakServices`, so a `StreakManager`
/// runs on it unchanged.
///
/// With `useServerCalculation` the store calculates under its lock (the fast path: it keeps
/// a running history); otherwise the manager calculates from all events, as with any remote.
public struct StreakStoreServices: StreakServices {
    public let remote: any RemoteStreakService
    public let local: any LocalStreakPersistence

    @MainActor
    public init(
        store: any StreakStore,
        userId: String,
        now: @escaping @Sendable () -> Date = Date.init,
        timezone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
    ) {
        remote = StoreRemoteStreakService(store: store, now: now, timezone: timezone)
        local = StoreLocalStreakPersistence(store: store, userId: userId)
    }
}

/// `RemoteStreakService` over a `StreakStore`; store work runs off the main actor.
@MainActor
public final class StoreRemoteStreakService: RemoteStreakService {
    public let store: any StreakStore
    private let now: @Sendable () -> Date
    private let timezone: @Sendable () -> TimeZone
    /// The last write's result per streak, until the calculation that follows every write
    /// of the manager uses it: the store published it already, nothing is read back.
    private var justWritten: [String: (evaluation: StreakEvaluation, validUntil: Date)] = [:]

    public init(store: any StreakStore, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) {
        self.store = store
        self.now = now
        self.timezone = timezone
    }

    public func streamCurrentStreak(userId: String, streakKey: String) -> AsyncThrowingStream<CurrentStreakData, any Error> {
        let evaluations = store.watch(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
        let (stream, continuation) = AsyncThrowingStream<CurrentStreakData, any Error>.makeStream()
        let task = Task {
            do {
                for try await evaluation in evaluations { continuation.yield(evaluation.streak) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    public func streamSyncState() -> AsyncStream<StoreSyncState>? {
        store.watchSync()
    }

    public func getSkips(userId: String, streakKey: String) async throws -> [CalendarDay] {
        let store = store
        return try await store.skips(userId: userId, streakKey: streakKey)
    }

    public func addSkips(userId: String, streakKey: String, days: [CalendarDay]) async throws {
        let store = store
        _ = try await store.addSkips(days, userId: userId, streakKey: streakKey, now: now(), timezone: timezone())
    }

    public func removeSkips(userId: String, streakKey: String, days: [CalendarDay]) async throws {
        let store = store
        _ = try await store.removeSkips(days, userId: userId, streakKey: streakKey, now: now(), timezone: timezone())
    }

    public func getNotes(userId: String, streakKey: String) async throws -> [StreakNote] {
        let store = store
        return try await store.notes(userId: userId, streakKey: streakKey)
    }

    public func setNote(userId: String, streakKey: String, note: StreakNote) async throws {
        remember(try await run { store, now in try await store.setNote(note.text, on: note.day, userId: userId, streakKey: streakKey, now: now, timezone: self.zone) }, of: streakKey)
    }

    public func removeNote(userId: String, streakKey: String, day: CalendarDay) async throws {
        remember(try await run { store, now in try await store.removeNote(on: day, userId: userId, streakKey: streakKey, now: now, timezone: self.zone) }, of: streakKey)
    }

    /// Nothing to send: the store stored this result itself when it calculated it.
    public func updateCurrentStreak(userId: String, streakKey: String, streak: CurrentStreakData) async throws {}

    /// Brings the store's calculation up to date with its stored configuration (the
    /// parameters are the manager's copy of it): nothing is calculated when the last write's
    /// result still holds, as it does right after any write. The result reaches listeners
    /// through the stream.
    public func calculateStreak(
        userId: String, streakKey: String, eventsRequiredPerDay: Int, leewayHours: Int,
        freezeBehavior: FreezeBehavior, timezone: String?
    ) async throws {
        let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? self.timezone()
        if let written = justWritten.removeValue(forKey: streakKey), written.evaluation.timeZoneIdentifier == zone.identifier,
           now() < written.validUntil {
            return
        }
        try await run { store, now in _ = try await store.refresh(userId: userId, streakKey: streakKey, now: now, timezone: zone) }
    }

    /// Uses the freezes a manual-mode streak needs under the store's lock, in one write.
    public func useStreakFreezesManually(userId: String, streakKey: String, timezone: String?) async throws -> [FreezeConsumption]? {
        let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? self.timezone()
        let result = try await run { store, now in try await store.useFreezesManually(userId: userId, streakKey: streakKey, now: now, timezone: zone) }
        remember(result.evaluation, of: streakKey)
        return result.used
    }

    /// Every write's own evaluation, as the store's watcher hands it on.
    public func streamStreakEvaluation(userId: String, streakKey: String) -> AsyncThrowingStream<StreakEvaluation, any Error>? {
        store.watch(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    public func addEvent(userId: String, streakKey: String, event: StreakEvent) async throws {
        let result = try await run { store, now in try await store.addEvents([event], userId: userId, streakKey: streakKey, now: now, timezone: self.zone) }
        remember(result.evaluation, of: streakKey)
    }

    public func getAllEvents(userId: String, streakKey: String) async throws -> [StreakEvent] {
        try await run { store, _ in try await store.events(userId: userId, streakKey: streakKey) }
    }

    public func deleteAllEvents(userId: String, streakKey: String) async throws {
        remember(try await run { store, now in try await store.resetStreak(userId: userId, streakKey: streakKey, now: now, timezone: self.zone) }, of: streakKey)
    }

    public func addStreakFreeze(userId: String, streakKey: String, freeze: StreakFreeze) async throws {
        remember(try await run { store, now in try await store.addFreezes([freeze], userId: userId, streakKey: streakKey, now: now, timezone: self.zone) }, of: streakKey)
    }

    public func useStreakFreeze(userId: String, streakKey: String, freezeId: String) async throws {
        try await run { store, now in try await store.useFreeze(id: freezeId, userId: userId, streakKey: streakKey, now: now, timezone: self.zone) }
    }

    public func getAllStreakFreezes(userId: String, streakKey: String) async throws -> [StreakFreeze] {
        try await run { store, _ in try await store.freezes(userId: userId, streakKey: streakKey) }
    }

    public func getGoalSchedule(userId: String, streakKey: String) async throws -> [StreakGoalChange] {
        try await run { store, _ in try await store.settings(userId: userId, streakKey: streakKey).goalHistory }
    }

    private nonisolated var zone: TimeZone { timezone() }

    private func remember(_ evaluation: StreakEvaluation, of streakKey: String) {
        justWritten[streakKey] = (evaluation, evaluation.validUntil(now: now(), timezone: zone))
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable (any StreakStore, Date) async throws -> T) async throws -> T {
        let store = store
        let now = now()
        return try await Task.detached { try await work(store, now) }.value
    }
}

/// The manager's start-up cache is the store's own last result (the file store's
/// `current.json`), which every writer keeps current; saving is therefore left to the store.
@MainActor
public final class StoreLocalStreakPersistence: LocalStreakPersistence {
    private let store: any StreakStore
    private let userId: String

    public init(store: any StreakStore, userId: String) {
        self.store = store
        self.userId = userId
    }

    public func getSavedStreakData(streakKey: String) -> CurrentStreakData? {
        store.cachedStreak(userId: userId, streakKey: streakKey)
    }

    /// Nothing to save: every write of the store keeps its cache current.
    public func saveCurrentStreakData(streakKey: String, _ streak: CurrentStreakData?) throws {}
}
