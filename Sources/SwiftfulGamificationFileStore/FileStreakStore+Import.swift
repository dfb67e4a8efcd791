import Foundation
import StreakStoreKit
import SwiftfulGamification

extension FileStreakStore {
    /// Adds an import's freezes, skips, notes and events in one write, creating the streak (with the
    /// file's configuration, or the defaults) when it does not exist.
    /// - Returns: the events added (ids already present are skipped).
    public func importBatch(
        _ batch: ImportBatch, userId: String, streakKey: String, now: Date, timezone: TimeZone
    ) throws -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try importBatches([(streakKey, batch)], userId: userId, now: now, timezone: timezone)[0]
    }

    /// Several streaks' imports in one write: all of them, or (failed or killed) none.
    public func importBatches(
        _ batches: [(streakKey: String, batch: ImportBatch)], userId: String, now: Date, timezone: TimeZone
    ) throws -> [(added: [StreakEvent], evaluation: StreakEvaluation)] {
        var added = Array(repeating: [StreakEvent](), count: batches.count)
        let parts = try batches.enumerated().map { index, item in
            let configuration = item.batch.configuration(forKey: item.streakKey)
            try configuration.validate()
            try item.batch.validate()
            return WritePart(streakKey: item.streakKey, creating: configuration) { context in
                added[index] = try Self.write(item.batch, to: context, now: now)
            }
        }
        let evaluations = try write(userId: userId, parts: parts, now: now, timezone: timezone, compound: true)
        return zip(added, evaluations).map { ($0, $1) }
    }

    private static func write(_ batch: ImportBatch, to context: WriteContext, now: Date) throws -> [StreakEvent] {
        var settingsChanged = false
        if context.isNew, !batch.goalHistory.isEmpty {
            context.settings.goalHistory = batch.goalHistory
            settingsChanged = true
        }
        if let archived = batch.archived, archived != context.settings.archived {
            context.settings.archived = archived
            settingsChanged = true
        }
        if settingsChanged { try context.settings.write(to: context.folder.settingsPath, journal: context.journal) }
        let known = Set(try context.folder.freezes().freezes.map(\.id))
        try context.folder.appendFreezeRecords(batch.freezes.filter { !known.contains($0.id) }.map { .add($0) }, journal: context.journal)
        let skipped = Set(try context.folder.skips().days)
        try context.folder.appendSkipRecords(Set(batch.skips).subtracting(skipped).sorted().map { .skip($0, date: now) }, journal: context.journal)
        // A note the streak has word for word is left; any other is added or replaces the day's.
        let noted = Set(try context.folder.notes().notes)
        let notes = batch.notesByDay.map { StreakNote(day: $0.key, text: $0.value) }.filter { !noted.contains($0) }.sorted { $0.day < $1.day }
        try context.folder.appendNoteRecords(notes.map { .note($0, date: now) }, journal: context.journal)
        // Events read from a file are whole microseconds already; copy only when not.
        let exact = batch.events.allSatisfy { $0.dateCreated.wholeMicroseconds == $0.dateCreated }
        return try context.folder.append(exact ? batch.events : batch.events.map(\.stored), to: &context.loaded, journal: context.journal)
    }
}
