/// JSON strings byte by byte, for the writers and readers that handle bytes themselves (the
/// file store's log lines, the streaming coders): quoted with what JSON requires escaped, and
/// read back with every escape (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX`
/// and surrogate pairs) decoded.
package enum JSONStringEscapes {
    /// Appends `text` quoted: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or
    /// `\u00XX`, everything else (UTF-8 included) as it is.
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain != true {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 15)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    package struct Malformed: Error {
        package let reason: String
        /// Where in the bytes.
        package let offset: Int
    }

    /// The string whose text starts at `start` (just after its opening quote), and the index
    /// after its closing quote.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(Malformed) -> (text: String, end: Int) {
        var utf8: [UInt8] = []
        var index = start
        func hexQuad() throws(Malformed) -> UInt32 {
            guard index + 4 <= bytes.count else { throw Malformed(reason: "short \\u escape", offset: index) }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                default: throw Malformed(reason: "bad \\u escape", offset: index)
                }
                index += 1
                value = value * 16 + UInt32(digit)
            }
            return value
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return (String(decoding: utf8, as: UTF8.self), index)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hexQuad()
                    if (0xD800...0xDBFF).contains(code), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else { throw Malformed(reason: "bad surrogate pair", offset: index) }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw Malformed(reason: "bad \\u escape", offset: index) }
                    utf8.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    throw Malformed(reason: "unknown escape", offset: index - 1)
                }
            case 0..<0x20:
                throw Malformed(reason: "control character in a string", offset: index - 1)
            default:
                utf8.append(byte)
            }
        }
        throw Malformed(reason: "unterminated string", offset: index)
    }
}
