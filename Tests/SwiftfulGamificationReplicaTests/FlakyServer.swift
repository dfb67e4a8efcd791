import Foundation
import StreakStoreKit
import Synchronization
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// A server for replicas to talk to, over a file store: it can be switched off, or made to
/// lose the reply of its next write after applying it. Like the PostgreSQL store it moves a
/// streak's revision on every write and answers a repeated operation id with the first
/// result, without applying it again.
final class FlakyServer: RevisionedStreakStore, Sendable {
    let files: FileStreakStore
    private let state = Mutex(State())

    struct State {
        var reachable = true
        var loseNextReply = false
        var revisions: [String: Int64] = [:]
        var recorded: [String: any Sendable] = [:]
        var writes = 0
        var settlesOwnPoints = false
        var settingsReads = 0
    }

    struct Unreachable: StoreReachabilityError, LocalizedError {
        let unreachableReason: String
        var isUnreachable: Bool { true }
        var errorDescription: String? { "Cannot connect to the test server: \(unreachableReason)." }
    }

    init(directory: String) {
        files = FileStreakStore(rootPath: directory)
    }

    var location: String { "test://server" }

    var reachable: Bool {
        get { state.withLock { $0.reachable } }
        set { state.withLock { $0.reachable = newValue } }
    }

    /// The next write is applied, and then its caller hears that the connection broke.
    func loseNextReply() { state.withLock { $0.loseNextReply = true } }

    /// Writes applied (a repeat answered from the record is not one).
    var writes: Int { state.withLock { $0.writes } }

    /// Whether it says it settles its changes' points itself, as a streak server does.
    var settlesOwnPoints: Bool {
        get { state.withLock { $0.settlesOwnPoints } }
        set { state.withLock { $0.settlesOwnPoints = newValue } }
    }

    /// Reads of the points settings (the first thing a settling does).
    var settingsReads: Int { state.withLock { $0.settingsReads } }

    private func reach() throws {
        if !reachable { throw Unreachable(unreachableReason: "connection refused") }
    }

    private func write<T: Sendable>(_ key: String, renamedTo newKey: String? = nil, _ body: () throws -> T) throws -> T {
        try reach()
        let id = StoreOperation.current?.nextWriteId()
        if let id, let recorded = state.withLock({ $0.recorded[id] }) { return recorded as! T }
        let result = try body()
        let lose = state.withLock { state in
            let before = state.revisions[key] ?? 0
            state.revisions[key] = nil
            state.revisions[newKey ?? key] = before + 1
            state.writes += 1
            if let id { state.recorded[id] = result }
            StoreOperation.current?.noteRevision(streakKey: key, before: before, after: before + 1)
            defer { state.loseNextReply = false }
            return state.loseNextReply
        }
        if lose { throw Unreachable(unreachableReason: "the server closed the connection") }
        return result
    }

    func applyUnsettled(_ change: StreakChange, to ref: StreakRef, at now: Date, timezone: TimeZone) async throws -> StreakChangeResult {
        if change.isPoints { return try await applyPoints(change, to: ref, at: now) }
        let written: (key: String, renamedTo: String?) = switch change {
        case .rename(let newKey), .settings(_, _, _, _, _, let newKey?): (ref.key, newKey)
        case .restore(let newKey?): (newKey, nil)
        default: (ref.key, nil)
        }
        return try write(written.0, renamedTo: written.1) { try files.applyUnsettled(change, to: ref, at: now, timezone: timezone) }
    }

    func revisions(userId: String) async throws -> [String: Int64] {
        try reach()
        let keys = try files.streakKeys(userId: userId, includingArchived: true)
        return state.withLock { state in Dictionary(uniqueKeysWithValues: keys.map { ($0, state.revisions[$0] ?? 1) }) }
    }

    func streakKeys(userId: String, includingArchived: Bool) async throws -> [String] {
        try reach()
        return try files.streakKeys(userId: userId, includingArchived: includingArchived)
    }

    func settings(userId: String, streakKey: String) async throws -> (configuration: StreakConfiguration, goalHistory: [StreakGoalChange]) {
        try reach()
        return try files.settings(userId: userId, streakKey: streakKey)
    }

    func isArchived(userId: String, streakKey: String) async throws -> Bool {
        try reach()
        return try files.isArchived(userId: userId, streakKey: streakKey)
    }

    func trashedStreaks(userId: String, now: Date) async throws -> [TrashedStreak] {
        try reach()
        return try files.trashedStreaks(userId: userId, now: now)
    }

    func trashedStreak(userId: String, streakKey: String, dateDeleted: Date) async throws -> (batch: ImportBatch, archived: Bool) {
        try reach()
        return try files.trashedStreak(userId: userId, streakKey: streakKey, dateDeleted: dateDeleted)
    }

    func importTrashed(
        _ batch: ImportBatch, archived: Bool, userId: String, streakKey: String, dateDeleted: Date, now: Date, timezone: TimeZone
    ) async throws {
        try reach()
        try files.importTrashed(batch, archived: archived, userId: userId, streakKey: streakKey, dateDeleted: dateDeleted, now: now, timezone: timezone)
    }

