import Foundation
import GamificationSupport
import SwiftfulGamification
import Observation

/// Every streak of a user, live: one `StreakManager` per streak, fed by one subscription to
/// the store (`watchStreaks`) as any process changes it (a write here, another process's, a
/// day passing). Observe `keys` and
/// each manager through Observation; write through a manager's `perform`, or the board's
/// (which hands the result to the streak's manager, whichever streak it is).
///
///     let board = StreakBoard(store: FileStreakStore(rootPath: path).onOwnThreads, userId: "me")
///     board.start()
///     for key in board.keys { print(board.managers[key]?.currentStreakData.currentStreak ?? 0) }
@MainActor
@Observable
public final class StreakBoard {
    /// The user's streaks (archived ones left out), in the store's order.
    public private(set) var keys: [String] = []
    /// Whether the store has listed the streaks yet (until it has, `keys` is empty for not knowing).
    public private(set) var hasListed = false
    /// A manager per streak, from its first evaluation on.
    public private(set) var managers: [String: StreakManager] = [:]
    /// Why a streak could not be read, until it delivers again.
    public private(set) var failures: [String: String] = [:]
    /// A copy's changes waiting for its server and its syncs (nil for a store that writes through).
    public private(set) var sync: StoreSyncState?

    public let store: any StreakStore
    public let userId: String
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let timeZone: @Sendable () -> TimeZone
    @ObservationIgnored private let logger: (any GamificationLogger)?
    @ObservationIgnored private var tasks: [Task<Void, Never>] = []
    @ObservationIgnored private let noticeSubscribers = Broadcast<BoardNotice>()
    /// Writes under way here and in the managers, and what the feed delivered meanwhile.
    @ObservationIgnored private let writes = WritesInFlight()
    /// Called with every notice as its manager makes it, before the change is observed
    /// (for a screen that shows a notice with the change that caused it).
    @ObservationIgnored public var onNotice: ((BoardNotice) -> Void)?

    public init(
        store: any StreakStore, userId: String, logger: (any GamificationLogger)? = nil,
        now: @escaping @Sendable () -> Date = Date.init, timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
    ) {
        self.store = store
        self.userId = userId
        self.logger = logger
        self.now = now
        self.timeZone = timeZone
    }

    /// Follows the store: its list of streaks with each streak, and its sync state.
    public func start() {
        guard tasks.isEmpty else { return }
        let updates = store.watchStreaks(userId: userId, now: now, timezone: timeZone)
        tasks.append(Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                switch update {
                case .keys(let list): self.keysChanged(list)
                case .evaluation(let evaluation):
                    self.writes.feedDelivered(evaluation.configuration.streakKey)
                    self.received(evaluation, for: evaluation.configuration.streakKey)
                case .failed(let key, let reason): self.failures[key] = reason
                }
            }
        })
        let states = store.watchSync()
        tasks.append(Task { [weak self] in
            for await state in states {
                guard let self else { return }
                if self.sync != state { self.sync = state }
            }
        })
    }

    /// Stops following the store; the managers keep what they last had.
    public func stop() {
        for task in tasks { task.cancel() }
        tasks = []
    }

    /// Every streak's notices from now on, each once, with its key (the managers' own
    /// `notices()` say the same per streak).
    public func notices() -> AsyncStream<BoardNotice> { noticeSubscribers.subscribe() }

    /// Runs a write on the store, any streak's or none's (creating, renaming, archiving,
    /// moving): the evaluation it returns goes to its streak's manager (a new one for a new
    /// streak) before this returns, unless the feed delivered something for that streak while
    /// the write ran (then the manager has the write's result or what came after it, and the
    /// feed delivers the rest); what else it changes arrives through the store's feed.
    public func perform<Result: Sendable>(
        _ write: @Sendable (_ store: any StreakStore, _ userId: String) async throws -> (Result, StreakEvaluation?)
    ) async throws -> Result {
        let (store, userId) = (store, userId)
        let (result, evaluation) = try await writes.run { try await write(store, userId) }
        if let evaluation { received(evaluation, for: evaluation.configuration.streakKey) }
        return result
    }

    private func keysChanged(_ list: [String]) {
        if !hasListed { hasListed = true }
        if list != keys { keys = list }
        for key in managers.keys where !list.contains(key) { managers[key] = nil }
        for key in failures.keys where !list.contains(key) { failures[key] = nil }
    }

    private func received(_ evaluation: StreakEvaluation, for key: String) {
        if failures[key] != nil { failures[key] = nil }
        if let manager = managers[key] {
            manager.receive(evaluation)
            return
        }
        let manager = StreakManager(
            store: store, userId: userId, evaluation: evaluation, writes: writes, logger: logger, now: now, timeZone: timeZone
        )
        manager.noticeSink = { [weak self] notice in
            let boardNotice = BoardNotice(streakKey: key, notice: notice)
            self?.onNotice?(boardNotice)
            self?.noticeSubscribers.send(boardNotice)
        }
        managers[key] = manager
    }
}

/// A streak's notice on a `StreakBoard`.
public struct BoardNotice: Sendable, Equatable {
    public let streakKey: String
    public let notice: StreakNotice
}
