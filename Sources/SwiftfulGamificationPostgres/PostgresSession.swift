import Foundation
import Logging
import NIOPosix
import Synchronization
import PostgresNIO

/// The store's connections to the database: a small pool, each connection used by one
/// operation at a time (a transaction never shares one), so a read never queues behind a
/// write. Connections open on demand, up to `limit`, and are replaced when they break.
///
/// Acting as each user (`actsAsEachUser`, for a server holding one login for many users),
/// every operation first makes its connection act as the user (outside any transaction; see
/// `assume`), so row-level security sees the user and nothing else whatever the statement
/// asks for; a connection already acting as that user is preferred, so one user's
/// operations in a row switch nothing.
///
/// Not postgres-nio's `PostgresClient`: its lease waits, retrying, for as long as the server
/// cannot be reached (vapor/postgres-nio#565, #489), and an unreachable server must be
/// reported at once.
actor PostgresSession {
    let location: PostgresLocation
    let limit: Int
    let actsAsEachUser: Bool
    private var idle: [PostgresConnection] = []
    /// Whom each connection acts as (acting as each user): a user id, or "" for the login
    /// itself; no entry while it is not known (a new connection, or a change that failed
    /// halfway), so the next operation sets it whatever it wants. Not by `id`: connections
    /// opened at once can share one.
    private var acting: [ObjectIdentifier: String] = [:]
    /// Per connection, how it acts as a user (asked once per connection).
    private var modes: [ObjectIdentifier: ActingMode] = [:]

    /// A login exempt from row-level security takes each user's role; any other names the
    /// user in `streaks.user`, with the privilege of the user's role that the policies ask.
    enum ActingMode {
        case takingRoles
        case naming(privilege: String)
    }
    private var open = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var connectionCount = 0
    /// The schema is brought up to date once per process (per session).
    private var migrated = false
    static let logger = Logger(label: "streaks.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    init(location: PostgresLocation, limit: Int = 4, actsAsEachUser: Bool = false) {
        self.location = location
        self.limit = max(1, limit)
        self.actsAsEachUser = actsAsEachUser
    }

    deinit {
        // A store let go without close() still hangs up (each connection is kept until it has).
        for connection in idle { connection.close().whenComplete { _ in _ = connection } }
    }

    /// Runs `body` on a connection of its own. A connection that broke under an operation is
    /// replaced and the operation run again (every operation here is safe to repeat: writes
    /// are idempotent by id), for up to `retryWindow`; a first connection that fails is
    /// reported at once. With `checkingSchema` false a new session skips its schema check
    /// (`run(readingSchemaVersion:)` folds it into the operation's own statement).
    /// `inAnyRole`: the statement means the same in every role (a function anyone may call),
    /// so the connection keeps whichever it has.
    func run<T: Sendable>(
        as userId: String?, checkingSchema: Bool = true, inAnyRole: Bool = false, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let deadline = Date().addingTimeInterval(Self.retryWindow)
        var delay = 0.05
        while true {
            var connecting = true
            do {
                // Acting as each user, the schema is checked before the role is taken: only the
                // login may migrate, so `run(readingSchemaVersion:)` cannot do it in its body.
                let connection = try await lease(preferring: inAnyRole ? nil : userId, checkingSchema: checkingSchema || actsAsEachUser)
                connecting = false
                do {
                    if !inAnyRole { try await assume(userId, on: connection) }
                    let result = try await Self.untilClosed(connection, body)
                    giveBack(connection)
                    return result
                } catch {
                    if connection.isClosed || PostgresFailure.isConnectionLoss(error) { await discard(connection) } else { giveBack(connection) }
                    throw error
                }
            } catch {
                // A network failure while connecting counts as lost too (the server restarting).
                let lost = PostgresFailure.isConnectionLoss(error)
                    || (connecting && PostgresFailure.sqlState(error) == nil && !(error is PostgresStoreError))
                let reachedBefore = connectionCount > 0
                guard lost, reachedBefore, Date() < deadline, !Task.isCancelled else {
                    throw PostgresFailure.describe(error, location: location, connecting: connecting && !reachedBefore)
                }
                try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
                delay = min(delay * 2, 0.5)
            }
        }
    }

    /// `run` in a transaction.
    func transaction<T: Sendable>(as userId: String?, _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await run(as: userId) { connection in
            try await connection.withTransaction(logger: Self.logger) { connection in try await body(connection) }
        }
    }

    /// `run`, with the schema check folded into `body`'s own statement: `body` hands back
    /// the schema version it read beside its result. A session that has not checked the
    /// schema yet migrates when that version is behind or the tables are missing, then runs
    /// `body` again; once the schema is current it stops checking.
    func run<T: Sendable>(
        as userId: String?, readingSchemaVersion body: @escaping @Sendable (PostgresConnection) async throws -> (T, schemaVersion: Int)
    ) async throws -> T {
        try await run(as: userId, checkingSchema: false) { connection in
            let checked = await self.migrated
            do {
                let (value, version) = try await body(connection)
                if checked || version == PostgresSchema.latest {
                    if !checked { await self.schemaIsCurrent() }
                    return value
                }
            } catch where !checked && ["42P01", "42703"].contains(PostgresFailure.sqlState(error)) {
                // undefined_table, undefined_column: tables or columns of a later migration not there yet.
            }
            try await self.migrate(connection)
            return try await body(connection).0
        }
    }

    /// The schema version as a subquery, for a statement run by `run(readingSchemaVersion:)`.
    static let schemaVersionColumn = "(SELECT coalesce(max(version), 0) FROM streak_schema)"

    private func migrate(_ connection: PostgresConnection) async throws {
        try await PostgresSchema.migrate(connection, location: location)
        migrated = true
    }

    private func schemaIsCurrent() {
        migrated = true
    }

    static let retryWindow: TimeInterval = 15

    /// `body` on `connection`, or a connection-loss error once the connection has been seen
    /// closed at two checks half a second apart with `body` still running. postgres-nio can
    /// leave a query unanswered forever when it is sent just as the server ends the
    /// connection (seen as the server shuts down between a transaction's BEGIN and its next
    /// statement); the abandoned task stays suspended, which is all it costs.
    static func untilClosed<T: Sendable>(
        _ connection: PostgresConnection, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let outcome = FirstOutcome<T>()
        let watch = ClosedConnectionWatch.shared.watch(connection) { outcome.settle(.failure(ChannelError.ioOnClosedChannel)) }
        defer { ClosedConnectionWatch.shared.stop(watch) }
        let task = Mutex<Task<Void, Never>?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.deliver(to: continuation)
                task.withLock {
                    $0 = Task {
                        do { outcome.settle(.success(try await body(connection))) } catch { outcome.settle(.failure(error)) }
                    }
                }
            }
        } onCancel: {
            task.withLock { $0?.cancel() }
        }
    }

    func close() async {
        let connections = idle
        idle = []
        open -= connections.count
        for connection in connections {
            forgetActing(connection)
            ReusedStatements.forget(connection)
            try? await connection.close()
        }
    }

    /// Makes `connection` act as the user (nil: as the login role), when the session acts as
    /// each user and it does not already. A user the login cannot act as is refused in words
    /// that say what to grant.
    ///
    /// A login under row-level security names the user in `streaks.user` (see migration 13):
    /// its role never changes, so PostgreSQL keeps its plans. A login exempt from row-level
    /// security (`actingMode`) would not be held by the setting, so it takes the user's role,
    /// and its statements are planned again at each change of user.
    private func assume(_ userId: String?, on connection: PostgresConnection) async throws {
        let id = ObjectIdentifier(connection), wanted = userId ?? ""
        guard actsAsEachUser, acting[id] != wanted else { return }
        acting[id] = nil
        do {
            let mode = try await actingMode(of: connection)
            // An error comes with the rows: read them. Every name is pg_catalog's: a function
            // another role planted earlier in the search_path must not stand in for one.
            switch (mode, userId) {
            case (.takingRoles, _):
                _ = try await connection.query("SELECT pg_catalog.set_config('role', \(userId ?? "none"), false)", logger: Self.logger).collect()
            case (.naming(let privilege), let userId?):
                // No row: the login may not act as the user.
                let rows = try await connection.query(
                    """
                    SELECT pg_catalog.set_config('streaks.user', \(userId), false)
                    WHERE pg_catalog.pg_has_role(current_user, \(userId)::pg_catalog.name, \(privilege))
                    """,
                    logger: Self.logger
                ).collect()
                if rows.isEmpty { throw PostgresStoreError.notAllowed(location.redacted, reason: Self.cannotActAs(userId, login: location.username)) }
            case (.naming, nil):
                _ = try await connection.query("SELECT pg_catalog.set_config('streaks.user', '', false)", logger: Self.logger).collect()
            }
        } catch where ["42501", "22023", "42704"].contains(PostgresFailure.sqlState(error)) {
            throw PostgresStoreError.notAllowed(
                location.redacted,
                reason: Self.cannotActAs(userId ?? "none", login: location.username)
            )
        }
        acting[id] = wanted
    }

    private func actingMode(of connection: PostgresConnection) async throws -> ActingMode {
        if let known = modes[ObjectIdentifier(connection)] { return known }
        let mode = try await Self.actingMode(connection)
        modes[ObjectIdentifier(connection)] = mode
        return mode
    }

    /// `run` for a statement that may also name a user in `streaks.user` on its connection
    /// (a server's token lookup, which every request begins with): the user's own operation
    /// next, given that connection (`lease` prefers it), then changes nothing first. `body`
    /// gets the privilege the policies ask of the login to act as a user, nil when the
    /// connection does not act by naming users, and answers whom it named (nil: nobody).
    func run<T: Sendable>(
        naming body: @escaping @Sendable (PostgresConnection, _ privilege: String?) async throws -> (T, named: String?)
    ) async throws -> T {
        try await run(as: nil, inAnyRole: true) { connection in
            let (privilege, before) = try await self.beginNaming(on: connection)
            let (value, named) = try await body(connection, privilege)
            await self.noteActing(named ?? before, on: connection)
            return value
        }
    }

    /// The privilege to name a user with on `connection` (nil: it does not act by naming),
    /// and whom it acts as now; unknown until `noteActing`, should the statement fail halfway.
    private func beginNaming(on connection: PostgresConnection) async throws -> (privilege: String?, acting: String?) {
        let id = ObjectIdentifier(connection)
        guard actsAsEachUser, case .naming(let privilege) = try await actingMode(of: connection) else { return (nil, acting[id]) }
        return (privilege, acting.removeValue(forKey: id))
    }

    private func noteActing(_ userId: String?, on connection: PostgresConnection) {
        guard actsAsEachUser else { return }
        acting[ObjectIdentifier(connection)] = userId
    }

    private func forgetActing(_ connection: PostgresConnection) {
        acting[ObjectIdentifier(connection)] = nil
        modes[ObjectIdentifier(connection)] = nil
    }

    /// How the connection's login acts as a user: taking roles when it is exempt from
    /// row-level security on any of the tables (a superuser, BYPASSRLS, or the owner of the
    /// one table that does not force it on its owner, the tokens'), which the setting would
    /// not hold; else naming the user, with the server's privilege for "may act as"
    /// (`PostgresSchema.actingPrivilegeSQL`, the policies' own).
    private static func actingMode(_ connection: PostgresConnection) async throws -> ActingMode {
        let rows = try await connection.query(
            """
            SELECT r.rolsuper OR r.rolbypassrls OR EXISTS (
                SELECT FROM pg_catalog.pg_class c WHERE c.oid = pg_catalog.to_regclass('streak_server_tokens') AND c.relowner = r.oid
            ), \(unescaped: PostgresSchema.actingPrivilegeSQL)
            FROM pg_catalog.pg_roles r WHERE r.rolname = session_user
            """,
            logger: logger
        ).collect()
        let (bypasses, privilege) = try rows.first?.decode((Bool, String).self) ?? (false, "MEMBER")
        return bypasses ? .takingRoles : .naming(privilege: privilege)
    }

    /// Why a login role cannot act as a user, and the statements that let it.
    static func cannotActAs(_ userId: String, login: String) -> String {
        let role = "\"" + userId.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let loginRole = "\"" + login.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return "role '\(login)' cannot act as user '\(userId)': the user needs a role of that name granted to it "
            + "(CREATE ROLE \(role) NOLOGIN; GRANT \(role) TO \(loginRole))"
    }

    /// A connection for one operation: an idle one (one already acting as `role` first), a new
    /// one while fewer than `limit` are open, else the next one given back.
    private func lease(preferring role: String?, checkingSchema: Bool) async throws -> PostgresConnection {
        while true {
            if actsAsEachUser, let role, let index = idle.lastIndex(where: { acting[ObjectIdentifier($0)] == role && !$0.isClosed }) {
                return try await checked(idle.remove(at: index), checkingSchema: checkingSchema)
            }
            while let connection = idle.popLast() {
                if !connection.isClosed { return try await checked(connection, checkingSchema: checkingSchema) }
                forgetActing(connection)
                open -= 1
            }
            if open < limit { break }
            await withCheckedContinuation { waiting.append($0) }
        }
        open += 1
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try location.connectionConfiguration(),
                id: connectionCount, logger: Self.logger
            )
        } catch {
            open -= 1
            wakeOne()
            throw error
        }
        connectionCount += 1
        return try await checked(connection, checkingSchema: checkingSchema)
    }

    /// `connection`, once the schema is known to be current (when asked to check).
    private func checked(_ connection: PostgresConnection, checkingSchema: Bool) async throws -> PostgresConnection {
        guard checkingSchema, !migrated else { return connection }
        do {
            try await migrate(connection)
        } catch {
            await discard(connection)
            throw error
        }
        return connection
    }

    private func giveBack(_ connection: PostgresConnection) {
        idle.append(connection)
        wakeOne()
    }

    private func discard(_ connection: PostgresConnection) async {
        open -= 1
        forgetActing(connection)
        wakeOne()
        ReusedStatements.forget(connection)
        try? await connection.close()
    }

    private func wakeOne() {
        if !waiting.isEmpty { waiting.removeFirst().resume() }
    }
}

/// The first result of several racing tasks, handed to one continuation.
private final class FirstOutcome<T: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<T, any Error>?, settled: Bool)>((nil, false))

    func deliver(to continuation: CheckedContinuation<T, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    func settle(_ result: Result<T, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
            guard !state.settled else { return nil }
            state.settled = true
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
