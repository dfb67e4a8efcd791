import Foundation
import SwiftfulGamification
import SwiftfulGamificationPostgres

/// Tokens of a server on PostgreSQL, in the database beside the streaks (migration 12):
/// each kept as its user's role under row-level security, found by id through a function
/// that answers for that id alone. Making one for a user makes sure the server's login role
/// can act as that user (`PostgresStreakStore.prepareServedUser`).
public final class PostgresTokenBook: TokenBook {
    private let store: PostgresStreakStore

    /// The book of the database `store` reaches (a store acting as each user).
    public init(store: PostgresStreakStore) {
        self.store = store
    }

    public func user(presenting token: String) async throws -> String? {
        guard let (id, secret) = TokenSecret.parts(of: token), let stored = try await store.serverToken(id: id) else { return nil }
        return TokenSecret.same(stored.secretSHA256, TokenSecret.hash(secret)) ? stored.userId : nil
    }

    /// One statement for both (see `PostgresStreakStore.serverToken(id:presentedSHA256:readingFresh:now:timezone:)`).
    public func user(presenting token: String, readingFresh key: String, now: Date, timezone: TimeZone) async throws -> (userId: String, fresh: StreakEvaluation?)? {
        guard let (id, secret) = TokenSecret.parts(of: token) else { return nil }
        let presented = TokenSecret.hash(secret)
        guard let stored = try await store.serverToken(id: id, presentedSHA256: presented, readingFresh: key, now: now, timezone: timezone),
              TokenSecret.same(stored.secretSHA256, presented) else { return nil }
        return (stored.userId, stored.fresh)
    }

    public func create(userId: String, name: String, now: Date) async throws -> (token: String, record: APIToken) {
        try StreakValidation.validateUserId(userId)
        try await store.prepareServedUser(userId)
        let made = TokenSecret.make()
        try await store.addServerToken(StoredServerToken(id: made.id, userId: userId, name: name, secretSHA256: made.secretHash, created: now))
        return (made.token, APIToken(id: made.id, userId: userId, name: name, created: now))
    }

    public func list(userId: String?) async throws -> [APIToken] {
        try await store.serverTokens(userId: userId).map(Self.record)
    }

    public func revoke(id: String, now: Date) async throws -> APIToken? {
        try await store.removeServerToken(id: id).map(Self.record)
    }

    private static func record(_ stored: StoredServerToken) -> APIToken {
        APIToken(id: stored.id, userId: stored.userId, name: stored.name, created: stored.created)
    }
}
