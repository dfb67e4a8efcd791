import Foundation
import SwiftfulGamification

extension FileStreakStore {
    /// Adds events, skipping ids the log already holds; all are validated first.
    /// - Parameter freshIds: the caller made the ids up just now (random UUIDs), so the
    ///   duplicate check, which reads an index of every id, is skipped.
    /// - Parameter creating: creates the streak with this configuration, in the same write,
    ///   when it does not exist yet.
    /// - Throws: `StreakRuleError` for an invalid or future event (nothing is written then).
    public func addEvents(
        _ events: [StreakEvent], userId: String, streakKey: String, now: Date, timezone: TimeZone, freshIds: Bool = false,
        creating configuration: StreakConfiguration? = nil
    ) throws -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try StreakValidation.validateDate(now, "current date")
        for event in events { try event.validate(now: now) }
        try configuration?.validate()
        let normalized = events.map(\.stored)
        var added: [StreakEvent] = []
        let evaluation = try write(userId: userId, streakKey: streakKey, creating: configuration, now: now, timezone: timezone) { context in
            added = try context.folder.append(normalized, to: &context.loaded, journal: context.journal, checkingIds: !freshIds)
        }
        return (added, evaluation)
    }

    /// Removes the last event still counting (by log order), if it was logged at or after
    /// `since`; returns it, or nil when there is none.
    public func undoLastEvent(
        userId: String, streakKey: String, since: Date? = nil, now: Date, timezone: TimeZone
    ) throws -> (removed: StreakEvent?, evaluation: StreakEvaluation) {
        var removed: StreakEvent?
        let evaluation = try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            guard let last = try EventLog.lastLiveEvent(context.folder.eventsPath, where: { !$0.isFreeze }),
                  since.map({ last.dateCreated >= $0 }) ?? true else { return }
            try context.folder.remove(last, at: now, loaded: &context.loaded, journal: context.journal)
            removed = last
        }
        return (removed, evaluation)
    }

    /// Every event that counts (regular and freeze), in log order.
    public func events(userId: String, streakKey: String) throws -> [StreakEvent] {
        let folder = try folder(userId: userId, streakKey: streakKey)
        return try StoreLock.shared(try userDirectory(userId)) {
            _ = try existingSettings(folder, streakKey: streakKey, userId: userId)
            return try liveEvents(folder)
        }
    }

    /// The regular events that count whose own day (in each event's own zone; `timezone` for
    /// an invalid one) is `day`, oldest first.
    /// - Complexity: one pass over the log, keeping only that day's events (a day's lookup on
    ///   a million-event log holds a handful of events, not a million).
    public func events(userId: String, streakKey: String, on day: CalendarDay, timezone: TimeZone) throws -> [StreakEvent] {
        let folder = try folder(userId: userId, streakKey: streakKey)
        let window = day.instantsInAnyZone
        var zones: [String: TimeZone] = [:]
        return try StoreLock.shared(try userDirectory(userId)) {
            _ = try existingSettings(folder, streakKey: streakKey, userId: userId)
            var live = LiveEvents { !$0.isFreeze && window.contains($0.dateCreated) }
            let outcome = try EventLog.visit(folder.eventsPath, from: EventLog.Position()) { _, record in live.replay(record) }
            outcome.warnings.forEach(warn)
            return live.events.filter { event in
                let zone = zones[event.timezone] ?? {
                    let zone = TimeZone(identifier: event.timezone) ?? timezone
                    zones[event.timezone] = zone
                    return zone
                }()
                return CalendarDay(containing: event.dateCreated, in: zone) == day
            }.sorted { $0.dateCreated < $1.dateCreated }
        }
    }

    /// Makes one regular event stop counting (recorded in the log, nothing deleted).
    /// - Throws: `StreakStoreError.unknownEvent` when no event with that id counts.
    public func removeEvent(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> (removed: StreakEvent, evaluation: StreakEvaluation) {
        var removed: StreakEvent?
        let evaluation = try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            guard let event = try EventLog.lastLiveEvent(context.folder.eventsPath, where: { $0.id == id && !$0.isFreeze }) else {
                throw StreakStoreError.unknownEvent(id)
            }
            try context.folder.remove(event, at: now, loaded: &context.loaded, journal: context.journal)
            removed = event
        }
        return (removed!, evaluation)
    }
}
