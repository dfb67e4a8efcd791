import Foundation
import PostgresNIO
import SwiftfulGamification

/// A streak server's bearer token as the database keeps it: the SHA-256 of its secret, never
/// the secret (made and checked by the server).
public struct StoredServerToken: Sendable, Equatable {
    public let id: String
    public let userId: String
    public let name: String
    public let secretSHA256: String
    public let created: Date

    public init(id: String, userId: String, name: String, secretSHA256: String, created: Date) {
        self.id = id
        self.userId = userId
        self.name = name
        self.secretSHA256 = secretSHA256
        self.created = created
    }
}

/// The streak server's tokens (migration 12). Each is written and deleted as its user's role,
/// under row-level security; a presented token's user is found through
/// `streak_server_token`, which answers for the id it is given alone.
extension PostgresStreakStore {
    /// The user and secret hash of the token with `id`; nil when there is none (revoked).
    /// Asked in whatever role the connection has (the function answers the same to all).
    ///
    /// A server's every request begins here, and goes on as the token's user: a login that
    /// acts by naming users names the token's user on the same connection in the same
    /// statement, so the request's own operation, given that connection, has nothing to set
    /// (a round trip fewer). Naming grants nothing: every policy checks the name again, and
    /// the caller uses the connection as the user only once the secret matched.
    public func serverToken(id: String) async throws -> (userId: String, secretSHA256: String)? {
        try await session.run(naming: { connection, privilege in
            var binds = PostgresBindings(capacity: 2)
            binds.append(id)
            guard let privilege else { return (try await ReusedStatements.rows(TokenStatement(binds: binds), on: connection).first, nil) }
            binds.append(privilege)
            guard let (userId, hash, named) = try await ReusedStatements.rows(TokenNamingStatement(binds: binds), on: connection).first else {
                return (nil, nil)
            }
            return ((userId, hash), named ? userId : nil)
        })
    }

    /// A server's read of one streak in one statement (migration 15): the token's user and
    /// stored hash, as `serverToken(id:)` answers, and the streak's last evaluation while it
    /// holds at `now` in `timezone`. The evaluation is read only when the presented secret's
    /// hash is the stored one and the login acts by naming users (the user named, as the
    /// token lookup names them), under row-level security as that user; it is nil otherwise,
    /// and when the streak is missing or its result no longer holds (the caller then asks
    /// `evaluate`, which says which). The caller still compares the hashes in constant time.
    public func serverToken(
        id: String, presentedSHA256: String, readingFresh streakKey: String, now: Date, timezone: TimeZone
    ) async throws -> (userId: String, secretSHA256: String, fresh: StreakEvaluation?)? {
        try StreakValidation.validateDate(now, "current date")
        try StreakValidation.validateStreakKey(streakKey)
        let read: (String, String, Int64?, [(String?, Int64?, Int64?)])? = try await session.run(naming: { connection, privilege in
            var binds = PostgresBindings(capacity: 4)
            binds.append(id)
            guard let privilege else {
                guard let (userId, hash) = try await ReusedStatements.rows(TokenStatement(binds: binds), on: connection).first else { return (nil, nil) }
                return ((userId, hash, nil, []), nil)
            }
            binds.append(presentedSHA256)
            binds.append(streakKey)
            binds.append(privilege)
            guard let (userId, hash, named, streakId, evaluation, calculated, validUntil) =
                try await ReusedStatements.rows(TokenEvaluationStatement(binds: binds), on: connection).first else { return (nil, nil) }
            return ((userId, hash, streakId, [(evaluation, calculated, validUntil)]), named ? userId : nil)
        })
        guard let (userId, hash, streakId, rows) = read else { return nil }
        let fresh = try streakId.flatMap { try self.fresh(in: rows, streakId: $0, userId: userId, now: now, timezone: timezone) }
        return (userId, hash, fresh)
    }

    /// `serverToken(id:presentedSHA256:readingFresh:now:timezone:)`'s statement, prepared.
    struct TokenEvaluationStatement: PostgresPreparedStatement {
        typealias Row = (String, String, Bool, Int64?, String?, Int64?, Int64?)
        static let name = "streaks_server_token_evaluation"
        static let sql = "SELECT * FROM streak_token_evaluation($1, $2, $3, $4)"
        let binds: PostgresBindings

        func makeBindings() throws -> PostgresBindings { binds }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// `serverToken(id:)`'s statement, prepared: every request of a server asks it.
    struct TokenStatement: PostgresPreparedStatement {
        typealias Row = (String, String)
        static let name = "streaks_server_token"
        static let sql = "SELECT user_id, secret_sha256 FROM streak_server_token($1)"
        let binds: PostgresBindings

