import NIOCore
import NIOPosix
import Synchronization
import PostgresNIO

/// Watches the connections of operations under way, every half second, and gives up on an
/// operation whose connection was seen closed at two checks in a row (see
/// `PostgresSession.untilClosed`). One timer for the process, running only while some
/// operation is under way: a timer of its own for each operation was a twentieth of a
/// server's time.
final class ClosedConnectionWatch: Sendable {
    static let shared = ClosedConnectionWatch()

    private struct Watched {
        let connection: PostgresConnection
        let giveUp: @Sendable () -> Void
        var closedChecks = 0
    }

    private struct State {
        var watched: [UInt64: Watched] = [:]
        var nextId: UInt64 = 0
        var timer: RepeatedTask?
    }

    private let state = Mutex(State())
    static let interval = TimeAmount.milliseconds(500)

    /// Starts watching `connection` for an operation; `giveUp` runs (once) when it is seen
    /// closed twice in a row. Returns the id `stop` takes.
    func watch(_ connection: PostgresConnection, giveUp: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            let id = state.nextId
            state.nextId += 1
            state.watched[id] = Watched(connection: connection, giveUp: giveUp)
            if state.timer == nil {
                state.timer = MultiThreadedEventLoopGroup.singleton.next().scheduleRepeatedTask(initialDelay: Self.interval, delay: Self.interval) { [self] _ in
                    check()
                }
            }
            return id
        }
    }

    func stop(_ id: UInt64) {
        _ = state.withLock { $0.watched.removeValue(forKey: id) }
    }

    private func check() {
        let givingUp = state.withLock { state -> [@Sendable () -> Void] in
            if state.watched.isEmpty {
                state.timer?.cancel()
                state.timer = nil
                return []
            }
            var givingUp: [@Sendable () -> Void] = []
            for (id, var watched) in state.watched {
                watched.closedChecks = watched.connection.isClosed ? watched.closedChecks + 1 : 0
                if watched.closedChecks >= 2 {
                    givingUp.append(watched.giveUp)
                    state.watched[id] = nil
                } else {
                    state.watched[id] = watched
                }
            }
            return givingUp
        }
        for giveUp in givingUp { giveUp() }
    }
}
