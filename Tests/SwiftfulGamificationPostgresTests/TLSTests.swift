import PostgresTestSupport
import Foundation
import PostgresNIO
@testable import SwiftfulGamificationPostgres
import Testing

/// TLS as libpq's `sslmode` and `sslrootcert` say, against the test cluster's TCP listener
/// (a certificate for localhost signed by DIR/root.crt; DIR/other-root.crt signs nothing).
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct TLSTests {
    /// alice over TCP to `host`, with `query` appended to the URL.
    func location(host: String = "localhost", _ query: String, environment: [String: String] = ["HOME": "/nonexistent"]) throws -> PostgresLocation {
        let owner = try TestDatabase.owner()
        return try PostgresLocation(url: "postgres://alice:secret@\(host):\(owner.port)/\(owner.database)?\(query)", environment: environment)
    }

    var certificates: String { (try? TestDatabase.owner().host) ?? "" }

    /// Whether the connection made for `location` is encrypted, by the server's own account.
    func encrypted(_ location: PostgresLocation) async throws -> Bool {
        let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 1, logger: TestDatabase.logger)
        defer { Task { try? await connection.close() } }
        let rows = try await connection.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", logger: TestDatabase.logger)
        return try await rows.collect().first?.decode(Bool.self) ?? false
    }

    @Test func everyModeConnectsAsItSays() async throws {
        await (try await TestDatabase.store()).close()  // the owner brings the schema up first
        #expect(try await encrypted(location("sslmode=disable")) == false)
        #expect(try await encrypted(location("")))  // prefer, the default
        #expect(try await encrypted(location("sslmode=require")))
        #expect(try await encrypted(location("sslmode=verify-ca&sslrootcert=\(certificates)/root.crt")))
        #expect(try await encrypted(location("sslmode=verify-full&sslrootcert=\(certificates)/root.crt")))
        // A store over verify-full works end to end.
        let store = PostgresStreakStore(database: try location("sslmode=verify-full&sslrootcert=\(certificates)/root.crt"))
        _ = try await store.streakKeys(userId: "alice")
        await store.close()
    }

    /// A refusal is one line that names the reason.
    func refusal(_ location: PostgresLocation) async -> String {
        let store = PostgresStreakStore(database: location)
        defer { Task { await store.close() } }
        do {
            _ = try await store.streakKeys(userId: "alice")
            return "connected"
        } catch {
            guard case PostgresStoreError.tls(_, let reason) = error else { return "not a TLS error: \(error)" }
            return reason
        }
    }

    @Test func verificationRefusesWhatItCannotTrust() async throws {
        let wrongRoot = await refusal(try location("sslmode=verify-full&sslrootcert=\(certificates)/other-root.crt"))
        #expect(wrongRoot == "the server's certificate is not signed by the root certificate \(certificates)/other-root.crt (sslmode=verify-full)")
        let wrongRootCA = await refusal(try location("sslmode=verify-ca&sslrootcert=\(certificates)/other-root.crt"))
        #expect(wrongRootCA.contains("is not signed by the root certificate"))
        // The certificate names localhost; reached as 127.0.0.1, verify-full refuses it and verify-ca does not.
        let wrongName = await refusal(try location(host: "127.0.0.1", "sslmode=verify-full&sslrootcert=\(certificates)/root.crt"))
        #expect(wrongName == "the server's certificate does not name the host '127.0.0.1' (sslmode=verify-full)")
        #expect(try await encrypted(location(host: "127.0.0.1", "sslmode=verify-ca&sslrootcert=\(certificates)/root.crt")))
        // Verifying needs a root: none given and no ~/.postgresql/root.crt.
        let noRoot = await refusal(try location("sslmode=verify-full"))
        #expect(noRoot.contains("needs the root certificate /nonexistent/.postgresql/root.crt, which cannot be read"))
        // The system's roots do not include the test cluster's own.
        let system = await refusal(try location("sslmode=verify-full&sslrootcert=system"))
        #expect(system == "the server's certificate is not signed by any of the system's trusted roots (sslmode=verify-full)")
        // require with a root certificate checks the chain, as libpq does.
        let requireWrongRoot = await refusal(try location("sslmode=require&sslrootcert=\(certificates)/other-root.crt"))
        #expect(requireWrongRoot.contains("is not signed by"))
    }

    @Test func anUnknownModeIsABadURL() throws {
        #expect(throws: PostgresStoreError.self) { try location("sslmode=sometimes") }
        #expect(try location("").tlsMode == .prefer)
        #expect(try location("", environment: ["PGSSLMODE": "require"]).tlsMode == .require)
    }

    @Test func connectTimeoutIsReadAsLibpqReadsIt() throws {
        #expect(try location("").connectTimeout == 3)
        #expect(try location("connect_timeout=10").connectTimeout == 10)
        #expect(try location("connect_timeout=1").connectTimeout == 2)
        #expect(try location("connect_timeout=0").connectTimeout == nil)
        #expect(try location("", environment: ["PGCONNECT_TIMEOUT": "7"]).connectTimeout == 7)
        #expect(throws: PostgresStoreError.self) { try location("connect_timeout=soon") }
    }
}
