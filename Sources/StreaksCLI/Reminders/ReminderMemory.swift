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
        // An unreadable memory forgets: at worst a reminder comes twice, never not at all.
        reminded = StateFile.read([String: String].self, from: path) ?? [:]
    }

    static func entry(store: String, user: String, key: String) -> String { "\(store)|\(user)|\(key)" }

    func wasReminded(_ entry: String, for day: CalendarDay) -> Bool { reminded[entry] == day.description }

    mutating func remember(_ entry: String, for day: CalendarDay) { reminded[entry] = day.description }

    /// Writes the memory, keeping only the last week's entries.
    mutating func save(today: CalendarDay) throws {
        let oldest = today.adding(days: -7).description
        reminded = reminded.filter { $0.value >= oldest }
        try StateFile.write(reminded, to: path)
    }
}
