import Foundation
import SwiftfulGamification
import Synchronization

/// `current.json`: the last write's evaluation, published for every reader and watcher so a
/// write is calculated once however many screens show it.
///
/// It says what it was calculated from (the stamps of the user files) and until when it
/// holds (the next midnight or leeway boundary, or a freeze expiring), so a reader can tell
/// a fresh result from a stale one with a few `stat`s instead of calculating again. It ends
/// with its own checksum, like the snapshot: a damaged cache is recalculated, never trusted.
struct CachedEvaluation: Codable, Sendable {
    /// 5: a tracking-only day with a reading is logged (rule 13); 4: evaluations carry each day's amount and the targets (rule 10); 3: the unit, today's kind, skipped days and weeks.
    static let version = 5

    var version = Self.version
    let evaluation: StreakEvaluation
    /// Stamps of the user files (`StreakFolder.userFiles`) when it was calculated.
    let sources: [FileStamp?]
    /// When it was calculated, and the instant after which it no longer holds.
    let calculatedAt: Date
    let validUntil: Date
    /// What loading the log reported (damaged lines), said again by every reader.
    let warnings: [String]

    enum CodingKeys: String, CodingKey {
        case version, evaluation, sources, warnings
        case calculatedAt = "calculated_at"
        case validUntil = "valid_until"
    }

    /// Whether it is what a calculation at `now` in `timezone` would give, given the user
    /// files' stamps now.
    func holds(at now: Date, timezone: TimeZone, sources current: [FileStamp?]) -> Bool {
        sources == current && evaluation.timeZoneIdentifier == timezone.identifier
            && now >= calculatedAt && now < validUntil
    }

    /// The instant a calculation at `now` stops holding without any write: the next day or
    /// leeway boundary, or the moment an available freeze expires.
    static func read(_ path: String) -> CachedEvaluation? {
        // A long-lived reader (the server, the dashboard) asks for the same file again and
        // again: decoded once per version of the file (it is only ever replaced whole, under
        // a new inode), a stat each time after that.
        guard let stamp = (try? POSIXFile.status(path))??.stamp else { return nil }
        if let (known, cached) = decoded.withLock({ $0[path] }), known == stamp { return cached }
        guard let bytes = try? POSIXFile.read(path, role: .derived, limit: 32 << 20),
              let body = SealedFile.open(bytes),
              let cached = try? StoreJSON.derivedDecoder.decode(CachedEvaluation.self, from: body),
              cached.version == version, cached.evaluation.streak.datesAreSupported else { return nil }
        // The stamp read before the bytes: a file replaced in between is decoded again next time.
        decoded.withLock { entries in
            if entries.count >= 4_096 { entries.removeAll() }
            entries[path] = (stamp, cached)
        }
        return cached
    }

    private static let decoded = Mutex<[String: (FileStamp, CachedEvaluation)]>([:])

    func write(to path: String) throws {
        try POSIXFile.writeAtomically(SealedFile.seal(Array(try StoreJSON.encoder.encode(self))), to: path, sync: false)
    }
}
