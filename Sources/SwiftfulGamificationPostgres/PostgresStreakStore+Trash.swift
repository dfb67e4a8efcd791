import Foundation
import PostgresNIO
import StreakStoreKit
import Synchronization
import SwiftfulGamification

/// The trash (migration 8): a deleted streak's row stays, with `deleted_us` set and its key
/// moved aside to `~ID~KEY`, so the key is free at once and everything under the row waits
/// for a restore. A write that forgets old operation records also empties what expired
/// (`TrashedStreak.keptFor`), and the trash never lists an expired streak.
///
/// Both operations are safe to run again after a reply lost on a cut connection: a delete
/// finds its own row (same key, same instant), a restore the row it brought back.
extension PostgresStreakStore {
    func deleteStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> TrashedStreak {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateStreakKey(streakKey)
        try StreakValidation.validateDate(now, "current date")
        let micros = Int64(now.microsecondsSince1970)
        let trashed = try await session.transaction(as: userId) { connection in
            try await Self.lock(connection, userId: userId, keys: [streakKey], location: self.database)
            if let done = try await self.trashed(connection, userId: userId, condition: "AND deleted_us = $2 AND streak_key = '~' || id || '~' || $3",
                                                 binds: [micros, streakKey], now: now).first {
                return done
            }
            let row = try await self.existingRow(connection, userId: userId, key: streakKey)
            try await connection.query(
                """
                UPDATE streaks SET streak_key = '~' || id || '~' || streak_key, deleted_us = \(micros)
                WHERE user_id = \(userId) AND id = \(row.id)
                """,
                logger: PostgresSession.logger
            )
            try await Self.notify(connection, userId: userId, key: streakKey, writerId: self.watchers.writerId)
            return try await self.trashed(connection, userId: userId, condition: "AND id = $2", binds: [row.id], now: now).first!
        }
        feed.changed(userId: userId, streakKeys: [streakKey])
        feed.keysChanged(userId: userId)
        return trashed
    }

    public func trashedStreaks(userId: String, now: Date) async throws -> [TrashedStreak] {
        try StreakValidation.validateUserId(userId)
        return try await session.transaction(as: userId) { connection in
            try await self.trashed(connection, userId: userId, condition: "", binds: [], now: now)
        }
    }

    func restoreStreak(userId: String, streakKey: String, as newKey: String?, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateStreakKey(streakKey)
        let target = newKey ?? streakKey
        try StreakValidation.validateStreakKey(target)
        // The row a first attempt brought back, should its reply be lost.
        let restored = Mutex<Int64?>(nil)
        try await session.transaction(as: userId) { connection in
            try await Self.lock(connection, userId: userId, keys: Array(Set([streakKey, target])), location: self.database)
            let existing = try await self.streakRow(connection, userId: userId, key: target)
            if let existing, existing.id == restored.withLock({ $0 }) { return }
            let rows = try await connection.query(
                """
                SELECT id FROM streaks WHERE user_id = \(userId) AND deleted_us IS NOT NULL AND deleted_us > \(Self.expiryLine(now))
                    AND streak_key = '~' || id || '~' || \(streakKey)
                ORDER BY deleted_us DESC, id DESC LIMIT 1
                """,
                logger: PostgresSession.logger
            )
            guard let id = try await rows.collect().first?.decode(Int64.self) else {
                let keys = try await self.trashed(connection, userId: userId, condition: "", binds: [], now: now).map(\.streakKey)
                throw StreakStoreError.notInTrash(streakKey, inTrash: Array(Set(keys)).sorted())
            }
            guard existing == nil else { throw StreakStoreError.restoreKeyTaken(target) }
            try await connection.query(
                "UPDATE streaks SET streak_key = \(target), deleted_us = NULL WHERE user_id = \(userId) AND id = \(id)",
                logger: PostgresSession.logger
            )
            // Its earnings follow, unless a streak of its own key holds them now.
            if target != streakKey, try await self.streakRow(connection, userId: userId, key: streakKey) == nil {
                try await Self.moveEarnings(connection, userId: userId, from: streakKey, to: target, now: now, timezone: timezone)
            }
            restored.withLock { $0 = id }
            try await Self.notify(connection, userId: userId, key: target, writerId: self.watchers.writerId)
        }
        feed.keysChanged(userId: userId)
        // Calculated anew: the summary's last result may name the key it had.
        return try await write(userId: userId, streakKey: target, now: now, timezone: timezone) { _ in }
    }

