import Foundation
import GamificationSupport
import Observation
import StreakDashboard
import StreakPresentation
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationReplica

/// The dashboard's run loop. Keys, streak changes, ticks and resizes all arrive as
/// `AppEvent`s on one stream; `DashboardLoop` (the `Reducer` and when to draw) turns them
/// into state and effects; `Render` draws the state. Data flows one way: store -> feed ->
/// `StreakBoard` (a `StreakManager` per streak) -> Observation -> this loop -> screen.
/// Every write goes through the streak's manager to the store, which evaluates it once under
/// its lock; the manager takes that result before the write returns. What the screen shows
/// of a streak comes from its manager alone, by one road: a write's own result too is sent
/// from the manager (just before the write's outcome, so the loop draws both in one frame);
/// the feed's echo of the same result changes no manager. Streaks changed, created or
/// removed by any other process reach the managers through the same feed, and the screen
/// through Observation.
@MainActor
package final class DashboardApp {
    private let store: any StreakStore
    private let userId: String
    private let zone: TimeZone
    private let clock: @Sendable () -> Date
    private let themes: ThemeCatalog
    private let screen: any TerminalBackend
    private var loop: DashboardLoop
    /// What the screen shows (read by tests).
    package var state: DashboardState { loop.state }
    private let events: AsyncStream<AppEvent>
    private let continuation: AsyncStream<AppEvent>.Continuation
    /// The user's streaks, live: what the screen shows is read from its managers.
    private let board: StreakBoard
    /// The manager each streak's view was last read from (a new one is observed anew).
    private var observed: [String: ObjectIdentifier] = [:]
    /// The manager and evaluation each streak's view was last sent with: a manager's value is
    /// sent once (a new manager's always).
    private var sent: [String: (manager: ObjectIdentifier, evaluation: StreakEvaluation)] = [:]
    /// Notices the managers made since their streak's view was last sent.
    private var pendingNotices: [String: [StreakNotice]] = [:]
    private var tasks: [Task<Void, Never>] = []
    /// The next tick, and the instant it is for.
    private var ticker: (task: Task<Void, Never>, at: Date)?
    private var ticking = false
    private let trace: DashboardTrace?
    /// Called as each write returns, before its outcome is shown (tests count what follows).
    package var onWritten: (() -> Void)?
    private let memory: DashboardMemory
    /// Day lookups run one at a time; while one runs, only the latest request waits.
    private var dayLoading = false
    private var pendingDay: (key: String, day: CalendarDay)?
    /// Experience points, while they are on.
    private var points: DashboardPoints?

    package init(store: any StreakStore, userId: String, zone: TimeZone, clock: @escaping @Sendable () -> Date,
         themes: ThemeCatalog, theme: String, ascii: Bool, screen: any TerminalBackend, keys: [String], notice: String?,
         trace: DashboardTrace?, memory: DashboardMemory) {
        self.store = store
        self.userId = userId
        self.zone = zone
        self.clock = clock
        self.themes = themes
        self.screen = screen
        self.trace = trace
        self.memory = memory
        (events, continuation) = AsyncStream<AppEvent>.makeStream()
        var names = themes.names
        if let index = names.firstIndex(of: theme) { names = Array(names[index...] + names[..<index]) }
        let size = screen.size
        var state = DashboardState(
            keys: keys, now: clock(), zone: zone, themeNames: names, ascii: ascii || !screen.isUTF8,
            width: size.width, height: size.height
        )
        state.message = notice
        state.askMemory = Dictionary(uniqueKeysWithValues: keys.map { ($0, memory.answers($0)) })
        loop = DashboardLoop(state: state)
        board = StreakBoard(store: store, userId: userId, now: clock, timeZone: { zone })
        board.onNotice = { [weak self] notice in self?.pendingNotices[notice.streakKey, default: []].append(notice.notice) }
    }

    /// - Parameters:
    ///   - exitAfterFirstFrame: stop once the first frame with streak data is drawn (to
    ///     measure the time to first frame).
    ///   - ticking: move the clock as the screen needs (a test counting frames turns it off).
    package func run(exitAfterFirstFrame: Bool = false, ticking: Bool = true) async {
        self.ticking = ticking
        screen.start(deliver: { [weak self] event in
            if case .key = event { self?.trace?.key() }
            self?.continuation.yield(event)
        }, redraw: { [weak self] in self?.redraw(after: nil) })
        scheduleTick()
        followLink()
        board.start()
        observeBoard()
        startPoints()
        // The selected streak usually arrives within milliseconds: until it does, frames wait
        // (a screen of "loading" drawn and at once drawn over is only terminal output),
        // unless it takes longer than a blink.
        let holdUntil = Date().addingTimeInterval(0.15)
        var holding = state.selected != nil && state.view == nil
        if holding {
            let clock = clock
            tasks.append(Task { [continuation] in
                await sleep(untilWallClock: holdUntil)
                continuation.yield(.tick(clock()))
            })
        } else {
            redraw(after: nil)
        }
        for await event in events {
            if case .tick(let now) = event { points?.tick(now) }
            let (draw, effects) = loop.handle(event)
            if holding {
                if state.view != nil || state.isFinished || Date() >= holdUntil {
                    holding = false
                    redraw(after: event)
                }
            } else if draw {
                redraw(after: event)
            }
            for effect in effects { perform(effect) }
            scheduleTick()
            if state.isFinished || (exitAfterFirstFrame && state.view != nil) { break }
        }
        shutdown()
    }

    private func redraw(after event: AppEvent?) {
        let theme = themes.theme(named: state.themeName) ?? themes.theme(named: "default")!
        screen.draw(Render.render(state), theme: theme)
        trace?.frame(after: event, state: state)
    }

    // MARK: - Effects

    /// Every effect that writes goes to the store here, at this instant; the streak as the
    /// write left it comes back from its manager, then the outcome.
    private func perform(_ effect: Effect) {
        let zone = zone, now = clock()
        switch effect {
        case .log(let key):
            let event = StreakEvent(id: UUID().uuidString, dateCreated: now, timezone: zone.identifier)
            apply(.addEvents([event], creating: nil, freshIds: true), to: key, at: now) { (.logged(key: key, at: now), $0) }
        case .logOn(let key, let day, let count, let amount):
            let isToday = day == CalendarDay(containing: now, in: zone)
            let date = isToday ? now : day.date(atTimeOf: now, in: zone)
            let events = (0..<count).map { _ in StreakEvent(id: UUID().uuidString, dateCreated: date, timezone: zone.identifier, amount: amount) }
            apply(.addEvents(events, creating: nil, freshIds: true), to: key, at: now) { evaluation in
                (.loggedOn(key: key, day: isToday ? nil : day, at: date, count: count, amount: amount, unit: evaluation?.configuration.unit), evaluation)
            }
        case .write(let change, let key):
            let named = effect.writesStreak ?? key, shown = state.views[key]?.evaluation
            write(named) { store, userId in
                do {
                    let produced = try await store.apply(change, to: StreakRef(userId: userId, key: key), at: now, timezone: zone)
                    let said = WriteOutcome.of(change, to: named, produced: produced, shown: shown)
                    return (said.outcome, said.updatesManager ? produced.evaluation : nil)
                } catch {
                    guard let answer = WriteOutcome.refusal(error, of: change, to: named) else { throw error }
                    return (answer, nil)
                }
            }
        case .undo(let key):
            let since = CalendarDay(containing: now, in: zone).startDate(in: zone)
            applying(.undoLast(since: since), to: key, at: now) { (.undone(key: key, event: $0.removed), $0.evaluation) }
        case .addFreeze(let key):
            apply(.addFreezes([StreakFreeze(id: UUID().uuidString, dateEarned: now)]), to: key, at: now) { (.freezeAdded(key: key), $0) }
        case .move(let key, let place):
            write(key) { store, userId in
                // The moved streak's own write gives its result; nothing to read back.
                return (.moved(key: key, place: place), try await store.moveStreak(key, to: place, userId: userId, now: now, timezone: zone).moved)
            }
        case .skipEveryStreak(let days):
            write(nil) { store, userId in
                let range = try StreakValidation.skipRange(from: days.lowerBound, through: days.upperBound)
                let results = try await store.changeSkipsOfEveryStreak(range, adding: true, userId: userId, now: now, timezone: zone)
                if let failure = results.first(where: { if case .failure = $0.result { true } else { false } }), case .failure(let error) = failure.result {
                    throw error
                }
                return (.skippedEveryStreak(days: days, streaks: results.filter { !$0.days.isEmpty }.count), nil)
            }
        case .saveTheme(let name):
            let memory = memory
            write(nil) { _, _ in
                try memory.saveTheme(name)
                return (.themeSaved(name), nil)
            }
        case .rememberAnswers(let answers):
            let memory = memory
            write(nil) { _, _ in
                try memory.rememberAnswers(answers, CalendarDay(containing: now, in: zone))
                return (.answersRemembered, nil)
            }
        case .loadDay(let key, let day):
            pendingDay = (key, day)
            loadNextDay()
        case .quit:
            break
        }
    }

    /// A write in the vocabulary of change (`StreakChange`), applied to the streak `key` at
    /// `now`; `outcome` says what it did and the result the streak's manager takes (if any).
    private func apply(
        _ change: StreakChange, to key: String, at now: Date,
        outcome: @escaping @Sendable (StreakEvaluation?) -> (WriteOutcome, StreakEvaluation?)
    ) {
        applying(change, to: key, at: now) { outcome($0.evaluation) }
    }

    /// The same, for an outcome that tells what the change produced (the event removed, the
    /// freezes used, the trash record).
    private func applying(
        _ change: StreakChange, to key: String, at now: Date,
        outcome: @escaping @Sendable (StreakChangeResult) -> (WriteOutcome, StreakEvaluation?)
    ) {
        let zone = zone
        write(key) { store, userId in
            outcome(try await store.apply(change, to: StreakRef(userId: userId, key: key), at: now, timezone: zone))
        }
    }

    /// Runs a write on the board: the evaluation it returns goes to that streak's manager
    /// before the write returns (making the notices of it); the manager's new view is sent,
    /// then the outcome (or the failure) as an event.
    private func write(
        _ key: String?, _ work: @escaping @Sendable (any StreakStore, String) async throws -> (WriteOutcome, StreakEvaluation?)
    ) {
        let board = board, store = store, continuation = continuation, trace = trace
        Task { [weak self] in
            do {
                let (outcome, evaluation) = try await board.perform { store, userId in
                    let result = try await work(store, userId)
                    return (result, result.1)
                }
                trace?.written()
                self?.onWritten?()
                let savedOffline = (store as? ReplicatedStreakStore)?.offlineReason != nil && outcome.key != nil
                if let written = evaluation?.configuration.streakKey { self?.sendView(of: written) }
                continuation.yield(.written(outcome, savedOffline: savedOffline))
            } catch {
                continuation.yield(.written(.failed(key: key, reason: StreakStoreError.message(for: error))))
            }
        }
    }

    /// Starts the latest day lookup asked for, unless one is running (holding the cursor down
    /// on a million-event store starts one read, not one per day passed).
    private func loadNextDay() {
        guard !dayLoading, let (key, day) = pendingDay else { return }
        pendingDay = nil
        dayLoading = true
        let store = store, userId = userId, zone = zone
        Task { [weak self] in
            let result = await Task.detached { () -> AppEvent in
                do {
                    return .dayEventsLoaded(DayEvents(key: key, day: day, events: try await store.events(userId: userId, streakKey: key, on: day, timezone: zone)))
                } catch {
                    return .message(StreakStoreError.message(for: error))
                }
            }.value
            guard let self else { return }
            self.continuation.yield(result)
            self.dayLoading = false
            self.loadNextDay()
        }
    }

    // MARK: - Streaks

    /// A database store's connection state: while its updates are not arriving the screen
    /// says so (the store reconnects by itself and catches up); a local store is always live.
    private func followLink() {
        let links = store.watchLink()
        let replicated = store is ReplicatedStreakStore
        tasks.append(Task { [continuation] in
            var lost = false
            for await link in links {
                switch link {
                case .lost(let reason):
                    lost = true
                    continuation.yield(.message("Disconnected: \(reason). Reconnecting…"))
                case .live where lost:
                    lost = false
                    // A copy on this machine syncs now: the header shows it and what still waits.
                    continuation.yield(.message(replicated ? "Reconnected." : "Reconnected: up to date."))
                case .live:
                    break
                }
            }
        })
    }

    /// Follows the board through Observation: its streak list, failures and sync state,
    /// and each manager's evaluation (re-armed after every change, as Observation fires once).
    private func observeBoard() {
        withObservationTracking {
            _ = board.keys
            _ = board.hasListed
            _ = board.managers
            _ = board.failures
            _ = board.sync
        } onChange: { [weak self] in
            Task { @MainActor [weak self] in self?.boardChanged() }
        }
    }

    private var shownKeys: [String]?
    private var shownFailures: [String: String] = [:]
    private var shownSync: StoreSyncState?

    private func boardChanged() {
        // Before the store lists its streaks the board's empty list means "not known yet".
        if board.hasListed, board.keys != shownKeys {
            shownKeys = board.keys
            continuation.yield(.keysChanged(board.keys))
        }
        for (key, manager) in board.managers where observed[key] != ObjectIdentifier(manager) {
            observed[key] = ObjectIdentifier(manager)
            managerChanged(key, manager)
        }
        for key in observed.keys where board.managers[key] == nil { observed[key] = nil }
        for key in sent.keys where board.managers[key] == nil { sent[key] = nil }
        for key in pendingNotices.keys where board.managers[key] == nil { pendingNotices[key] = nil }
        for (key, reason) in board.failures where shownFailures[key] != reason { continuation.yield(.streakFailed(key: key, reason: reason)) }
        shownFailures = board.failures
        if let sync = board.sync, sync != shownSync {
            shownSync = sync
            continuation.yield(.syncChanged(sync))
        }
        observeBoard()
    }

    /// A manager's evaluation as the streak's view, with the notices made of it; then
    /// watching for its next one.
    private func managerChanged(_ key: String, _ manager: StreakManager) {
        guard board.managers[key] === manager else { return }
        withObservationTracking {
            _ = manager.evaluation
        } onChange: { [weak self] in
            Task { @MainActor [weak self] in self?.managerChanged(key, manager) }
        }
        sendView(of: key)
    }

    /// The streak's view from its manager, with the notices made of it, unless that value was
    /// sent already (a write sends its own result at once; Observation then finds it sent).
    private func sendView(of key: String) {
        guard let manager = board.managers[key], let evaluation = manager.evaluation else { return }
        if let last = sent[key], last.manager == ObjectIdentifier(manager), last.evaluation.isSameEvaluation(as: evaluation) { return }
        sent[key] = (ObjectIdentifier(manager), evaluation)
        continuation.yield(.streakUpdated(StreakView(key: key, evaluation: evaluation, notices: takeNotices(key))))
    }

    private func takeNotices(_ key: String) -> [StreakNotice] {
        pendingNotices.removeValue(forKey: key) ?? []
    }

    // MARK: - Terminal

    /// Wakes when the screen next changes by itself: the clock and countdowns show minutes,
    /// so at the next minute, or sooner when a toast is due to go. Day and leeway boundaries
    /// are the store feed's. An idle dashboard wakes about once a minute.
    private func scheduleTick() {
        guard ticking else { return }
        let now = clock()
        var wake = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
        if let toast = state.toast, toast.until > now { wake = min(wake, toast.until) }
        if let ticker, ticker.at == wake { return }
        ticker?.task.cancel()
        let clock = clock
        let task = Task { [weak self, continuation] in
            await sleep(untilWallClock: Date().addingTimeInterval(max(0, wake.timeIntervalSince(now)) + 0.001))
            guard !Task.isCancelled else { return }
            // Spent: the tick's own handling schedules the next one.
            self?.ticker = nil
            continuation.yield(.tick(clock()))
        }
        ticker = (task, wake)
    }

    private func startPoints() {
        let (store, userId, zone, clock) = (store, userId, zone, clock)
        tasks.append(Task { [weak self] in
            guard let points = await DashboardPoints.open(store: store, userId: userId, zone: zone, clock: clock), let self else { return }
            self.points = points
            await points.start { [weak self] data in self?.continuation.yield(.pointsUpdated(data)) }
            points.catchUp(board.managers.values.compactMap(\.evaluation))
        })
    }

    private func shutdown() {
        points?.stop()
        tasks.forEach { $0.cancel() }
        ticker?.task.cancel()
        board.stop()
        screen.stop()
    }
}
