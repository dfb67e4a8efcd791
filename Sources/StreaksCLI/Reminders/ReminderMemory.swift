import Foundation
import SwiftfulGamification

/// Which streaks were reminded about for which due day, so a run every half hour reminds
/// once per streak per due day: `$XDG_STATE_HOME/streaks/reminded.json` (default
/// `~/.local/state/streaks`), keyed by store, user and streak.
struct ReminderMemory {
    let path: String
    private(set) var reminded: [String: String]

    init(environment: [String: String]) {
        path = ReplicaPlace.root(environment) + "/reminded.json"
        let data = FileManager.default.contents(atPath: path) ?? Data()
        // An unreadable memory forgets: at worst a reminder comes twice, never not at all.
        reminded = (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }

    static func entry(store: String, user: String, key: String) -> String { "\(store)|\(user)|\(key)" }

    func wasReminded(_ entry: String, for day: CalendarDay) -> Bool { reminded[entry] == day.description }

    mutating func remember(_ entry: String, for day: CalendarDay) { reminded[entry] = day.description }

    /// Writes the memory, keeping only the last week's entries.
    mutating func save(today: CalendarDay) throws {
        let oldest = today.adding(days: -7).description
        reminded = reminded.filter { $0.value >= oldest }
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let temporary = path + ".tmp-\(getpid())"
        try encoder.encode(reminded).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else { throw CLIError.cannotRead(path, reason: String(cString: strerror(errno))) }
    }
}
