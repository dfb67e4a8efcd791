import Foundation

/// Upstream's device-local cache: the last points as JSON, one file per key
/// (`current_xp_<key>.txt`), written atomically. `init()` uses the folder
/// `FileManagerStreakPersistence()` uses.
@MainActor
public struct FileManagerExperiencePointsPersistence: LocalExperiencePointsPersistence {
    public let directory: URL
    private var documents: SavedDocuments { SavedDocuments(directory: directory) }

    public init() {
        self.init(directory: SavedDocuments.defaultDirectory())
    }

    public init(directory: URL) {
        self.directory = directory
    }

    public func getSavedExperiencePointsData(experienceKey: String) -> CurrentExperiencePointsData? {
        documents.read(CurrentExperiencePointsData.self, named: fileName(experienceKey))
    }

    /// Saves `data`, or removes the saved data when it is nil.
    public func saveCurrentExperiencePointsData(experienceKey: String, _ data: CurrentExperiencePointsData?) throws {
        try documents.write(data, named: fileName(experienceKey))
    }

    private func fileName(_ experienceKey: String) -> String {
        "current_xp_\(experienceKey.sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters()).txt"
    }
}
