import Foundation
import PostgresNIO
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing

/// The database the PostgreSQL tests run against: `$STREAKS_TEST_DATABASE`, the URL of the
/// database's owner, as `Tests/postgres/cluster.sh start` prints it (that cluster also has
/// the roles alice, bob and app, password `secret`). Without it the tests are skipped, unless
/// `$STREAKS_REQUIRE_DATABASE` is set (CI), when they fail instead.
public enum TestDatabase {
    public static let url = ProcessInfo.processInfo.environment["STREAKS_TEST_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
    public static let required = !(ProcessInfo.processInfo.environment["STREAKS_REQUIRE_DATABASE"] ?? "").isEmpty

    /// Runs when there is a database, or when one is required (and then fails without it).
    public static var enabled: Bool { url != nil || required }

    public static func owner() throws -> PostgresLocation {
        guard let url else {
            Issue.record("STREAKS_REQUIRE_DATABASE is set but STREAKS_TEST_DATABASE is not: no database to test against")
            throw CancellationError()
        }
        return try PostgresLocation(url: url, environment: environment)
    }

    /// The tests' environment, with a connect timeout for a loaded machine: under the whole
    /// suite on two cores a connection can wait seconds for its event loop (3 s by default).
    public static var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["PGCONNECT_TIMEOUT": "60"]) { own, _ in own }
    }

    /// The same database as another role of the test cluster.
    public static func location(role: String) throws -> PostgresLocation {
        let owner = try owner()
        let host = owner.host.hasPrefix("/") ? "@/\(owner.database)?host=\(owner.host)&port=\(owner.port)" : "@\(owner.host):\(owner.port)/\(owner.database)"
        return try PostgresLocation(url: "postgres://\(role):secret" + host, environment: environment)
    }

    /// A store connected as the owner (which migrates the schema) or another role.
    public static func store(role: String? = nil) async throws -> PostgresStreakStore {
        let owner = PostgresStreakStore(database: try owner())
        _ = try await owner.streakKeys(userId: owner.database.username)
        guard let role else { return owner }
        await owner.close()
        return PostgresStreakStore(database: try location(role: role))
    }

    /// A user id no other test uses (for the app role, which serves any user).
    public static func freshUser() -> String { "u" + UUID().uuidString.prefix(12).lowercased() }

    public static let logger = Logger(label: "test")

    /// A plain connection as `role` (`postgres` is the cluster's superuser), to the test
    /// database or another one.
    public static func connect(role: String, database: String? = nil) async throws -> PostgresConnection {
        let location = try location(role: role)
        var configuration = PostgresConnection.Configuration(
            unixSocketPath: location.host + "/.s.PGSQL.\(location.port)", username: role, password: "secret",
            database: database ?? location.database
        )
        configuration.options.connectTimeout = .seconds(5)
        return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    /// A new, empty database owned by the test database's owner, for tests of migrations;
    /// its URL for `role`.
    public static func scratchDatabase(role: String) async throws -> PostgresLocation {
        let name = "scratch_" + UUID().uuidString.prefix(8).lowercased()
        let admin = try await connect(role: "postgres", database: "postgres")
        try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) OWNER \(try owner().username)"), logger: logger)
        try await admin.close()
        let owner = try owner()
        return try PostgresLocation(url: "postgres://\(role):secret@/\(name)?host=\(owner.host)&port=\(owner.port)")
    }

    /// The payloads heard on `channel` as `role` while `actions` run and for a second after.
    public static func notifications(on channel: String, role: String, during actions: @escaping @Sendable () async throws -> Void) async throws -> [String] {
        let connection = try await connect(role: role)
        defer { Task { try? await connection.close() } }
        return try await connection.listen(on: channel) { notifications in
            try await withThrowingTaskGroup(of: [String]?.self) { group in
                group.addTask {
                    var payloads: [String] = []
                    for try await notification in notifications { payloads.append(notification.payload) }
                    return payloads
                }
                group.addTask {
                    try await actions()
                    try await Task.sleep(for: .seconds(1))
                    return nil
                }
                _ = try await group.next()
                group.cancelAll()
                var heard: [String] = []
                while let result = try await group.next() { heard += result ?? [] }
                return heard
            }
        }
    }

    /// Plain SQL as `role`: the first column of every row, as text.
    public static func sql(_ statement: String, role: String, database: String? = nil) async throws -> [String] {
        let connection = try await connect(role: role, database: database)
        do {
            let values = try await sql(statement, on: connection)
            try await connection.close()
            return values
        } catch {
            try? await connection.close()
            throw error
        }
    }

    public static func sql(_ statement: String, on connection: PostgresConnection) async throws -> [String] {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        var values: [String] = []
        for try await row in rows {
            values.append(row.first.map { cell in (try? cell.decode(String.self)) ?? (try? cell.decode(Int.self)).map(String.init) ?? "?" } ?? "")
        }
        return values
    }

    /// The SQLSTATE a statement fails with, or nil when it succeeds.
    public static func sqlState(of statement: String, role: String, database: String? = nil) async throws -> String? {
        do {
            _ = try await sql(statement, role: role, database: database)
            return nil
        } catch let error as PSQLError {
            return error.serverInfo?[.sqlState] ?? "no server error: \(error)"
        }
    }
}

extension PostgresLocation {
    /// The same database as another role of the test cluster (password 'secret').
    public func with(role: String) throws -> PostgresLocation {
        try PostgresLocation(url: "postgres://\(role):secret@/\(database)?host=\(host)&port=\(port)", environment: TestDatabase.environment)
    }
}
