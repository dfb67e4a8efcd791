import Foundation
import SwiftfulGamification

/// What is built from an event log, by its rules, written once here: an event counts until a
/// later `remove` names it, and a `reset` makes every earlier record count for nothing.
/// (`EventLog.lastLiveEvent` applies the same rules reading backwards.)
protocol LogReplay {
    mutating func add(_ event: StreakEvent)
    mutating func remove(_ event: StreakEvent)
    mutating func reset()
}

extension LogReplay {
    mutating func replay(_ record: EventLogRecord) {
        switch record {
        case .event(let event): add(event)
        case .remove(let event, _): remove(event)
        case .reset: reset()
        }
    }
}

/// The events that count, in log order; only those `keep` admits are held (a day's lookup
/// on a million-event log holds a handful).
struct LiveEvents: LogReplay {
    private let keep: (StreakEvent) -> Bool
    private var kept: [StreakEvent] = []
    private var removed = Set<String>()

    init(keep: @escaping (StreakEvent) -> Bool = { _ in true }) {
        self.keep = keep
    }

    mutating func add(_ event: StreakEvent) { if keep(event) { kept.append(event) } }
    mutating func remove(_ event: StreakEvent) { removed.insert(event.id) }
    mutating func reset() {
        kept = []
        removed = []
    }

    var events: [StreakEvent] { removed.isEmpty ? kept : kept.filter { !removed.contains($0.id) } }
}

/// The ids the log holds since its last reset, removed events' too (an id once used is
/// never used again for another event).
struct LoggedIds: LogReplay {
    private(set) var ids = Set<String>()

    mutating func add(_ event: StreakEvent) { ids.insert(event.id) }
    /// A removed event's id stays taken.
    mutating func remove(_ event: StreakEvent) {}
    mutating func reset() { ids = [] }
}

/// A streak's running history and the id hashes of its events, built from the log; `exact`
/// turns false when a removal cannot be subtracted from the history (then the log is
/// counted again without the removed events).
struct HistoryReplay: LogReplay {
    private(set) var history: StreakHistory
    private(set) var ids: [UInt64] = []
    private(set) var removed = Set<String>()
    private(set) var exact = true
    private(set) var resets = 0
    private var clocks: ZoneClocks

    init(history: StreakHistory, clocks: ZoneClocks) {
        self.history = history
        self.clocks = clocks
    }

    mutating func add(_ event: StreakEvent) {
        history.add(event, clocks: &clocks)
        ids.append(EventIdHash.of(event.id))
    }

    mutating func remove(_ event: StreakEvent) {
        removed.insert(event.id)
        exact = exact && history.remove(event)
    }

    mutating func reset() {
        history = StreakHistory(leeway: history.leeway)
        ids = []
        removed = []
        exact = true
        resets += 1
    }
}
