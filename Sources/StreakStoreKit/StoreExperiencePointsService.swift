import Foundation
import SwiftfulGamification

/// Experience points kept by a `PointsStore`, for an `ExperiencePointsManager`: every process
/// sees the same events, and each stream yields fresh points (calculated from the store's
/// events, in the zone the service is given) whenever any of them writes.
@MainActor
public final class StoreExperiencePointsService: RemoteExperiencePointsService {
    public nonisolated let store: any PointsStore
    private let weekStart: Weekday
    private let now: @Sendable () -> Date
    private let timeZone: @Sendable () -> TimeZone
    private var listeners: [UUID: AsyncThrowingStream<CurrentExperiencePointsData, any Error>.Continuation] = [:]

    /// - Parameter weekStart: the week `pointsThisWeek` counts in the points streamed.
    public init(
        store: any PointsStore, weekStart: Weekday = .sunday,
        now: @escaping @Sendable () -> Date = Date.init, timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
    ) {
        self.store = store
        self.weekStart = weekStart
        self.now = now
        self.timeZone = timeZone
    }

    /// The points calculated from the store's events now (in `timezone`, else the service's).
    public func currentData(userId: String, experienceKey: String, timezone: TimeZone? = nil) async throws -> CurrentExperiencePointsData {
        // The configuration checks its key by precondition: a bad key is an error here.
        guard experienceKey == experienceKey.sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters() else {
            throw StreakStoreError.invalidLedgerKey(experienceKey)
        }
        let events = try await store.experienceEvents(userId: userId, experienceKey: experienceKey)
        return ExperiencePointsCalculator.calculateExperiencePoints(
            events: events, configuration: ExperiencePointsConfiguration(experienceKey: experienceKey, weekStart: weekStart),
            userId: userId, currentDate: now(), timezone: timezone ?? timeZone()
        )
    }

    public func streamCurrentExperiencePoints(userId: String, experienceKey: String) -> AsyncThrowingStream<CurrentExperiencePointsData, any Error> {
        let (stream, continuation) = AsyncThrowingStream<CurrentExperiencePointsData, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let changes = store.watchExperience(userId: userId, experienceKey: experienceKey)
        let task = Task { [weak self] in
            do {
                for try await _ in changes {
                    guard let self else { return }
                    continuation.yield(try await self.currentData(userId: userId, experienceKey: experienceKey))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { [weak self] _ in
            task.cancel()
            Task { @MainActor in self?.listeners[id] = nil }
        }
        return stream
    }

    /// Hands `data` to this process's listeners (points are derived: the events are kept).
    public func updateCurrentExperiencePoints(userId: String, experienceKey: String, data: CurrentExperiencePointsData) async throws {
        for listener in listeners.values { listener.yield(data) }
    }

    /// Calculates in `timezone` (the service's own when nil or unknown) for the listeners.
    public func calculateExperiencePoints(userId: String, experienceKey: String, timezone: String?) async throws {
        let data = try await currentData(userId: userId, experienceKey: experienceKey, timezone: timezone.flatMap(TimeZone.init(identifier:)))
        for listener in listeners.values { listener.yield(data) }
    }

    public func addEvent(userId: String, experienceKey: String, event: ExperiencePointsEvent) async throws {
        try await store.addExperienceEvents([event], userId: userId, experienceKey: experienceKey)
    }

    public func getAllEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try await store.experienceEvents(userId: userId, experienceKey: experienceKey)
    }

    public func deleteAllEvents(userId: String, experienceKey: String) async throws {
        try await store.deleteAllExperienceEvents(userId: userId, experienceKey: experienceKey, now: now())
    }
}
