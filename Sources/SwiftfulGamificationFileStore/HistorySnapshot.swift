import Foundation
import GamificationSupport
import SwiftfulGamification

/// The derived files beside an event log: `snapshot.json` (the `StreakHistory` of the log
/// up to a position) and `ids.bin` (a 64-bit hash per event id, for duplicate checks).
/// Both can always be rebuilt from the log, so they are written without `fsync`.
///
/// The snapshot proves what it covers: the checksum of the log's covered bytes, and the
/// stamps (size, inode, times) of the log and of `ids.bin` when it was written. A load
/// whose stamps still match trusts it at the cost of two `stat`s; any other change to the
/// log is checked against the checksum, so damage to covered lines is noticed, reported and
/// recounted. The file ends with a checksum of its own, so a damaged or edited snapshot is
/// rebuilt rather than believed.
struct HistorySnapshot: Codable {
    static let version = 5
    /// Larger than any snapshot of 1970-2199 could be.
    static let sizeLimit = 64 << 20

    var version = Self.version
    /// How much of the log the history covers.
    var position = EventLog.Position()
    /// FNV-1a of the log's first `position.offset` bytes.
    var logHash = ContentHash().value
    /// The log when the snapshot was written.
    var logStamp: FileStamp?
    /// Hashes in `ids.bin` that belong to the covered part of the log, and its stamp.
    var idCount = 0
    var idsStamp: FileStamp?
    /// Lines of the covered part that were skipped (damaged), reported on every load.
    var skipped: [String] = []
    var skippedCount = 0
    var history: StreakHistory

    static let skippedKept = 20

    enum CodingKeys: String, CodingKey {
        case version, position, history, skipped
        case logHash = "log_hash"
        case logStamp = "log_stamp"
        case idCount = "id_count"
        case idsStamp = "ids_stamp"
        case skippedCount = "skipped_count"
    }

    init(history: StreakHistory) {
        self.history = history
    }

    mutating func noteSkipped(_ lines: [String]) {
        skippedCount += lines.count
        skipped.append(contentsOf: lines.prefix(max(0, Self.skippedKept - skipped.count)))
    }

    /// What a load should say about the damaged lines it did not read again.
    var skippedWarnings: [String] {
        skipped + (skippedCount > skipped.count ? ["… and \(skippedCount - skipped.count) more damaged lines in events.jsonl"] : [])
    }

    static func read(_ path: String) -> HistorySnapshot? {
        guard let bytes = try? POSIXFile.read(path, role: .derived, limit: sizeLimit),
              let body = SealedFile.open(bytes),
              let snapshot = try? StoreJSON.derivedDecoder.decode(HistorySnapshot.self, from: body),
              snapshot.version == version else { return nil }
        return snapshot
    }

    func write(to path: String) throws {
        try POSIXFile.writeAtomically(SealedFile.seal(Array(try StoreJSON.encoder.encode(self))), to: path, sync: false)
    }
}

/// A derived file's bytes followed by a line `fnv1a64:<hex>` of their checksum.
enum SealedFile {
    static func seal(_ body: [UInt8]) -> [UInt8] {
        body + Array("\nfnv1a64:\(String(ContentHash.of(body), radix: 16))\n".utf8)
    }

    /// The body, or nil when the checksum line is missing or does not match.
    static func open(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.last == UInt8(ascii: "\n") else { return nil }
        let withoutEnd = bytes.dropLast()
        guard let newline = withoutEnd.lastIndex(of: UInt8(ascii: "\n")) else { return nil }
        let trailer = String(decoding: withoutEnd[(newline + 1)...], as: UTF8.self)
        let body = Array(bytes[..<newline])
        guard trailer.hasPrefix("fnv1a64:"), let sum = UInt64(trailer.dropFirst(8), radix: 16),
              sum == ContentHash.of(body) else { return nil }
        return body
    }
}

/// FNV-1a of event ids: stable across runs and platforms (unlike `Hasher`).
enum EventIdHash {
    static func of(_ id: String) -> UInt64 { ContentHash.of(id) }

    static func bytes(_ hashes: [UInt64]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(hashes.count * 8)
        for hash in hashes {
            withUnsafeBytes(of: hash.littleEndian) { output.append(contentsOf: $0) }
        }
        return output
    }

    /// The first `count` hashes of an `ids.bin`; nil when it holds fewer or cannot be trusted.
    static func read(_ path: String, count: Int) throws -> [UInt64]? {
        guard count > 0 else { return [] }
        guard let (descriptor, status) = try POSIXFile.openForReading(path, role: .derived) else { return nil }
        defer { close(descriptor) }
        guard status.size >= count * 8 else { return nil }
        let bytes = try POSIXFile.readAll(descriptor, path: path, from: 0, count: count * 8)
        guard bytes.count == count * 8 else { return nil }
        return bytes.withUnsafeBytes { raw in
            (0..<count).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) }
        }
    }
}
