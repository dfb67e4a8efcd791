import Foundation
import Synchronization

/// What a text or a file held, as last decoded, beside its bytes: a long-lived reader (the
/// server, the dashboard) that finds the same bytes again skips decoding them. The bytes are
/// compared one by one (not as Swift compares strings, which takes two spellings of an
/// accent as one, and not by a timestamp, which an edit in place within its grain keeps),
/// so a hit is safe whatever wrote them. What fails to decode is never kept. Past
/// `byteLimit` of kept bytes it starts over.
package final class DecodedOnce<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entries {
        var byKey: [Key: (bytes: [UInt8], value: Value)] = [:]
        var bytes = 0
    }

    private let entries = Mutex(Entries())
    private let byteLimit: Int

    package init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// What `bytes` hold for `key`: kept when they are the bytes last decoded for it, else `decode`d (and kept).
    package func value(for key: Key, bytes: [UInt8], decode: () throws -> Value) rethrows -> Value {
        try bytes.withUnsafeBytes { try value(for: key, raw: $0, decode: decode) }
    }

    /// The same for a text, by its UTF-8 bytes.
    package func value(for key: Key, text: String, decode: () throws -> Value) rethrows -> Value {
        var text = text
        return try text.withUTF8 { try value(for: key, raw: UnsafeRawBufferPointer($0), decode: decode) }
    }

    // Not generic over the bytes' collection: called from other modules, a generic compare
    // ran unspecialised, a witness call per byte (it halved a server's GETs).
    private func value(for key: Key, raw: UnsafeRawBufferPointer, decode: () throws -> Value) rethrows -> Value {
        // memcmp, not elementsEqual: a byte at a time, the compare of a 50 KB evaluation was a
        // twentieth of a server's GET.
        if let kept = entries.withLock({ $0.byKey[key] }), kept.bytes.count == raw.count,
           raw.isEmpty || kept.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 }) {
            return kept.value
        }
        let value = try decode()
        let kept = Array(raw)
        entries.withLock { entries in
            if entries.bytes + kept.count > byteLimit { entries = Entries() }
            entries.bytes += kept.count - (entries.byKey[key]?.bytes.count ?? 0)
            entries.byKey[key] = (kept, value)
        }
        return value
    }
}
