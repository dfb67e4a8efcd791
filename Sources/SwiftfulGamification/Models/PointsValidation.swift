import Foundation

extension ExperiencePointsEvent {
    /// What a store refuses before writing: an empty or overlong id, a date out of range, an
    /// unknown zone, a metadata key that is not letters, digits or `_`.
    /// - Throws: `StreakRuleError` naming what to fix.
    public func validateForStore() throws {
        try StreakValidation.validateIdentifier(id, of: "experience event")
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
        for key in metadata.keys.sorted() { try StreakValidation.validateMetadataKey(key) }
    }
}

extension StreakValidation {
    /// Every key is letters, digits or underscores (safe as a database field name).
    public static func isValidMetadata(_ metadata: [String: GamificationDictionaryValue]) -> Bool {
        metadata.keys.allSatisfy { (try? validateMetadataKey($0)) != nil }
    }
}
