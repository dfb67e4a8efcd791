import Foundation
import Synchronization

/// Counts of work done in this process, for the benchmarks' per-keystroke figures
/// (calculations run, store files read). Package-internal; not part of the library's API.
package enum Instrumentation {
    private struct State {
        var counts: [Counter: Int] = [:]
        /// Reads counted under each folder a test follows.
        var readsUnder: [String: Int] = [:]
    }

    private static let state = Mutex(State())

    package enum Counter: Hashable, Sendable {
        case calculation, fileRead
    }

    package static func count(_ counter: Counter) {
        state.withLock { $0.counts[counter, default: 0] += 1 }
    }

    package static func value(_ counter: Counter) -> Int {
        state.withLock { $0.counts[counter, default: 0] }
    }

    /// Counts a store file read, and it again under each folder a test follows (a test's
    /// own store, whatever other tests in the process read meanwhile).
    package static func countRead(_ path: String) {
        state.withLock { state in
            state.counts[.fileRead, default: 0] += 1
            for folder in state.readsUnder.keys where path.hasPrefix(folder) { state.readsUnder[folder, default: 0] += 1 }
        }
    }

    /// Starts counting the reads of files under `folder`.
    package static func followReads(under folder: String) {
        state.withLock { $0.readsUnder[folder] = $0.readsUnder[folder] ?? 0 }
    }

    /// The reads of files under `folder` since `followReads(under:)`.
    package static func reads(under folder: String) -> Int {
        state.withLock { $0.readsUnder[folder, default: 0] }
    }
}
