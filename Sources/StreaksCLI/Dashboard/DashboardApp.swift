import CNcurses
import Foundation
import Observation
import StreakDashboard
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// The dashboard's run loop: terminal keys, store updates, ticks and resizes become
/// `AppEvent`s; `Reducer` turns them into state and effects; `Render` draws the state.
/// Every write goes through the store (via `StreakManager`); the screen changes only when
/// the store reports back.
@MainActor
final class DashboardApp {
    private let store: FileStreakStore
    private let userId: String
    private let zone: TimeZone
    private let clock: @Sendable () -> Date
    private let themes: ThemeCatalog
    private let screen: TerminalScreen
    private var state: DashboardState
    private let events: AsyncStream<AppEvent>
    private let continuation: AsyncStream<AppEvent>.Continuation
    private var manager: StreakManager?
    private var watchTask: Task<Void, Never>?
    private var tickTask: Task<Void, Never>?
    private var sources: [any DispatchSourceProtocol] = []

    init(store: FileStreakStore, userId: String, zone: TimeZone, clock: @escaping @Sendable () -> Date,
         themes: ThemeCatalog, theme: String, ascii: Bool, screen: TerminalScreen, keys: [String], notice: String?) {
        self.store = store
        self.userId = userId
        self.zone = zone
        self.clock = clock
        self.themes = themes
        self.screen = screen
        (events, continuation) = AsyncStream<AppEvent>.makeStream()
        var names = themes.names
        if let index = names.firstIndex(of: theme) { names = Array(names[index...] + names[..<index]) }
        let size = screen.size
        state = DashboardState(
            keys: keys, selected: keys.first ?? CommandContext.defaultKey, now: clock(), zone: zone,
            themeNames: names, ascii: ascii || !screen.isUTF8, width: size.width, height: size.height
        )
        state.message = notice
    }

    /// - Parameter exitAfterFirstFrame: stop once the first frame with streak data is drawn
    ///   (to measure the time to first frame).
    func run(exitAfterFirstFrame: Bool = false) async {
        installSources()
        startTicking()
        await select(state.selected)
        redraw()
        for await event in events {
            let (next, effects) = Reducer.reduce(state, event)
            state = next
            redraw()
            for effect in effects { await perform(effect) }
            if state.isFinished || (exitAfterFirstFrame && state.view != nil) { break }
        }
        shutdown()
    }

    private func redraw() {
        let theme = themes.theme(named: state.themeName) ?? themes.theme(named: "default")!
        screen.draw(Render.render(state), theme: theme)
    }

    private func perform(_ effect: Effect) async {
        do {
            switch effect {
            case .log:
                let event = try await manager?.addStreakEvent()
                if let event { continuation.yield(.message("Logged at \(StreakFacts.clock(event.dateCreated, zone)).")) }
            case .undo(let key):
                let store = store, userId = userId, zone = zone, now = clock()
                let since = CalendarDay(containing: now, in: zone).startDate(in: zone)
                let removed = try await Task.detached {
                    try store.undoLastEvent(userId: userId, streakKey: key, since: since, now: now, timezone: zone).removed
                }.value
                continuation.yield(.message(removed == nil ? "Nothing logged today to undo." : "Removed the event of \(StreakFacts.clock(removed!.dateCreated, zone))."))
            case .useFreezes:
                let result = try await manager?.useStreakFreezes()
                continuation.yield(.message(result == .didUseFreezesAndSavedStreak ? "Freezes used: streak restored." : "No freezes were needed."))
            case .addFreeze:
                _ = try await manager?.addStreakFreeze()
                continuation.yield(.message("Added a freeze."))
            case .select(let key):
                await select(key)
            case .quit:
                break
            }
        } catch {
            continuation.yield(.message(ErrorReport.message(for: error)))
        }
    }

    /// Follows `key`: a manager on the store for writes, and its changes for redraws.
    private func select(_ key: String) async {
        watchTask?.cancel()
        manager?.logOut()
        do {
            let configuration = try store.settings(userId: userId, streakKey: key).configuration.with(useServerCalculation: true)
            let clock = clock, zone = zone
            let manager = StreakManager(
                services: FileStreakServices(store: store, userId: userId, now: clock, timezone: { zone }),
                configuration: configuration, now: clock, timeZone: { zone }
            )
            self.manager = manager
            try await manager.logIn(userId: userId)
            watchTask = Task { [weak self] in
                for await _ in Self.changes(of: manager) {
                    guard let self, !Task.isCancelled else { return }
                    await self.refresh(key)
                }
            }
            await refresh(key)
        } catch {
            continuation.yield(.message(ErrorReport.message(for: error)))
        }
    }

    /// Reads the day records and freezes behind the manager's latest data.
    private func refresh(_ key: String) async {
        let store = store, userId = userId, zone = zone, now = clock()
        let view = try? await Task.detached { () throws -> StreakView in
            let settings = try store.settings(userId: userId, streakKey: key)
            return StreakView(
                key: key, configuration: settings.configuration,
                evaluation: try store.evaluate(userId: userId, streakKey: key, now: now, timezone: zone),
                freezes: try store.freezes(userId: userId, streakKey: key)
            )
        }.value
        if let view { continuation.yield(.streakUpdated(view)) }
    }

    /// Yields whenever the manager's streak data changes.
    private static func changes(of manager: StreakManager) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        ChangeTracker(manager: manager, continuation: continuation).track()
        return stream
    }

    private func startTicking() {
        tickTask = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                guard let self else { return }
                self.continuation.yield(.tick(self.clock()))
                // Streaks created by another process show up as tabs.
                if let keys = try? self.store.streakKeys(userId: self.userId), keys != self.state.keys, !keys.isEmpty {
                    self.continuation.yield(.keysChanged(keys))
                }
            }
        }
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
                        self.redraw()
                    } else {
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
        tickTask?.cancel()
        watchTask?.cancel()
        sources.forEach { $0.cancel() }
        manager?.logOut()
        screen.restore()
    }
}

/// Re-arms `withObservationTracking` after every change of `currentStreakData`.
@MainActor
private final class ChangeTracker: Sendable {
    let manager: StreakManager
    let continuation: AsyncStream<Void>.Continuation

    init(manager: StreakManager, continuation: AsyncStream<Void>.Continuation) {
        self.manager = manager
        self.continuation = continuation
    }

    func track() {
        withObservationTracking { _ = manager.currentStreakData } onChange: { [self] in
            Task { @MainActor in
                self.continuation.yield()
                self.track()
            }
        }
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
