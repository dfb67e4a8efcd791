import Foundation

/// A metadata value attached to an event or item: a string, bool, whole number or number
/// (`Float` and `CGFloat` kept as such, as upstream).
///
/// Encodes in upstream's typed form (`{"type": "int", "value": 3}`) so values round-trip
/// exactly; decodes that form and plain JSON values (`3`, `"cardio"`, `true`) alike.
public enum GamificationDictionaryValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case double(Double)
    case float(Float)
    case cgFloat(CGFloat)

    /// The underlying value, for analytics dictionaries.
    public var anyValue: Any {
        switch self {
        case .string(let value): return value
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .float(let value): return value
        case .cgFloat(let value): return value
        }
    }

    /// The value as text, for display and CSV export.
    public var stringValue: String {
        switch self {
        case .string(let value): return value
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .float(let value): return String(value)
        case .cgFloat(let value): return String(Double(value))
        }
    }
}

extension GamificationDictionaryValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case type
        case value
    }

    private enum Kind: String, Codable {
        case string, bool, int, double, float, cgFloat
    }

    public init(from decoder: any Decoder) throws {
        if let typed = try? decoder.container(keyedBy: CodingKeys.self), typed.contains(.type) {
            switch try typed.decode(Kind.self, forKey: .type) {
            case .string: self = .string(try typed.decode(String.self, forKey: .value))
            case .bool: self = .bool(try typed.decode(Bool.self, forKey: .value))
            case .int: self = .int(try typed.decode(Int.self, forKey: .value))
            case .double: self = .double(try typed.decode(Double.self, forKey: .value))
            case .float: self = .float(try typed.decode(Float.self, forKey: .value))
            case .cgFloat: self = .cgFloat(CGFloat(try typed.decode(Double.self, forKey: .value)))
            }
            return
        }
        let plain = try decoder.singleValueContainer()
        if let value = try? plain.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? plain.decode(Int.self) {
            self = .int(value)
        } else if let value = try? plain.decode(Double.self) {
            self = .double(value)
        } else if let value = try? plain.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.dataCorruptedError(
                in: plain,
                debugDescription: "metadata values must be a string, bool, number, or {\"type\", \"value\"}"
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let value):
            try container.encode(Kind.string, forKey: .type)
            try container.encode(value, forKey: .value)
        case .bool(let value):
            try container.encode(Kind.bool, forKey: .type)
            try container.encode(value, forKey: .value)
        case .int(let value):
            try container.encode(Kind.int, forKey: .type)
            try container.encode(value, forKey: .value)
        case .double(let value):
            try container.encode(Kind.double, forKey: .type)
            try container.encode(value, forKey: .value)
        case .float(let value):
            try container.encode(Kind.float, forKey: .type)
            try container.encode(value, forKey: .value)
        case .cgFloat(let value):
            try container.encode(Kind.cgFloat, forKey: .type)
            try container.encode(Double(value), forKey: .value)
        }
    }
}

extension GamificationDictionaryValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension GamificationDictionaryValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension GamificationDictionaryValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension GamificationDictionaryValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}
