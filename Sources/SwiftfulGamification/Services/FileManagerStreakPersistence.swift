import Foundation

/// Upstream's device-local cache: the last streak data as JSON, one file per streak
/// (`current_streak_<key>.txt`), written atomically so a crash leaves the old file or the new.
///
/// `init()` uses the app's Documents directory where the platform has one (as upstream), and
/// on Linux `$XDG_DATA_HOME/swiftful-gamification` (else `~/.local/share/...`).
public struct FileManagerStreakPersistence: LocalStreakPersistence {
    public let directory: URL
    private var documents: SavedDocuments { SavedDocuments(directory: directory) }

    public init() {
        self.init(directory: SavedDocuments.defaultDirectory())
    }

    public init(directory: URL) {
        self.directory = directory
    }

    public func getSavedStreakData(streakKey: String) -> CurrentStreakData? {
        documents.read(CurrentStreakData.self, named: fileName(streakKey))
    }

    /// Saves `streak`, or removes the saved data when it is nil.
    public func saveCurrentStreakData(streakKey: String, _ streak: CurrentStreakData?) throws {
        try documents.write(streak, named: fileName(streakKey))
    }

    private func fileName(_ streakKey: String) -> String {
        "current_streak_\(streakKey.sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters()).txt"
    }
}
