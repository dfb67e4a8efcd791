import Foundation
import Synchronization

/// The ledgers this store object read last, folded: ledgers are only appended to, so a read
/// whose bytes begin with the bytes folded before folds only the lines after them. A settle
/// reads its streak's earnings, then appends under the lock: one filtered fold instead of two;
/// a manager re-reading the whole ledger after a write folds only the new lines. Bytes that do
/// not begin the same (a failed write put back, a file replaced) are folded whole again.
final class LedgerCache: Sendable {
    private struct Entry {
        /// The complete lines folded, as read.
        let folded: [UInt8]
        let ledger: PointsLedger
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// The ledger the file's whole content `bytes` holds (only the lines `only` keeps, when given).
    func ledger(path: String, bytes: [UInt8], only: StreakEarningsFilter? = nil) -> PointsLedger {
        let complete = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let name = only?.cacheKey(path) ?? path
        let cached = entries.withLock { $0[name] }
        var ledger: PointsLedger
        var start = 0
        if let cached, cached.folded.count <= complete, Self.begins(bytes, with: cached.folded) {
            ledger = cached.ledger
            start = cached.folded.count
        } else {
            ledger = PointsLedger()
        }
        if start < complete {
            ledger.fold(bytes[start..<complete], path: path, only: only)
        }
        ledger.noteTail(bytes[complete...], path: path)
        if start < complete || cached == nil {
            let entry = Entry(folded: complete == bytes.count ? bytes : Array(bytes[..<complete]), ledger: ledger)
            entries.withLock { entries in
                // One filtered fold per file is kept (the streak settled last), not one per streak.
                if only != nil {
                    for other in entries.keys where other != name && other.hasPrefix(path + "\u{0}") { entries[other] = nil }
                }
                entries[name] = entry
            }
        }
        return ledger
    }

    private static func begins(_ bytes: [UInt8], with prefix: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { whole in
            prefix.withUnsafeBytes { start in
                start.count == 0 || memcmp(whole.baseAddress!, start.baseAddress!, start.count) == 0
            }
        }
    }
}
