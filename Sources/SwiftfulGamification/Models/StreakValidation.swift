import Foundation

/// The input rules shared by the models, the manager and every provider.
public enum StreakValidation {
    /// Streak keys name files and documents: `^[a-z0-9_]+$`, 1 to 64 characters.
    public static func validateStreakKey(_ key: String) throws {
        guard (1...64).contains(key.utf8.count),
              key.utf8.allSatisfy({ isLowercaseLetter($0) || isDigit($0) || $0 == underscore }) else {
            throw StreakError.invalidStreakKey(key)
        }
    }

    /// Metadata keys must be safe as document field names: `^[a-zA-Z0-9_]+$`.
    public static func validateMetadataKey(_ key: String) throws {
        guard !key.isEmpty,
              key.utf8.allSatisfy({ isLowercaseLetter($0) || isUppercaseLetter($0) || isDigit($0) || $0 == underscore }) else {
            throw StreakError.invalidMetadataKey(key)
        }
    }

    /// Resolves an IANA zone name, or throws naming it.
    @discardableResult
    public static func timeZone(named name: String) throws -> TimeZone {
        guard !name.isEmpty, let zone = TimeZone(identifier: name) else {
            throw StreakError.invalidTimeZone(name)
        }
        return zone
    }

    private static let underscore = UInt8(ascii: "_")
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isLowercaseLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isUppercaseLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
}
