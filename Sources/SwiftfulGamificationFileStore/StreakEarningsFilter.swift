import Foundation
import SwiftfulGamification

/// Which lines of the streaks ledger a fold for some streaks' earnings must read: settling
/// one streak needs its own earnings, not the thousands of lines every other streak wrote.
///
/// A line is read when its bytes hold `.KEY.` for one of the keys, a backslash (an escaped id
/// could spell it without its bytes) or `cleared` (a clear empties the ledger for every
/// streak); any other line cannot hold an earning of these streaks, since an earning's id
/// spells its streak's key between dots (`day.KEY.DATE`, `milestone.KEY.START.COUNT`; keys hold
/// no dot). What is read is then kept only when its id names one of the keys. With the dots:
/// a search for the key alone stopped at every "s" of "streak" and "string" for a key "s5".
struct StreakEarningsFilter: Sendable {
    let keys: Set<String>
    private let patterns: [[UInt8]]

    init(keys: Set<String>) {
        self.keys = keys
        patterns = keys.sorted().map { Array(".\($0).".utf8) } + [[UInt8(ascii: "\\")], Array("cleared".utf8)]
    }

    /// Where the lines of `lines` (complete lines, each ended by a line feed) that must be
    /// decoded begin, ascending: each pattern looked for once over the whole buffer, not line
    /// by line (a ledger of thousands of lines holds a streak's key on a few of them).
    func candidateStarts(in lines: ArraySlice<UInt8>) -> [Int] {
        var starts = Set<Int>()
        lines.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            for pattern in patterns {
                pattern.withUnsafeBytes { needle in
                    Self.forEachOccurrence(needle, in: bytes) { offset in
                        var start = offset
                        while start > 0, base.load(fromByteOffset: start - 1, as: UInt8.self) != UInt8(ascii: "\n") { start -= 1 }
                        starts.insert(lines.startIndex + start)
                        // The line is taken: go on from the next one (a short key can occur often on a line).
                        let end = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset)
                        return end.map { base.distance(to: UnsafeRawPointer($0)) + 1 } ?? bytes.count
                    }
                }
            }
        }
        return starts.sorted()
    }

    /// Calls `body` with the offset of each occurrence of `needle` in `haystack`; the search
    /// goes on from the offset `body` returns.
    private static func forEachOccurrence(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer, _ body: (Int) -> Int) {
        guard let first = needle.first, needle.count <= haystack.count, let base = haystack.baseAddress else { return }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last, let found = memchr(base + start, Int32(first), last - start + 1) {
            let offset = base.distance(to: UnsafeRawPointer(found))
            start = memcmp(base + offset, needle.baseAddress!, needle.count) == 0 ? max(body(offset), offset + 1) : offset + 1
        }
    }

    /// Whether a decoded line belongs to the fold: a clear, or an earning of one of the keys.
    func holds(_ line: PointsLedgerLine) -> Bool {
        switch line {
        case .earned(let event):
            return StreakPoints.earningStreakKey(of: event.id).map(keys.contains) ?? false
        case .clearedEvents: return true
        case .progress, .deletedProgress: return false
        }
    }

    /// The cache's name for a fold of `path` through this filter.
    func cacheKey(_ path: String) -> String {
        path + "\u{0}" + keys.sorted().joined(separator: "\u{0}")
    }
}
