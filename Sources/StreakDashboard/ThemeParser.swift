import GamificationSupport
import SwiftfulGamification

/// A theme file that cannot be read, with the line at fault.
public struct ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    public let source: String
    public let line: Int
    public let reason: String

    public var description: String { "\(source):\(line): \(reason)" }
}

/// Reads the TOML that theme files use: `name`, optional `inherits`, and a `[roles]`
/// table of `role = "colour [bold] [dim] [reverse] [underline] [on colour]"`.
/// Colours: `#rrggbb`, `0`-`255`, an ANSI name (`red`, `bright-blue`), or `default`.
public enum ThemeParser {
    public struct Parsed: Equatable, Sendable {
        public var name: String
        public var inherits: String?
        public var styles: [Role: ThemeStyle]
    }

    public static func parse(_ text: String, source: String) throws -> Parsed {
        var parsed = Parsed(name: "", inherits: nil, styles: [:])
        let document: TOMLStrings.Document
        do { document = try TOMLStrings.parse(text) } catch { throw ThemeError(source: source, line: error.line, reason: error.reason) }
        if let table = document.tables.first(where: { $0.name != "roles" }) {
            throw ThemeError(source: source, line: table.line, reason: "unknown table [\(table.name)] (only [roles])")
        }
        for entry in document.entries {
            func fail(_ reason: String) -> ThemeError { ThemeError(source: source, line: entry.line, reason: reason) }
            switch entry.table {
            case "":
                switch entry.key {
                case "name": parsed.name = entry.value
                case "inherits": parsed.inherits = entry.value
                default: throw fail("unknown key '\(entry.key)' (expected name, inherits or a [roles] table)")
                }
            case "roles":
                guard let role = Role(rawValue: entry.key) else {
                    throw fail("unknown role '\(entry.key)' (roles: \(Role.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                do { parsed.styles[role] = try style(entry.value) } catch let reason as Reason { throw fail(reason.text) }
            default:
                break  // refused above
            }
        }
        return parsed
    }

    private struct Reason: Error { let text: String }

    static func style(_ value: String) throws -> ThemeStyle {
        var style = ThemeStyle()
        var words = value.split(separator: " ").map(String.init)[...]
        while let word = words.popFirst() {
            switch word.lowercased() {
            case "bold": style.bold = true
            case "dim": style.dim = true
            case "reverse": style.reverse = true
            case "underline": style.underline = true
            case "on":
                guard let background = words.popFirst() else { throw Reason(text: "'on' needs a colour") }
                style.background = try color(background)
            default:
                guard style.foreground == nil else { throw Reason(text: "unexpected '\(word)'") }
                style.foreground = try color(word)
            }
        }
        return style
    }

    static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    static func color(_ word: String) throws -> ThemeColor {
        let lower = word.lowercased()
        if lower == "default" { return .terminalDefault }
        if lower.hasPrefix("#") {
            let hex = lower.dropFirst()
            guard hex.count == 6, let value = Int(hex, radix: 16) else { throw Reason(text: "'\(word)' is not #rrggbb") }
            return .rgb(value >> 16, (value >> 8) & 0xFF, value & 0xFF)
        }
        if let number = Int(lower) {
            guard (0...255).contains(number) else { throw Reason(text: "colour \(number) is not 0-255") }
            return .index(number)
        }
        let bright = lower.hasPrefix("bright-")
        if let index = ansiNames.firstIndex(of: bright ? String(lower.dropFirst(7)) : lower) { return .ansi(index + (bright ? 8 : 0)) }
        throw Reason(text: "unknown colour '\(word)'")
    }
}
