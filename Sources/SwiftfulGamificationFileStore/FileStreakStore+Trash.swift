import Foundation
import StreakStoreKit
import SwiftfulGamification

/// The trash: `users/USER/trash/MICROS-KEY`, one folder per deleted streak (MICROS the
/// instant it was deleted). Deleting is one rename of the streak's folder under the user's
/// lock, so a kill leaves the streak in one place or the other, never neither; restoring is
/// the rename back (undone whole if it fails half way, as a rename of a key is). The first
/// write after a streak has been in the trash for `TrashedStreak.keptFor` removes it.
extension FileStreakStore {
    /// A folder in the trash.
    struct TrashEntry {
        let name: String
        let key: String
        let deleted: Date

        init(key: String, deleted: Date) {
            self.key = key
            self.deleted = deleted
            name = "\(deleted.microsecondsSince1970)-\(key)"
        }

        /// The entry a folder name stands for, if it is one.
        init?(name: String) {
            guard let dash = name.firstIndex(of: "-"), let micros = Int64(name[..<dash]),
                  (try? StreakValidation.validateStreakKey(String(name[name.index(after: dash)...]))) != nil else { return nil }
            self.name = name
            key = String(name[name.index(after: dash)...])
            deleted = Date(microseconds: Int(micros))
        }

        /// The entries in `trash`, the latest deleted first.
        static func all(in trash: String) -> [TrashEntry] {
            ((try? FileManager.default.contentsOfDirectory(atPath: trash)) ?? [])
                .compactMap(TrashEntry.init(name:))
                .sorted { ($0.deleted, $0.key) > ($1.deleted, $1.key) }
        }
    }

    func trashDirectory(_ userId: String) throws -> String { try userDirectory(userId) + "/trash" }

    @discardableResult
    public func deleteStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> TrashedStreak {
        try StreakValidation.validateDate(now, "current date")
        let folder = try folder(userId: userId, streakKey: streakKey)
        let userDirectory = try userDirectory(userId)
        let trash = try trashDirectory(userId)
        let trashed = try StoreLock.exclusive(userDirectory) { () throws -> TrashedStreak in
            let settings = try existingSettings(folder, streakKey: streakKey, userId: userId)
            let count = try eventCount(folder, settings: settings)
            try POSIXFile.makeDirectory(trash)
            // Deleted twice at the same instant (a pinned clock): the next free microsecond.
            var entry = TrashEntry(key: streakKey, deleted: now)
            while try POSIXFile.status(trash + "/" + entry.name) != nil {
                entry = TrashEntry(key: streakKey, deleted: Date(microseconds: entry.deleted.microsecondsSince1970 + 1))
            }
            WriteJournal.removeLeftovers(in: folder.directory)
            guard rename(folder.directory, trash + "/" + entry.name) == 0 else {
                throw FileStoreError.notWritable(path: folder.directory, reason: POSIXFile.errorText())
            }
            POSIXFile.syncDirectory(of: folder.directory)
            POSIXFile.syncDirectory(of: trash + "/" + entry.name)
            expireTrash(trash, now: now)
            return TrashedStreak(streakKey: streakKey, title: settings.configuration.title, dateDeleted: entry.deleted, eventCount: count)
        }
        feed.changed(userId: userId, streakKeys: [streakKey])
        feed.keysChanged(userId: userId)
        return trashed
    }

    public func trashedStreaks(userId: String, now: Date) throws -> [TrashedStreak] {
        let trash = try trashDirectory(userId)
        return try StoreLock.shared(try userDirectory(userId)) {
            try TrashEntry.all(in: trash).filter { $0.deleted.addingTimeInterval(TrashedStreak.keptFor) > now }.compactMap { entry in
                let folder = StreakFolder(directory: trash + "/" + entry.name)
                guard let settings = try folder.settings() else { return nil }
                return TrashedStreak(
                    streakKey: entry.key, title: settings.configuration.title, dateDeleted: entry.deleted, eventCount: try eventCount(folder, settings: settings)
                )
            }
        }
    }

