import Foundation
import StreakPresentation
import SwiftfulGamification

/// What `streaks ask` remembers between walks that the store does not hold: the days
/// answered "no" and the days left open (Enter), per store, user and streak, in
/// `$XDG_STATE_HOME/streaks/answers.json` (default `~/.local/state/streaks`).
struct AskMemory {
    let path: String
    private var entries: [String: Stored]

    private struct Stored: Codable {
        var no: [String]
        var open: [String]
    }

    init(environment: [String: String]) {
        path = ReplicaPlace.root(environment) + "/answers.json"
        // An unreadable memory forgets: at worst a day is asked again.
        entries = StateFile.read([String: Stored].self, from: path) ?? [:]
    }

    static func entry(store: String, user: String, key: String) -> String { "\(store)|\(user)|\(key)" }

    func memory(_ entry: String) -> AskWalk.Memory {
        let stored = entries[entry]
        return AskWalk.Memory(
            no: Set((stored?.no ?? []).compactMap(CalendarDay.init(parsing:))),
            open: Set((stored?.open ?? []).compactMap(CalendarDay.init(parsing:)))
        )
    }

    mutating func set(_ memory: AskWalk.Memory, for entry: String) {
        entries[entry] = Stored(no: memory.no.sorted().map(\.description), open: memory.open.sorted().map(\.description))
    }

    /// Writes the memory (atomically), keeping a year of days.
    mutating func save(today: CalendarDay) throws {
        let oldest = today.adding(days: -366).description
        entries = entries.compactMapValues { stored in
            let kept = Stored(no: stored.no.filter { $0 >= oldest }, open: stored.open.filter { $0 >= oldest })
            return kept.no.isEmpty && kept.open.isEmpty ? nil : kept
        }
        try StateFile.write(entries, to: path)
    }
}
