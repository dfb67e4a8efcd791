import Foundation

/// What the replica last heard from the server: each streak's revision as pulled (a streak
/// missing here is read again in full at the next pull), and when the last sync completed.
struct SyncCursor: Codable, Equatable {
    var revisions: [String: Int64] = [:]
    var synced: Date?

    static func read(_ files: ReplicaFiles) -> SyncCursor {
        // An unreadable cursor is an empty one: every streak is read again, nothing is lost.
        guard let data = FileManager.default.contents(atPath: files.syncPath) else { return SyncCursor() }
        return (try? JSONDecoder().decode(SyncCursor.self, from: data)) ?? SyncCursor()
    }

    func write(_ files: ReplicaFiles) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try files.replace(files.syncPath, with: try encoder.encode(self))
    }
}
