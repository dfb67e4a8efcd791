import CNcurses
import Foundation
import Observation
import StreakDashboard
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// The dashboard's run loop. Keys, store updates, ticks and resizes all arrive as
/// `AppEvent`s on one stream; `Reducer` turns them into state and effects; `Render` draws the
/// state. Data flows one way: every write goes to the store (through the streak's
/// `StreakManager`), the store evaluates it once under its lock, and the result comes back
/// through the store's watcher and the manager's observable `evaluation`, which is all the
/// screen reads. Streaks created or removed by any process arrive the same way.
@MainActor
final class DashboardApp {
    private let store: any StreakStore
    private let userId: String
    private let zone: TimeZone
    private let clock: @Sendable () -> Date
    private let themes: ThemeCatalog
    private let screen: TerminalScreen
    private var state: DashboardState
    private let events: AsyncStream<AppEvent>
    private let continuation: AsyncStream<AppEvent>.Continuation
    private var managers: [String: StreakManager] = [:]
    private var observers: [String: Task<Void, Never>] = [:]
    private var tasks: [Task<Void, Never>] = []
    private var sources: [any DispatchSourceProtocol] = []
    private let trace: DashboardTrace?
    private let environment: [String: String]
    /// Day lookups run one at a time; while one runs, only the latest request waits.
    private var dayLoading = false
    private var pendingDay: (key: String, day: CalendarDay)?

    init(store: any StreakStore, userId: String, zone: TimeZone, clock: @escaping @Sendable () -> Date,
         themes: ThemeCatalog, theme: String, ascii: Bool, screen: TerminalScreen, keys: [String], notice: String?,
         trace: DashboardTrace?, environment: [String: String]) {
        self.store = store
        self.userId = userId
        self.zone = zone
        self.clock = clock
        self.themes = themes
        self.screen = screen
        self.trace = trace
        self.environment = environment
        (events, continuation) = AsyncStream<AppEvent>.makeStream()
        var names = themes.names
        if let index = names.firstIndex(of: theme) { names = Array(names[index...] + names[..<index]) }
        let size = screen.size
        state = DashboardState(
            keys: keys, now: clock(), zone: zone, themeNames: names, ascii: ascii || !screen.isUTF8,
            width: size.width, height: size.height
        )
        state.message = notice
    }

