import Foundation
import PostgresNIO
import PostgresTestSupport
@testable import StreakStoreKit
import Testing
@testable import StreakServer
import Synchronization
import SwiftfulGamification
import SwiftfulGamificationHTTP
@testable import SwiftfulGamificationPostgres
import SwiftfulGamificationReplica

/// The server on PostgreSQL as `streaks serve --database` runs it: logged in as the test
/// cluster's `server` role (CREATEROLE), every request under its user's role. One user's
/// token against another's rows on every route, a statement that forgets its user still held
/// to the user by row-level security, tokens kept hashed where other roles cannot read them,
/// an operation retried on another server process applied once, and a change through one
/// server reaching a stream on another.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct PostgresServingTests {
    static let now = ISODate.parse("2024-01-05T12:00:00Z")!
    static let utc = TimeZone(identifier: "UTC")!

    /// A server's store and API, as one `streaks serve` process has them.
    struct Server {
        let store: PostgresStreakStore
        let tokens: PostgresTokenBook
        let api: StreakAPI

        init() async throws {
            _ = try await TestDatabase.store() // the owner migrates
            store = PostgresStreakStore(database: try TestDatabase.location(role: "server"), actingAsEachUser: true)
            tokens = PostgresTokenBook(store: store)
            api = StreakAPI(store: store, tokens: tokens, zone: PostgresServingTests.utc) { PostgresServingTests.now }
        }
    }

    static func log(_ key: String, _ id: String, operation: String? = nil) -> String {
        let op = operation.map { #""operation": "\#($0)", "# } ?? ""
        return #"{"change": "log", "key": "\#(key)", \#(op)"events": [{"id": "\#(id)", "date_created": "2024-01-05T11:00:00Z", "timezone": "UTC"}]}"#
    }

    @Test func aUsersTokenReachesNoOtherUsersRowsOnAnyRoute() async throws {
        let server = try await Server()
        let (ana, bob) = (TestDatabase.freshUser(), TestDatabase.freshUser())
        let anaToken = try await server.tokens.create(userId: ana, name: "phone", now: Self.now).token
        let bobToken = try await server.tokens.create(userId: bob, name: "", now: Self.now).token
        let created = #"{"change": "create", "key": "run", "configuration": {"streak_id": "run"}}"#
        #expect(await ask(server.api, "POST", "/v1/changes", token: anaToken, body: created).status == 200)
        #expect(await ask(server.api, "POST", "/v1/changes", token: anaToken, body: Self.log("run", "a1")).status == 200)

        // A streak of ana's in the trash too, for the trash's routes.
        let walk = #"{"change": "create", "key": "walk", "configuration": {"streak_id": "walk"}}"#
        #expect(await ask(server.api, "POST", "/v1/changes", token: anaToken, body: walk).status == 200)
        let deleted = await ask(server.api, "POST", "/v1/changes", token: anaToken, query: ["form": "library"], body: #"{"change": "delete", "key": "walk"}"#)
        let deletedAt = try #require(((deleted.json["trashed"] as? [String: Any])?["date_deleted"]) as? String)
        #expect(await ask(server.api, "GET", "/v1/trash/walk", token: anaToken, query: ["deleted": deletedAt]).status == 200, "ana reads her own")

        // ana's experience points and progress, for theirs.
        let earned = #"{"change": "add_experience", "key": "main", "events": [{"id": "x1", "date_created": "2024-01-05T10:00:00Z", "points": 30}]}"#
        let earnedAnswer = await ask(server.api, "POST", "/v1/changes", token: anaToken, body: earned)
        #expect(earnedAnswer.status == 200, "\(earnedAnswer.json)")
        let saved = #"{"change": "save_progress", "key": "worlds", "item": {"id": "w1", "progress_key": "worlds", "value": 0.5, "date_created": "2024-01-05T10:00:00Z", "date_modified": "2024-01-05T10:00:00Z", "metadata": {}}}"#
        let savedAnswer = await ask(server.api, "POST", "/v1/changes", token: anaToken, body: saved)
        #expect(savedAnswer.status == 200, "\(savedAnswer.json)")
        #expect((await ask(server.api, "GET", "/v1/experience/main", token: anaToken).json["events"] as? [Any])?.count == 1, "ana reads her own")

        #expect((await ask(server.api, "GET", "/v1/streaks", token: bobToken).json["streaks"] as? [[String: Any]])?.isEmpty == true)
        #expect(await ask(server.api, "GET", "/v1/experience", token: bobToken).json["keys"] as? [String] == [])
        #expect(await ask(server.api, "GET", "/v1/progress", token: bobToken).json["keys"] as? [String] == [])
        #expect((await ask(server.api, "GET", "/v1/experience/main", token: bobToken).json["events"] as? [Any])?.isEmpty == true)
        #expect((await ask(server.api, "GET", "/v1/progress/worlds", token: bobToken).json["items"] as? [Any])?.isEmpty == true)
        #expect(await ask(server.api, "GET", "/v1/points", token: bobToken).json["on"] as? Bool == false)
        for change in [#"{"change": "clear_experience", "key": "main"}"#, #"{"change": "delete_progress", "key": "worlds"}"#] {
            #expect(await ask(server.api, "POST", "/v1/changes", token: bobToken, body: change).status == 200, "bob clears his own (none)")
        }
        #expect(try await server.store.experienceEvents(userId: ana, experienceKey: "main").map(\.id) == ["x1"], "ana's points untouched")
        #expect(try await server.store.progressItems(userId: ana, progressKey: "worlds").count == 1, "ana's progress untouched")
        #expect(await ask(server.api, "GET", "/v1/streaks", token: bobToken, query: ["form": "keys", "archived": "true"]).json["keys"] as? [String] == [])
        #expect((await ask(server.api, "GET", "/v1/trash", token: bobToken).json["trashed"] as? [Any])?.isEmpty == true)
        #expect((await ask(server.api, "GET", "/v1/revisions", token: bobToken).json["revisions"] as? [String: Any])?.isEmpty == true)
        #expect((await ask(server.api, "GET", "/v1/points/revisions", token: bobToken).json["revisions"] as? [String: Any])?.isEmpty == true)
        #expect((await ask(server.api, "GET", "/v1/points/revisions", token: anaToken).json["revisions"] as? [String: Any])?.keys.sorted() == ["experience/main", "progress/worlds"])
        for (path, query) in [
            ("/v1/streaks/run", [:]), ("/v1/streaks/run", ["form": "library"]), ("/v1/streaks/run/days", [:]), ("/v1/streaks/run/record", [:]),
            ("/v1/trash/walk", ["deleted": deletedAt]),
        ] {
            let answer = await ask(server.api, "GET", path, token: bobToken, query: query)
            #expect(answer.status == 404 && errorMessage(answer.json).hasPrefix("no streak '"), "\(path) \(query): \(answer.json)")
        }
        for change in [
            Self.log("run", "b1"), #"{"change": "delete", "key": "run"}"#, #"{"change": "rename", "key": "run", "to": "mine"}"#,
            #"{"change": "reset", "key": "run"}"#, #"{"change": "skip", "key": "run", "days": ["2024-01-04"]}"#,
            #"{"change": "restore", "key": "walk"}"#,
        ] {
            let answer = await ask(server.api, "POST", "/v1/changes", token: bobToken, body: change)
            #expect(answer.status == 404, "\(change): \(errorMessage(answer.json))")
        }
        let stream = await ask(server.api, "GET", "/v1/stream", token: bobToken)
        guard case .stream(let events) = stream.response.body else { Issue.record("not a stream"); return }
        var iterator = events.makeAsyncIterator()
        #expect(await nextEvent(&iterator)?.json["keys"] as? [String] == [], "bob's stream does not name ana's streak")

        #expect(try await server.store.events(userId: ana, streakKey: "run").map(\.id) == ["a1"], "nothing of bob's reached ana's streak")
        #expect(try await server.store.streakKeys(userId: bob).isEmpty)
        await server.store.close()
    }

    @Test func aStatementThatForgetsItsUserIsStillHeldToTheUserByRowLevelSecurity() async throws {
        let server = try await Server()
        let (ana, bob) = (TestDatabase.freshUser(), TestDatabase.freshUser())
        for user in [ana, bob] {
            _ = try await server.tokens.create(userId: user, name: "", now: Self.now)
            let event = StreakEvent(id: "\(user)-1", dateCreated: Self.now, timezone: "UTC")
            try await server.store.apply(
                .addEvents([event], creating: StreakConfiguration(streakKey: "run")), to: StreakRef(userId: user, key: "run"), at: Self.now, timezone: Self.utc
            )
        }
        // A route's bug: no WHERE on the user at all.
        let everything: @Sendable (PostgresConnection) async throws -> [String] = { connection in
            let rows = try await connection.query("SELECT user_id FROM streak_events", logger: TestDatabase.logger)
            var users: [String] = []
            for try await user in rows.decode(String.self) { users.append(user) }
            return users
        }
        #expect(try await server.store.session.run(as: ana, everything) == [ana])
        #expect(try await server.store.session.run(as: bob, everything) == [bob])
        #expect(try await server.store.session.run(as: nil, everything).isEmpty, "the server's own role sees no one's rows")
        let planted: @Sendable (PostgresConnection) async throws -> Void = { connection in
            _ = try await connection.query("UPDATE streak_events SET metadata = '{\"x\":1}'", logger: TestDatabase.logger)
        }
        try await server.store.session.run(as: bob, planted)
        #expect(try await server.store.events(userId: ana, streakKey: "run").allSatisfy { $0.metadata.isEmpty }, "bob's update reached only bob's rows")
        await server.store.close()
    }

    /// A login that bypasses row-level security (here BYPASSRLS) would not be held by the
    /// setting a server names its user in, so it takes each user's role instead: a statement
    /// that forgets its user still reaches only that user's rows.
    @Test func aLoginThatBypassesRowLevelSecurityIsHeldToTheUserAllTheSame() async throws {
        _ = try await TestDatabase.store()
        let (ana, bob) = (TestDatabase.freshUser(), TestDatabase.freshUser())
        for user in [ana, bob] {
            _ = try await TestDatabase.sql("CREATE ROLE \"\(user)\" NOLOGIN", role: "postgres")
            _ = try await TestDatabase.sql("GRANT \"\(user)\" TO app", role: "postgres")
        }
        let store = PostgresStreakStore(database: try TestDatabase.location(role: "app"), actingAsEachUser: true)
        for user in [ana, bob] {
            let event = StreakEvent(id: "\(user)-1", dateCreated: Self.now, timezone: "UTC")
            try await store.apply(.addEvents([event], creating: StreakConfiguration(streakKey: "run")), to: StreakRef(userId: user, key: "run"), at: Self.now, timezone: Self.utc)
        }
        let mine: @Sendable (PostgresConnection) async throws -> [String] = { connection in
            try await TestDatabase.sql("SELECT DISTINCT user_id FROM streak_events WHERE event_id LIKE 'u%'", on: connection)
        }
        let (anaSees, bobSees) = (try await store.session.run(as: ana, mine), try await store.session.run(as: bob, mine))
        #expect(anaSees == [ana])
        #expect(bobSees == [bob])
        await store.close()
    }

    /// A watch of a user's experience points on the server's login (acting as each user)
    /// hears the user's change: its listening connection acts as the user too, or the
    /// user's channel would be out of its reach and the watch would never hear a thing.
    @Test func aServersExperienceWatchHearsItsUsersChange() async throws {
        let server = try await Server()
        let user = TestDatabase.freshUser()
        _ = try await server.tokens.create(userId: user, name: "", now: Self.now)
        final class Heard: Sendable { let count = Mutex(0) }
        let heard = Heard(), store = server.store
        let watching = Task {
            for try await _ in store.watchExperience(userId: user, experienceKey: "main") { heard.count.withLock { $0 += 1 } }
        }
        defer { watching.cancel() }
        func waitFor(_ count: Int) async throws -> Bool {
            for _ in 0..<400 where heard.count.withLock({ $0 }) < count { try await Task.sleep(for: .milliseconds(25)) }
            return heard.count.withLock { $0 } >= count
        }
        #expect(try await waitFor(1), "the watch starts by saying where things stand")
        let earned = ExperiencePointsEvent(id: "x1", dateCreated: Self.now, points: 10, timezone: "UTC")
        _ = try await server.store.apply(.addExperience([earned]), to: StreakRef(userId: user, key: "main"), at: Self.now, timezone: Self.utc)
        #expect(try await waitFor(2), "and hears the change")
        await server.store.close()
    }

    /// A function planted in the search_path that would say "yes, a member" (closer in its
    /// argument types than pg_catalog's) changes nothing: the policies made after it was
    /// planted, and the server's own check that it may act as a user, name pg_catalog's.
    @Test func aPlantedMembershipFunctionOpensNothing() async throws {
        let scratch = try await TestDatabase.scratchDatabase(role: "streaks")
        _ = try await TestDatabase.sql(
            "CREATE FUNCTION public.pg_has_role(name, text, text) RETURNS boolean LANGUAGE sql AS 'SELECT true'", role: "streaks", database: scratch.database
        )
        let owner = PostgresStreakStore(database: scratch)
        _ = try await owner.streakKeys(userId: "streaks") // migrates, the function in place
        await owner.close()
        let alice = PostgresStreakStore(database: try scratch.with(role: "alice"))
        let event = StreakEvent(id: "a1", dateCreated: Self.now, timezone: "UTC")
        try await alice.apply(.addEvents([event], creating: StreakConfiguration(streakKey: "run")), to: StreakRef(userId: "alice", key: "run"), at: Self.now, timezone: Self.utc)
        await alice.close()
        let bob = try await TestDatabase.connect(role: "bob", database: scratch.database)
        _ = try await TestDatabase.sql("SELECT set_config('streaks.user', 'alice', false)", on: bob)
        #expect(try await TestDatabase.sql("SELECT count(*)::text FROM streak_events", on: bob) == ["0"], "bob naming alice sees nothing")
        try await bob.close()
        // The server's login is not a member of alice's role: it may not act as her.
        let server = PostgresStreakStore(database: try scratch.with(role: "server"), actingAsEachUser: true)
        await #expect(throws: PostgresStoreError.self) { _ = try await server.events(userId: "alice", streakKey: "run") }
        await server.close()
    }

    /// A refused change of user leaves the connection's user unknown, not the one before: an
    /// operation as the login after it runs as the login (one connection, so it is reused).
    @Test func aRefusedUserLeavesNoUserBehindOnItsConnection() async throws {
        let server = try await Server()
        let ana = TestDatabase.freshUser()
        _ = try await server.tokens.create(userId: ana, name: "", now: Self.now)
        let store = PostgresStreakStore(database: try TestDatabase.location(role: "server"), connections: 1, actingAsEachUser: true)
        let event = StreakEvent(id: "\(ana)-1", dateCreated: Self.now, timezone: "UTC")
        try await store.apply(.addEvents([event], creating: StreakConfiguration(streakKey: "run")), to: StreakRef(userId: ana, key: "run"), at: Self.now, timezone: Self.utc)
        let everything: @Sendable (PostgresConnection) async throws -> [String] = { connection in
            try await TestDatabase.sql("SELECT DISTINCT user_id FROM streak_events", on: connection)
        }
        #expect(try await store.session.run(as: ana, everything) == [ana])
        await #expect(throws: PostgresStoreError.self) { _ = try await store.session.run(as: "stranger", everything) }
        #expect(try await store.session.run(as: nil, everything).isEmpty, "the login itself sees no one's rows")
        await store.close()
        await server.store.close()
    }

    /// A token's lookup names its user on its connection (the request's own operation then
    /// sets nothing): on one connection, the next operation as another user, or as the login,
    /// still sees only its own rows; a token whose user the login may not act as is found
    /// but names no one, and that user's operations are refused as before.
    @Test func aTokenLookupNamesItsUserAndNoOperationOfAnotherSeesIt() async throws {
        let server = try await Server()
        let (ana, bob) = (TestDatabase.freshUser(), TestDatabase.freshUser())
        let anaToken = try await server.tokens.create(userId: ana, name: "", now: Self.now)
        _ = try await server.tokens.create(userId: bob, name: "", now: Self.now)
        let store = PostgresStreakStore(database: try TestDatabase.location(role: "server"), connections: 1, actingAsEachUser: true)
        for user in [ana, bob] {
            let event = StreakEvent(id: "\(user)-1", dateCreated: Self.now, timezone: "UTC")
            try await store.apply(.addEvents([event], creating: StreakConfiguration(streakKey: "run")), to: StreakRef(userId: user, key: "run"), at: Self.now, timezone: Self.utc)
        }
        let everything: @Sendable (PostgresConnection) async throws -> [String] = { connection in
            try await TestDatabase.sql("SELECT DISTINCT user_id FROM streak_events", on: connection)
        }
        let setting: @Sendable (PostgresConnection) async throws -> [String] = { connection in
            try await TestDatabase.sql("SELECT coalesce(current_setting('streaks.user', true), '')", on: connection)
        }
        #expect(try await store.serverToken(id: anaToken.record.id)?.userId == ana)
        #expect(try await store.session.run(as: nil, inAnyRole: true, setting) == [ana], "the lookup named its user")
        #expect(try await store.session.run(as: ana, everything) == [ana])
        #expect(try await store.serverToken(id: anaToken.record.id)?.userId == ana)
        #expect(try await store.session.run(as: bob, everything) == [bob], "named by a lookup, the connection still turns to the next user")
        #expect(try await store.serverToken(id: anaToken.record.id)?.userId == ana)
        #expect(try await store.session.run(as: nil, everything).isEmpty, "the login itself sees no one's rows")

        // A user whose role the login no longer has: the token is found, no one is named.
        _ = try await TestDatabase.sql("REVOKE \"\(ana)\" FROM server", role: "postgres")
        #expect(try await store.session.run(as: bob, everything) == [bob])
        #expect(try await store.serverToken(id: anaToken.record.id)?.userId == ana)
        #expect(try await store.session.run(as: nil, inAnyRole: true, setting) == [bob], "a user the login may not act as is not named")
        await #expect(throws: PostgresStoreError.self) { _ = try await store.session.run(as: ana, everything) }
        await store.close()
        await server.store.close()
    }

    /// A server's GET of one streak reads the token and the streak in one statement: the
    /// token's own user's streak alone, and only for the right secret; anything else reads
    /// no streak (the caller then asks the store, which says why).
    @Test func aTokenReadsItsOwnUsersStreakInTheSameStatementAndOnlyWithItsSecret() async throws {
        let server = try await Server()
        let (ana, bob) = (TestDatabase.freshUser(), TestDatabase.freshUser())
        let anaToken = try await server.tokens.create(userId: ana, name: "", now: Self.now)
        let bobToken = try await server.tokens.create(userId: bob, name: "", now: Self.now)
        for (user, count) in [(ana, 2), (bob, 1)] {
            let events = (1...count).map { StreakEvent(id: "\(user)-\($0)", dateCreated: Self.now.addingTimeInterval(Double(-$0 * 60)), timezone: "UTC") }
            try await server.store.apply(.addEvents(events, creating: StreakConfiguration(streakKey: "run")), to: StreakRef(userId: user, key: "run"), at: Self.now, timezone: Self.utc)
        }
        let anaSecret = try #require(TokenSecret.parts(of: anaToken.token)).secret
        let bobSecret = try #require(TokenSecret.parts(of: bobToken.token)).secret
        func read(_ id: String, _ secret: String, _ key: String = "run", zone: TimeZone = Self.utc) async throws -> (userId: String, secretSHA256: String, fresh: StreakEvaluation?)? {
            try await server.store.serverToken(id: id, presentedSHA256: TokenSecret.hash(secret), readingFresh: key, now: Self.now, timezone: zone)
        }

        let anas = try #require(try await read(anaToken.record.id, anaSecret))
        #expect(anas.userId == ana && anas.fresh?.streak.totalEvents == 2 && anas.fresh?.streak.userId == ana)
        let bobs = try #require(try await read(bobToken.record.id, bobSecret))
        #expect(bobs.userId == bob && bobs.fresh?.streak.totalEvents == 1, "each token its own user's streak of the same key")

        let wrong = try #require(try await read(anaToken.record.id, bobSecret))
        #expect(wrong.userId == ana && wrong.fresh == nil, "another secret reads nothing")
        #expect(try await read(anaToken.record.id, anaSecret, "walk")?.fresh == nil, "no such streak")
        #expect(try await read(anaToken.record.id, anaSecret, zone: TimeZone(identifier: "Asia/Tokyo")!)?.fresh == nil, "calculated in another zone")
        await #expect(throws: StreakRuleError.self) { _ = try await read(anaToken.record.id, anaSecret, "~1~run") }

        // Through the book and the route: the same answers; a revoked token reads nothing.
        #expect(try await server.tokens.user(presenting: anaToken.token, readingFresh: "run", now: Self.now, timezone: Self.utc)?.fresh?.streak.totalEvents == 2)
        #expect(await ask(server.api, "GET", "/v1/streaks/run", token: anaToken.token).json["total_events"] as? Int == 2)
        #expect(await ask(server.api, "GET", "/v1/streaks/run", token: bobToken.token).json["total_events"] as? Int == 1)
        _ = try await server.tokens.revoke(id: anaToken.record.id, now: Self.now)
        #expect(try await read(anaToken.record.id, anaSecret) == nil)
        #expect(await ask(server.api, "GET", "/v1/streaks/run", token: anaToken.token).status == 401)
        await server.store.close()
    }

    /// Another role calling the one-statement read with plain SQL, even holding a token's id
    /// and its secret's hash, names nobody and reads nothing: it may not act as the token's
    /// user, whatever privilege it asks about.
    @Test func anotherRoleCallingTheOneStatementReadNamesNobodyAndReadsNothing() async throws {
        let server = try await Server()
        let ana = TestDatabase.freshUser()
        let token = try await server.tokens.create(userId: ana, name: "", now: Self.now)
        let event = StreakEvent(id: "a-1", dateCreated: Self.now, timezone: "UTC")
        try await server.store.apply(.addEvents([event], creating: StreakConfiguration(streakKey: "run")), to: StreakRef(userId: ana, key: "run"), at: Self.now, timezone: Self.utc)
        let hash = TokenSecret.hash(try #require(TokenSecret.parts(of: token.token)).secret)
        let connection = try await TestDatabase.connect(role: "alice")
        for privilege in ["MEMBER", "USAGE"] {
            let read = try await TestDatabase.sql(
                "SELECT named::text || ' ' || coalesce(found_evaluation, 'nothing') FROM streak_token_evaluation('\(token.record.id)', '\(hash)', 'run', '\(privilege)')",
                on: connection
            )
            #expect(read == ["false nothing"], "\(privilege)")
        }
        #expect(try await TestDatabase.sql("SELECT coalesce(current_setting('streaks.user', true), '')", on: connection) == [""], "nobody named")
        #expect(try await TestDatabase.sql("SELECT count(*)::text FROM streak_summaries WHERE user_id = '\(ana)'", on: connection) == ["0"], "none of ana's rows")
        try await connection.close()
        await server.store.close()
    }

    /// The owner of the tables serving as each user is held like anyone else, the tokens'
    /// table included (its policy does not bind its owner, so the owner takes each user's
    /// role): a statement that forgets its user lists that user's tokens alone.
    @Test func theTablesOwnerServingIsHeldToEachUsersTokens() async throws {
        let server = try await Server()
        let (ana, bob) = (TestDatabase.freshUser(), TestDatabase.freshUser())
        for user in [ana, bob] {
            _ = try await server.tokens.create(userId: user, name: "", now: Self.now)
            _ = try await TestDatabase.sql("GRANT \"\(user)\" TO streaks", role: "postgres")
        }
        let owner = PostgresStreakStore(database: try TestDatabase.owner(), actingAsEachUser: true)
        let tokens: @Sendable (PostgresConnection) async throws -> [String] = { connection in
            try await TestDatabase.sql("SELECT DISTINCT user_id FROM streak_server_tokens", on: connection)
        }
        #expect(try await owner.session.run(as: ana, tokens) == [ana])
        #expect(try await owner.session.run(as: bob, tokens) == [bob])
        await owner.close()
        await server.store.close()
    }

    @Test func tokensAreKeptHashedWhereOnlyTheirUserAndTheOwnerReadThem() async throws {
        let server = try await Server()
        // The cluster's alice and bob log in themselves: their plain SQL is what another tenant sees.
        let made = try await server.tokens.create(userId: "alice", name: "laptop", now: Self.now)
        let secret = String(made.token.dropFirst("stk_".count + made.record.id.count + 1))
        let rows = try await TestDatabase.sql("SELECT token_id || ' ' || secret_sha256 || ' ' || name FROM streak_server_tokens", role: "alice")
        #expect(rows.contains("\(made.record.id) \(TokenSecret.hash(secret)) laptop"))
        #expect(!rows.joined().contains(secret), "the secret itself is kept nowhere")
        #expect(try await TestDatabase.sql("SELECT count(*)::text FROM streak_server_tokens WHERE token_id = '\(made.record.id)'", role: "bob") == ["0"])
        #expect(try await TestDatabase.sqlState(of: "UPDATE streak_server_tokens SET secret_sha256 = repeat('0', 64)", role: "alice") == "42501", "a token is never changed")
        #expect(try await server.tokens.user(presenting: made.token) == "alice")
        #expect(try await server.tokens.user(presenting: made.token.dropLast() + (made.token.hasSuffix("A") ? "B" : "A")) == nil)
        #expect(try await server.tokens.list(userId: "alice").contains { $0.id == made.record.id && $0.name == "laptop" })
        #expect(try await server.tokens.revoke(id: made.record.id, now: Self.now)?.userId == "alice")
        #expect(try await server.tokens.user(presenting: made.token) == nil)
        #expect(await ask(server.api, "GET", "/v1/streaks", token: made.token).status == 401)
        #expect(try await server.tokens.revoke(id: made.record.id, now: Self.now) == nil)
        await server.store.close()
    }

    @Test func aLoginThatCannotActAsAUserIsToldWhatToGrant() async throws {
        let owner = PostgresStreakStore(database: try TestDatabase.owner(), actingAsEachUser: true)
        let user = TestDatabase.freshUser()
        do {
            try await owner.prepareServedUser(user)
            Issue.record("the owner has no CREATEROLE: it cannot make a role")
        } catch {
            let sentence = StreakStoreError.sentence(error)
            #expect(sentence.contains("CREATE ROLE \"\(user)\" NOLOGIN; GRANT \"\(user)\" TO \"streaks\""), "\(sentence)")
        }
        do {
            _ = try await owner.streakKeys(userId: user)
            Issue.record("no role to act as")
        } catch {
            #expect(StreakStoreError.sentence(error).contains("cannot act as user '\(user)'"))
        }
        await owner.close()
    }

    @Test func anOperationRetriedOnAnotherServerIsAppliedOnceAndAChangeReachesItsStreams() async throws {
        let (first, second) = (try await Server(), try await Server())
        let user = TestDatabase.freshUser()
        let token = try await first.tokens.create(userId: user, name: "", now: Self.now).token
        let created = #"{"change": "create", "key": "read", "configuration": {"streak_id": "read", "events_required_per_day": 2}}"#
        #expect(await ask(first.api, "POST", "/v1/changes", token: token, body: created).status == 200)

        let opened = await ask(second.api, "GET", "/v1/stream", token: token)
        guard case .stream(let events) = opened.response.body else { Issue.record("not a stream"); return }
        var iterator = events.makeAsyncIterator()
        let keys = await nextEvent(&iterator), initial = await nextEvent(&iterator)
        #expect(keys?.json["keys"] as? [String] == ["read"] && initial?.json["today_event_count"] as? Int == 0, "\(String(describing: keys)) \(String(describing: initial))")

        let log = Self.log("read", "r1", operation: "op-1")
        let applied = await ask(first.api, "POST", "/v1/changes", token: token, body: log)
        #expect(applied.status == 200 && applied.json["already_applied"] as? Bool == false)
        let heard = await nextEvent(&iterator)
        #expect(heard?.json["streak_id"] as? String == "read" && heard?.json["today_event_count"] as? Int == 1, "the other server's stream hears it: \(String(describing: heard))")

        let retried = await ask(second.api, "POST", "/v1/changes", token: token, body: log)
        #expect(retried.response.bytes == applied.response.bytes, "answered as the first time: \(retried.json)")
        #expect(try await second.store.events(userId: user, streakKey: "read").map(\.id) == ["r1"])
        await first.store.close()
        await second.store.close()
    }

    /// `server` listening, and an offline copy of `user`'s streaks through it (a token of its own).
    static func offlineCopy(of server: Server, user: String) async throws -> (StreakHTTPServer.Running, ReplicatedStreakStore, directory: String) {
        let token = try await server.tokens.create(userId: user, name: "phone", now: now).token
        let serving = try await listen(server.api)
        let directory = NSTemporaryDirectory() + "streaks-http-replica-\(UUID().uuidString)"
        let remote = HTTPStreakStore(server: URL(string: "http://127.0.0.1:\(serving.port)/v1")!, token: token)
        return (serving, try ReplicatedStreakStore(remote: remote, directory: directory, userId: user, clock: { now }), directory)
    }

    /// Serves `api` over HTTP on `port` (0: any) until stopped.
    static func listen(_ api: StreakAPI, port: Int = 0) async throws -> StreakHTTPServer.Running {
        try await StreakHTTPServer(api: api, host: "127.0.0.1", port: port).start()
    }

    /// Every ledger followed by one stream (`?points=all`): a change to any experience or
    /// progress key of the user is heard, another user's is not; bad values are refused.
    @Test func aStreamOfAllPointsHearsEveryLedgerOfItsUserAlone() async throws {
        let server = try await Server()
        let (ana, bob) = (TestDatabase.freshUser(), TestDatabase.freshUser())
        let anaToken = try await server.tokens.create(userId: ana, name: "", now: Self.now).token
        let bobToken = try await server.tokens.create(userId: bob, name: "", now: Self.now).token
        #expect(await ask(server.api, "GET", "/v1/stream", token: anaToken, query: ["points": "some"]).status == 400)
        #expect(await ask(server.api, "GET", "/v1/stream", token: anaToken, query: ["points": "all", "experience": "main"]).status == 400)
        let opened = await ask(server.api, "GET", "/v1/stream", token: anaToken, query: ["points": "all"])
        guard case .stream(let events) = opened.response.body else { Issue.record("not a stream: \(opened.json)"); return }
        var iterator = events.makeAsyncIterator()
        let earned = #"{"change": "add_experience", "key": "other", "events": [{"id": "b1", "date_created": "2024-01-05T10:00:00Z", "points": 5}]}"#
        #expect(await ask(server.api, "POST", "/v1/changes", token: bobToken, body: earned).status == 200)
        let saved = #"{"change": "save_progress", "key": "worlds", "item": {"id": "w1", "progress_key": "worlds", "value": 0.5, "date_created": "2024-01-05T10:00:00Z", "date_modified": "2024-01-05T10:00:00Z", "metadata": {}}}"#
        #expect(await ask(server.api, "POST", "/v1/changes", token: anaToken, body: saved).status == 200)
        var heard: [String] = []
        while let event = await nextEvent(&iterator) {
            heard.append(event.name)
            if event.name == "points" { break }
        }
        #expect(heard.last == "points")
        let revisions = await ask(server.api, "GET", "/v1/points/revisions", token: anaToken).json["revisions"] as? [String: Any]
        #expect(revisions?.keys.sorted() == ["progress/worlds"], "bob's experience is not ana's: \(String(describing: revisions))")
        await server.store.close()
    }

    /// Experience points through an offline copy of a server: written at once while it is up,
    /// queued while it is down, pushed once it is back; what another client earns on the
    /// server reaches the copy at its next sync.
    @Test func anOfflineCopyOfAServerKeepsPointsToo() async throws {
        let server = try await Server()
        let user = TestDatabase.freshUser()
        var (serving, copy, directory) = try await Self.offlineCopy(of: server, user: user)
        let port = serving.port
        func earn(_ id: String) -> [ExperiencePointsEvent] {
            [ExperiencePointsEvent(id: id, dateCreated: Self.now.addingTimeInterval(-60), points: 10)]
        }
        try await copy.addExperienceEvents(earn("online"), userId: user, experienceKey: "main")
        #expect(try await server.store.experienceEvents(userId: user, experienceKey: "main").map(\.id) == ["online"])

        await serving.stop()
        try await copy.addExperienceEvents(earn("offline"), userId: user, experienceKey: "main")
        #expect(try await copy.experienceEvents(userId: user, experienceKey: "main").map(\.id) == ["online", "offline"], "the copy has it at once")
        #expect(copy.syncState.pendingChanges == 1)

        serving = try await Self.listen(server.api, port: port)
        try await server.store.addExperienceEvents(earn("elsewhere"), userId: user, experienceKey: "main")
        _ = try await copy.sync(now: Self.now, timezone: Self.utc)
        #expect(copy.syncState.pendingChanges == 0)
        #expect(try await server.store.experienceEvents(userId: user, experienceKey: "main").map(\.id).sorted() == ["elsewhere", "offline", "online"], "pushed once")
        #expect(try await copy.experienceEvents(userId: user, experienceKey: "main").map(\.id).sorted() == ["elsewhere", "offline", "online"], "pulled")
        await serving.stop()
        await copy.close()
        await server.store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test func anOfflineCopyOfAServerQueuesWhileItIsDownAndPushesOnceItIsBack() async throws {
        let server = try await Server()
        let user = TestDatabase.freshUser()
        var (serving, copy, directory) = try await Self.offlineCopy(of: server, user: user)
        let port = serving.port
        let ref = StreakRef(userId: user, key: "run")
        func log(_ id: String) async throws -> StreakChangeResult {
            let event = StreakEvent(id: id, dateCreated: Self.now.addingTimeInterval(-600), timezone: "UTC")
            return try await copy.apply(.addEvents([event], creating: StreakConfiguration(streakKey: "run")), to: ref, at: Self.now, timezone: Self.utc)
        }
        _ = try await log("online")
        #expect(try await server.store.events(userId: user, streakKey: "run").map(\.id) == ["online"])

        await serving.stop()
        let offline = try await log("offline")
        #expect(offline.evaluation?.streak.totalEvents == 2, "the copy counts it at once")
        #expect(copy.syncState.pendingChanges == 1 && copy.offlineReason != nil)
        #expect(try await server.store.events(userId: user, streakKey: "run").map(\.id) == ["online"])

        serving = try await Self.listen(server.api, port: port)
        _ = try await copy.sync(now: Self.now, timezone: Self.utc)
        #expect(copy.syncState.pendingChanges == 0)
        #expect(try await server.store.events(userId: user, streakKey: "run").map(\.id).sorted() == ["offline", "online"], "pushed once")
        _ = try await copy.sync(now: Self.now, timezone: Self.utc)
        #expect(try await server.store.events(userId: user, streakKey: "run").count == 2)
        await serving.stop()
        await copy.close()
        await server.store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
