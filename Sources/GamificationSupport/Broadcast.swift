import Foundation
import Synchronization

/// Values handed to every subscriber as they come: each subscriber has its own stream.
package final class Broadcast<Value: Sendable>: Sendable {
    private struct State {
        var subscribers: [UUID: AsyncStream<Value>.Continuation] = [:]
        /// Values decided under the lock, handed over outside it in this order (see `hand`).
        var outbox: [(AsyncStream<Value>.Continuation, Value)] = []
        var handing = false
    }

    private let state = Mutex(State())
    private let buffering: AsyncStream<Value>.Continuation.BufferingPolicy

    /// - Parameter buffering: what a slow subscriber keeps (`.unbounded`: every value).
    package init(buffering: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded) {
        self.buffering = buffering
    }

    /// A new subscriber's stream, starting with `current` when given. `current` is read as
    /// the subscriber joins, so a value sent meanwhile is never lost to it: either `current`
    /// holds it already or it arrives after.
    package func subscribe(current: @autoclosure () -> Value? = nil) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: buffering)
        let id = UUID()
        state.withLock { state in
            if let value = current() { state.outbox.append((continuation, value)) }
            state.subscribers[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) } }
        hand()
        return stream
    }

    /// Hands `value` to every subscriber, in the order values are sent (a subscriber joining
    /// meanwhile gets it after its `current`).
    package func send(_ value: Value) {
        state.withLock { state in
            for continuation in state.subscribers.values { state.outbox.append((continuation, value)) }
        }
        hand()
    }

    package func finish() {
        let ended = state.withLock { state in
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        hand()
        ended.forEach { $0.finish() }
    }

    /// Yields the outbox in order, outside the lock, one thread at a time (another finding it
    /// busy leaves its values to it): a yield may wait for a consumer's task that is being
    /// cancelled, whose stream's termination handler takes the lock.
    private func hand() {
        let starts = state.withLock { state -> Bool in
            guard !state.handing, !state.outbox.isEmpty else { return false }
            state.handing = true
            return true
        }
        guard starts else { return }
        while true {
            let batch = state.withLock { state -> [(AsyncStream<Value>.Continuation, Value)] in
                let batch = state.outbox
                state.outbox = []
                if batch.isEmpty { state.handing = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            for (continuation, value) in batch { continuation.yield(value) }
        }
    }
}
