import Foundation

/// A parsed JSON value: a line the fast path (`EventLineFastPath`) did not take, built from
/// the core's `JSONParser` tokens (`JSONDecoder` costs about 7 µs a line, 7 s for a
/// million-event log).
package enum JSONValue: Equatable {
    /// Members in file order; lines hold a handful, so a linear search beats hashing.
    case object([Member])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    package struct Member: Equatable {
        package let key: String
        package let value: JSONValue
    }

    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as JSON text, cut to 40 characters, for messages.
    package var shortText: String {
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

    package var double: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// Parses one complete JSON value (surrounding white space allowed), from the core's
    /// tokens (the one JSON tokenizer), as a tree of the handful of values a line holds.
    /// - Throws: `JSONValue.ParseError` with the byte offset.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        let tokens: [JSONToken]
        do {
            tokens = try JSONParser.tokens(of: bytes, maxDepth: 64)
        } catch {
            throw ParseError(offset: error.offset, reason: error.reason)
        }
        var index = 0
        return try value(&index, tokens, bytes)
    }

    package static func parse(_ text: String) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { try parse(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    /// Where a line stops being JSON: `JSONSyntaxError` under the store's name.
    package typealias ParseError = JSONSyntaxError

    private static func value(_ index: inout Int, _ tokens: [JSONToken], _ bytes: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        let token = tokens[index]
        index += 1
        switch token.kind {
        case .null: return .null
        case .bool: return .bool(bytes[Int(token.start)] == UInt8(ascii: "t"))
        case .string: return .string(try string(token, bytes))
        case .number:
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
            if let value = Int(text) { return .integer(value) }
            guard let value = Double(text), value.isFinite else { throw ParseError(offset: Int(token.start), reason: "bad number '\(text)'") }
            return .number(value)
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(token.count))
            for _ in 0..<token.count { elements.append(try value(&index, tokens, bytes)) }
            return .array(elements)
        case .object:
            var members: [Member] = []
            members.reserveCapacity(Int(token.count))
            for _ in 0..<token.count {
                let key = try string(tokens[index], bytes)
                index += 1
                members.append(Member(key: key, value: try value(&index, tokens, bytes)))
            }
            return .object(members)
        }
    }

    private static func string(_ token: JSONToken, _ bytes: UnsafeBufferPointer<UInt8>) throws -> String {
        guard token.escaped else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self) }
        do {
            return try JSONStringEscapes.decode(bytes, from: Int(token.start)).text
        } catch {
            throw ParseError(offset: error.offset, reason: error.reason)
        }
    }
}
