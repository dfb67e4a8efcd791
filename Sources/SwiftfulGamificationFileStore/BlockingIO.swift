import Foundation

/// Where the file store's blocking work (flock, fsync, reading a log) runs when it is asked
/// from async code of its own: threads of its own, so a writer waiting on another
/// process's lock never holds one of the few threads every task in the process shares.
enum BlockingIO {
    private static let queue = DispatchQueue(label: "streaks.file-store.io", attributes: .concurrent)

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result(catching: work)) }
        }
    }
}
