import Foundation

/// A stateful in-memory `RemoteExperiencePointsService` that broadcasts every update to all
/// of its listeners. Like upstream's mock it keeps one history per key, whatever the user,
/// and `calculateExperiencePoints` does nothing unless it is made with `playsServer`.
@MainActor
public final class MockRemoteExperiencePointsService: RemoteExperiencePointsService {
    private struct Record {
        var events: [ExperiencePointsEvent] = []
        var current: CurrentExperiencePointsData?
        var listeners: [UUID: AsyncThrowingStream<CurrentExperiencePointsData, any Error>.Continuation] = [:]
    }

    private var records: [String: Record] = [:]
    private let now: @Sendable () -> Date
    private let playsServer: Bool
    /// Thrown by every call while set (new streams finish with it), to exercise failure paths.
    public var error: (any Error)?
    /// How many times `calculateExperiencePoints` was called.
    public private(set) var serverCalculationCount = 0

    /// - Parameter playsServer: `calculateExperiencePoints` calculates (in the zone it is
    ///   given, on `now`) and broadcasts, as a real provider does.
    public init(data: CurrentExperiencePointsData? = nil, now: @escaping @Sendable () -> Date = Date.init, playsServer: Bool = false) {
        self.now = now
        self.playsServer = playsServer
        guard let data else { return }
        records[data.experienceKey] = Record(events: data.recentEvents ?? [], current: data)
    }

    public func streamCurrentExperiencePoints(userId: String, experienceKey: String) -> AsyncThrowingStream<CurrentExperiencePointsData, any Error> {
        let (stream, continuation) = AsyncThrowingStream<CurrentExperiencePointsData, any Error>.makeStream()
        if let error {
            continuation.finish(throwing: error)
            return stream
        }
        let id = UUID()
        records[experienceKey, default: Record()].listeners[id] = continuation
        if let current = records[experienceKey]?.current { continuation.yield(current) }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.records[experienceKey]?.listeners[id] = nil }
        }
        return stream
    }

    public func updateCurrentExperiencePoints(userId: String, experienceKey: String, data: CurrentExperiencePointsData) async throws {
        try check()
        records[experienceKey, default: Record()].current = data
        for listener in records[experienceKey]?.listeners.values ?? [:].values {
            listener.yield(data)
        }
    }

    public func calculateExperiencePoints(userId: String, experienceKey: String, timezone: String?) async throws {
        try check()
        serverCalculationCount += 1
        guard playsServer else { return }
        let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
        let data = ExperiencePointsCalculator.calculateExperiencePoints(
            events: records[experienceKey]?.events ?? [], configuration: ExperiencePointsConfiguration(experienceKey: experienceKey),
            userId: userId, currentDate: now(), timezone: zone
        )
        try await updateCurrentExperiencePoints(userId: userId, experienceKey: experienceKey, data: data)
    }

    public func addEvent(userId: String, experienceKey: String, event: ExperiencePointsEvent) async throws {
        try check()
        guard records[experienceKey]?.events.contains(where: { $0.id == event.id }) != true else { return }
        records[experienceKey, default: Record()].events.append(event)
    }

    public func getAllEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try check()
        return records[experienceKey]?.events ?? []
    }

    public func deleteAllEvents(userId: String, experienceKey: String) async throws {
        try check()
        records[experienceKey]?.events = []
    }

    private func check() throws {
        if let error { throw error }
    }
}