    func events(userId: String, streakKey: String) async throws -> [StreakEvent] {
        try reach()
        return try files.events(userId: userId, streakKey: streakKey)
    }

    func events(userId: String, streakKey: String, on day: CalendarDay, timezone: TimeZone) async throws -> [StreakEvent] {
        try reach()
        return try files.events(userId: userId, streakKey: streakKey, on: day, timezone: timezone)
    }

    func freezes(userId: String, streakKey: String) async throws -> [StreakFreeze] {
        try reach()
        return try files.freezes(userId: userId, streakKey: streakKey)
    }

    func skips(userId: String, streakKey: String) async throws -> [CalendarDay] {
        try reach()
        return try files.skips(userId: userId, streakKey: streakKey)
    }

    func notes(userId: String, streakKey: String) async throws -> [StreakNote] {
        try reach()
        return try files.notes(userId: userId, streakKey: streakKey)
    }

    func evaluate(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try reach()
        return try files.evaluate(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    func refresh(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.refresh(userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func cachedStreak(userId: String, streakKey: String) -> CurrentStreakData? { nil }

    func watch(userId: String, streakKey: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone)
        -> AsyncThrowingStream<StreakEvaluation, any Error> {
        files.watch(userId: userId, streakKey: streakKey, now: now, timezone: timezone)
    }

    func watchStreakKeys(userId: String, now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) -> AsyncStream<[String]> {
        files.watchStreakKeys(userId: userId, now: now, timezone: timezone)
    }
}

/// Experience points, progress and points settings, over the same files: writes count and
/// are recorded by operation id like the streaks'; a ledger's revision is its contents.
extension FlakyServer: RevisionedPointsStore {
    private var points: any PointsStore { files.pointsOnOwnThreads }

    func experienceEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try reach()
        return try await points.experienceEvents(userId: userId, experienceKey: experienceKey)
    }

    func addExperienceEvents(_ events: [ExperiencePointsEvent], userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try write("points") { try files.addExperienceEvents(events, userId: userId, experienceKey: experienceKey) }
    }

    func deleteAllExperienceEvents(userId: String, experienceKey: String, now: Date) async throws {
        try write("points") { try files.deleteAllExperienceEvents(userId: userId, experienceKey: experienceKey, now: now) }
    }

    func watchExperience(userId: String, experienceKey: String) -> AsyncThrowingStream<Void, any Error> {
        points.watchExperience(userId: userId, experienceKey: experienceKey)
    }

    func progressItems(userId: String, progressKey: String) async throws -> [ProgressItem] {
        try reach()
        return try await points.progressItems(userId: userId, progressKey: progressKey)
    }

    func saveProgress(_ item: ProgressItem, userId: String) async throws -> ProgressItem {
        try write("points") { try files.saveProgress(item, userId: userId) }
    }

    func deleteProgress(id: String?, userId: String, progressKey: String, now: Date) async throws {
        try write("points") { try files.deleteProgress(id: id, userId: userId, progressKey: progressKey, now: now) }
    }

    func watchProgress(userId: String, progressKey: String) -> AsyncThrowingStream<Void, any Error> {
        points.watchProgress(userId: userId, progressKey: progressKey)
    }

    func experienceKeys(userId: String) async throws -> [String] {
        try reach()
        return try await points.experienceKeys(userId: userId)
    }

    func progressKeys(userId: String) async throws -> [String] {
        try reach()
        return try await points.progressKeys(userId: userId)
    }

    func pointsSettings(userId: String) async throws -> StreakPointsSettings {
        try reach()
        state.withLock { $0.settingsReads += 1 }
        return try files.pointsSettings(userId: userId)
    }

    var settlesPointsOfItsChanges: Bool { settlesOwnPoints }

    func setPointsSettings(_ settings: StreakPointsSettings, userId: String) async throws {
        try write("points") { try files.setPointsSettings(settings, userId: userId) }
    }

    func updatePointsSettings(_ changes: [StreakPointsSettings.Change], userId: String) async throws
        -> (before: StreakPointsSettings, after: StreakPointsSettings) {
        try write("points") { try files.updatePointsSettings(changes, userId: userId) }
    }

    func pointsRevisions(userId: String) async throws -> [String: String] {
        try reach()
        var revisions: [String: String] = [:]
        for key in try files.ledgerNames(userId: userId) {
            if key == "settings" {
                revisions[key] = String(describing: try files.pointsSettings(userId: userId))
            } else if key.hasPrefix("experience/") {
                // As PostgreSQL: an emptied ledger is left out.
                let events = try files.experienceEvents(userId: userId, experienceKey: String(key.dropFirst(11)))
                if !events.isEmpty { revisions[key] = String(describing: events) }
            } else {
                let items = try files.progressItems(userId: userId, progressKey: String(key.dropFirst(9)))
                if !items.isEmpty { revisions[key] = String(describing: items.map { ($0.id, $0.value) }) }
            }
        }
        return revisions
    }

    func watchAllPoints(userId: String) -> AsyncStream<Void> {
        AsyncStream { _ in }
    }
}
