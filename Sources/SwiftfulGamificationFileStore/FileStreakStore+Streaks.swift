import Foundation
import SwiftfulGamification

extension FileStreakStore {
    /// The streak keys of `userId`, sorted (empty when the store or user does not exist);
    /// archived streaks only when asked for.
    /// Read under the shared lock, so a write a killed process left half done is put back
    /// first and never listed as a streak.
    public func streakKeys(userId: String, includingArchived: Bool = false) throws -> [String] {
        try StoreLock.shared(try userDirectory(userId)) { try listedKeys(userId: userId, includingArchived: includingArchived) }
    }

    /// The keys as the folders say, without the lock (for callers already holding it).
    func listedKeys(userId: String, includingArchived: Bool = false) throws -> [String] {
        let directory = try userDirectory(userId) + "/streaks"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { name in
            guard (try? StreakValidation.validateStreakKey(name)) != nil, folder(directory, name).exists else { return false }
            // A streak whose config cannot be read still shows, so its problem gets reported.
            return includingArchived || (try? folder(directory, name).settings())??.archived != true
        }.sorted()
    }

    /// Whether a streak is archived.
    public func isArchived(userId: String, streakKey: String) throws -> Bool {
        let folder = try folder(userId: userId, streakKey: streakKey)
        return try StoreLock.shared(try userDirectory(userId)) { try existingSettings(folder, streakKey: streakKey, userId: userId).archived }
    }

    /// Archives a streak, or brings an archived one back: it leaves (or rejoins) the lists and
    /// the dashboard. Nothing of it is deleted, and it can still be named.
    @discardableResult
    public func setArchived(_ archived: Bool, userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            guard context.settings.archived != archived else { return }
            context.settings.archived = archived
            try context.settings.write(to: context.folder.settingsPath, journal: context.journal)
        }
    }

    /// Gives a streak a new key in one step under the lock: its folder is renamed, its
    /// configuration says the new key, its earned points and points settings move with it,
    /// and the result is calculated; all of it or, when any part fails or the process is
    /// killed, none of it.
    /// - Throws: `StreakStoreError.streakExists` while `newKey` is taken.
    @discardableResult
    public func renameStreak(userId: String, from oldKey: String, to newKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try renaming(userId: userId, from: oldKey, to: newKey, now: now, timezone: timezone) { _ in }
    }

    /// The rename, with `change` made to the streak under its new key in the same write.
    private func renaming(
        userId: String, from oldKey: String, to newKey: String, now: Date, timezone: TimeZone, then change: (WriteContext) throws -> Void
    ) throws -> StreakEvaluation {
        let old = try folder(userId: userId, streakKey: oldKey)
        let new = try folder(userId: userId, streakKey: newKey)
        return try write(userId: userId, streakKey: newKey, now: now, timezone: timezone, compound: true, beforeLoading: { journal in
            var settings = try self.existingSettings(old, streakKey: oldKey, userId: userId)
            guard try POSIXFile.status(new.directory) == nil else { throw StreakStoreError.streakExists(newKey) }
            WriteJournal.removeLeftovers(in: old.directory)
            try old.checkUserFilesWritable()
            try journal.willRename(old.directory, to: new.directory)
            guard rename(old.directory, new.directory) == 0 else {
                throw FileStoreError.notWritable(path: old.directory, reason: POSIXFile.errorText())
            }
            settings.configuration = settings.configuration.renamed(to: newKey)
            try settings.write(to: new.settingsPath, journal: journal)
            try self.moveEarningsLocked(userId: userId, from: oldKey, to: newKey, now: now, timezone: timezone, journal: journal)
            // The published result names the old key: it is derived, so it goes.
            unlink(new.currentPath)
        }, change)
    }

    /// Creates a streak. - Throws: `StreakStoreError.streakExists`, or a validation error.
    @discardableResult
    public func createStreak(userId: String, configuration: StreakConfiguration, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try configuration.validate()
        return try write(userId: userId, streakKey: configuration.streakKey, creating: configuration, now: now, timezone: timezone) { context in
            guard context.isNew else { throw StreakStoreError.streakExists(configuration.streakKey) }
        }
    }

    /// The configuration and goal history of a streak.
    public func settings(userId: String, streakKey: String) throws -> (configuration: StreakConfiguration, goalHistory: [StreakGoalChange]) {
        let folder = try folder(userId: userId, streakKey: streakKey)
        let settings = try StoreLock.shared(try userDirectory(userId)) {
            try existingSettings(folder, streakKey: streakKey, userId: userId)
        }
        return (settings.configuration, settings.goalHistory)
    }

    /// Changes a streak's goal, leeway or freeze behaviour; a goal change applies from today.
    @discardableResult
    public func updateConfiguration(
        userId: String, streakKey: String, goal: Int? = nil, leewayHours: Int? = nil, freezeBehavior: FreezeBehavior? = nil,
        now: Date, timezone: TimeZone
    ) throws -> StreakEvaluation {
        try updateSettings(
            userId: userId, streakKey: streakKey, goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: nil, details: StreakDetails(),
            now: now, timezone: timezone
        )
    }

    /// Changes the goal, leeway, freeze behaviour, schedule and title in one write (one new
    /// `config.json`): all of it or none. Goal and schedule changes apply from today. With
    /// `renamingTo`, the streak takes that key in the same write (as `renameStreak`, its
    /// earnings moving with it): the new key and the new settings together, or neither.
    @discardableResult
    public func updateSettings(
        userId: String, streakKey: String, goal: Int? = nil, leewayHours: Int? = nil, freezeBehavior: FreezeBehavior? = nil,
        schedule: StreakSchedule?, details: StreakDetails = StreakDetails(), renamingTo newKey: String? = nil, now: Date, timezone: TimeZone
    ) throws -> StreakEvaluation {
        let change = { (context: WriteContext) in
            let configuration = context.settings.configuration
            let (updated, history) = try configuration.changingSettings(
                goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: schedule, details: details,
                history: context.settings.goalHistory, at: now,
                firstDay: configuration.firstDayStart(firstEvent: context.loaded.history.firstEvent?.date, timezone: timezone)
            )
            context.settings.goalHistory = history
            context.settings.configuration = updated
            try context.settings.write(to: context.folder.settingsPath, journal: context.journal)
            let leeway = context.settings.leeway(in: timezone)
            if leeway != context.loaded.history.leeway {
                context.loaded = try context.folder.loadHistory(leeway: leeway)
            }
        }
        if let newKey, newKey != streakKey {
            return try renaming(userId: userId, from: streakKey, to: newKey, now: now, timezone: timezone, then: change)
        }
        return try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone, change)
    }

    /// Makes every earlier event stop counting (recorded in the log, not deleted).
    @discardableResult
    public func resetStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            try context.folder.reset(at: now, loaded: &context.loaded, journal: context.journal)
        }
    }
}
