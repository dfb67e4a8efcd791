/// The part of TOML the project's files use (themes, preferences): `[table]` headers and
/// `key = "string"` lines, with `#` comments and the basic string escapes. One reader and
/// one writer for both, each refusal naming its line.
package enum TOMLStrings {
    package struct Entry: Equatable, Sendable {
        /// The table the line is in ("" before the first header).
        package let table: String
        package let key: String
        package let value: String
        package let line: Int
    }

    /// A file read: its entries and its table headers, in file order.
    package struct Document: Equatable, Sendable {
        package var entries: [Entry] = []
        package var tables: [(name: String, line: Int)] = []

        package static func == (a: Document, b: Document) -> Bool {
            a.entries == b.entries && a.tables.map(\.name) == b.tables.map(\.name) && a.tables.map(\.line) == b.tables.map(\.line)
        }
    }

    package struct Problem: Error, Equatable, Sendable {
        package let line: Int
        package let reason: String
    }

    /// The file's entries and tables, or the first line that is not this TOML.
    package static func parse(_ text: String) throws(Problem) -> Document {
        var document = Document()
        var table = ""
        // "\r\n" is one Character in Swift.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let number = index + 1
            var rest = Substring(raw.hasSuffix("\r") ? raw.dropLast() : raw)
            skipSpaces(&rest)
            if rest.isEmpty || rest.first == "#" { continue }
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]") else { throw Problem(line: number, reason: "unclosed table header") }
                table = rest[rest.index(after: rest.startIndex)..<close].trimmingSpaces()
                rest = rest[rest.index(after: close)...]
                try endOfLine(&rest, line: number)
                document.tables.append((table, number))
                continue
            }
            guard let equals = rest.firstIndex(of: "=") else { throw Problem(line: number, reason: "expected key = \"value\"") }
            var key = rest[..<equals].trimmingSpaces()
            if key.count >= 2, key.hasPrefix("\""), key.hasSuffix("\"") { key = String(key.dropFirst().dropLast()) }
            guard !key.isEmpty else { throw Problem(line: number, reason: "a key is missing before '='") }
            rest = rest[rest.index(after: equals)...]
            skipSpaces(&rest)
            guard rest.first == "\"" else { throw Problem(line: number, reason: "the value of \(key) must be a quoted string") }
            rest = rest.dropFirst()
            let value = try string(&rest, line: number)
            try endOfLine(&rest, line: number)
            document.entries.append(Entry(table: table, key: key, value: value, line: number))
        }
        return document
    }

    /// `value` as a TOML basic string, quotes included.
    package static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }

    /// Reads a basic string's characters after its opening quote, through its closing one.
    private static func string(_ rest: inout Substring, line: Int) throws(Problem) -> String {
        var value = ""
        while let character = rest.popFirst() {
            switch character {
            case "\"":
                return value
            case "\\":
                switch rest.popFirst() {
                case "\""?: value.append("\"")
                case "\\"?: value.append("\\")
                case "n"?: value.append("\n")
                case "t"?: value.append("\t")
                case "r"?: value.append("\r")
                case "u"?:
                    let hex = rest.prefix(4)
                    guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw Problem(line: line, reason: "a \\u escape needs four hexadecimal digits")
                    }
                    value.unicodeScalars.append(scalar)
                    rest = rest.dropFirst(4)
                case let other:
                    throw Problem(line: line, reason: "unknown escape '\\\(other.map(String.init) ?? "")'")
                }
            default:
                value.append(character)
            }
        }
        throw Problem(line: line, reason: "unclosed string")
    }

    /// Nothing but spaces and a comment may follow a value.
    private static func endOfLine(_ rest: inout Substring, line: Int) throws(Problem) {
        skipSpaces(&rest)
        guard rest.isEmpty || rest.first == "#" else { throw Problem(line: line, reason: "unexpected '\(rest.prefix(20))' after the value") }
    }

    private static func skipSpaces(_ rest: inout Substring) {
        while let first = rest.first, first == " " || first == "\t" { rest = rest.dropFirst() }
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
