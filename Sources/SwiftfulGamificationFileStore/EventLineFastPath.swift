import Foundation
import SwiftfulGamification

/// Reads the exact shape `EventJSON.line` writes for an event without metadata —
/// `{"id":"…","date_created":"…","timezone":"…","is_freeze":false[,"amount":5.2]}` — in one pass with no
/// intermediate values; anything else (escapes, metadata, other key orders) returns nil
/// and goes to the general parser. Zone names are interned, as a log holds a handful.
package struct EventLineFastPath {
    private var zoneBytes: [UInt8] = []
    private var zoneName = ""

    package init() {}

    package mutating func event(_ line: UnsafeBufferPointer<UInt8>, zones: inout ZoneNameCache) -> StreakEvent? {
        var cursor = Cursor(bytes: line)
        guard cursor.skip(#"{"id":""#), let id = cursor.stringBytes(), !id.isEmpty,
              cursor.skip(#"","date_created":""#), let dateBytes = cursor.stringBytes(),
              let date = ISODate.parse(dateBytes),
              cursor.skip(#"","timezone":""#), let zone = cursor.stringBytes(),
              cursor.skip(#"","is_freeze":"#) else { return nil }
        let isFreeze: Bool
        if cursor.skip("false") { isFreeze = false } else if cursor.skip("true") { isFreeze = true } else { return nil }
        var amount: Double?
        if cursor.skip(#","amount":"#) {
            guard let thousandths = cursor.decimalThousandths() else { return nil }
            amount = StreakAmount.value(thousandths: thousandths)
        }
        guard cursor.skip("}"), cursor.isAtEnd, !isFreeze else { return nil }
        let timezone = intern(zone)
        guard zones.isValid(timezone) else { return nil }
        return StreakEvent(id: String(decoding: id, as: UTF8.self), dateCreated: date, timezone: timezone, amount: amount)
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

        /// A plain decimal as `StreakAmount.text` writes it ("5", "4.2", "0.001") in
        /// thousandths; nil for anything else (signs, exponents, more digits), which the
        /// general parser reads.
        mutating func decimalThousandths() -> Int64? {
            var whole: Int64 = 0, digits = 0
            while index < bytes.count, let digit = Self.digit(bytes[index]) {
                whole = whole * 10 + digit
                digits += 1
                index += 1
                if digits > 10 { return nil }
            }
            guard digits > 0 else { return nil }
            var fraction: Int64 = 0, decimals = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, let digit = Self.digit(bytes[index]) {
                    guard decimals < 3 else { return nil }
                    fraction = fraction * 10 + digit
                    decimals += 1
                    index += 1
                }
                guard decimals > 0 else { return nil }
            }
            for _ in decimals..<3 { fraction *= 10 }
            let thousandths = whole * 1_000 + fraction
            return thousandths <= 1_000_000_000_000 ? thousandths : nil
        }

        private static func digit(_ byte: UInt8) -> Int64? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int64(byte - UInt8(ascii: "0")) : nil
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
