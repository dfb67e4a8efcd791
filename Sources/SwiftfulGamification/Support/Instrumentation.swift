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
}
