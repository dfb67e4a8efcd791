import Foundation

extension ExperiencePointsEvent {
    /// What a store refuses before writing: an empty or overlong id, a date out of range, an
    /// unknown zone, a metadata key that is not letters, digits or `_`.
    /// - Throws: `StreakRuleError` naming what to fix.
    public func validateForStore() throws {
        try StreakValidation.validateIdentifier(id, of: "experience event")
        guard abs(points) <= ExperiencePointsEvent.largestPoints else { throw StreakRuleError.invalidAmount(Double(points)) }
        try StreakValidation.validateMetadataValues(metadata)
        try StreakValidation.validateDate(dateCreated, "event date")
        if let timezone { try StreakValidation.timeZone(named: timezone) }
        for key in metadata.keys.sorted() { try StreakValidation.validateMetadataKey(key) }
    }
}

extension ProgressItem {
    /// What a store refuses before writing: a value outside 0...1, an empty or overlong id,
    /// a bad key or metadata key.
    /// - Throws: `ProgressError.invalidValue`, `StreakStoreError.invalidLedgerKey`, `StreakRuleError`.
    public func validateForStore() throws {
        guard isValueValid else { throw ProgressError.invalidValue }
        try StreakValidation.validateLedgerKey(progressKey)
        try StreakValidation.validateIdentifier(id, of: "progress item")
        try StreakValidation.validateMetadataValues(metadata)
        for key in metadata.keys.sorted() { try StreakValidation.validateMetadataKey(key) }
    }
}

extension ExperiencePointsEvent {
    /// The most points one event may carry either way (a PostgreSQL integer, and sums of
    /// millions of events that cannot overflow).
    public static let largestPoints = 1_000_000_000
}

extension StreakValidation {
    /// Numbers in metadata are finite (JSON has no NaN or infinity).
    public static func validateMetadataValues(_ metadata: [String: GamificationDictionaryValue]) throws {
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            let finite: Bool = switch value {
            case .double(let number): number.isFinite
            case .float(let number): number.isFinite
            case .cgFloat(let number): number.isFinite
            case .string, .bool, .int: true
            }
            guard finite else { throw StreakRuleError.invalidMetadataKey("\(key) (its number is not finite)") }
        }
    }

    /// Every key is letters, digits or underscores (safe as a database field name).
    public static func isValidMetadata(_ metadata: [String: GamificationDictionaryValue]) -> Bool {
        metadata.keys.allSatisfy { (try? validateMetadataKey($0)) != nil }
    }
}
