import Foundation

/// The one JSON writer: values straight into bytes. The store writes its own lines with it
/// (the inverse of `JSONValue.parse`; a million-event import writes a million lines, and
/// building them as `String`s cost more than everything else the import does), and
/// `StreamingJSONEncoder` writes `Encodable` values through it.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    private var memberCounts: [Int] = []

    package init(capacity: Int = 128) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        memberCounts.append(0)
    }

    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        memberCounts.removeLast()
    }

    /// Starts a member: a comma when needed, the quoted key and the colon.
    package mutating func key(_ name: StaticString) {
        if memberCounts[memberCounts.count - 1] > 0 { bytes.append(UInt8(ascii: ",")) }
        memberCounts[memberCounts.count - 1] += 1
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// A key that is not a literal (metadata keys).
    package mutating func key(named name: String) {
        if memberCounts[memberCounts.count - 1] > 0 { bytes.append(UInt8(ascii: ",")) }
        memberCounts[memberCounts.count - 1] += 1
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A quoted string (see `JSONStringEscapes.appendQuoted`).
    package mutating func string(_ text: String) {
        JSONStringEscapes.appendQuoted(text, to: &bytes)
    }

    package mutating func date(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        ISODate.append(date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    package mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: Array((value ? "true" : "false").utf8))
    }

    /// JSON text written by someone else (a number, a nested value).
    package mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Fixed JSON text: a literal, punctuation.
    package mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    package mutating func integer<I: BinaryInteger>(_ value: I) {
        if value == 0 { bytes.append(UInt8(ascii: "0")); return }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        while magnitude > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        bytes[start...].reverse()
    }

    /// A finite number, shortest form, without a trailing ".0" (as `JSONEncoder` writes it).
    package mutating func float<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A value built of dictionaries (keys sorted), arrays, strings, numbers, booleans and
    /// `NSNull`, as `JSONSerialization` writes it with sorted keys and plain slashes, at a
    /// fraction of its cost (it sorts keys by a locale-aware comparison).
    package mutating func any(_ value: Any) {
        // The common types by identity, each cast then one that succeeds: a failed cast from
        // `Any` is the runtime's slow path (conformance and bridging searches), and trying the
        // cases in turn failed several times per value (a seventh of a server's status answer).
        let type = Swift.type(of: value)
        if type == String.self { return string(value as! String) }
        if type == Double.self, case let number = value as! Double, number.isFinite { return float(number) }
        if type == Int.self { return integer(value as! Int) }
        if type == Bool.self { return bool(value as! Bool) }
        if type == NSNull.self { return literal("null") }
        if type == [String: Any].self { return object(value as! [String: Any]) }
        if type == [Any].self { return array(value as! [Any]) }
        // Anything else (arrays and dictionaries of a narrower type, other integers) by casts.
        switch value {
        case let text as String: string(text)
        case let flag as Bool: bool(flag)
        case let number as Int: integer(number)
        case let number as Int64: integer(number)
        case let number as Double where number.isFinite: float(number)
        case let members as [String: Any]: object(members)
        case let elements as [Any]: array(elements)
        default: literal("null")
        }
    }

    private mutating func object(_ members: [String: Any]) {
        beginObject()
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            key(named: name)
            any(value)
        }
        endObject()
    }

    private mutating func array(_ elements: [Any]) {
        byte(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            any(element)
        }
        byte(UInt8(ascii: "]"))
    }

    package mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// JSON text for messages and numbers.
package enum JSONText {
    package static func quoted(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return writer.text
    }

    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(format: "%.1f", value) : "\(value)"
    }
}
