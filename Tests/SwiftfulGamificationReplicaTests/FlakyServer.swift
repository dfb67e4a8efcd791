import Foundation
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

    func revisions(userId: String) async throws -> [String: Int64] {
        try reach()
        let keys = try files.streakKeys(userId: userId, includingArchived: true)
        return state.withLock { state in Dictionary(uniqueKeysWithValues: keys.map { ($0, state.revisions[$0] ?? 1) }) }
    }

    func streakKeys(userId: String, includingArchived: Bool) async throws -> [String] {
        try reach()
        return try files.streakKeys(userId: userId, includingArchived: includingArchived)
    }

    func createStreak(userId: String, configuration: StreakConfiguration, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(configuration.streakKey) { try files.createStreak(userId: userId, configuration: configuration, now: now, timezone: timezone) }
    }

    func settings(userId: String, streakKey: String) async throws -> (configuration: StreakConfiguration, goalHistory: [StreakGoalChange]) {
        try reach()
        return try files.settings(userId: userId, streakKey: streakKey)
    }

    func updateConfiguration(
        userId: String, streakKey: String, goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, now: Date, timezone: TimeZone
    ) async throws -> StreakEvaluation {
        try write(streakKey) {
            try files.updateConfiguration(
                userId: userId, streakKey: streakKey, goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, now: now, timezone: timezone
            )
        }
    }

    func updateSchedule(_ schedule: StreakSchedule, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.updateSchedule(schedule, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func updateSettings(
        userId: String, streakKey: String, goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, schedule: StreakSchedule?,
        details: StreakDetails, now: Date, timezone: TimeZone
    ) async throws -> StreakEvaluation {
        try write(streakKey) {
            try files.updateSettings(
                userId: userId, streakKey: streakKey, goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: schedule,
                details: details, now: now, timezone: timezone
            )
        }
    }

    func isArchived(userId: String, streakKey: String) async throws -> Bool {
        try reach()
        return try files.isArchived(userId: userId, streakKey: streakKey)
    }

    func setArchived(_ archived: Bool, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.setArchived(archived, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func renameStreak(userId: String, from oldKey: String, to newKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(oldKey, renamedTo: newKey) { try files.renameStreak(userId: userId, from: oldKey, to: newKey, now: now, timezone: timezone) }
    }

    func deleteStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> TrashedStreak {
        try write(streakKey) { try files.deleteStreak(userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func trashedStreaks(userId: String, now: Date) async throws -> [TrashedStreak] {
        try reach()
        return try files.trashedStreaks(userId: userId, now: now)
    }

    func restoreStreak(userId: String, streakKey: String, as newKey: String?, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(newKey ?? streakKey) { try files.restoreStreak(userId: userId, streakKey: streakKey, as: newKey, now: now, timezone: timezone) }
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

    func resetStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.resetStreak(userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func addEvents(
        _ events: [StreakEvent], userId: String, streakKey: String, now: Date, timezone: TimeZone, freshIds: Bool,
        creating configuration: StreakConfiguration?
    ) async throws -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try write(streakKey) {
            try files.addEvents(events, userId: userId, streakKey: streakKey, now: now, timezone: timezone, freshIds: freshIds, creating: configuration)
        }
    }

    func undoLastEvent(userId: String, streakKey: String, since: Date?, now: Date, timezone: TimeZone) async throws
        -> (removed: StreakEvent?, evaluation: StreakEvaluation) {
        try write(streakKey) { try files.undoLastEvent(userId: userId, streakKey: streakKey, since: since, now: now, timezone: timezone) }
    }

    func removeEvent(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (removed: StreakEvent, evaluation: StreakEvaluation) {
        try write(streakKey) { try files.removeEvent(id: id, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func events(userId: String, streakKey: String) async throws -> [StreakEvent] {
        try reach()
        return try files.events(userId: userId, streakKey: streakKey)
    }

    func events(userId: String, streakKey: String, on day: CalendarDay, timezone: TimeZone) async throws -> [StreakEvent] {
        try reach()
        return try files.events(userId: userId, streakKey: streakKey, on: day, timezone: timezone)
    }

    func importBatch(_ batch: ImportBatch, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try write(streakKey) { try files.importBatch(batch, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func freezes(userId: String, streakKey: String) async throws -> [StreakFreeze] {
        try reach()
        return try files.freezes(userId: userId, streakKey: streakKey)
    }

    func addFreezes(_ freezes: [StreakFreeze], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.addFreezes(freezes, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func useFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws {
        try write(streakKey) { try files.useFreeze(id: id, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func useFreezesManually(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (used: [FreezeConsumption], evaluation: StreakEvaluation) {
        try write(streakKey) { try files.useFreezesManually(userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func removeFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.removeFreeze(id: id, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func skips(userId: String, streakKey: String) async throws -> [CalendarDay] {
        try reach()
        return try files.skips(userId: userId, streakKey: streakKey)
    }

    func addSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.addSkips(days, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func removeSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.removeSkips(days, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func notes(userId: String, streakKey: String) async throws -> [StreakNote] {
        try reach()
        return try files.notes(userId: userId, streakKey: streakKey)
    }

    func setNote(_ text: String, on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.setNote(text, on: day, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
    }

    func removeNote(on day: CalendarDay, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try write(streakKey) { try files.removeNote(on: day, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
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
