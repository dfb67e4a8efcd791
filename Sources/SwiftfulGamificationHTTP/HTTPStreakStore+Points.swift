import Foundation
import StreakStoreKit
import SwiftfulGamification

/// Experience points and progress on the server (what upstream's `ExperiencePointsManager`
/// and `ProgressManager` run on, through `StoreExperiencePointsService` and
/// `StoreProgressService`): reads of `/v1/experience`, `/v1/progress` and `/v1/points`,
/// writes as changes of the vocabulary, and watching through the key's own event stream.
extension HTTPStreakStore: PointsStore {
    /// The server settles what each change earns in its own write.
    public var settlesPointsOfItsChanges: Bool { true }

    public func experienceEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try await ledger("experience", experienceKey).events ?? []
    }

    @discardableResult
    public func addExperienceEvents(_ events: [ExperiencePointsEvent], userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try await pointsChange(.addExperience(events), key: experienceKey).experienceAdded ?? []
    }

    public func deleteAllExperienceEvents(userId: String, experienceKey: String, now: Date) async throws {
        try await pointsChange(.clearExperience, key: experienceKey)
    }

    public func watchExperience(userId: String, experienceKey: String) -> AsyncThrowingStream<Void, any Error> {
        signals(["experience": experienceKey])
    }

    public func progressItems(userId: String, progressKey: String) async throws -> [ProgressItem] {
        try await ledger("progress", progressKey).items ?? []
    }

    @discardableResult
    public func saveProgress(_ item: ProgressItem, userId: String) async throws -> ProgressItem {
        guard let kept = try await pointsChange(.saveProgress(item), key: item.progressKey).progress else {
            throw HTTPStoreError.refused(status: 200, message: "the server did not say which progress it kept")
        }
        return kept
    }

    public func deleteProgress(id: String?, userId: String, progressKey: String, now: Date) async throws {
        try await pointsChange(.deleteProgress(id: id), key: progressKey)
    }

    public func watchProgress(userId: String, progressKey: String) -> AsyncThrowingStream<Void, any Error> {
        signals(["progress": progressKey])
    }

    public func experienceKeys(userId: String) async throws -> [String] { try await keys("experience") }

    public func progressKeys(userId: String) async throws -> [String] { try await keys("progress") }

    public func pointsSettings(userId: String) async throws -> StreakPointsSettings {
        try StreakWire.decode(StreakPointsSettings.self, from: try await transport.get(["points"]))
    }

    /// Replacing the settings whole is a copy's write (`streaks copy`), not a change of the vocabulary.
    public func setPointsSettings(_ settings: StreakPointsSettings, userId: String) async throws {
        throw HTTPStoreError.notOffered("replacing the points settings whole")
    }

    @discardableResult
    public func updatePointsSettings(_ changes: [StreakPointsSettings.Change], userId: String) async throws
        -> (before: StreakPointsSettings, after: StreakPointsSettings) {
        guard let settings = try await pointsChange(.pointsSettings(changes), key: "").pointsSettings else {
            throw HTTPStoreError.refused(status: 200, message: "the server did not say what the points settings became")
        }
        return (settings.before, settings.after)
    }

    // MARK: - Helpers

    @discardableResult
    private func pointsChange(_ change: StreakChange, key: String) async throws -> AppliedChange {
        // The zone a change of the settings settles the streaks in: this device's, as for any write.
        try await apply(change, userId: "", key: key, now: Date(), timezone: .current)
    }

    private func ledger(_ kind: String, _ key: String) async throws -> LedgerRecord {
        try StreakValidation.validateLedgerKey(key)
        return try StreakWire.decode(LedgerRecord.self, from: try await transport.get([kind, key]))
    }

    private func keys(_ kind: String) async throws -> [String] {
        try StreakWire.decode([String: [String]].self, from: try await transport.get([kind]))["keys"] ?? []
    }

    /// Yields once the key's stream is open and after each event on it, for the caller to read
    /// again; ends with the error when the server cannot watch the key (`failed`) or refuses the
    /// stream (a token revoked), and stops following when the caller stops, or at `close()`.
    private func signals(_ query: [String: String]) -> AsyncThrowingStream<Void, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Void, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let follower = EventFollower(
            transport: transport, query: query,
            onEvent: { name, data in
                guard name == "failed" else {
                    continuation.yield(())
                    return
                }
                let reason = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["reason"] as? String
                continuation.finish(throwing: HTTPStoreError.refused(status: 200, message: reason ?? "the server cannot watch it"))
            },
            onLink: { _ in },
            onRefusal: { status in
                continuation.finish(throwing: HTTPStoreError.refused(status: status, message: "the server answered \(status) to the event stream"))
            }
        )
        let stop = following(follower)
        continuation.onTermination = { _ in stop() }
        return stream
    }

    /// Starts `follower`, kept among the store's ledger followers (stopped at `close()`);
    /// what stops and forgets it, for its stream's end.
    fileprivate func following(_ follower: EventFollower) -> @Sendable () -> Void {
        let key = ObjectIdentifier(follower)
        ledgerFollowers.withLock { $0[key] = follower }
        follower.start()
        return { [weak self] in
            follower.stop()
            self?.ledgerFollowers.withLock { $0[key] = nil }
        }
    }
}

/// What an offline copy (`ReplicatedStreakStore`) compares for points: each ledger's revision
/// on a server that keeps them (one on PostgreSQL), and one stream for all of them.
extension HTTPStreakStore: RevisionedPointsStore {
    public func pointsRevisions(userId: String) async throws -> [String: String] {
        try StreakWire.decode([String: [String: String]].self, from: try await transport.get(["points", "revisions"]))["revisions"] ?? [:]
    }

    /// Yields after each `points` event and whenever the stream is up again (what changed
    /// while it was down is read by comparing revisions); a server that refuses it (a token
    /// revoked, a store without revisions) goes on being asked, with backoff, until the caller stops.
    public func watchAllPoints(userId: String) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let follower = EventFollower(
            transport: transport, query: ["points": "all"],
            onEvent: { name, _ in if name == "points" { continuation.yield(()) } },
            onLink: { link in if link == .live { continuation.yield(()) } }
        )
        let stop = following(follower)
        continuation.onTermination = { _ in stop() }
        return stream
    }
}
