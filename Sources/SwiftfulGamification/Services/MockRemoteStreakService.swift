import Foundation

/// A stateful in-memory `RemoteStreakService` that broadcasts every update to all of its
/// listeners. Like upstream's mock it keeps one history per streak key, whatever the user.
@MainActor
public final class MockRemoteStreakService: RemoteStreakService {
    private struct Record {
        var events: [StreakEvent] = []
        var freezes: [StreakFreeze] = []
        var goalSchedule: [StreakGoalChange] = []
        var skips: Set<CalendarDay> = []
        var notes: [CalendarDay: String] = [:]
        var current: CurrentStreakData?
        var listeners: [UUID: AsyncThrowingStream<CurrentStreakData, any Error>.Continuation] = [:]
    }

    private var records: [String: Record] = [:]
    private let now: @Sendable () -> Date

    /// Thrown by every call while set (streams finish with it), to exercise failure paths.
    public var error: (any Error)?
    /// Thrown by the next `streamCurrentStreak` only (the stream finishes with it).
    public var nextStreamError: (any Error)?
    /// How many times `useStreakFreeze` succeeded.
    public private(set) var freezesUsedCount = 0
    /// How many times `calculateStreak` was called.
    public private(set) var serverCalculationCount = 0

    public init(streak: CurrentStreakData? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
        guard let streak else { return }
        var record = Record()
        record.current = streak
        record.events = streak.recentEvents ?? []
        record.freezes = streak.freezesAvailable ?? []
        records[streak.streakKey] = record
    }

    /// The number of open listeners for a streak.
    public func listenerCount(streakKey: String) -> Int {
        records[streakKey]?.listeners.count ?? 0
    }

    public func streamCurrentStreak(userId: String, streakKey: String) -> AsyncThrowingStream<CurrentStreakData, any Error> {
        let (stream, continuation) = AsyncThrowingStream<CurrentStreakData, any Error>.makeStream()
        if let failure = nextStreamError ?? error {
            nextStreamError = nil
            continuation.finish(throwing: failure)
            return stream
        }
        let id = UUID()
        records[streakKey, default: Record()].listeners[id] = continuation
        if let current = records[streakKey]?.current { continuation.yield(current) }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.records[streakKey]?.listeners[id] = nil }
        }
        return stream
    }

    public func updateCurrentStreak(userId: String, streakKey: String, streak: CurrentStreakData) async throws {
        try check()
        records[streakKey, default: Record()].current = streak
        for listener in records[streakKey]?.listeners.values ?? [:].values {
            listener.yield(streak)
        }
    }

    /// Plays the server: calculates with `StreakCalculator`, records auto-consumed freezes
    /// and broadcasts the result.
    public func calculateStreak(
        userId: String, streakKey: String, eventsRequiredPerDay: Int, leewayHours: Int,
        freezeBehavior: FreezeBehavior, timezone: String?
    ) async throws {
        try check()
        serverCalculationCount += 1
        let configuration = StreakConfiguration(
            streakKey: streakKey, eventsRequiredPerDay: eventsRequiredPerDay,
            leewayHours: leewayHours, freezeBehavior: freezeBehavior
        )
        let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
        let record = records[streakKey] ?? Record()
        let first = StreakCalculator.calculateStreak(
            events: record.events, freezes: record.freezes, configuration: configuration,
            userId: userId, currentDate: now(), timezone: zone, goalSchedule: record.goalSchedule, skips: record.skips.sorted()
        )
        for consumption in first.freezeConsumptions {
            try await addEvent(userId: userId, streakKey: streakKey, event: consumption.freezeEvent)
            try await useStreakFreeze(userId: userId, streakKey: streakKey, freezeId: consumption.freezeId)
        }
        let updated = records[streakKey] ?? Record()
        let final = StreakCalculator.calculateStreak(
            events: updated.events, freezes: updated.freezes, configuration: configuration,
            userId: userId, currentDate: now(), timezone: zone, goalSchedule: updated.goalSchedule, skips: updated.skips.sorted()
        )
        try await updateCurrentStreak(userId: userId, streakKey: streakKey, streak: final.streak)
    }

    public func addEvent(userId: String, streakKey: String, event: StreakEvent) async throws {
        try check()
        guard records[streakKey]?.events.contains(where: { $0.id == event.id }) != true else { return }
        records[streakKey, default: Record()].events.append(event)
    }

    public func getAllEvents(userId: String, streakKey: String) async throws -> [StreakEvent] {
        try check()
        return records[streakKey]?.events ?? []
    }

    public func deleteAllEvents(userId: String, streakKey: String) async throws {
        try check()
        records[streakKey]?.events = []
    }

    public func addStreakFreeze(userId: String, streakKey: String, freeze: StreakFreeze) async throws {
        try check()
        guard records[streakKey]?.freezes.contains(where: { $0.id == freeze.id }) != true else { return }
        records[streakKey, default: Record()].freezes.append(freeze)
    }

    public func useStreakFreeze(userId: String, streakKey: String, freezeId: String) async throws {
        try check()
        guard let index = records[streakKey]?.freezes.firstIndex(where: { $0.id == freezeId }) else {
            throw StreakRuleError.freezeNotFound(freezeId)
        }
        let freeze = records[streakKey]!.freezes[index]
        guard !freeze.isUsed else { throw StreakRuleError.freezeAlreadyUsed(freezeId) }
        records[streakKey]!.freezes[index] = freeze.markedUsed(at: now())
        freezesUsedCount += 1
    }

    public func getAllStreakFreezes(userId: String, streakKey: String) async throws -> [StreakFreeze] {
        try check()
        return records[streakKey]?.freezes ?? []
    }

    public func getGoalSchedule(userId: String, streakKey: String) async throws -> [StreakGoalChange] {
        try check()
        return records[streakKey]?.goalSchedule ?? []
    }

    public func getSkips(userId: String, streakKey: String) async throws -> [CalendarDay] {
        try check()
        return records[streakKey]?.skips.sorted() ?? []
    }

    public func addSkips(userId: String, streakKey: String, days: [CalendarDay]) async throws {
        try check()
        records[streakKey, default: Record()].skips.formUnion(days)
    }

    public func removeSkips(userId: String, streakKey: String, days: [CalendarDay]) async throws {
        try check()
        records[streakKey]?.skips.subtract(days)
    }

    public func getNotes(userId: String, streakKey: String) async throws -> [StreakNote] {
        try check()
        return (records[streakKey]?.notes ?? [:]).map { StreakNote(day: $0.key, text: $0.value) }.sorted { $0.day < $1.day }
    }

    public func setNote(userId: String, streakKey: String, note: StreakNote) async throws {
        try check()
        records[streakKey, default: Record()].notes[note.day] = note.text
    }

    public func removeNote(userId: String, streakKey: String, day: CalendarDay) async throws {
        try check()
        guard records[streakKey]?.notes.removeValue(forKey: day) != nil else { throw StreakStoreError.noNote(streakKey, day: day) }
    }

    private func check() throws {
        if let error { throw error }
    }
}
