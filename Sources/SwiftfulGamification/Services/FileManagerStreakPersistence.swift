import Foundation

/// Upstream's device-local cache: the last streak data as JSON, one file per streak
/// (`current_streak_<key>.txt`), written atomically so a crash leaves the old file or the new.
///
/// `init()` uses the app's Documents directory where the platform has one (as upstream), and
/// on Linux `$XDG_DATA_HOME/swiftful-gamification` (else `~/.local/share/...`).
public struct FileManagerStreakPersistence: LocalStreakPersistence {
    public let directory: URL

    public init() {
        self.init(directory: Self.defaultDirectory())
    }

    public init(directory: URL) {
        self.directory = directory
    }

    public func getSavedStreakData(streakKey: String) -> CurrentStreakData? {
        guard let data = try? Data(contentsOf: url(streakKey)) else { return nil }
        return try? JSONDecoder().decode(CurrentStreakData.self, from: data)
    }

    /// Saves `streak`, or removes the saved data when it is nil.
    public func saveCurrentStreakData(streakKey: String, _ streak: CurrentStreakData?) throws {
        guard let streak else {
            try? FileManager.default.removeItem(at: url(streakKey))
            return
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONEncoder().encode(streak).write(to: url(streakKey), options: .atomic)
    }

    private func url(_ streakKey: String) -> URL {
        directory.appendingPathComponent("current_streak_\(streakKey.sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters()).txt")
    }

    private static func defaultDirectory() -> URL {
        #if os(Linux) || os(Windows) || os(Android)
        let base = XDGDirectories(environment: ProcessInfo.processInfo.environment).dataHome
        return URL(fileURLWithPath: base).appendingPathComponent("swiftful-gamification")
        #else
        return FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        #endif
    }
}
