import Foundation
import Synchronization

/// Values handed to every subscriber as they come: each subscriber has its own stream.
package final class Broadcast<Value: Sendable>: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<Value>.Continuation]>([:])
    /// Yields decided under the lock, run outside it in that order.
    private let handover = Handover()
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
        subscribers.withLock { subscribers in
            if let value = current() { handover.queue { continuation.yield(value) } }
            subscribers[id] = continuation
        }
        continuation.onTermination = { [weak self] _ in _ = self?.subscribers.withLock { $0.removeValue(forKey: id) } }
        handover.run()
        return stream
    }

    /// Hands `value` to every subscriber, in the order values are sent (a subscriber joining
    /// meanwhile gets it after its `current`).
    package func send(_ value: Value) {
        subscribers.withLock { subscribers in
            for continuation in subscribers.values { handover.queue { continuation.yield(value) } }
        }
        handover.run()
    }

    package func finish() {
        let ended = subscribers.withLock { subscribers in
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        handover.run()
        ended.forEach { $0.finish() }
    }
}
