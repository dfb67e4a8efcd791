import Foundation
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// Experience points, progress and the points settings on a database copy, kept like the
/// streaks: read from the copy (after the process's first sync), written to the server
/// first and then to the copy; while the server is out of reach, written to the copy and
/// queued. A sync pulls each ledger whose revision on the server moved, whole.
extension ReplicatedStreakStore: PointsStore {
    private var pointsCopy: any PointsStore { replicaFiles.pointsOnOwnThreads }

    private func pointsServer() throws -> any RevisionedPointsStore {
        guard let server = remote as? any RevisionedPointsStore else { throw ReplicatedStoreError.noPoints(remote.location) }
        return server
    }

    // MARK: Reads

    private func readPoints<T: Sendable>(_ userId: String, _ read: (any PointsStore) async throws -> T) async throws -> T {
        _ = try pointsServer()
        try await beforeRead(userId)
        return try await read(pointsCopy)
    }

    public func experienceEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try await readPoints(userId) { try await $0.experienceEvents(userId: userId, experienceKey: experienceKey) }
    }

    public func progressItems(userId: String, progressKey: String) async throws -> [ProgressItem] {
        try await readPoints(userId) { try await $0.progressItems(userId: userId, progressKey: progressKey) }
    }

    public func experienceKeys(userId: String) async throws -> [String] {
        try await readPoints(userId) { try await $0.experienceKeys(userId: userId) }
    }

    public func progressKeys(userId: String) async throws -> [String] {
        try await readPoints(userId) { try await $0.progressKeys(userId: userId) }
    }

    public func pointsSettings(userId: String) async throws -> StreakPointsSettings {
        try await readPoints(userId) { try await $0.pointsSettings(userId: userId) }
    }

    // MARK: Writes

    @discardableResult
    public func addExperienceEvents(_ events: [ExperiencePointsEvent], userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try await pointsWrite(userId, experienceKey, .addExperience(events)) {
            try await $0.addExperienceEvents(events, userId: userId, experienceKey: experienceKey)
        } mirroring: { copy, _ in
            try await copy.addExperienceEvents(events, userId: userId, experienceKey: experienceKey)
        }
    }

    public func deleteAllExperienceEvents(userId: String, experienceKey: String, now: Date) async throws {
        try await pointsWrite(userId, experienceKey, .clearExperience, now: now) {
            try await $0.deleteAllExperienceEvents(userId: userId, experienceKey: experienceKey, now: now)
        } mirroring: { copy, _ in
            try await copy.deleteAllExperienceEvents(userId: userId, experienceKey: experienceKey, now: now)
        }
    }

    @discardableResult
    public func saveProgress(_ item: ProgressItem, userId: String) async throws -> ProgressItem {
        try await pointsWrite(userId, item.progressKey, .saveProgress(item)) {
            try await $0.saveProgress(item, userId: userId)
        } mirroring: { copy, kept in
            // What the server kept, which may be higher than what was asked.
            try await copy.saveProgress(kept, userId: userId)
        }
    }

    public func deleteProgress(id: String?, userId: String, progressKey: String, now: Date) async throws {
        try await pointsWrite(userId, progressKey, .deleteProgress(id: id), now: now) {
            try await $0.deleteProgress(id: id, userId: userId, progressKey: progressKey, now: now)
        } mirroring: { copy, _ in
            try await copy.deleteProgress(id: id, userId: userId, progressKey: progressKey, now: now)
        }
    }

    /// Straight to the server (what `copy` does), then the copy takes the server's.
    public func setPointsSettings(_ settings: StreakPointsSettings, userId: String) async throws {
        try checkUser(userId)
        let server = try pointsServer()
        try await lock.run {
            try await server.setPointsSettings(settings, userId: userId)
            try? await self.pointsCopy.setPointsSettings(settings, userId: userId)
        }
    }

    @discardableResult
    public func updatePointsSettings(_ changes: [StreakPointsSettings.Change], userId: String) async throws
        -> (before: StreakPointsSettings, after: StreakPointsSettings) {
        try await pointsWrite(userId, "", .pointsSettings(changes)) {
            try await $0.updatePointsSettings(changes, userId: userId)
        } mirroring: { copy, result in
            try await copy.setPointsSettings(result.after, userId: userId)
        }
    }

    /// Runs `call` on the server (whatever waits in the outbox pushed first), then `mirror`
    /// on the copy; a copy that fails to follow is corrected by the next pull (the server's
    /// revision moved). While the server is out of reach: `call` on the copy, and `change`
    /// queued under the operation id the server records the write with.
    private func pointsWrite<T: Sendable>(
        _ userId: String, _ key: String, _ change: QueuedChange.Change, now: Date? = nil,
        _ call: @escaping @Sendable (any PointsStore) async throws -> T,
        mirroring mirror: @escaping @Sendable (any PointsStore, T) async throws -> Void
    ) async throws -> T {
        try checkUser(userId)
        let server = try pointsServer()
        let operation = StoreOperation()
        return try await lock.run {
            if self.offlineReason == nil {
                do {
                    try await self.pushLocked()
                    let result = try await StoreOperation.$current.withValue(operation) { try await call(server) }
                    try? await mirror(self.pointsCopy, result)
                    return result
                } catch where Self.isUnreachable(error) {
                    self.wentOffline(error)
                }
            }
            let result = try await call(self.pointsCopy)
            try self.enqueueLocked(QueuedChange(
                operation: operation.id, userId: userId, streakKey: key, now: now ?? self.clock(), timezone: "UTC", change: change
            ))
            return result
        }
    }

    // MARK: Live

    public func watchExperience(userId: String, experienceKey: String) -> AsyncThrowingStream<Void, any Error> {
        startLive(now: clock, timezone: { TimeZone.current })
        return pointsCopy.watchExperience(userId: userId, experienceKey: experienceKey)
    }

    public func watchProgress(userId: String, progressKey: String) -> AsyncThrowingStream<Void, any Error> {
        startLive(now: clock, timezone: { TimeZone.current })
        return pointsCopy.watchProgress(userId: userId, progressKey: progressKey)
    }

    // MARK: Pull

    /// Reads again, whole, each ledger whose revision on the server is not the one last
    /// pulled, and empties those the server no longer has (recorded as the empty revision,
    /// so each is emptied once). Runs after a push emptied the outbox, so nothing queued is
    /// overwritten.
    func pullPointsLocked(now: Date) async throws {
        guard let server = remote as? any RevisionedPointsStore else { return }
        let revisions = try await server.pointsRevisions(userId: userId)
        var cursor = SyncCursor.read(files)
        let read = cursor
        var pulled = cursor.points ?? [:]
        let held = try replicaFiles.ledgerNames(userId: userId)
        for name in Set(revisions.keys).union(pulled.keys).union(held).sorted() {
            let revision = revisions[name] ?? ""
            guard pulled[name] != revision else { continue }
            try await pullLedger(name, from: server, now: now)
            pulled[name] = revision
        }
        cursor.points = pulled
        try cursor.write(files, since: read)
    }

    private func pullLedger(_ name: String, from server: any RevisionedPointsStore, now: Date) async throws {
        if name == "settings" {
            let settings = try await server.pointsSettings(userId: userId)
            if try replicaFiles.pointsSettings(userId: userId) != settings { try replicaFiles.setPointsSettings(settings, userId: userId) }
        } else if name.hasPrefix("experience/") {
            let key = String(name.dropFirst("experience/".count))
            let events = try await server.experienceEvents(userId: userId, experienceKey: key)
            try replicaFiles.replaceExperienceEvents(with: events, userId: userId, experienceKey: key, now: now)
        } else if name.hasPrefix("progress/") {
            let key = String(name.dropFirst("progress/".count))
            let items = try await server.progressItems(userId: userId, progressKey: key)
            try replicaFiles.replaceProgressItems(with: items, userId: userId, progressKey: key, now: now)
        }
    }
}
