import Foundation
import SwiftfulGamification

/// A parsed JSON value. The store parses its own lines with this small byte-level parser
/// because `JSONDecoder` costs about 7 µs a line, 7 s for a million-event log.
enum JSONValue: Equatable {
    /// Members in file order; lines hold a handful, so a linear search beats hashing.
    case object([Member])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    struct Member: Equatable {
        let key: String
        let value: JSONValue
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as JSON text, cut to 40 characters, for messages.
    var shortText: String {
        let text: String
        switch self {
        case .object: text = "{…}"
        case .array: text = "[…]"
        case .string(let value): text = JSONText.quoted(value)
        case .integer(let value): text = String(value)
        case .number(let value): text = "\(value)"
        case .bool(let value): text = value ? "true" : "false"
        case .null: text = "null"
        }
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    var double: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// Parses one complete JSON value (surrounding white space allowed).
    /// - Throws: `JSONValue.ParseError` with the byte offset.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    static func parse(_ text: String) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { try parse(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    struct ParseError: Error, Equatable {
        let offset: Int
        let reason: String
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        func error(_ reason: String) -> ParseError { ParseError(offset: index, reason: reason) }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < 64 else { throw error("nested too deeply") }
            guard index < bytes.count else { throw error("unexpected end of line") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func object(depth: Int) throws -> JSONValue {
            index += 1
            var members: [Member] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                index += 1
                skipWhitespace()
                members.append(Member(key: key, value: try value(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of line in an object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}'")
            }
        }

        mutating func array(depth: Int) throws -> JSONValue {
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of line in an array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                throw error("expected ',' or ']'")
            }
        }

        mutating func string() throws -> String {
            index += 1
            let start = index
            // Fast path: no escapes.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else { throw error("control character in a string") }
                index += 1
            }
            guard index < bytes.count else { throw error("unterminated string") }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
            }
            do {
                let (text, end) = try JSONStringEscapes.decode(bytes, from: start)
                index = end
                return text
            } catch {
                throw ParseError(offset: error.offset, reason: error.reason)
            }
        }

        mutating func literal(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw error("unexpected end of line") }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                throw error("unknown literal")
            }
            index += count
            return value
        }

        mutating func number() throws -> JSONValue {
            let start = index
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            while index < bytes.count {
                let byte = bytes[index]
                if (48...57).contains(byte) {
                    index += 1
                } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                            || byte == UInt8(ascii: "+") || (byte == UInt8(ascii: "-") && index > start) {
                    isInteger = false
                    index += 1
                } else {
                    break
                }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard !text.isEmpty, text != "-" else { throw error("expected a value") }
            if isInteger, let value = Int(text) { return .integer(value) }
            guard let value = Double(text), value.isFinite else { throw error("bad number '\(text)'") }
            return .number(value)
        }
    }
}
