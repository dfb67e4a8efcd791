import Foundation
import GamificationSupport
import StreakStoreKit
import Synchronization
import SwiftfulGamification

/// Streaks kept in plain files: several users, several streaks each.
///
/// Layout: `ROOT/users/USER/streaks/KEY/` holds one streak's files (see `StreakFolder`);
/// `ROOT/users/USER/lock` serialises writers across processes. Every write recalculates
/// under that lock and records the freezes the calculation consumed, so they are recorded
/// once however many processes write. Reads take no lock.
public final class FileStreakStore: Sendable {
    public let rootPath: String
    /// Receives warnings about skipped lines (torn or corrupt), which never stop a load.
    let warn: @Sendable (String) -> Void
    /// Everyone watching this store's streaks, in this process.
    public let feed: StreakFeed
    let followers = FileChangeFollowers()
    let ownWrites = OwnWrites()
    /// The points ledgers read last, folded (each read folds only what was appended since).
    let ledgers = LedgerCache()
    /// Tests only: runs between a write's calculation and the caching of its result, where
    /// a writer that ignores the lock (its lock file deleted) can slip in.
    let beforeCaching = Mutex<(@Sendable () -> Void)?>(nil)
    /// The real clock, when writes run on it (not a pinned `now`): read again once a write
    /// holds the lock, so its result counts what writers before it logged while it waited.
    let liveClock: (@Sendable () -> Date)?

    public convenience init(rootPath: String, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.init(rootPath: rootPath, liveClock: nil, warn: warn)
    }

    /// - Parameter liveClock: the clock the callers' `now` comes from, when it is the real
    ///   one; a write calculates at the later of its `now` and this clock read under the lock.
    public init(rootPath: String, liveClock: (@Sendable () -> Date)?, warn: @escaping @Sendable (String) -> Void) {
        self.rootPath = rootPath
        self.liveClock = liveClock
        self.warn = warn
        let reference = WeakReference<FileStreakStore>()
        feed = StreakFeed(source: Self.feedSource(reference))
        reference.value = self
    }

    // MARK: - Calculation

    /// Calculates without writing (auto-consumed freezes show but are not recorded). What
    /// it read is kept for the next reader when the store can be written.
    public func evaluate(userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try StreakValidation.validateDate(now, "current date")
        let folder = try folder(userId: userId, streakKey: streakKey)
        return try StoreLock.shared(try userDirectory(userId)) {
            let settings = try existingSettings(folder, streakKey: streakKey, userId: userId)
            if let fresh = folder.freshEvaluation(now: now, timezone: timezone) {
                // The last write's result still holds: nothing to calculate.
                fresh.warnings.forEach(warn)
                return fresh.evaluation.updatingUserId(userId)
            }
            var loaded = try folder.loadHistory(leeway: settings.leeway(in: timezone))
            loaded.warnings.forEach(warn)
            guard loaded.changed else {
                return try calculate(folder: folder, history: loaded.history, settings: settings, userId: userId, now: now, timezone: timezone)
            }
            // A reader may persist what it read: the files it writes are derived, and a writer
            // (holding the lock exclusively) cannot be half-way through meanwhile. The days it
            // settled go with it (rule 4a), as a writer's do.
            loaded.snapshot.history.trimRecentEvents()
            let evaluation = try calculate(folder: folder, history: loaded.history, settings: settings, userId: userId, now: now, timezone: timezone)
            loaded.snapshot.history.settled = evaluation.settledCheckpoint
            try? folder.persist(&loaded)
            return evaluation
        }
    }

    /// Calculates under the lock, records consumed freezes and refreshes the cache.
    @discardableResult
    public func recalculate(userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { _ in }
    }

