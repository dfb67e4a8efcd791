import Foundation
import Logging
import NIOPosix
import PostgresNIO

/// One connection to the database, used by one operation at a time (a transaction never
/// shares it), opened on first use and again after it breaks.
actor PostgresSession {
    let location: PostgresLocation
    private var connection: PostgresConnection?
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var connectionCount = 0
    /// The schema is brought up to date once per process (per session).
    private var migrated = false
    static let logger = Logger(label: "streaks.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    init(location: PostgresLocation) {
        self.location = location
    }

    /// Runs `body` on the connection, alone. A connection that broke under an operation is
    /// replaced and the operation run again (every operation here is safe to repeat: writes
    /// are idempotent by id), for up to `retryWindow`; a first connection that fails is
    /// reported at once.
    func run<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        let deadline = Date().addingTimeInterval(Self.retryWindow)
        var delay = 0.05
        while true {
            var connecting = true
            do {
                let connection = try await connected()
                connecting = false
                return try await body(connection)
            } catch {
                // A network failure while connecting counts as lost too (the server restarting).
                let lost = PostgresFailure.isConnectionLoss(error) || (connecting && PostgresFailure.sqlState(error) == nil)
                if lost { await drop() }
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
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await run { connection in
            try await connection.withTransaction(logger: Self.logger) { connection in try await body(connection) }
        }
    }

    static let retryWindow: TimeInterval = 15

    func close() async {
        await drop()
    }

    private func connected() async throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: location.connectionConfiguration,
            id: connectionCount, logger: Self.logger
        )
        connectionCount += 1
        self.connection = connection
        if !migrated {
            do {
                try await PostgresSchema.migrate(connection, location: location)
            } catch {
                await drop()
                throw error
            }
            migrated = true
        }
        return connection
    }

    private func drop() async {
        guard let connection else { return }
        self.connection = nil
        try? await connection.close()
    }

    private func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
