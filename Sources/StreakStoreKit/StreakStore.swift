import Foundation
import SwiftfulGamification

/// Where a user's streaks live and are calculated: the file store, or PostgreSQL.
///
/// Every write is one unit: the change, the recalculation and any freezes the calculation
/// consumed, under the provider's lock for the streak, all or nothing. The returned
/// evaluation is that write's own result. Reads take no lock. The command line and the
/// dashboard run on any store through this protocol; `StreakStoreServices` runs a
/// `StreakManager` on one.
public protocol StreakStore: Sendable {
    /// Where the streaks are, fit to show: a directory, or a database URL without its password.
    var location: String { get }

    // MARK: Writes
    /// Carries out `change` alone, points not settled (what `apply` does first): the one
    /// write every store takes, each in one unit (a lock and a journal, a transaction, a
    /// request). The named writes (`createStreak`, `addEvents`, ...) are this, spelled for
    /// callers (`StreakStore+Writes.swift`).
    func applyUnsettled(_ change: StreakChange, to ref: StreakRef, at now: Date, timezone: TimeZone) async throws -> StreakChangeResult
    /// Several streaks' imports: in one write where the store can (the file store: all or
    /// none); the default imports them one by one, each whole.
    func importBatches(_ batches: [(streakKey: String, batch: ImportBatch)], userId: String, now: Date, timezone: TimeZone) async throws
        -> [(added: [StreakEvent], evaluation: StreakEvaluation)]
    /// Puts a streak straight into the trash as deleted at `dateDeleted` (a copy of another
    /// store's), unless the trash holds that one already; no key is taken.
    func importTrashed(
        _ batch: ImportBatch, archived: Bool, userId: String, streakKey: String, dateDeleted: Date, now: Date, timezone: TimeZone
    ) async throws

    // MARK: Streaks
    /// The user's streak keys, sorted; archived ones only when asked for.
    func streakKeys(userId: String, includingArchived: Bool) async throws -> [String]
    func settings(userId: String, streakKey: String) async throws -> (configuration: StreakConfiguration, goalHistory: [StreakGoalChange])
    func isArchived(userId: String, streakKey: String) async throws -> Bool

    // MARK: Trash
    /// The streaks in the trash that have not expired at `now`, the latest deleted first.
    func trashedStreaks(userId: String, now: Date) async throws -> [TrashedStreak]
    /// A streak in the trash, whole: the one deleted at `dateDeleted` with `streakKey` (what
    /// `copy` carries to another store). - Throws: `StreakStoreError.notInTrash`.
    func trashedStreak(userId: String, streakKey: String, dateDeleted: Date) async throws -> (batch: ImportBatch, archived: Bool)

    // MARK: Events, freezes, skips, notes
    /// Every event that counts (regular and freeze), in the order they were recorded.
    func events(userId: String, streakKey: String) async throws -> [StreakEvent]
    /// The regular events that count whose own day is `day` (in each event's zone), oldest first.
    func events(userId: String, streakKey: String, on day: CalendarDay, timezone: TimeZone) async throws -> [StreakEvent]
    func freezes(userId: String, streakKey: String) async throws -> [StreakFreeze]
    /// The days skipped (rule 9), ascending.
    func skips(userId: String, streakKey: String) async throws -> [CalendarDay]
    /// The streak's notes, one per day at most, by date. Every evaluation a store publishes
    /// carries them too (`StreakEvaluation.notes`).
    func notes(userId: String, streakKey: String) async throws -> [StreakNote]

