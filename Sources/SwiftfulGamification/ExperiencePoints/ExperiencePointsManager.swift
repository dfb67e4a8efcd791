import Foundation
import Observation

/// A user's experience points, observable by SwiftUI or any `Observations` loop.
///
/// Every event goes to the remote service; `currentExperiencePointsData` changes when the
/// remote's stream or a calculation delivers new data. Calculations run one at a time.
@MainActor
@Observable
public final class ExperiencePointsManager {
    /// The latest points (the cached copy until the first calculation or update).
    public private(set) var currentExperiencePointsData: CurrentExperiencePointsData
    let configuration: ExperiencePointsConfiguration

    @ObservationIgnored private let remote: any RemoteExperiencePointsService
    @ObservationIgnored private let local: any LocalExperiencePointsPersistence
    @ObservationIgnored private let logger: (any GamificationLogger)?
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let timeZone: @Sendable () -> TimeZone
    @ObservationIgnored private var listenerTask: Task<Void, Never>?
    @ObservationIgnored private var listenerFailedToAttach = false
    @ObservationIgnored private var calculationChain: Task<Void, Never>?
    /// The points this manager sent the remote that its listener has not handed back yet, oldest
    /// first: an echo of an older one arriving after a newer calculation is stale, not news.
    @ObservationIgnored private var unechoedWrites: [CurrentExperiencePointsData] = []

    /// The user the points belong to: the cached data's until `logIn` or `logOut`, as upstream.
    private var userId: String? { currentExperiencePointsData.userId }

    /// Loads the cached points synchronously.
    /// - Parameters:
    ///   - now: the clock (default: the system clock); nothing else reads the time.
    ///   - timeZone: the user's current zone (default: the system's), for today and new events.
    public init(
        services: any ExperiencePointsServices,
        configuration: ExperiencePointsConfiguration,
        logger: (any GamificationLogger)? = nil,
        now: @escaping @Sendable () -> Date = Date.init,
        timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
    ) {
        remote = services.remote
        local = services.local
        self.configuration = configuration
        self.logger = logger
        self.now = now
        self.timeZone = timeZone
        currentExperiencePointsData = services.local.getSavedExperiencePointsData(experienceKey: configuration.experienceKey)
            ?? .blank(experienceKey: configuration.experienceKey)
    }

    // MARK: - Session

    /// Attaches the remote listener for `userId` and starts a calculation.
    public func logIn(userId: String) async throws {
        if self.userId != userId { logOut() }
        if currentExperiencePointsData.userId != userId {
            currentExperiencePointsData = currentExperiencePointsData.updatingUserId(userId)
        }
        attachListener(userId: userId)
        recalculateExperiencePoints()
    }

    /// Stops listening and forgets the user's points, here and in the local cache.
    public func logOut() {
        listenerTask?.cancel()
        listenerTask = nil
        unechoedWrites = []
        let blank = CurrentExperiencePointsData.blank(experienceKey: configuration.experienceKey)
        try? local.saveCurrentExperiencePointsData(experienceKey: configuration.experienceKey, blank)
        currentExperiencePointsData = blank
    }

    // MARK: - Events

    /// Records `points` now (in the user's zone) and recalculates.
    /// - Throws: `ExperiencePointsError.notLoggedIn`, or the remote's error.
    @discardableResult
    public func addExperiencePoints(points: Int, metadata: [String: GamificationDictionaryValue] = [:]) async throws -> ExperiencePointsEvent {
        try await addExperiencePointsEvent(ExperiencePointsEvent(dateCreated: now(), points: points, metadata: metadata, timezone: timeZone().identifier))
    }

    /// Records `event` as it is (a backfill, or points taken back with a negative amount) and
    /// recalculates. An event whose id the provider has is stored once.
    @discardableResult
    public func addExperiencePointsEvent(_ event: ExperiencePointsEvent) async throws -> ExperiencePointsEvent {
        guard let userId else { throw ExperiencePointsError.notLoggedIn }
        defer { if listenerFailedToAttach { attachListener(userId: userId) } }
        logger?.trackEvent(event: Event.addExperiencePointsStart(event: event))
        do {
            try await remote.addEvent(userId: userId, experienceKey: configuration.experienceKey, event: event)
            logger?.trackEvent(event: Event.addExperiencePointsSuccess(event: event))
        } catch {
            logger?.trackEvent(event: Event.addExperiencePointsFail(error: error))
            throw error
        }
        await recalculateExperiencePointsAndWait()
        return event
    }

