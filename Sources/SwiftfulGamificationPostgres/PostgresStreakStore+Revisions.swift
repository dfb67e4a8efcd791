import PostgresNIO
import StreakStoreKit
import SwiftfulGamification

extension PostgresStreakStore: RevisionedStreakStore {
    /// Every streak of the user with its summary's revision (moved by every write), in one statement.
    public func revisions(userId: String) async throws -> [String: Int64] {
        try StreakValidation.validateUserId(userId)
        return try await session.run(as: userId, readingSchemaVersion: { connection in
            let rows = try await connection.query(
                """
                SELECT coalesce(array_agg(s.streak_key), '{}'), coalesce(array_agg(m.revision), '{}'),
                       \(unescaped: PostgresSession.schemaVersionColumn)
                FROM streaks AS s JOIN streak_summaries AS m ON m.user_id = s.user_id AND m.streak_id = s.id
                WHERE s.user_id = \(userId) AND s.deleted_us IS NULL
                """,
                logger: PostgresSession.logger
            )
            for try await (keys, revisions, version) in rows.decode(([String], [Int64], Int).self) {
                return (Dictionary(zip(keys, revisions), uniquingKeysWith: max), version)
            }
            return ([:], 0)
        })
    }
}
