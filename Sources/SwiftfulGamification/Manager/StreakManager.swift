import Foundation
import GamificationSupport
import Observation

/// One streak of the logged-in user, observable by SwiftUI or any `Observations` loop.
///
/// Every write goes to the remote service; `currentStreakData` changes when the remote's
/// stream or a calculation delivers new data. Calculations run one at a time, so freezes
/// consumed by one are seen by the next and recorded exactly once.
@MainActor
@Observable
public final class StreakManager {
    /// The latest streak data (the cached copy until the first calculation or update).
    public private(set) var currentStreakData: CurrentStreakData
    /// The latest calculation in full: the streak, how every day was credited and the
    /// configuration it used (for calendars and statistics). Nil until a calculation here
    /// or an evaluation from the provider arrives.
    public private(set) var evaluation: StreakEvaluation?
    /// The logged-in user, if any.
    public private(set) var userId: String?
    /// The days skipped (rule 9), ascending, as the provider last said.
    public internal(set) var skips: [CalendarDay] = []
    /// The streak's notes by date, as the provider last said (the current evaluation's).
    public internal(set) var notes: [StreakNote] = []
    /// Why the remote listener last failed, until it delivers again (nil while it works).
    public private(set) var listenerError: String?
    /// Changes saved on this device that the provider's server has not taken yet (always 0
    /// for a provider that writes straight through).
    public private(set) var pendingChangeCount = 0
    /// Whether the provider is pushing or pulling changes right now.
    public private(set) var isSyncInProgress = false
    /// The streak's settings: as created, and on a `StreakBoard` as the store last said.
    public private(set) var configuration: StreakConfiguration

    @ObservationIgnored let remote: any RemoteStreakService
    @ObservationIgnored private let local: any LocalStreakPersistence
    @ObservationIgnored let logger: (any GamificationLogger)?
    @ObservationIgnored let now: @Sendable () -> Date
    @ObservationIgnored let timeZone: @Sendable () -> TimeZone
    @ObservationIgnored private let listenerRetryDelay: Duration
    @ObservationIgnored private var listenerTask: Task<Void, Never>?
    @ObservationIgnored private var calculationChain: Task<Void, Never>?
    /// The streaks this manager sent the remote that its listener has not handed back yet, oldest
    /// first: an echo of an older one arriving after a newer calculation is stale, not news.
    @ObservationIgnored private var unechoedWrites: [CurrentStreakData] = []
    @ObservationIgnored private var syncStateTask: Task<Void, Never>?
    @ObservationIgnored private var noticeTracker: StreakNoticeTracker
    @ObservationIgnored let noticeSubscribers = Broadcast<StreakNotice>()
    @ObservationIgnored var callbacks = NoticeCallbacks()
    /// What a `StreakBoard`'s manager writes through (the store kit's `perform`: its store and
    /// the board's writes under way); nil for one made from services.
    @ObservationIgnored package let board: (any Sendable)?
    /// Where a `StreakBoard` hears this manager's notices, after its own subscribers.
    @ObservationIgnored package var noticeSink: ((StreakNotice) -> Void)?

