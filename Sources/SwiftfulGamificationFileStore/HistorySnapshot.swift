import Foundation
import SwiftfulGamification

/// The derived files beside an event log: `snapshot.json` (the `StreakHistory` of the log
/// up to a position) and `ids.bin` (a 64-bit hash per event id, for duplicate checks).
/// Both can always be rebuilt from the log, so they are written without `fsync`.
struct HistorySnapshot: Codable {
    static let version = 2

    var version = Self.version
    /// How much of the log the history covers.
    var position = EventLog.Position()
    /// The log's inode, so a replaced log is not mistaken for a grown one.
    var logInode: UInt64 = 0
    /// Hashes in `ids.bin` that belong to the covered part of the log.
    var idCount = 0
    var history: StreakHistory

    enum CodingKeys: String, CodingKey {
        case version, position, history
        case logInode = "log_inode"
        case idCount = "id_count"
    }

    static func read(_ path: String) -> HistorySnapshot? {
        guard let bytes = try? POSIXFile.read(path),
              let snapshot = try? StoreJSON.decoder.decode(HistorySnapshot.self, from: Data(bytes)),
              snapshot.version == version else { return nil }
        return snapshot
    }

    func write(to path: String) throws {
        try POSIXFile.writeAtomically(Array(try StoreJSON.encoder.encode(self)), to: path, sync: false)
    }
}

/// FNV-1a, 64-bit: stable across runs and platforms (unlike `Hasher`).
enum EventIdHash {
    static func of(_ id: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func bytes(_ hashes: [UInt64]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(hashes.count * 8)
        for hash in hashes {
            withUnsafeBytes(of: hash.littleEndian) { output.append(contentsOf: $0) }
        }
        return output
    }

    /// The first `count` hashes of an `ids.bin`.
    static func read(_ path: String, count: Int) throws -> [UInt64] {
        guard let bytes = try POSIXFile.read(path), bytes.count >= count * 8 else { return [] }
        return bytes.withUnsafeBytes { raw in
            (0..<count).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) }
        }
    }
}
