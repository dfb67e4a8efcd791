import Foundation
import SwiftfulGamification

/// Experience points kept in a `FileStreakStore`, for an `ExperiencePointsManager`: every
/// process on the machine sees the same events, and each stream yields fresh points (here
/// calculated from the ledger, in the zone the service is given) when any of them writes.
@MainActor
public final class FileExperiencePointsService: RemoteExperiencePointsService {
    public nonisolated let store: FileStreakStore
    private let now: @Sendable () -> Date
    private let timeZone: @Sendable () -> TimeZone
    private let weekStart: Weekday
    private var listeners: [UUID: AsyncThrowingStream<CurrentExperiencePointsData, any Error>.Continuation] = [:]

    /// - Parameter weekStart: the week `pointsThisWeek` counts in the points streamed.
    public init(
        store: FileStreakStore, weekStart: Weekday = .sunday,
        now: @escaping @Sendable () -> Date = Date.init, timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
    ) {
        self.store = store
        self.weekStart = weekStart
        self.now = now
        self.timeZone = timeZone
    }

    /// The points calculated from the ledger now.
    public nonisolated func currentData(userId: String, experienceKey: String, timezone: TimeZone? = nil) throws -> CurrentExperiencePointsData {
        try Self.calculate(store: store, userId: userId, experienceKey: experienceKey, weekStart: weekStart, now: now(), zone: timezone ?? timeZone())
    }

    private nonisolated static func calculate(
        store: FileStreakStore, userId: String, experienceKey: String, weekStart: Weekday, now: Date, zone: TimeZone
    ) throws -> CurrentExperiencePointsData {
        let events = try store.experienceEvents(userId: userId, experienceKey: experienceKey)
        return ExperiencePointsCalculator.calculateExperiencePoints(
            events: events, configuration: ExperiencePointsConfiguration(experienceKey: experienceKey, weekStart: weekStart),
            userId: userId, currentDate: now, timezone: zone
        )
    }

    public func streamCurrentExperiencePoints(userId: String, experienceKey: String) -> AsyncThrowingStream<CurrentExperiencePointsData, any Error> {
        let (stream, continuation) = AsyncThrowingStream<CurrentExperiencePointsData, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let directory: String
        do {
            directory = try store.ledgerDirectory(.experience(experienceKey), userId: userId)
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        let (store, weekStart, now, timeZone) = (store, weekStart, now, timeZone)
        let emit: @Sendable () -> Void = {
            do {
                continuation.yield(try Self.calculate(store: store, userId: userId, experienceKey: experienceKey, weekStart: weekStart, now: now(), zone: timeZone()))
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let watch = LedgerWatch(directory: directory, label: "xp-\(userId)-\(experienceKey)", emit)
        watch.run(emit)
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { [weak self] _ in
            watch.cancel()
            Task { @MainActor in self?.listeners[id] = nil }
        }
        return stream
    }

    /// Hands `data` to this process's listeners (the points themselves are derived: the
    /// ledger is what is kept).
    public func updateCurrentExperiencePoints(userId: String, experienceKey: String, data: CurrentExperiencePointsData) async throws {
        for listener in listeners.values { listener.yield(data) }
    }

    /// Calculates in `timezone` (the service's own when nil or unknown) and hands the result
    /// to the listeners.
    public func calculateExperiencePoints(userId: String, experienceKey: String, timezone: String?) async throws {
        let zone = timezone.flatMap(TimeZone.init(identifier:))
        let data = try currentData(userId: userId, experienceKey: experienceKey, timezone: zone)
        for listener in listeners.values { listener.yield(data) }
    }

    public func addEvent(userId: String, experienceKey: String, event: ExperiencePointsEvent) async throws {
        try store.addExperienceEvents([event], userId: userId, experienceKey: experienceKey)
    }

    public func getAllEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try store.experienceEvents(userId: userId, experienceKey: experienceKey)
    }

    public func deleteAllEvents(userId: String, experienceKey: String) async throws {
        try store.deleteAllExperienceEvents(userId: userId, experienceKey: experienceKey, now: now())
    }
}