    public func trashedStreak(userId: String, streakKey: String, dateDeleted: Date) async throws -> (batch: ImportBatch, archived: Bool) {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateStreakKey(streakKey)
        return try await session.transaction(as: userId) { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: PostgresSession.logger)
            guard let row = try await self.trashedRow(connection, userId: userId, key: streakKey, deleted: dateDeleted) else {
                let keys = try await self.trashed(connection, userId: userId, condition: "", binds: [], now: dateDeleted).map(\.streakKey)
                throw StreakStoreError.notInTrash(streakKey, inTrash: Array(Set(keys)).sorted())
            }
            let batch = ImportBatch(
                configuration: row.configuration, goalHistory: row.goalHistory, freezes: try await self.freezes(connection, of: row),
                events: try await self.liveEvents(connection, of: row), skips: try await self.skips(connection, of: row),
                notes: try await self.notes(connection, of: row)
            )
            return (batch, row.archived)
        }
    }

    /// Imported under a scratch key of its own, then moved aside into the trash in one
    /// statement (a failure between the two leaves a live `trash_import_...` streak, named).
    public func importTrashed(
        _ batch: ImportBatch, archived: Bool, userId: String, streakKey: String, dateDeleted: Date, now: Date, timezone: TimeZone
    ) async throws {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateStreakKey(streakKey)
        let micros = Int64(dateDeleted.microsecondsSince1970)
        let held = try await session.transaction(as: userId) { connection in
            try await self.trashedRow(connection, userId: userId, key: streakKey, deleted: dateDeleted) != nil
        }
        guard !held else { return }
        let scratch = "trash_import_" + UUID().uuidString.lowercased().filter(\.isLetter).prefix(16)
        var placed = batch
        placed.configuration = batch.configuration?.renamed(to: scratch)
        _ = try await importBatch(placed, userId: userId, streakKey: scratch, now: now, timezone: timezone)
        try await session.transaction(as: userId) { connection in
            try await Self.lock(connection, userId: userId, keys: [scratch, streakKey], location: self.database)
            try await connection.query(
                """
                UPDATE streaks SET streak_key = '~' || id || '~' || \(streakKey), deleted_us = \(micros), archived = \(archived)
                WHERE user_id = \(userId) AND streak_key = \(scratch)
                """,
                logger: PostgresSession.logger
            )
        }
        feed.keysChanged(userId: userId)
    }

    /// The row of the streak deleted at `deleted` with `key`, read like a live one.
    private func trashedRow(_ connection: PostgresConnection, userId: String, key: String, deleted: Date) async throws -> StreakRow? {
        let rows = try await connection.query(
            """
            SELECT \(unescaped: Self.rowColumns) FROM streaks
            WHERE user_id = \(userId) AND deleted_us = \(Int64(deleted.microsecondsSince1970)) AND streak_key = '~' || id || '~' || \(key)
            """,
            logger: PostgresSession.logger
        )
        return try await row(in: rows, userId: userId, key: key)
    }

    /// The trashed streaks matching `condition` (SQL on the `streaks` row, `$1` the user and
    /// `binds` from `$2`), the latest deleted first, those expired at `now` left out.
    private func trashed(
        _ connection: PostgresConnection, userId: String, condition: String, binds extra: [any PostgresEncodable & Sendable], now: Date
    ) async throws -> [TrashedStreak] {
        var binds = PostgresBindings()
        binds.append(userId)
        for bind in extra { try binds.append(bind) }
        binds.append(Self.expiryLine(now))
        let sql = """
            SELECT substr(streak_key, length(id::text) + 3), title, deleted_us,
                   (SELECT count(*) FROM streak_events AS e
                    WHERE e.user_id = s.user_id AND e.streak_id = s.id AND e.removed_us IS NULL AND NOT e.is_freeze)
            FROM streaks AS s WHERE user_id = $1 AND deleted_us IS NOT NULL AND deleted_us > $\(extra.count + 2) \(condition)
            ORDER BY deleted_us DESC, id DESC
            """
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: PostgresSession.logger)
        var trashed: [TrashedStreak] = []
        for try await (key, title, deleted, count) in rows.decode((String, String?, Int64, Int64).self) {
            trashed.append(TrashedStreak(streakKey: key, title: title, dateDeleted: Date(microseconds: Int(deleted)), eventCount: Int(count)))
        }
        return trashed
    }

    /// Streaks deleted at or before this instant (in microseconds) have expired at `now`.
    static func expiryLine(_ now: Date) -> Int64 {
        Int64(now.addingTimeInterval(-TrashedStreak.keptFor).microsecondsSince1970)
    }
}