    public func getAllExperiencePointsEvents() async throws -> [ExperiencePointsEvent] {
        guard let userId else { throw ExperiencePointsError.notLoggedIn }
        return try await remote.getAllEvents(userId: userId, experienceKey: configuration.experienceKey)
    }

    /// The events whose `field` is exactly `value`.
    public func getAllExperiencePointsEvents(forField field: String, equalTo value: GamificationDictionaryValue) async throws -> [ExperiencePointsEvent] {
        ExperiencePointsCalculator.getEventsForMetadata(events: try await getAllExperiencePointsEvents(), field: field, value: value)
    }

    /// Deletes every event on the remote (the points shown stay until the next calculation).
    public func deleteAllExperiencePointsEvents() async throws {
        guard let userId else { throw ExperiencePointsError.notLoggedIn }
        try await remote.deleteAllEvents(userId: userId, experienceKey: configuration.experienceKey)
    }

    // MARK: - Calculation

    /// Starts a calculation (nothing without a user).
    public func recalculateExperiencePoints() {
        guard let userId else { return }
        enqueueCalculation(userId: userId)
    }

    /// Calculates now and returns when done (after any calculation already running).
    public func recalculateExperiencePointsAndWait() async {
        guard let userId else { return }
        await enqueueCalculation(userId: userId).value
    }

    @discardableResult
    private func enqueueCalculation(userId: String) -> Task<Void, Never> {
        let previous = calculationChain
        let next = Task { [weak self] in
            await previous?.value
            await self?.calculate(userId: userId)
        }
        calculationChain = next
        return next
    }

    private func calculate(userId: String) async {
        let key = configuration.experienceKey
        do {
            if configuration.useServerCalculation {
                try await remote.calculateExperiencePoints(userId: userId, experienceKey: key, timezone: timeZone().identifier)
                return
            }
            logger?.trackEvent(event: Event.calculateXPStart)
            let events = try await remote.getAllEvents(userId: userId, experienceKey: key)
            let calculated = ExperiencePointsCalculator.calculateExperiencePoints(
                events: events, configuration: configuration, userId: userId, currentDate: now(), timezone: timeZone()
            )
            guard self.userId == userId else { return }
            currentExperiencePointsData = calculated
            // A remote that never echoes must not make this grow: the newest few are enough.
            unechoedWrites = unechoedWrites.suffix(15) + [calculated]
            try await remote.updateCurrentExperiencePoints(userId: userId, experienceKey: key, data: calculated)
            logger?.trackEvent(event: Event.calculateXPSuccess(data: calculated))
        } catch {
            logger?.trackEvent(event: Event.calculateXPFail(error: error))
        }
    }

    // MARK: - Listener

    private func attachListener(userId: String) {
        logger?.trackEvent(event: Event.remoteListenerStart)
        listenerFailedToAttach = false
        listenerTask?.cancel()
        let stream = remote.streamCurrentExperiencePoints(userId: userId, experienceKey: configuration.experienceKey)
        listenerTask = Task { [weak self] in
            do {
                for try await value in stream {
                    guard let self, !Task.isCancelled else { return }
                    self.receive(value, userId: userId)
                }
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.logger?.trackEvent(event: Event.remoteListenerFail(error: error))
                self.listenerFailedToAttach = true
            }
        }
    }

    private func receive(_ value: CurrentExperiencePointsData, userId: String) {
        let updated = value.userId == nil ? value.updatingUserId(userId) : value
        if let index = unechoedWrites.firstIndex(of: updated) {
            unechoedWrites.removeFirst(index + 1)
            if !unechoedWrites.isEmpty { return }
        }
        currentExperiencePointsData = updated
        logger?.trackEvent(event: Event.remoteListenerSuccess(data: updated))
        logger?.addUserProperties(dict: updated.eventParameters, isHighPriority: false)
        logger?.trackEvent(event: Event.saveLocalStart(data: updated))
        do {
            try local.saveCurrentExperiencePointsData(experienceKey: configuration.experienceKey, updated)
            logger?.trackEvent(event: Event.saveLocalSuccess(data: updated))
        } catch {
            logger?.trackEvent(event: Event.saveLocalFail(error: error))
        }
    }
}

/// Why an `ExperiencePointsManager` refused a call.
public enum ExperiencePointsError: Error, LocalizedError {
    case notLoggedIn

    public var errorDescription: String? {
        switch self {
        case .notLoggedIn: return "Log in before recording or reading experience points."
        }
    }
}
