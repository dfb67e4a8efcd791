import Foundation
import SwiftfulGamification

/// Reads the exact shape `EventJSON.line` writes for an event without metadata —
/// `{"id":"…","date_created":"…","timezone":"…","is_freeze":false}` — in one pass with no
/// intermediate values; anything else (escapes, metadata, other key orders) returns nil
/// and goes to the general parser. Zone names are interned, as a log holds a handful.
struct EventLineFastPath {
    private var zoneBytes: [UInt8] = []
    private var zoneName = ""

    mutating func event(_ line: UnsafeBufferPointer<UInt8>, zones: inout ZoneNameCache) -> StreakEvent? {
        var cursor = Cursor(bytes: line)
        guard cursor.skip(#"{"id":""#), let id = cursor.stringBytes(), !id.isEmpty,
              cursor.skip(#"","date_created":""#), let dateBytes = cursor.stringBytes(),
              let date = ISODate.parse(dateBytes),
              cursor.skip(#"","timezone":""#), let zone = cursor.stringBytes(),
              cursor.skip(#"","is_freeze":"#) else { return nil }
        let isFreeze: Bool
        if cursor.skip("false") { isFreeze = false } else if cursor.skip("true") { isFreeze = true } else { return nil }
        guard cursor.skip("}"), cursor.isAtEnd, !isFreeze else { return nil }
        let timezone = intern(zone)
        guard zones.isValid(timezone) else { return nil }
        return StreakEvent(id: String(decoding: id, as: UTF8.self), dateCreated: date, timezone: timezone)
    }

    private mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if !bytes.elementsEqual(zoneBytes) {
            zoneBytes = Array(bytes)
            zoneName = String(decoding: bytes, as: UTF8.self)
        }
        return zoneName
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// The bytes up to the next quote, leaving the quote; nil when there is an escape.
        mutating func stringBytes() -> UnsafeBufferPointer<UInt8>? {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            return UnsafeBufferPointer(rebasing: bytes[start..<index])
        }
    }
}
