import Foundation
import GamificationSupport
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// What a sync moved, and what the server would not take.
public struct SyncReport: Sendable, Equatable {
    /// Queued changes the server took.
    public var pushed = 0
    /// Queued changes the server refused (a freeze another machine used first, say), in words.
    public var refused: [String] = []
    /// Outbox lines that could not be read, kept in `unreadablePath`.
    public var unreadable = 0
    public var unreadablePath = ""
    /// Streaks read again from the server, and those gone from it (removed here too).
    public var pulled: [String] = []
    public var removed: [String] = []

    public init() {}
}

extension ReplicatedStreakStore {
    /// Pushes every queued change in order, then pulls the streaks whose revision moved.
    /// - Throws: a `StoreReachabilityError` when the server cannot be reached (what waits stays queued).
    public func sync(now: Date = Date(), timezone: TimeZone = .current) async throws -> SyncReport {
        try await lock.run {
            self.updateSync { $0.isSyncInProgress = true }
            defer { self.updateSync { $0.isSyncInProgress = false } }
            do {
                var report = try await self.pushLocked()
                try await self.pullLocked(now: now, timezone: timezone, into: &report)
                try await self.pullPointsLocked(now: now)
                self.setOffline(nil)
                self.updateSync { $0.lastSynced = now }
                return report
            } catch where Self.isUnreachable(error) {
                self.wentOffline(error)
                throw error
            }
        }
    }

    /// Sends the outbox to the server in order, each change under its own operation id, and
    /// marks each done as the server takes (or refuses) it. A change the server refuses is
    /// reported and not tried again; one it already took (a push whose reply was lost)
    /// changes nothing the second time.
    @discardableResult
    func pushLocked() async throws -> SyncReport {
        var report = SyncReport()
        let outbox = Outbox(files: files)
        let contents = try outbox.read()
        guard !contents.isEmptyFile else { return report }
        for group in PushGroup.grouping(contents.pending) {
            var refusals: [String] = []
            do {
                try await push(group.change)
            } catch where Self.isUnreachable(error) {
                throw error
            } catch where group.members.count > 1 {
                // One change of the group refused: each on its own, so the others still go.
                for member in group.members {
                    do { try await push(member) } catch where Self.isUnreachable(error) { throw error } catch {
                        refusals.append(Self.refusal(member, error))
                    }
                }
            } catch {
                refusals.append(Self.refusal(group.change, error))
            }
            report.refused += refusals
            report.pushed += group.members.count - refusals.count
            try markStale(group.change.streakKeys)
            try outbox.markDone(group.members.map(\.operation))
            updateSync { $0.pendingChanges = max(0, $0.pendingChanges - group.members.count) }
        }
        if !contents.unreadable.isEmpty {
            report.unreadable = contents.unreadable.count
            report.unreadablePath = files.unreadablePath
        }
        try outbox.compact(try outbox.read())
        state.withLock { $0.problems += report.problems }
        return report
    }

    /// Applies one change (or group) on the server under its operation id; one it already
    /// took (a push whose reply was lost) counts as taken.
    private func push(_ change: QueuedChange) async throws {
        // A line naming another user (written by hand, or by another copy) is never pushed.
        guard change.userId == userId else { throw ReplicatedStoreError.otherUser(change.userId, replicaOf: userId) }
        guard let change = try await laterChangesKept(change) else { return }
        do {
            try await StoreOperation.$current.withValue(StoreOperation(id: change.operation)) {
                try await change.apply(to: remote)
            }
        } catch where change.meansAlreadyApplied(error) {}
    }

    /// A schedule change made offline does not overwrite one the server took that was made
    /// later (on another machine): the later one wins. (A goal change pushed late joins the
    /// goal history at its date: the stores merge it.) Nil: nothing left to push.
    private func laterChangesKept(_ change: QueuedChange) async throws -> QueuedChange? {
        guard case .schedule = change.change,
              let latest = try await remote.settings(userId: userId, streakKey: change.streakKey).goalHistory.last(where: { $0.schedule != nil })?.date,
              latest > change.now else { return change }
        return nil
    }

    private static func refusal(_ change: QueuedChange, _ error: any Error) -> String {
        "\(change.summary), saved \(timeText(change.now, change.zone)): \(StreakStoreError.sentence(error))"
    }

    /// Reads again each streak whose revision on the server is not the one last pulled, and
    /// removes those the server no longer has. Runs only after a push emptied the outbox, so
    /// nothing queued is overwritten.
    func pullLocked(now: Date, timezone: TimeZone, into report: inout SyncReport) async throws {
        let revisions = try await remote.revisions(userId: userId)
        var cursor = SyncCursor.read(files)
        var written = cursor
        let held = Set(try replicaFiles.streakKeys(userId: userId, includingArchived: true))
        for (key, revision) in revisions.sorted(by: { $0.key < $1.key }) where cursor.revisions[key] != revision || !held.contains(key) {
            try await rebuild(key, now: now, timezone: timezone)
            cursor.revisions[key] = revision
            try cursor.write(files, since: written)
            written = cursor
            report.pulled.append(key)
        }
        let empty = FileStreakStore(rootPath: files.directory + "/empty")
        for key in held.sorted() where revisions[key] == nil {
            try replicaFiles.replaceStreak(userId: userId, streakKey: key, from: empty)
            report.removed.append(key)
        }
        cursor.revisions = cursor.revisions.filter { revisions[$0.key] != nil }
        cursor.synced = now
        try cursor.write(files, since: written)
    }

    /// The server's streak, whole, in place of the replica's: built in a staging directory
    /// beside it, then swapped in by one rename.
    private func rebuild(_ key: String, now: Date, timezone: TimeZone) async throws {
        let (batch, archived) = try await remote.wholeStreak(userId: userId, streakKey: key)
        let stagingPath = files.directory + "/staging-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: stagingPath) }
        let staging = FileStreakStore(rootPath: stagingPath)
        _ = try staging.importBatch(batch, userId: userId, streakKey: key, now: now, timezone: timezone)
        if archived { _ = try staging.setArchived(true, userId: userId, streakKey: key, now: now, timezone: timezone) }
        try replicaFiles.replaceStreak(userId: userId, streakKey: key, from: staging)
    }

    /// What pushes in this process reported and nobody has shown yet.
    public func takeProblems() -> [String] {
        state.withLock { state in
            defer { state.problems = [] }
            return state.problems
        }
    }

    /// "2026-11-25 14:02" in `zone`: how messages about the copy name a time.
    public static func timeText(_ date: Date, _ zone: TimeZone) -> String {
        "\(LocalTimeText.day(date, zone)) \(LocalTimeText.clock(date, zone))"
    }
}

extension SyncReport {
    /// The refusals and unreadable lines, one line each.
    public var problems: [String] {
        refused.map { "not applied on the server: \($0)" }
            + (unreadable > 0 ? ["\(counted(unreadable, "queued change")) could not be read; kept in \(unreadablePath)"] : [])
    }
}