    /// Loads the cached streak synchronously.
    /// - Parameters:
    ///   - now: the clock (default: the system clock); nothing else reads the time.
    ///   - timeZone: the user's current zone (default: the system's).
    ///   - listenerRetryDelay: the wait before re-attaching a failed remote listener.
    public init(
        services: any StreakServices,
        configuration: StreakConfiguration,
        logger: (any GamificationLogger)? = nil,
        now: @escaping @Sendable () -> Date = Date.init,
        timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current },
        listenerRetryDelay: Duration = .seconds(2)
    ) {
        remote = services.remote
        local = services.local
        board = nil
        self.configuration = configuration
        self.logger = logger
        self.now = now
        self.timeZone = timeZone
        self.listenerRetryDelay = listenerRetryDelay
        let cached = services.local.getSavedStreakData(streakKey: configuration.streakKey)
        currentStreakData = cached ?? .blank(streakKey: configuration.streakKey)
        noticeTracker = StreakNoticeTracker(starting: cached)
    }

    /// A `StreakBoard`'s manager: the store's own evaluation of the streak, fed by the
    /// board's subscription (no listener, calculation or cache of its own). Its first
    /// evaluation is where the streak stands, not news: notices start after it.
    package init(
        board: any Sendable, remote: any RemoteStreakService, userId: String, evaluation: StreakEvaluation, logger: (any GamificationLogger)?,
        now: @escaping @Sendable () -> Date, timeZone: @escaping @Sendable () -> TimeZone
    ) {
        self.remote = remote
        local = NoStreakCache()
        configuration = evaluation.configuration
        self.logger = logger
        self.now = now
        self.timeZone = timeZone
        listenerRetryDelay = .seconds(2)
        currentStreakData = evaluation.streak
        noticeTracker = StreakNoticeTracker(starting: evaluation.streak)
        self.board = board
        self.userId = userId
        receive(evaluation)
    }

    /// The store's newest evaluation of this streak (its subscription's, or a write's own).
    package func receive(_ evaluation: StreakEvaluation) {
        if evaluation.configuration != configuration { configuration = evaluation.configuration }
        let skipped = evaluation.skippedDays.sorted().map(CalendarDay.init(dayNumber:))
        if skipped != skips { skips = skipped }
        apply(evaluation)
    }

    // MARK: - Session

    /// Attaches the remote listener for `userId` and calculates the streak.
    /// - Throws: `StreakRuleError` for an empty user id or an invalid configuration.
    public func logIn(userId: String) async throws {
        guard !userId.isEmpty else { throw StreakRuleError.emptyIdentifier("user") }
        try configuration.validate()
        if self.userId != nil, self.userId != userId { logOut() }
        self.userId = userId
        if currentStreakData.userId != userId {
            currentStreakData = currentStreakData.updatingUserId(userId)
        }
        attachListener(userId: userId)
        skips = (try? await remote.getSkips(userId: userId, streakKey: configuration.streakKey)) ?? []
        notes = (try? await remote.getNotes(userId: userId, streakKey: configuration.streakKey)) ?? []
        await calculate(userId: userId)
    }

    /// Stops listening and forgets the user's data, here and in the local cache.
    public func logOut() {
        listenerTask?.cancel()
        listenerTask = nil
        unechoedWrites = []
        userId = nil
        evaluation = nil
        skips = []
        notes = []
        let blank = CurrentStreakData.blank(streakKey: configuration.streakKey)
        currentStreakData = blank
        noticeTracker = StreakNoticeTracker()
        saveLocally(blank)
    }

    /// Whether the remote listener is attached.
    public var isListening: Bool { listenerTask != nil }

    // MARK: - Events

    /// Logs an event now, in the current zone; `amount` (rule 10: "5.2" km) counts 1 when nil.
    @discardableResult
    public func addStreakEvent(
        id: String = UUID().uuidString,
        amount: Double? = nil,
        metadata: [String: GamificationDictionaryValue] = [:]
    ) async throws -> StreakEvent {
        try await addStreakEvent(id: id, date: now(), timeZone: timeZone(), amount: amount, metadata: metadata)
    }

    /// Logs an event that happened at `date` in `timeZone` (backfill), at most a year ago.
    /// - Throws: `StreakRuleError` for a future or older date, a bad amount, bad metadata
    ///   keys, or no user; nothing is written then.
    @discardableResult
    public func addStreakEvent(
        id: String = UUID().uuidString,
        date: Date,
        timeZone: TimeZone,
        amount: Double? = nil,
        metadata: [String: GamificationDictionaryValue] = [:]
    ) async throws -> StreakEvent {
        let userId = try requireUser()
        let event = StreakEvent(id: id, dateCreated: date, timezone: timeZone.identifier, metadata: metadata, amount: amount)
        try await tracked(start: .addStreakEventStart(event: event), success: .addStreakEventSuccess(event: event), failure: Event.addStreakEventFail) {
            try event.validate(now: now(), oldestAllowed: oldestBackfillDate())
            try await remote.addEvent(userId: userId, streakKey: configuration.streakKey, event: event)
        }
        await calculate(userId: userId)
        return event
    }

    /// Adds events from elsewhere (an export, another app) with no age limit; all are
    /// validated before any is added.
    public func importStreakEvents(_ events: [StreakEvent]) async throws {
        let userId = try requireUser()
        let now = now()
        for event in events { try event.validate(now: now) }
        for event in events {
            try await remote.addEvent(userId: userId, streakKey: configuration.streakKey, event: event)
        }
        await calculate(userId: userId)
    }

    public func getAllStreakEvents() async throws -> [StreakEvent] {
        try await remote.getAllEvents(userId: requireUser(), streakKey: configuration.streakKey)
    }

    public func deleteAllStreakEvents() async throws {
        let userId = try requireUser()
        try await remote.deleteAllEvents(userId: userId, streakKey: configuration.streakKey)
        await calculate(userId: userId)
    }

    // MARK: - Calculation

    /// Recalculates in the background (upstream's fire-and-forget call).
    public func recalculateStreak() {
        guard let userId else { return }
        Task { await calculate(userId: userId) }
    }

    /// Recalculates and returns when the new data is in `currentStreakData`.
    public func recalculateStreakAndWait() async {
        guard let userId else { return }
        await calculate(userId: userId)
    }

    /// Queues a calculation behind any running one and waits for it.
    func calculate(userId: String) async {
        let previous = calculationChain
        let next = Task { [weak self] in
            await previous?.value
            await self?.performCalculation(userId: userId)
        }
        calculationChain = next
        await next.value
    }

    private func performCalculation(userId: String) async {
        guard self.userId == userId else { return }
        // Upstream logs the start only when the calculation is its own (not the server's).
        if !configuration.useServerCalculation { logger?.trackEvent(event: Event.calculateStreakStart) }
        do {
            if configuration.useServerCalculation {
                try await remote.calculateStreak(
                    userId: userId, streakKey: configuration.streakKey,
                    eventsRequiredPerDay: configuration.eventsRequiredPerDay, leewayHours: configuration.leewayHours,
                    freezeBehavior: configuration.freezeBehavior, timezone: timeZone().identifier
                )
                return
            }
            var evaluation = try await evaluate(userId: userId)
            if !evaluation.freezeConsumptions.isEmpty {
                try await record(evaluation.freezeConsumptions, userId: userId, event: Event.freezeAutoConsumed)
                evaluation = try await evaluate(userId: userId)
            }
            guard self.userId == userId else { return }
            apply(evaluation)
            // A remote that never echoes must not make this grow: the newest few are enough.
            unechoedWrites = unechoedWrites.suffix(15) + [owned(evaluation.streak)]
            try await remote.updateCurrentStreak(userId: userId, streakKey: configuration.streakKey, streak: evaluation.streak)
            logger?.trackEvent(event: Event.calculateStreakSuccess(streak: evaluation.streak))
        } catch {
            logger?.trackEvent(event: Event.calculateStreakFail(error: error))
        }
    }

    func evaluate(userId: String) async throws -> StreakEvaluation {
        let key = configuration.streakKey
        let events = try await remote.getAllEvents(userId: userId, streakKey: key)
        let freezes = try await remote.getAllStreakFreezes(userId: userId, streakKey: key)
        let schedule = try await remote.getGoalSchedule(userId: userId, streakKey: key)
        let skips = try await remote.getSkips(userId: userId, streakKey: key)
        self.skips = skips
        let notes = try await remote.getNotes(userId: userId, streakKey: key)
        return StreakCalculator.evaluate(
            events: events, freezes: freezes, configuration: configuration, userId: userId,
            currentDate: now(), timezone: timeZone(), goalSchedule: schedule, skips: skips
        ).withNotes(notes)
    }

    /// Records consumptions: the freeze event (idempotent by id) and the freeze's use. A
    /// freeze another writer already used is left as it is.
    func record(_ consumptions: [FreezeConsumption], userId: String, event: (FreezeConsumption) -> Event) async throws {
        for consumption in consumptions {
            try await remote.addEvent(userId: userId, streakKey: configuration.streakKey, event: consumption.freezeEvent)
            do {
                try await remote.useStreakFreeze(userId: userId, streakKey: configuration.streakKey, freezeId: consumption.freezeId)
            } catch StreakRuleError.freezeAlreadyUsed {
                continue
            }
            logger?.trackEvent(event: event(consumption))
        }
    }

    // MARK: - Listener and cache

    private func followSyncState() {
        guard syncStateTask == nil, let states = remote.streamSyncState() else { return }
        syncStateTask = Task { [weak self] in
            for await state in states {
                guard let self, !Task.isCancelled else { return }
                if self.pendingChangeCount != state.pendingChanges { self.pendingChangeCount = state.pendingChanges }
                if self.isSyncInProgress != state.isSyncInProgress { self.isSyncInProgress = state.isSyncInProgress }
            }
        }
    }

    private func attachListener(userId: String) {
        followSyncState()
        listenerTask?.cancel()
        listenerTask = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                self.logger?.trackEvent(event: Event.remoteListenerStart)
                do {
                    let key = self.configuration.streakKey
                    if let evaluations = self.remote.streamStreakEvaluation(userId: userId, streakKey: key) {
                        for try await evaluation in evaluations {
                            guard !Task.isCancelled, self.userId == userId else { return }
                            self.apply(evaluation)
                            self.listenerDelivered()
                        }
                    } else {
                        for try await streak in self.remote.streamCurrentStreak(userId: userId, streakKey: key) {
                            guard !Task.isCancelled, self.userId == userId else { return }
                            guard !self.isStaleEcho(streak) else { continue }
                            let notices = self.noticeTracker.notices(for: streak)
                            self.apply(streak)
                            self.announce(notices)
                            self.listenerDelivered()
                        }
                    }
                    return
                } catch {
                    self.listenerError = (error as? LocalizedError)?.errorDescription ?? "\(error)"
                    self.logger?.trackEvent(event: Event.remoteListenerFail(error: error))
                }
                try? await Task.sleep(for: self.listenerRetryDelay)
            }
        }
    }

    private func listenerDelivered() {
        if listenerError != nil { listenerError = nil }
        logger?.trackEvent(event: Event.remoteListenerSuccess(streak: currentStreakData))
        logger?.addUserProperties(dict: currentStreakData.eventParameters, isHighPriority: false)
    }

    func apply(_ evaluation: StreakEvaluation) {
        let notices = noticeTracker.notices(for: evaluation)
        if self.evaluation.map({ !$0.isSameEvaluation(as: evaluation) }) ?? true { self.evaluation = evaluation }
        if notes != evaluation.notes { notes = evaluation.notes }
        apply(evaluation.streak)
        announce(notices)
    }

    /// Whether `streak` is this manager's own earlier write coming back after a newer one.
    private func isStaleEcho(_ streak: CurrentStreakData) -> Bool {
        guard let index = unechoedWrites.firstIndex(of: owned(streak)) else { return false }
        unechoedWrites.removeFirst(index + 1)
        return !unechoedWrites.isEmpty
    }

    private func owned(_ streak: CurrentStreakData) -> CurrentStreakData {
        streak.userId == userId ? streak : streak.updatingUserId(userId)
    }

    private func apply(_ streak: CurrentStreakData) {
        let owned = owned(streak)
        guard owned != currentStreakData else { return }
        currentStreakData = owned
        saveLocally(owned)
    }

    private func saveLocally(_ streak: CurrentStreakData) {
        logger?.trackEvent(event: Event.saveLocalStart(streak: streak))
        do {
            try local.saveCurrentStreakData(streakKey: configuration.streakKey, streak)
            logger?.trackEvent(event: Event.saveLocalSuccess(streak: streak))
        } catch {
            logger?.trackEvent(event: Event.saveLocalFail(error: error))
        }
    }

    /// Runs a write between its start and success events, reporting a failure before rethrowing it.
    func tracked(start: Event, success: Event, failure: (any Error) -> Event, _ write: () async throws -> Void) async throws {
        logger?.trackEvent(event: start)
        do {
            try await write()
        } catch {
            logger?.trackEvent(event: failure(error))
            throw error
        }
        logger?.trackEvent(event: success)
    }

    func requireUser() throws -> String {
        guard let userId else { throw StreakError.notLoggedIn }
        return userId
    }

    /// One calendar year before now, in the current zone.
    private func oldestBackfillDate() -> Date {
        Self.oldestBackfillDate(now: now(), timeZone: timeZone())
    }

    /// The earliest instant `addStreakEvent(date:timeZone:)` accepts at `now`: one calendar
    /// year before, in `timeZone`. Older events go through `importStreakEvents(_:)`.
    public nonisolated static func oldestBackfillDate(now: Date, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(byAdding: .year, value: -1, to: now) ?? now.addingTimeInterval(-366 * 86_400)
    }
}

/// A board manager's cache: the store keeps its own, nothing to read or save here.
struct NoStreakCache: LocalStreakPersistence {
    func getSavedStreakData(streakKey: String) -> CurrentStreakData? { nil }
    func saveCurrentStreakData(streakKey: String, _ streak: CurrentStreakData?) throws {}
}
