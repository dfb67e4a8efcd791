import Foundation

/// Which progress items a `ProgressManager` keeps (levels, achievements, courses...).
public struct ProgressConfiguration: Codable, Sendable, Equatable {
    /// Letters, digits and `_` (checked at init, as upstream).
    public let progressKey: String

    public init(progressKey: String) {
        precondition(
            progressKey == progressKey.sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters(),
            "progressKey must be sanitized (no whitespace, no special characters)"
        )
        self.progressKey = progressKey
    }

    public enum CodingKeys: String, CodingKey {
        case progressKey = "progress_key"
    }

    public static func mock(progressKey: String = "default") -> Self { ProgressConfiguration(progressKey: progressKey) }
    public static func mockDefault() -> Self { mock() }
    public static func mockLevel() -> Self { mock(progressKey: "level") }
    public static func mockAchievements() -> Self { mock(progressKey: "achievements") }
}
