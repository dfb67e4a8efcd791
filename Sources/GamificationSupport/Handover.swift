import Synchronization

/// Hand-overs (a stream's yield) queued under the caller's own lock, in the order decided
/// there, and run after it is released, one thread at a time (a thread that finds another
/// running leaves its own to it). Not under the caller's lock: a yield may wait for its
/// consumer's task while that task is being cancelled, and the cancellation ends the stream
/// through a termination handler that takes the caller's lock, so both would wait for ever.
package final class Handover: Sendable {
    private let state = Mutex<(queued: [@Sendable () -> Void], running: Bool)>(([], false))

    package init() {}

    /// Queues `handing` (under the caller's lock, to keep its order).
    package func queue(_ handing: @escaping @Sendable () -> Void) {
        state.withLock { $0.queued.append(handing) }
    }

    /// Runs what is queued, and what others queue meanwhile, unless another thread already is.
    /// Called with no lock held.
    package func run() {
        let starts = state.withLock { state -> Bool in
            guard !state.running, !state.queued.isEmpty else { return false }
            state.running = true
            return true
        }
        guard starts else { return }
        while true {
            let batch = state.withLock { state -> [@Sendable () -> Void] in
                defer { state.queued = [] }
                if state.queued.isEmpty { state.running = false }
                return state.queued
            }
            guard !batch.isEmpty else { return }
            batch.forEach { $0() }
        }
    }
}
