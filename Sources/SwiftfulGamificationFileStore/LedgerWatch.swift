import Foundation
import SwiftfulGamification

/// Calls `changed` (on its own queue) whenever a ledger directory of one user changes, by
/// this process or any other, until cancelled.
final class LedgerWatch: Sendable {
    private let watch: DirectoryWatch

    init(directory: String, label: String, _ changed: @escaping @Sendable () -> Void) {
        watch = DirectoryWatch(label: label)
        _ = try? POSIXFile.makeDirectory(directory)
        watch.watch(directory)
        watch.start { _ in changed() }
    }

    /// Runs `body` on the watch's queue, in order with its calls to `changed`.
    func run(_ body: @escaping @Sendable () -> Void) {
        watch.queue.async(execute: body)
    }

    func cancel() {
        watch.cancel()
    }
}
