import Foundation

/// Counts of work done in this process, for the benchmarks' per-keystroke figures
/// (calculations run, store files read). Package-internal; not part of the library's API.
package enum Instrumentation {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [Counter: Int] = [:]

    package enum Counter: Hashable, Sendable {
        case calculation, fileRead
    }

    package static func count(_ counter: Counter) {
        lock.withLock { counts[counter, default: 0] += 1 }
    }

    package static func value(_ counter: Counter) -> Int {
        lock.withLock { counts[counter, default: 0] }
    }

    nonisolated(unsafe) private static var readsUnder: [String: Int] = [:]

    /// Counts a store file read, and it again under each folder a test follows (a test's
    /// own store, whatever other tests in the process read meanwhile).
    package static func countRead(_ path: String) {
        lock.withLock {
            counts[.fileRead, default: 0] += 1
            for folder in readsUnder.keys where path.hasPrefix(folder) { readsUnder[folder, default: 0] += 1 }
        }
    }

    /// Starts counting the reads of files under `folder`.
    package static func followReads(under folder: String) {
        lock.withLock { readsUnder[folder] = readsUnder[folder] ?? 0 }
    }

    /// The reads of files under `folder` since `followReads(under:)`.
    package static func reads(under folder: String) -> Int {
        lock.withLock { readsUnder[folder, default: 0] }
    }
}
