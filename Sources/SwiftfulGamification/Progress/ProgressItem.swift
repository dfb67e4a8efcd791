import Foundation

/// How far along one thing is: a value from 0 to 1 that a `ProgressManager` never lowers.
public struct ProgressItem: Identifiable, Sendable, Codable, Equatable {
    /// As the app gave it ("World 1"); `sanitizedId` is what stores key it by.
    public let id: String
    public let progressKey: String
    /// 0...1 (checked by the manager and `isValueValid`, not here).
    public let value: Double
    public let dateCreated: Date
    public let dateModified: Date
    public let metadata: [String: GamificationDictionaryValue]

    public init(
        id: String,
        progressKey: String,
        value: Double,
        dateCreated: Date = Date(),
        dateModified: Date = Date(),
        metadata: [String: GamificationDictionaryValue] = [:]
    ) {
        self.id = id
        self.progressKey = progressKey
        self.value = value
        self.dateCreated = dateCreated
        self.dateModified = dateModified
        self.metadata = metadata
    }

    public enum CodingKeys: String, CodingKey {
        case id
        case progressKey = "progress_key"
        case value
        case dateCreated = "date_created"
        case dateModified = "date_modified"
        case metadata
    }

    /// The id as a database key: lowercase, whitespace as `_`, other symbols dropped.
    public var sanitizedId: String {
        id.sanitizeForDatabaseKeysByConvertingToLowercaseAndRemovingWhitespaceAndSpecialCharacters()
    }

    /// `<progressKey>_<sanitizedId>`: unique across keys.
    public var compositeId: String { "\(progressKey)_\(sanitizedId)" }

    public var isValid: Bool { isIdValid && isValueValid && isMetadataValid }
    public var isIdValid: Bool { !id.isEmpty }
    public var isValueValid: Bool { (0.0...1.0).contains(value) }

    /// Every metadata key is letters, digits or underscores (safe as a database field name).
    public var isMetadataValid: Bool {
        StreakValidation.isValidMetadata(metadata)
    }

    /// The same item with `value`, modified at `date`, metadata merged (new keys win).
    func updated(value: Double, metadata newMetadata: [String: GamificationDictionaryValue]?, at date: Date) -> ProgressItem {
        ProgressItem(
            id: id, progressKey: progressKey, value: value, dateCreated: dateCreated, dateModified: date,
            metadata: metadata.merging(newMetadata ?? [:]) { _, new in new }
        )
    }

    public static func mock(
        id: String = "progress_1",
        progressKey: String = "default",
        value: Double = 0.5,
        dateCreated: Date = Date(),
        dateModified: Date = Date()
    ) -> ProgressItem {
        ProgressItem(id: id, progressKey: progressKey, value: value, dateCreated: dateCreated, dateModified: dateModified)
    }
}

extension ProgressItem {
    /// Parameters for analytics, prefixed `progress_`.
    public var eventParameters: [String: Any] {
        var parameters: [String: Any] = [
            "progress_id": id,
            "progress_composite_id": compositeId,
            "progress_key": progressKey,
            "progress_value": value,
            "progress_date_created": dateCreated.timeIntervalSince1970,
            "progress_date_modified": dateModified.timeIntervalSince1970,
            "progress_metadata_count": metadata.count,
        ]
        for (key, value) in metadata {
            parameters["progress_metadata_\(key)"] = value.anyValue
        }
        return parameters
    }
}
