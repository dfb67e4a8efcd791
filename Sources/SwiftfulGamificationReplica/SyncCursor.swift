import Foundation

/// What the replica last heard from the server: each streak's revision as pulled (a streak
/// missing here is read again in full at the next pull), the same for the points ledgers,
/// and when the last sync completed.
struct SyncCursor: Codable, Equatable {
    var revisions: [String: Int64] = [:]
    /// Each points ledger's revision as pulled (`experience/KEY`, `progress/KEY`, `settings`).
    var points: [String: String]?
    var synced: Date?

    static func read(_ files: ReplicaFiles) -> SyncCursor {
        // An unreadable cursor is an empty one: every streak is read again, nothing is lost.
        guard let data = FileManager.default.contents(atPath: files.syncPath) else { return SyncCursor() }
        return (try? JSONDecoder().decode(SyncCursor.self, from: data)) ?? SyncCursor()
    }

    /// Writes the cursor if it differs from `previous` (what the file holds). When only the
    /// time moved it is not fsynced: a crash then shows an older "as of", nothing else, and a
    /// read that pulls nothing would otherwise pay two fsyncs (tens of milliseconds on a busy
    /// disk). A revision is written durably (lost, it would only make the next pull read the
    /// streak whole, but that can be a million events).
    func write(_ files: ReplicaFiles, since previous: SyncCursor?) throws {
        guard self != previous else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try files.replace(files.syncPath, with: try encoder.encode(self), durable: revisions != previous?.revisions)
    }
}
