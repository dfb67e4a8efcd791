import Foundation
import SwiftfulGamification

extension FileStreakStore {
    /// Yields now, and whenever a ledger directory of the user changes (by this process or
    /// any other), until the stream ends.
    func watchLedger(_ ledger: Ledger, userId: String) -> AsyncThrowingStream<Void, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Void, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let directory: String
        do {
            directory = try ledgerDirectory(ledger, userId: userId)
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        let watch = DirectoryWatch(label: "ledger-\(userId)-\(ledger.directoryName)")
        watch.queue.async {
            _ = try? POSIXFile.makeDirectory(directory)
            watch.watch(directory)
            watch.start { _ in continuation.yield() }
            continuation.yield()
        }
        continuation.onTermination = { _ in watch.cancel() }
        return stream
    }
}