        func makeBindings() throws -> PostgresBindings { binds }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// `TokenStatement` naming the token's user in `streaks.user` when the login may act as
    /// that user (the check `PostgresSession.assume` makes; a user without a role is not
    /// named). CASE, not AND: only CASE promises the order. The role by `to_regrole`, not a
    /// join with `pg_roles`: that was planned as a scan of every role at every request.
    struct TokenNamingStatement: PostgresPreparedStatement {
        typealias Row = (String, String, Bool)
        static let name = "streaks_server_token_naming"
        static let sql = """
            SELECT t.user_id, t.secret_sha256,
                CASE WHEN pg_catalog.pg_has_role(current_user, pg_catalog.to_regrole(pg_catalog.quote_ident(t.user_id)), $2)
                    THEN pg_catalog.set_config('streaks.user', t.user_id, false) IS NOT NULL ELSE false END
            FROM streak_server_token($1) t
            """
        let binds: PostgresBindings

        func makeBindings() throws -> PostgresBindings { binds }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Keeps a new token, as its user (whose role the login role must be able to take:
    /// `prepareServedUser`).
    public func addServerToken(_ token: StoredServerToken) async throws {
        try StreakValidation.validateUserId(token.userId)
        let userId = token.userId
        _ = try await session.run(as: userId) { connection in
            try await connection.query(
                """
                INSERT INTO streak_server_tokens (token_id, user_id, name, secret_sha256, created_us)
                VALUES (\(token.id), \(userId), \(token.name), \(token.secretSHA256), \(Int64(token.created.microsecondsSince1970)))
                """,
                logger: PostgresSession.logger
            )
        }
    }

    /// The tokens of `userId`, or every token the login role may see (the tables' owner
    /// sees all), oldest first.
    public func serverTokens(userId: String?) async throws -> [StoredServerToken] {
        if let userId { try StreakValidation.validateUserId(userId) }
        return try await session.run(as: userId) { connection in
            let rows = try await connection.query(
                """
                SELECT token_id, user_id, name, secret_sha256, created_us FROM streak_server_tokens
                WHERE \(userId == nil) OR user_id = \(userId ?? "") ORDER BY created_us, token_id
                """,
                logger: PostgresSession.logger
            )
            var tokens: [StoredServerToken] = []
            for try await (id, user, name, hash, created) in rows.decode((String, String, String, String, Int64).self) {
                tokens.append(StoredServerToken(id: id, userId: user, name: name, secretSHA256: hash, created: Date(microseconds: Int(created))))
            }
            return tokens
        }
    }

    /// Deletes the token with `id`, as its user; returns it, nil when there was none.
    public func removeServerToken(id: String) async throws -> StoredServerToken? {
        guard let (userId, _) = try await serverToken(id: id) else { return nil }
        return try await session.run(as: userId) { connection in
            let rows = try await connection.query(
                "DELETE FROM streak_server_tokens WHERE token_id = \(id) RETURNING token_id, user_id, name, secret_sha256, created_us",
                logger: PostgresSession.logger
            )
            for try await (id, user, name, hash, created) in rows.decode((String, String, String, String, Int64).self) {
                return StoredServerToken(id: id, userId: user, name: name, secretSHA256: hash, created: Date(microseconds: Int(created)))
            }
            return nil
        }
    }

    /// Makes sure the login role can act as `userId` (see `actingAsEachUser`): a missing role
    /// is created (NOLOGIN: nobody signs in as it) and granted to the login role, which needs
    /// CREATEROLE for either; without it the error names the statements to run.
    public func prepareServedUser(_ userId: String) async throws {
        try StreakValidation.validateUserId(userId)
        let login = database.username
        try await session.run(as: nil) { connection in
            let rows = try await connection.query(
                "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = \(userId)), coalesce((SELECT pg_has_role(current_user, oid, 'MEMBER') FROM pg_roles WHERE rolname = \(userId)), false)",
                logger: PostgresSession.logger
            ).collect()
            let (exists, member) = try rows.first?.decode((Bool, Bool).self) ?? (false, false)
            if exists && member { return }
            // Role names are not parameters; a user id is letters, digits, '.', '_' and '-'.
            let role = "\"\(userId)\""
            do {
                if !exists { try await connection.query(PostgresQuery(unsafeSQL: "CREATE ROLE \(role) NOLOGIN"), logger: PostgresSession.logger) }
                try await connection.query(PostgresQuery(unsafeSQL: "GRANT \(role) TO CURRENT_USER"), logger: PostgresSession.logger)
            } catch where ["42501", "0LP01"].contains(PostgresFailure.sqlState(error)) {
                throw PostgresStoreError.notAllowed(self.database.redacted, reason: PostgresSession.cannotActAs(userId, login: login))
            }
        }
    }
}
