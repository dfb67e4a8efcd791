import Foundation
import StreakStoreKit
import SwiftfulGamification

/// The trash on a database copy: the server's trash while it is in reach; offline, the
/// copy's own, with deletes and restores queued like any write.
extension ReplicatedStreakStore {
    func delete(_ ref: StreakRef, now: Date, timezone: TimeZone) async throws -> StreakChangeResult {
        let deleted = try await write(ref.userId, ref.key, now, timezone, .delete) {
            try await $0.applyUnsettled(.delete, to: ref, at: now, timezone: timezone)
        }
        // The server's delete moves no revision to mirror: the copy lets the streak go here
        // (a pull would remove it too). Offline the copy's own delete was the write.
        if offlineReason == nil, (try? await replica.streakKeys(userId: ref.userId, includingArchived: true).contains(ref.key)) == true {
            _ = try? await replica.applyUnsettled(.delete, to: ref, at: now, timezone: timezone)
            try? markStale([ref.key])
        }
        return deleted
    }

    public func trashedStreaks(userId: String, now: Date) async throws -> [TrashedStreak] {
        try checkUser(userId)
        if offlineReason == nil {
            do {
                return try await remote.trashedStreaks(userId: userId, now: now)
            } catch where Self.isUnreachable(error) {
                wentOffline(error)
            }
        }
        return try await replica.trashedStreaks(userId: userId, now: now)
    }

    public func trashedStreak(userId: String, streakKey: String, dateDeleted: Date) async throws -> (batch: ImportBatch, archived: Bool) {
        try checkUser(userId)
        if offlineReason == nil {
            do {
                return try await remote.trashedStreak(userId: userId, streakKey: streakKey, dateDeleted: dateDeleted)
            } catch where Self.isUnreachable(error) {
                wentOffline(error)
            }
        }
        return try await replica.trashedStreak(userId: userId, streakKey: streakKey, dateDeleted: dateDeleted)
    }

    /// Straight to the server (what `copy` does): a copy's trash is the server's while online.
    public func importTrashed(
        _ batch: ImportBatch, archived: Bool, userId: String, streakKey: String, dateDeleted: Date, now: Date, timezone: TimeZone
    ) async throws {
        try checkUser(userId)
        try await remote.importTrashed(batch, archived: archived, userId: userId, streakKey: streakKey, dateDeleted: dateDeleted, now: now, timezone: timezone)
    }
}