    // MARK: Calculation
    /// Calculates without writing: freezes that would be consumed show but are not recorded.
    func evaluate(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation
    /// The streak as it is at `now`, recording the freezes that calculation consumes.
    func refresh(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation
    /// The streak as last calculated by any writer, if the store keeps it close at hand (nil otherwise).
    func cachedStreak(userId: String, streakKey: String) -> CurrentStreakData?

    // MARK: Live
    /// The streak's evaluation now, after every change by any process, and when a day or
    /// leeway boundary passes. Fails when the streak does not exist.
    func watch(userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone)
        -> AsyncThrowingStream<StreakEvaluation, any Error>
    /// The user's streak keys (archived left out) now and whenever they change, by any process.
    func watchStreakKeys(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<[String]>
    /// All of the user's streaks in one subscription: the key list, and each listed
    /// streak's evaluation as `watch` delivers it (what a screen of every streak follows).
    func watchStreaks(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<StreakListUpdate>
    /// Whether the live updates are flowing: `.live`, or `.lost` while a connection is
    /// down (a local store is always live).
    func watchLink() -> AsyncStream<StoreLink>
    /// Changes waiting for the server and whether a sync runs, now and as they change
    /// (`StoreSyncState.direct` for a store without a replica).
    func watchSync() -> AsyncStream<StoreSyncState>
    /// Lets go of connections and watchers.
    func close() async

    /// A whole streak as `importBatch` takes it (settings, goal and schedule history, freezes,
    /// events, skips, notes) and whether it is archived: what `copy` moves and a replica pulls.
    /// The default reads each part; a store that can read them at once (one snapshot, one request) does.
    func wholeStreak(userId: String, streakKey: String) async throws -> (batch: ImportBatch, archived: Bool)
}

/// The state of a store's live updates.
public enum StoreLink: Sendable, Equatable {
    case live
    /// Updates are not arriving; the store is reconnecting by itself.
    case lost(reason: String)
}

extension StreakStore {
    public func importBatches(_ batches: [(streakKey: String, batch: ImportBatch)], userId: String, now: Date, timezone: TimeZone) async throws
        -> [(added: [StreakEvent], evaluation: StreakEvaluation)] {
        var results: [(added: [StreakEvent], evaluation: StreakEvaluation)] = []
        for (key, batch) in batches { results.append(try await importBatch(batch, userId: userId, streakKey: key, now: now, timezone: timezone)) }
        return results
    }

    public func streakKeys(userId: String) async throws -> [String] {
        try await streakKeys(userId: userId, includingArchived: false)
    }

    /// `watchStreakKeys` and a `watch` per listed streak, merged: for a store without a
    /// `StreakFeed` (whose `subscribeToAll` does this in one place). A streak whose stream
    /// fails is said (`failed`).
    public func watchStreaks(
        userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncStream<StreakListUpdate> {
        let (stream, continuation) = AsyncStream<StreakListUpdate>.makeStream()
        let keyLists = watchStreakKeys(userId: userId, now: now, timezone: timezone)
        let task = Task {
            var followed: [String: Task<Void, Never>] = [:]
            for await keys in keyLists {
                continuation.yield(.keys(keys))
                for (key, follower) in followed where !keys.contains(key) {
                    follower.cancel()
                    followed[key] = nil
                }
                for key in keys where followed[key] == nil {
                    let evaluations = watch(userId: userId, streakKey: key, now: now, timezone: timezone)
                    followed[key] = Task {
                        do {
                            for try await evaluation in evaluations { continuation.yield(.evaluation(evaluation)) }
                        } catch {
                            continuation.yield(.failed(streakKey: key, reason: (error as? LocalizedError)?.errorDescription ?? "\(error)"))
                        }
                    }
                }
            }
            followed.values.forEach { $0.cancel() }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// A store with no connection to lose is always live.
    public func watchLink() -> AsyncStream<StoreLink> {
        AsyncStream { continuation in
            continuation.yield(.live)
        }
    }

    /// A store without a replica has nothing waiting, ever.
    public func watchSync() -> AsyncStream<StoreSyncState> {
        AsyncStream { continuation in
            continuation.yield(.direct)
        }
    }

    /// A store that holds no connection has nothing to let go of.
    public func close() async {}

    /// A holiday: `days` skipped (or their skips taken back) in every active streak, each on
    /// the days due for it (rule 8; every day of a weekly streak). One entry per streak in
    /// key order: the days changed (empty when none is due, and nothing was written) and the
    /// write's result; a streak that fails does not stop the others.
    public func changeSkipsOfEveryStreak(
        _ days: [CalendarDay], adding: Bool, userId: String, now: Date, timezone: TimeZone
    ) async throws -> [(key: String, days: [CalendarDay], result: Result<StreakEvaluation, any Error>)] {
        var results: [(key: String, days: [CalendarDay], result: Result<StreakEvaluation, any Error>)] = []
        for key in try await streakKeys(userId: userId) {
            do {
                let schedule = try await settings(userId: userId, streakKey: key).configuration.schedule
                let due = adding ? days.filter { schedule.isDue(on: $0.dayOfWeek) } : days
                guard !due.isEmpty else {
                    results.append((key, [], .success(try await evaluate(userId: userId, streakKey: key, now: now, timezone: timezone))))
                    continue
                }
                let change: StreakChange = adding ? .addSkips(due) : .removeSkips(due)
                let evaluation = try await apply(change, to: StreakRef(userId: userId, key: key), at: now, timezone: timezone).evaluation(of: key)
                results.append((key, due, .success(evaluation)))
            } catch {
                results.append((key, [], .failure(error)))
            }
        }
        return results
    }

}

/// What an import or a copy brings into a streak: optionally its configuration and goal
/// history (used when the streak is new), its freezes and its events.
public struct ImportBatch: Sendable {
    public var configuration: StreakConfiguration?
    public var goalHistory: [StreakGoalChange] = []
    public var freezes: [StreakFreeze] = []
    public var events: [StreakEvent] = []
    /// Skipped days (rule 9), added to those the streak has.
    public var skips: [CalendarDay] = []
    /// Notes, each added to the streak or replacing the one on its day.
    public var notes: [StreakNote] = []
    /// The archive state a whole export gives the streak (nil: as it is).
    public var archived: Bool?
    /// The key of every configuration line read, in order: more than one is a whole export
    /// (`export --all`), which is several streaks, never one.
    public var configurationKeys: [String] = []
    public var problems: [ImportProblem] = []

    public init(
        configuration: StreakConfiguration? = nil, goalHistory: [StreakGoalChange] = [],
        freezes: [StreakFreeze] = [], events: [StreakEvent] = [], skips: [CalendarDay] = [], notes: [StreakNote] = []
    ) {
        self.configuration = configuration
        self.goalHistory = goalHistory
        self.freezes = freezes
        self.events = events
        self.skips = skips
        self.notes = notes
    }

    /// Checks every freeze, event and note as a write would (ids, zones, metadata keys,
    /// dates in range, note texts), so a store refuses a batch whole, before writing any of it.
    public func validate() throws {
        for freeze in freezes { try freeze.validate() }
        var zones = Set<String>()
        for event in events { try event.validate(now: .distantFuture, zonesChecked: &zones) }
        for note in notes { try StreakValidation.validateStoredNote(note) }
    }

    /// The notes as a store writes them: one per day, the last given for a day winning.
    public var notesByDay: [CalendarDay: String] {
        Dictionary(notes.map { ($0.day, $0.text) }, uniquingKeysWith: { _, last in last })
    }

    /// The batch without the freezes and events `validate` would refuse, and a line for each
    /// left out (for `copy`, which moves what any store keeps and says what it could not).
    public func storable() -> (batch: ImportBatch, leftOut: [String]) {
        var kept = self
        var leftOut: [String] = []
        kept.freezes = freezes.filter { freeze in
            do { try freeze.validate(); return true } catch { leftOut.append(Self.describe(error)); return false }
        }
        var zones = Set<String>()
        kept.events = events.filter { event in
            do { try event.validate(now: .distantFuture, zonesChecked: &zones); return true } catch {
                leftOut.append(Self.describe(error))
                return false
            }
        }
        kept.notes = notes.filter { note in
            do { try StreakValidation.validateStoredNote(note); return true } catch {
                leftOut.append("the note on \(note.day): " + Self.describe(error))
                return false
            }
        }
        return (kept, leftOut)
    }

    private static func describe(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }

    /// The configuration a new streak `key` gets from this batch (the defaults when it has none).
    public func configuration(forKey key: String) -> StreakConfiguration {
        (configuration ?? StreakConfiguration(streakKey: key)).renamed(to: key)
    }
}

/// A line of an import that could not be used.
public struct ImportProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public let source: String
    public let line: Int
    public let reason: String

    public init(source: String, line: Int, reason: String) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(source):\(line): \(reason)" }
}

extension StreakStore {
    public func wholeStreak(userId: String, streakKey: String) async throws -> (batch: ImportBatch, archived: Bool) {
        let settings = try await settings(userId: userId, streakKey: streakKey)
        let batch = ImportBatch(
            configuration: settings.configuration, goalHistory: settings.goalHistory,
            freezes: try await freezes(userId: userId, streakKey: streakKey),
            events: try await events(userId: userId, streakKey: streakKey),
            skips: try await skips(userId: userId, streakKey: streakKey),
            notes: try await notes(userId: userId, streakKey: streakKey)
        )
        return (batch, try await isArchived(userId: userId, streakKey: streakKey))
    }

    /// Adds events that may repeat ids already stored, to a streak that exists.
    public func addEvents(_ events: [StreakEvent], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try await addEvents(events, userId: userId, streakKey: streakKey, now: now, timezone: timezone, freshIds: false, creating: nil)
    }
}
