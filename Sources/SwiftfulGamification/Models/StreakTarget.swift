import Foundation

/// The period a target is measured over (rule 10).
public enum StreakPeriod: String, Sendable, Codable, CaseIterable {
    case day, week, month
}

/// What a streak asks of a day or a week (rule 10): at least an amount, at most an amount
/// (a limit), or nothing (tracking only).
///
/// A streak without a target is "at least `eventsRequiredPerDay` a day", exactly as before.
public enum StreakTarget: Hashable, Sendable {
    /// Kept when the amounts credited to the period sum to at least X (X > 0).
    case atLeast(Double, per: StreakPeriod)
    /// Kept when they sum to at most X (X >= 0): a limit.
    case atMost(Double, per: StreakPeriod)
    /// Recorded, summed and shown; no streak.
    case trackingOnly

    /// The direction of a target, without its amount.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case atLeast = "at_least"
        case atMost = "at_most"
        case tracking
    }

    public var kind: Kind {
        switch self {
        case .atLeast: return .atLeast
        case .atMost: return .atMost
        case .trackingOnly: return .tracking
        }
    }

    /// X, rounded to 0.001 (nil for tracking only).
    public var amount: Double? {
        switch self {
        case .atLeast(let value, _), .atMost(let value, _): return StreakAmount.rounded(value)
        case .trackingOnly: return nil
        }
    }

    /// X in thousandths (nil for tracking only).
    package var thousandths: Int64? { amount.map(StreakAmount.thousandths) }

    /// The period (nil for tracking only).
    public var period: StreakPeriod? {
        switch self {
        case .atLeast(_, let per), .atMost(_, let per): return per
        case .trackingOnly: return nil
        }
    }

    public var isLimit: Bool { kind == .atMost }

    /// The same direction and period with another amount.
    public func with(amount: Double) -> StreakTarget {
        switch self {
        case .atLeast(_, let per): return .atLeast(amount, per: per)
        case .atMost(_, let per): return .atMost(amount, per: per)
        case .trackingOnly: return self
        }
    }

    /// - Throws: `StreakRuleError.invalidTarget` for an amount that is not finite, at most
    ///   1e9 and (at least) above 0 or (at most) 0 or above.
    public func validate() throws {
        switch self {
        case .atLeast(let value, _):
            guard value.isFinite, StreakAmount.rounded(value) > 0, value <= StreakAmount.largest else { throw StreakRuleError.invalidTarget(value) }
        case .atMost(let value, _):
            guard value.isFinite, value >= 0, value <= StreakAmount.largest else { throw StreakRuleError.invalidTarget(value) }
        case .trackingOnly:
            return
        }
    }

    /// "at least 5 a day", "at most 2 a week", "tracking only"; with `unit` after the amount.
    public func text(unit: String? = nil) -> String {
        let unitText = unit.map { " \($0)" } ?? ""
        switch self {
        case .atLeast(let value, let per): return "at least \(StreakAmount.text(value))\(unitText) a \(per.rawValue)"
        case .atMost(let value, let per): return "at most \(StreakAmount.text(value))\(unitText) a \(per.rawValue)"
        case .trackingOnly: return "tracking only"
        }
    }
}

extension StreakTarget: Codable {
    public enum CodingKeys: String, CodingKey {
        case kind, amount, per
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(Kind.self, forKey: .kind)
        switch kind {
        case .tracking:
            self = .trackingOnly
        case .atLeast, .atMost:
            let amount = try container.decode(Double.self, forKey: .amount)
            let per = try container.decodeIfPresent(StreakPeriod.self, forKey: .per) ?? .day
            self = kind == .atLeast ? .atLeast(amount, per: per) : .atMost(amount, per: per)
        }
        try DecodingError.checking(decoder) { try validate() }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(amount, forKey: .amount)
        try container.encodeIfPresent(period, forKey: .per)
    }
}

/// Amounts (rule 10): decimals >= 0 with at most 3 decimal places, summed exactly as
/// integer thousandths.
public enum StreakAmount {
    /// The largest amount or target accepted.
    public static let largest: Double = 1e9

    /// `value` rounded to 0.001.
    public static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return (value * 1_000).rounded() / 1_000
    }

    /// `value` in thousandths (0.1 -> 100); `value` must be finite and at most `largest`.
    public static func thousandths(_ value: Double) -> Int64 {
        Int64((value * 1_000).rounded())
    }

    /// Thousandths back to a value (100 -> 0.1).
    public static func value(thousandths: Int64) -> Double {
        Double(thousandths) / 1_000
    }

    /// Whether `value` is an amount an event may carry.
    public static func isValid(_ value: Double) -> Bool {
        value.isFinite && value >= 0 && value <= largest
    }

    /// The amount as people write it: "5", "4.2", "0.001", without float noise.
    public static func text(_ value: Double) -> String {
        text(thousandths: thousandths(value))
    }

    /// The amount with its unit after it, if any: "4.2 km", "3".
    public static func text(_ value: Double, unit: String?) -> String {
        text(value) + (unit.map { " \($0)" } ?? "")
    }

    /// Thousandths as people write them: 4200 -> "4.2".
    public static func text(thousandths: Int64) -> String {
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        let whole = magnitude / 1_000, fraction = magnitude % 1_000
        guard fraction > 0 else { return "\(sign)\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }

    /// Reads "5", "4.2", "0.001", ".5" (a dot or a comma as the decimal mark) into a
    /// value; nil for anything else (signs, exponents, words, more than 3 decimals are
    /// rounded).
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              trimmed.filter({ $0 == "." }).count <= 1, trimmed != ".", let value = Double(trimmed) else { return nil }
        return value
    }
}
