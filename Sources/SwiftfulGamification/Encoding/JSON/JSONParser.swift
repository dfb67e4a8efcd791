/// Where JSON text stops being JSON: the byte offset and what was wrong there.
package struct JSONSyntaxError: Error, Equatable {
    package let offset: Int
    package let reason: String

    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }
}

/// One value of parsed JSON, in document order, knowing where it ends.
package struct JSONToken {
    package enum Kind: UInt8 { case null, bool, number, string, array, object }

    package let kind: Kind
    /// Bytes: a string's without its quotes, a number's, `true`/`false`.
    package let start: Int32
    package let end: Int32
    /// Whether a string holds escapes (decoded with `JSONStringEscapes` then).
    package let escaped: Bool
    /// For arrays and objects: the index after the last value inside (objects hold keys
    /// and values alternately). Else the index after this one.
    package var next: Int32
    /// For arrays and objects: how many values (object: pairs) they hold.
    package var count: Int32
}

/// The one JSON tokenizer: a single pass over the bytes into a flat list of `JSONToken`s,
/// with no tree and no dictionary built. The streaming decoder walks the list as
/// containers; the file store builds its small line values from it. Strict JSON: numbers
/// as the grammar spells them, no trailing commas or bytes, control characters refused.
/// A string's escapes are only marked here; they are checked when the string is read.
package struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var position = 0
    private var tokens: [JSONToken] = []

    /// The tokens of the one JSON value `bytes` hold (white space around it allowed).
    package static func tokens(of bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws(JSONSyntaxError) -> [JSONToken] {
        // Positions are kept in 32 bits (the list is a third the size).
        guard bytes.count < Int32.max else { throw JSONSyntaxError(offset: 0, reason: "JSON of \(bytes.count) bytes is larger than this reader takes") }
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        try parser.parse(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.error("unexpected bytes after the JSON value") }
        return parser.tokens
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        tokens.reserveCapacity(max(4, bytes.count / 8))
    }

    private func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, reason: reason)
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parse(depth: Int) throws(JSONSyntaxError) {
        guard depth < maxDepth else { throw error("nested too deeply") }
        skipSpace()
        guard position < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): try container(depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true", .bool)
        case UInt8(ascii: "f"): try literal("false", .bool)
        case UInt8(ascii: "n"): try literal("null", .null)
        default: try number()
        }
    }

    private mutating func container(depth: Int) throws(JSONSyntaxError) {
        let isObject = bytes[position] == UInt8(ascii: "{")
        let index = tokens.count
        tokens.append(JSONToken(kind: isObject ? .object : .array, start: Int32(position), end: 0, escaped: false, next: 0, count: 0))
        position += 1
        var count: Int32 = 0
        skipSpace()
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if position < bytes.count, bytes[position] == closing {
            position += 1
        } else {
            while true {
                if isObject {
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                    try string()
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                    position += 1
                }
                try parse(depth: depth + 1)
                count += 1
                skipSpace()
                guard position < bytes.count else { throw error("unexpected end of JSON") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                guard bytes[position] == closing else { throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))'") }
                position += 1
                break
            }
        }
        tokens[index].next = Int32(tokens.count)
        tokens[index].count = count
    }

    private mutating func string() throws(JSONSyntaxError) {
        let start = position
        position += 1
        var escaped = false
        while true {
            guard position < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw error("control character in a string") }
            if byte == UInt8(ascii: "\\") { escaped = true; position += 1 }
            position += 1
        }
        append(.string, start + 1, position, escaped: escaped)
        position += 1
    }

    private mutating func append(_ kind: JSONToken.Kind, _ start: Int, _ end: Int, escaped: Bool = false) {
        tokens.append(JSONToken(kind: kind, start: Int32(start), end: Int32(end), escaped: escaped, next: Int32(tokens.count + 1), count: 0))
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONToken.Kind) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count else { throw error("unexpected end of JSON") }
        for offset in 0..<length where bytes[position + offset] != word.utf8Start[offset] {
            throw error("unexpected '\(Character(Unicode.Scalar(bytes[position])))'")
        }
        append(kind, position, position + length)
        position += length
    }

    /// A number as JSON spells it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() throws(JSONSyntaxError) {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
            return position - from
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let leadingZero = position < bytes.count && bytes[position] == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0 else { throw error(position == start ? "expected a value" : "invalid number", at: start) }
        guard !(leadingZero && whole > 1) else { throw error("invalid number", at: start) }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("invalid number", at: start) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("invalid number", at: start) }
        }
        append(.number, start, position)
    }
}
