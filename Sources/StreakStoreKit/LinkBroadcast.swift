import Foundation
import SwiftfulGamification
import Synchronization

/// Whether the store's link is up, to every subscriber (the latest first).
package final class LinkBroadcast: Sendable {
    private let state = Mutex<(link: StoreLink, subscribers: [UUID: AsyncStream<StoreLink>.Continuation])>((.live, [:]))

    package init() {}

    package func subscribe() -> AsyncStream<StoreLink> {
        let (stream, continuation) = AsyncStream<StoreLink>.makeStream()
        let id = UUID()
        state.withLock { state in
            state.subscribers[id] = continuation
            continuation.yield(state.link)
        }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) } }
        return stream
    }

    package func send(_ link: StoreLink) {
        let subscribers = state.withLock { state -> [AsyncStream<StoreLink>.Continuation] in
            guard state.link != link else { return [] }
            state.link = link
            return Array(state.subscribers.values)
        }
        subscribers.forEach { $0.yield(link) }
    }

    package func finish() {
        let subscribers = state.withLock { state in
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        subscribers.forEach { $0.finish() }
    }
}
