import Foundation
import Logging
import NIOPosix
import Synchronization
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

    deinit {
        // A store let go without close() still hangs up (the connection is kept until it has).
        if let connection { connection.close().whenComplete { _ in _ = connection } }
    }

    /// Runs `body` on the connection, alone. A connection that broke under an operation is
    /// replaced and the operation run again (every operation here is safe to repeat: writes
    /// are idempotent by id), for up to `retryWindow`; a first connection that fails is
    /// reported at once.
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        let deadline = Date().addingTimeInterval(Self.retryWindow)
        var delay = 0.05
        while true {
            var connecting = true
            do {
                let connection = try await connected()
                connecting = false
                return try await Self.untilClosed(connection, body)
            } catch {
                // A network failure while connecting counts as lost too (the server restarting).
                let lost = PostgresFailure.isConnectionLoss(error)
                    || (connecting && PostgresFailure.sqlState(error) == nil && !(error is PostgresStoreError))
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

    /// `body` on `connection`, or a connection-loss error once the connection has been seen
    /// closed at two checks half a second apart with `body` still running. postgres-nio can
    /// leave a query unanswered forever when it is sent just as the server ends the
    /// connection (seen as the server shuts down between a transaction's BEGIN and its next
    /// statement); the abandoned task stays suspended, which is all it costs.
    static func untilClosed<T: Sendable>(
        _ connection: PostgresConnection, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let outcome = FirstOutcome<T>()
        let closedChecks = Mutex(0)
        let watch = connection.eventLoop.scheduleRepeatedTask(initialDelay: .milliseconds(500), delay: .milliseconds(500)) { _ in
            let seen = closedChecks.withLock { count in
                count = connection.isClosed ? count + 1 : 0
                return count
            }
            if seen >= 2 { outcome.settle(.failure(ChannelError.ioOnClosedChannel)) }
        }
        defer { watch.cancel() }
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
        await drop()
    }

    private func connected() async throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try location.connectionConfiguration(),
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
