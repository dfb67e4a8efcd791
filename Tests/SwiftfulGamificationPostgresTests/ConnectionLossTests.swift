import PostgresTestSupport
import Foundation
import PostgresNIO
@testable import SwiftfulGamificationPostgres
import Testing

/// What an operation does when the server ends its connection under it.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE (Tests/postgres/cluster.sh start DIR prints it)"))
struct ConnectionLossTests {
    /// postgres-nio can leave a query sent as the server ends the connection unanswered
    /// forever; the session must not wait with it.
    @Test func anOperationStillWaitingWhenItsConnectionEndsFailsAsALoss() async throws {
        let connection = try await TestDatabase.connect(role: "alice")
        let admin = try await TestDatabase.connect(role: "alice")
        defer { Task { try? await admin.close() } }
        let pid = try await backendPid(connection)
        async let outcome: Result<Bool, any Error> = {
            do {
                return .success(try await PostgresSession.untilClosed(connection) { _ in
                    // Stands for the unanswered query: it would finish long after the loss.
                    try? await Task.sleep(for: .seconds(60))
                    return true
                })
            } catch {
                return .failure(error)
            }
        }()
        try await Task.sleep(for: .milliseconds(200))
        try await admin.query("SELECT pg_terminate_backend(\(pid))", logger: TestDatabase.logger)
        switch await outcome {
        case .success: Issue.record("the operation outlived its connection")
        case .failure(let error): #expect(PostgresFailure.isConnectionLoss(error))
        }
    }

    @Test func aSessionReplacesAConnectionTheServerEnded() async throws {
        await (try await TestDatabase.store()).close()  // the owner brings the schema up first
        let session = PostgresSession(location: try TestDatabase.location(role: "alice"))
        defer { Task { await session.close() } }
        let admin = try await TestDatabase.connect(role: "alice")
        defer { Task { try? await admin.close() } }
        let first = try await session.run(as: "alice") { try await backendPid($0) }
        try await admin.query("SELECT pg_terminate_backend(\(first))", logger: TestDatabase.logger)
        let second = try await session.run(as: "alice") { try await backendPid($0) }
        #expect(second != first)
    }

    private func backendPid(_ connection: PostgresConnection) async throws -> Int32 {
        try await connection.query("SELECT pg_backend_pid()", logger: TestDatabase.logger).collect().first!.decode(Int32.self)
    }
}