    /// The streak as it is at `now`: the last write's result while it holds (no
    /// calculation), otherwise a recalculation under the lock that records what it consumed.
    @discardableResult
    public func refresh(userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        let folder = try folder(userId: userId, streakKey: streakKey)
        let fresh = try StoreLock.shared(try userDirectory(userId)) { folder.freshEvaluation(now: now, timezone: timezone) }
        if let fresh {
            fresh.warnings.forEach(warn)
            return fresh.evaluation.updatingUserId(userId)
        }
        return try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone, reusingFresh: true) { _ in }
    }

    /// The streak as last calculated by any writer (nil if never).
    public func cachedStreak(userId: String, streakKey: String) -> CurrentStreakData? {
        (try? folder(userId: userId, streakKey: streakKey))?.cachedEvaluation()?.evaluation.streak
    }

    // MARK: - Internals

    /// What a write may change, under the lock.
    final class WriteContext {
        let folder: StreakFolder
        var settings: StreakSettings
        var loaded: StreakFolder.LoadedHistory
        let isNew: Bool
        let journal: WriteJournal
        /// The user files' stamps taken just before the last calculation read them.
        var calculatedFrom: [FileStamp?] = []

        init(folder: StreakFolder, settings: StreakSettings, loaded: StreakFolder.LoadedHistory, isNew: Bool, journal: WriteJournal) {
            self.folder = folder
            self.settings = settings
            self.loaded = loaded
            self.isNew = isNew
            self.journal = journal
        }
    }

    /// Runs `change` under the user's lock, then recalculates and records consumed freezes:
    /// all of it or, when anything fails, none of it (every user file is put back byte for
    /// byte). Then refreshes the derived files, whose failure only costs speed later.
    /// Creates the streak when `creating` is given.
    /// - Parameter compound: `change` makes several changes that are whole only together
    ///   (see `WriteJournal`).
    /// - Parameter prepare: runs under the lock before the streak's files are read (a
    ///   rename moving them into place), its changes recorded in the same journal.
    /// - Parameter reusingFresh: when the cached result still holds under the lock (another
    ///   writer just calculated), return it instead of calculating again.
    @discardableResult
    func write(
        userId: String, streakKey: String, creating configuration: StreakConfiguration? = nil,
        now: Date, timezone: TimeZone, reusingFresh: Bool = false, compound: Bool = false,
        beforeLoading prepare: ((WriteJournal) throws -> Void)? = nil, _ change: (WriteContext) throws -> Void
    ) throws -> StreakEvaluation {
        try withoutActuallyEscaping(change) { change in
            let part = WritePart(streakKey: streakKey, creating: configuration, change: change)
            return try write(userId: userId, parts: [part], now: now, timezone: timezone, reusingFresh: reusingFresh, compound: compound, beforeLoading: prepare)[0]
        }
    }

    /// One streak's share of a write: its key, its configuration when it may be new, its change.
    struct WritePart {
        let streakKey: String
        var creating: StreakConfiguration?
        let change: (WriteContext) throws -> Void
    }

    /// `write` for several streaks at once, under one lock and one journal: every streak's
    /// change or, when any part fails or the process is killed, none of them (an import of
    /// several streaks). Returns each part's evaluation, in order.
    func write(
        userId: String, parts: [WritePart], now: Date, timezone: TimeZone, reusingFresh: Bool = false, compound: Bool = false,
        beforeLoading prepare: ((WriteJournal) throws -> Void)? = nil
    ) throws -> [StreakEvaluation] {
        try StreakValidation.validateDate(now, "current date")
        let userDirectory = try userDirectory(userId)
        let folders = try parts.map { try self.folder(userId: userId, streakKey: $0.streakKey) }
        // Creating makes a folder and its config before the change: whole only together.
        let journal = WriteJournal(directory: userDirectory, compound: compound || parts.count > 1 || parts.contains { $0.creating != nil })
        journal.createdDirectories(try POSIXFile.makeDirectory(userDirectory))
        folders.forEach { ownWrites.begin($0.directory) }
        let began = feed.writeBegins()
        var published: [(evaluation: StreakEvaluation, at: Date)?] = Array(repeating: nil, count: parts.count)
        defer {
            for (index, folder) in folders.enumerated() {
                ownWrites.end(folder.directory, current: folder.currentPath)
                // Watchers in this process get the write's own result: nobody reads it back.
                if let result = published[index] {
                    feed.publish(userId: userId, streakKey: parts[index].streakKey, evaluation: result.evaluation, at: result.at, began: began)
                }
            }
        }
        do {
            return try StoreLock.exclusive(userDirectory) {
                // Writers that held the lock meanwhile may have logged after `now` was read.
                let now = liveClock.map { max(now, $0()) } ?? now
                expireTrash(userDirectory + "/trash", now: now)
                if reusingFresh, parts.count == 1, let fresh = folders[0].freshEvaluation(now: now, timezone: timezone) {
                    return [fresh.evaluation.updatingUserId(userId)]
                }
                try prepare?(journal)
                let results = try zip(parts, folders).map { part, folder in
                    try applyChange(
                        folder: folder, userId: userId, streakKey: part.streakKey, creating: part.creating,
                        now: now, timezone: timezone, journal: journal, part.change
                    )
                }
                try journal.finish()
                for (index, (context, evaluation)) in results.enumerated() {
                    if persistDerived(context, evaluation: evaluation, now: now, timezone: timezone) {
                        published[index] = (evaluation, now)
                    } else if journal.changedUserFiles {
                        // Watchers' clocks may be past records this result leaves out: they
                        // refresh. (Not after a refresh that changed nothing: its watcher has
                        // its result, and announcing it would send the feed round again.)
                        feed.changed(userId: userId, streakKeys: [parts[index].streakKey])
                    }
                }
                return results.map(\.1)
            }
        } catch {
            let kept = journal.undo()
            guard kept.isEmpty else {
                throw FileStoreError.partlySaved(reason: FileStoreError.sentence(error), kept: kept)
            }
            throw error
        }
    }

    private func applyChange(
        folder: StreakFolder, userId: String, streakKey: String, creating configuration: StreakConfiguration?,
        now: Date, timezone: TimeZone, journal: WriteJournal, _ change: (WriteContext) throws -> Void
    ) throws -> (WriteContext, StreakEvaluation) {
        journal.removeLeftovers(in: folder.directory)
        try folder.discardLinkedDerivedFiles()
        try folder.checkUserFilesWritable()
        let stored = try folder.settings()
        let settings: StreakSettings
        if let stored {
            settings = stored
        } else {
            guard let configuration else { throw unknownStreak(streakKey, userId: userId) }
            try journal.makeDirectory(folder.directory)
            settings = StreakSettings(
                configuration: configuration.starting(on: CalendarDay(containing: now, in: timezone)),
                goalHistory: [StreakGoalChange(date: now, eventsRequiredPerDay: configuration.eventsRequiredPerDay)],
                dateCreated: now
            )
            try settings.write(to: folder.settingsPath, journal: journal)
        }
        let context = WriteContext(
            folder: folder, settings: settings,
            loaded: try folder.loadHistory(leeway: settings.leeway(in: timezone)), isNew: stored == nil, journal: journal
        )
        context.loaded.warnings.forEach(warn)
        try change(context)
        var evaluation = try calculate(context, userId: userId, now: now, timezone: timezone)
        if !evaluation.freezeConsumptions.isEmpty {
            try record(evaluation.freezeConsumptions, in: context)
            evaluation = try calculate(context, userId: userId, now: now, timezone: timezone)
        }
        return (context, evaluation)
    }

    /// Refreshes the snapshot, the id index and the cached streak. They are rebuilt from
    /// the log whenever missing or stale, so a failure here (a full disk) is a warning; a
    /// cache that could not be refreshed is removed rather than left stale. Returns whether
    /// the result was published as `current.json`: not when the log holds records dated after
    /// `now` (a writer that read its clock before another's later event was logged), which a
    /// calculation at any later instant counts and this one leaves out.
    @discardableResult
    private func persistDerived(_ context: WriteContext, evaluation: StreakEvaluation, now: Date, timezone: TimeZone) -> Bool {
        // The settled days travel with the snapshot when it is written anyway (rule 4a: the
        // next calculation settles only the days closed since).
        if context.loaded.changed { context.loaded.snapshot.history.settled = evaluation.settledCheckpoint }
        do {
            try context.folder.persist(&context.loaded)
        } catch {
            warn("could not update the snapshot: \(FileStoreError.sentence(error)); it is rebuilt from the log when needed")
        }
        beforeCaching.withLock { $0 }?()
        let sources = context.folder.sourceStamps()
        let leavesOutLaterRecords = context.loaded.history.latestEventDate.map { $0 > now } ?? false
        guard !leavesOutLaterRecords, sources == context.calculatedFrom, StreakFolder.logSize(in: sources) == context.loaded.logSize else {
            // Someone wrote without the lock since the calculation read the files (a result
            // stamped now would claim their change), or the result holds only until the next
            // record's instant: the next reader calculates instead.
            unlink(context.folder.currentPath)
            return false
        }
        do {
            let cached = CachedEvaluation(
                evaluation: evaluation, sources: sources, calculatedAt: now,
                validUntil: evaluation.validUntil(now: now, timezone: timezone),
                warnings: context.loaded.warnings
            )
            try cached.write(to: context.folder.currentPath)
        } catch {
            unlink(context.folder.currentPath)
            warn("could not update current.json: \(FileStoreError.sentence(error))")
        }
        return true
    }

    func record(_ consumptions: [FreezeConsumption], in context: WriteContext) throws {
        _ = try context.folder.append(consumptions.map(\.freezeEvent), to: &context.loaded, journal: context.journal)
        try context.folder.appendFreezeRecords(consumptions.map { .use(id: $0.freezeId, date: $0.date) }, journal: context.journal)
    }

    func calculate(_ context: WriteContext, userId: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        context.calculatedFrom = context.folder.sourceStamps()
        return try calculate(folder: context.folder, history: context.loaded.history, settings: context.settings, userId: userId, now: now, timezone: timezone)
    }

    func calculate(
        folder: StreakFolder, history: StreakHistory, settings: StreakSettings, userId: String, now: Date, timezone: TimeZone
    ) throws -> StreakEvaluation {
        let (freezes, warnings) = try folder.freezes()
        warnings.forEach(warn)
        let (skips, skipWarnings) = try folder.skips()
        skipWarnings.forEach(warn)
        let (notes, noteWarnings) = try folder.notes()
        noteWarnings.forEach(warn)
        if let latest = history.latestEventDate, latest > now {
            // A clock pinned before some events: the history cannot leave them out.
            return StreakCalculator.evaluate(
                events: try liveEvents(folder), freezes: freezes, configuration: settings.configuration, userId: userId,
                currentDate: now, timezone: timezone, goalSchedule: settings.goalHistory, skips: skips
            ).withNotes(notes)
        }
        return StreakCalculator.evaluate(
            history: history, freezes: freezes, configuration: settings.configuration, userId: userId,
            currentDate: now, timezone: timezone, goalSchedule: settings.goalHistory, skips: skips
        ).withNotes(notes)
    }

    /// The events that count, in log order: after the last reset, not removed.
    func liveEvents(_ folder: StreakFolder) throws -> [StreakEvent] {
        var live = LiveEvents()
        let outcome = try EventLog.visit(folder.eventsPath, from: EventLog.Position()) { _, record in live.replay(record) }
        outcome.warnings.forEach(warn)
        return live.events
    }

    /// One of a streak's ledgers, read under the shared lock (the streak must exist); what
    /// it skipped over is told as warnings.
    func readLedger<Value>(userId: String, streakKey: String, _ read: (StreakFolder) throws -> (Value, [String])) throws -> Value {
        let folder = try folder(userId: userId, streakKey: streakKey)
        return try StoreLock.shared(try userDirectory(userId)) {
            _ = try existingSettings(folder, streakKey: streakKey, userId: userId)
            let (value, warnings) = try read(folder)
            warnings.forEach(warn)
            return value
        }
    }

    func existingSettings(_ folder: StreakFolder, streakKey: String, userId: String) throws -> StreakSettings {
        guard let settings = try folder.settings() else { throw unknownStreak(streakKey, userId: userId) }
        return settings
    }

    func unknownStreak(_ key: String, userId: String) -> StreakStoreError {
        StreakStoreError.unknownStreak(key, known: (try? listedKeys(userId: userId)) ?? [])
    }

    func userDirectory(_ userId: String) throws -> String {
        try StreakValidation.validateUserId(userId)
        return rootPath + "/users/" + userId
    }

    func folder(userId: String, streakKey: String) throws -> StreakFolder {
        try StreakValidation.validateStreakKey(streakKey)
        return folder(try userDirectory(userId) + "/streaks", streakKey)
    }

    func folder(_ streaksDirectory: String, _ key: String) -> StreakFolder {
        StreakFolder(directory: streaksDirectory + "/" + key)
    }
}