    /// - Parameter exitAfterFirstFrame: stop once the first frame with streak data is drawn
    ///   (to measure the time to first frame).
    func run(exitAfterFirstFrame: Bool = false) async {
        installSources()
        startTicking()
        followStreakKeys()
        followLink()
        syncManagers()
        redraw(after: nil)
        for await event in events {
            let (next, effects) = Reducer.reduce(state, event)
            state = next
            if case .keysChanged = event { syncManagers() }
            redraw(after: event)
            for effect in effects { perform(effect) }
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

    private func perform(_ effect: Effect) {
        switch effect {
        case .log(let key):
            run(key) { manager in
                let event = try await manager.addStreakEvent()
                return "Logged \(key) at \(StreakFacts.clock(event.dateCreated, self.zone))."
            }
        case .logOn(let key, let day):
            let zone = zone, clock = clock
            run(key) { manager in
                let date = day.date(atTimeOf: clock(), in: zone)
                _ = try await manager.addStreakEvent(date: date, timeZone: zone)
                return "Logged \(key) on \(day) at \(StreakFacts.clock(date, zone))."
            }
        case .remove(let key, let eventId):
            write { store, userId, now, zone in
                let removed = try await store.removeEvent(id: eventId, userId: userId, streakKey: key, now: now, timezone: zone).removed
                let eventZone = TimeZone(identifier: removed.timezone) ?? zone
                return "Removed the event of \(CalendarDay(containing: removed.dateCreated, in: eventZone)) \(StreakFacts.clock(removed.dateCreated, eventZone))."
            }
        case .removeFreeze(let key, let id):
            write { store, userId, now, zone in
                let left = try await store.removeFreeze(id: id, userId: userId, streakKey: key, now: now, timezone: zone).streak.freezesAvailableCount ?? 0
                return "Removed a freeze from \(key): \(left) left."
            }
        case .createStreak(let configuration):
            write { store, userId, now, zone in
                try await store.createStreak(userId: userId, configuration: configuration, now: now, timezone: zone)
                return "Created '\(configuration.streakKey)'. Space logs its first event."
            }
        case .updateStreak(let configuration):
            write { store, userId, now, zone in
                try await store.updateConfiguration(
                    userId: userId, streakKey: configuration.streakKey, goal: configuration.eventsRequiredPerDay,
                    leewayHours: configuration.leewayHours, freezeBehavior: configuration.freezeBehavior, now: now, timezone: zone
                )
                return "Saved \(configuration.streakKey): \(Report.configurationText(configuration))."
            }
        case .archive(let key):
            write { store, userId, now, zone in
                try await store.setArchived(true, userId: userId, streakKey: key, now: now, timezone: zone)
                return "Archived '\(key)': `streaks unarchive \(key)` brings it back."
            }
        case .saveTheme(let name):
            let environment = environment
            detached {
                var preferences = Preferences.load(environment: environment)
                preferences.theme = name
                try preferences.save(environment: environment)
                return .message("Theme: \(name) (remembered).")
            }
        case .undo(let key):
            write { store, userId, now, zone in
                let since = CalendarDay(containing: now, in: zone).startDate(in: zone)
                let removed = try await store.undoLastEvent(userId: userId, streakKey: key, since: since, now: now, timezone: zone).removed
                return removed.map { "Removed the event of \(StreakFacts.clock($0.dateCreated, zone))." } ?? "Nothing logged today to undo."
            }
        case .useFreezes(let key):
            run(key) { manager in
                let result = try await manager.useStreakFreezes()
                return result == .didUseFreezesAndSavedStreak ? "Freezes used: streak restored." : "No freezes were needed."
            }
        case .addFreeze(let key):
            run(key) { manager in
                _ = try await manager.addStreakFreeze(id: UUID().uuidString)
                return "Added a freeze to \(key)."
            }
        case .loadDay(let key, let day):
            pendingDay = (key, day)
            loadNextDay()
        case .quit:
            break
        }
    }

    /// Starts the latest day lookup asked for, unless one is running (holding the cursor down
    /// on a million-event store starts one read, not one per day passed).
    private func loadNextDay() {
        guard !dayLoading, let (key, day) = pendingDay else { return }
        pendingDay = nil
        dayLoading = true
        let store = store, userId = userId, zone = zone
        tasks.append(Task { [weak self] in
            let result = await Task.detached { () -> AppEvent in
                do {
                    return .dayEventsLoaded(DayEvents(key: key, day: day, events: try await store.events(userId: userId, streakKey: key, on: day, timezone: zone)))
                } catch {
                    return .message(ErrorReport.message(for: error))
                }
            }.value
            guard let self else { return }
            self.continuation.yield(result)
            self.dayLoading = false
            self.loadNextDay()
        })
    }

    /// Runs a write through the streak's manager; its message (or error) comes back as an event.
    private func run(_ key: String, _ write: @escaping @MainActor (StreakManager) async throws -> String) {
        guard let manager = managers[key] else { return }
        tasks.append(Task { [continuation] in
            do {
                continuation.yield(.message(try await write(manager)))
            } catch {
                continuation.yield(.message(ErrorReport.message(for: error)))
            }
        })
    }

    /// A store write off the main actor at this instant; its message (or error) is shown.
    private func write(_ work: @escaping @Sendable (any StreakStore, String, Date, TimeZone) async throws -> String) {
        let store = store, userId = userId, zone = zone, now = clock()
        detached { .message(try await work(store, userId, now, zone)) }
    }

    /// Runs a store read or write off the main actor; its event (or error) comes back.
    private func detached(_ work: @escaping @Sendable () async throws -> AppEvent) {
        let continuation = continuation
        tasks.append(Task.detached {
            do {
                continuation.yield(try await work())
            } catch {
                continuation.yield(.message(ErrorReport.message(for: error)))
            }
        })
    }

    // MARK: - Streaks

    /// A database store's connection state: while its updates are not arriving the screen
    /// says so (the store reconnects by itself and catches up); a local store is always live.
    private func followLink() {
        let links = store.watchLink()
        tasks.append(Task { [continuation] in
            var lost = false
            for await link in links {
                switch link {
                case .lost(let reason):
                    lost = true
                    continuation.yield(.message("Disconnected: \(reason). Reconnecting…"))
                case .live where lost:
                    lost = false
                    continuation.yield(.message("Reconnected: up to date."))
                case .live:
                    break
                }
            }
        })
    }

    /// The store's streak keys as they change, from any process (no polling here).
    private func followStreakKeys() {
        let keys = store.watchStreakKeys(userId: userId, now: clock, timezone: { [zone] in zone })
        tasks.append(Task { [continuation] in
            for await list in keys { continuation.yield(.keysChanged(list)) }
        })
    }

    /// One manager per streak on screen: created for new keys, logged out for removed ones.
    private func syncManagers() {
        for key in managers.keys where !state.keys.contains(key) {
            observers.removeValue(forKey: key)?.cancel()
            managers.removeValue(forKey: key)?.logOut()
        }
        for key in state.keys where managers[key] == nil {
            let zone = zone
            let manager = StreakManager(
                services: StreakStoreServices(store: store, userId: userId, now: clock, timezone: { zone }),
                configuration: StreakConfiguration(streakKey: key, useServerCalculation: true), now: clock, timeZone: { zone }
            )
            managers[key] = manager
            observers[key] = observe(manager, key: key)
            let userId = userId
            tasks.append(Task { try? await manager.logIn(userId: userId) })
        }
    }

    /// The manager's evaluation, as it changes, becomes the streak's view on screen.
    private func observe(_ manager: StreakManager, key: String) -> Task<Void, Never> {
        let continuation = continuation
        return Task {
            for await (evaluation, failure) in Observations({ (manager.evaluation, manager.listenerError) }) {
                if let evaluation {
                    continuation.yield(.streakUpdated(StreakView(key: key, evaluation: evaluation)))
                } else if let failure {
                    continuation.yield(.streakFailed(key: key, reason: failure))
                }
            }
        }
    }

    // MARK: - Terminal

    private func startTicking() {
        // The countdown moves every second; day and leeway boundaries are the store watcher's.
        let clock = clock
        tasks.append(Task { [continuation] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                continuation.yield(.tick(clock()))
            }
        })
    }

    private func installSources() {
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                let keys = self.screen.readKeys()
                if keys.isEmpty, self.screen.inputHasHungUp {
                    // The terminal is gone: nobody is left to see the dashboard.
                    self.continuation.yield(.key(.interrupt))
                    return
                }
                for key in keys {
                    if key == .suspend {
                        self.screen.suspend()
                        self.redraw(after: nil)
                    } else {
                        self.trace?.key()
                        self.continuation.yield(.key(key))
                    }
                }
            }
        }
        input.resume()
        sources.append(input)
        // Every signal that would end the process ends it through the run loop instead, which
        // restores the terminal first. SIGPIPE stays ignored: a dashboard writes to no pipe.
        let quitting = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ]
        for (number, event) in [(SIGWINCH, "resize")] + quitting.map({ ($0, "quit") }) {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    if event == "resize" {
                        let size = self.screen.resize()
                        self.continuation.yield(.resize(width: size.width, height: size.height))
                    } else {
                        self.continuation.yield(.key(.interrupt))
                    }
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    private func shutdown() {
        tasks.forEach { $0.cancel() }
        observers.values.forEach { $0.cancel() }
        sources.forEach { $0.cancel() }
        managers.values.forEach { $0.logOut() }
        screen.restore()
    }
}

/// Restores the terminal however the process ends: normal exit, or a fatal signal
/// (re-raised afterwards so the crash report survives).
enum TerminalSafety {
    static func install() {
        atexit { endwin() }
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT] {
            signal(number) { caught in
                endwin()
                signal(caught, SIG_DFL)
                raise(caught)
            }
        }
    }
}
