import Foundation
import Synchronization

/// The latest value of something, handed to every subscriber now and on each change.
final class Broadcast<Value: Sendable & Equatable>: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<Value>.Continuation]>([:])

    func subscribe(current: Value) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        continuation.yield(current)
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in _ = self?.subscribers.withLock { $0.removeValue(forKey: id) } }
        return stream
    }

    func send(_ value: Value) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(value) }
    }

    func finish() {
        for continuation in subscribers.withLock({ subscribers in defer { subscribers = [:] }; return Array(subscribers.values) }) {
            continuation.finish()
        }
    }
}
