/// FNV-1a, 64-bit, fed in pieces: stable across runs and platforms (unlike `Hasher`), for
/// a log's checksum kept up to date as lines are appended, ids and short digests.
package struct ContentHash: Equatable {
    package private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    package init() {}

    package init(continuing value: UInt64) {
        self.value = value
    }

    package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        value = hash
    }

    package mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { add($0) }
    }

    package static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = ContentHash()
        hash.add(bytes)
        return hash.value
    }

    /// The hash of `text`'s UTF-8.
    package static func of(_ text: String) -> UInt64 {
        var hash = ContentHash()
        var text = text
        text.withUTF8 { hash.add($0) }
        return hash.value
    }
}