    @discardableResult
    public func restoreStreak(userId: String, streakKey: String, as newKey: String? = nil, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try StreakValidation.validateStreakKey(streakKey)
        let target = newKey ?? streakKey
        let destination = try folder(userId: userId, streakKey: target)
        let trash = try trashDirectory(userId)
        let streaks = try userDirectory(userId) + "/streaks"
        let evaluation = try write(userId: userId, streakKey: target, now: now, timezone: timezone, compound: true, beforeLoading: { journal in
            let entries = TrashEntry.all(in: trash).filter { $0.deleted.addingTimeInterval(TrashedStreak.keptFor) > now }
            guard let entry = entries.first(where: { $0.key == streakKey }) else {
                throw StreakStoreError.notInTrash(streakKey, inTrash: Array(Set(entries.map(\.key))).sorted())
            }
            guard try POSIXFile.status(destination.directory) == nil else { throw StreakStoreError.restoreKeyTaken(target) }
            let source = StreakFolder(directory: trash + "/" + entry.name)
            var settings = try self.existingSettings(source, streakKey: streakKey, userId: userId)
            WriteJournal.removeLeftovers(in: source.directory)
            try source.checkUserFilesWritable()
            try journal.makeDirectory(streaks)
            try journal.willRename(source.directory, to: destination.directory)
            guard rename(source.directory, destination.directory) == 0 else {
                throw FileStoreError.notWritable(path: source.directory, reason: POSIXFile.errorText())
            }
            if target != streakKey {
                settings.configuration = settings.configuration.renamed(to: target)
                try settings.write(to: destination.settingsPath, journal: journal)
                // Its earnings follow, unless a streak of its own key holds them now.
                if !(try self.folder(userId: userId, streakKey: streakKey)).exists {
                    try self.moveEarningsLocked(userId: userId, from: streakKey, to: target, now: now, timezone: timezone, journal: journal)
                }
            }
            // The published result may name the old key: it is derived, so it goes.
            unlink(destination.currentPath)
        }) { _ in }
        feed.keysChanged(userId: userId)
        return evaluation
    }

    public func trashedStreak(userId: String, streakKey: String, dateDeleted: Date) throws -> (batch: ImportBatch, archived: Bool) {
        try StreakValidation.validateStreakKey(streakKey)
        let trash = try trashDirectory(userId)
        return try StoreLock.shared(try userDirectory(userId)) {
            let folder = StreakFolder(directory: trash + "/" + TrashEntry(key: streakKey, deleted: dateDeleted).name)
            guard let settings = try folder.settings() else {
                throw StreakStoreError.notInTrash(streakKey, inTrash: Array(Set(TrashEntry.all(in: trash).map(\.key))).sorted())
            }
            let batch = ImportBatch(
                configuration: settings.configuration, goalHistory: settings.goalHistory, freezes: try folder.freezes().freezes,
                events: try liveEvents(folder), skips: try folder.skips().days, notes: try folder.notes().notes
            )
            return (batch, settings.archived)
        }
    }

    /// Builds the streak in a folder of its own beside the trash (`.importing-...`, out of the
    /// listing), then renames it in under the user's lock: a kill leaves it absent or whole.
    public func importTrashed(
        _ batch: ImportBatch, archived: Bool, userId: String, streakKey: String, dateDeleted: Date, now: Date, timezone: TimeZone
    ) throws {
        try StreakValidation.validateStreakKey(streakKey)
        let trash = try trashDirectory(userId)
        let entry = trash + "/" + TrashEntry(key: streakKey, deleted: dateDeleted).name
        guard try POSIXFile.status(entry) == nil else { return }
        try POSIXFile.makeDirectory(trash)
        let scratchRoot = trash + "/.importing-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: scratchRoot) }
        let scratch = FileStreakStore(rootPath: scratchRoot, warn: warn)
        _ = try scratch.importBatch(batch, userId: userId, streakKey: streakKey, now: now, timezone: timezone)
        if archived { try scratch.setArchived(true, userId: userId, streakKey: streakKey, now: now, timezone: timezone) }
        let built = try scratch.folder(userId: userId, streakKey: streakKey).directory
        try StoreLock.exclusive(try userDirectory(userId)) {
            guard try POSIXFile.status(entry) == nil else { return }
            guard rename(built, entry) == 0 else { throw FileStoreError.notWritable(path: entry, reason: POSIXFile.errorText()) }
            POSIXFile.syncDirectory(of: entry)
        }
    }

    /// Removes what has been in the trash for `TrashedStreak.keptFor` at `now` (under the
    /// user's lock): each entry renamed out of the listing first, so a kill half way leaves
    /// no half streak in it; what such a kill left is removed here too.
    func expireTrash(_ trash: String, now: Date) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: trash) else { return }
        for name in names where name.hasPrefix(".expired-") || (name.hasPrefix(".importing-") && Self.isStale(trash + "/" + name)) {
            try? FileManager.default.removeItem(atPath: trash + "/" + name)
        }
        for entry in names.compactMap(TrashEntry.init(name:)) where entry.deleted.addingTimeInterval(TrashedStreak.keptFor) <= now {
            let expired = trash + "/.expired-" + entry.name
            guard rename(trash + "/" + entry.name, expired) == 0 else { continue }
            try? FileManager.default.removeItem(atPath: expired)
        }
    }

    /// A folder an import left an hour ago or more (killed; one in progress is younger).
    private static func isStale(_ path: String) -> Bool {
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        return modified.map { Date().timeIntervalSince($0) > 3_600 } ?? false
    }

    /// The regular events a streak's folder holds, from its snapshot (rebuilt, not written, when
    /// stale). The count is the same for any leeway and zone, so the snapshot's own is asked for.
    private func eventCount(_ folder: StreakFolder, settings: StreakSettings) throws -> Int {
        let leeway = HistorySnapshot.read(folder.snapshotPath)?.history.leeway ?? settings.leeway(in: TimeZone(identifier: "UTC")!)
        return try folder.loadHistory(leeway: leeway).history.regularCount
    }
}
