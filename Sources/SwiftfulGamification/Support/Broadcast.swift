import Foundation
import Synchronization

/// Values handed to every subscriber as they come: each subscriber has its own stream.
public final class Broadcast<Value: Sendable>: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<Value>.Continuation]>([:])
    private let buffering: AsyncStream<Value>.Continuation.BufferingPolicy

    /// - Parameter buffering: what a slow subscriber keeps (`.unbounded`: every value).
    public init(buffering: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded) {
        self.buffering = buffering
    }

    /// A new subscriber's stream, starting with `current` when given.
    public func subscribe(current: Value? = nil) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: buffering)
        let id = UUID()
        if let current { continuation.yield(current) }
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in _ = self?.subscribers.withLock { $0.removeValue(forKey: id) } }
        return stream
    }

    public func send(_ value: Value) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(value) }
    }

    public func finish() {
        for continuation in subscribers.withLock({ subscribers in defer { subscribers = [:] }; return Array(subscribers.values) }) {
            continuation.finish()
        }
    }
}
