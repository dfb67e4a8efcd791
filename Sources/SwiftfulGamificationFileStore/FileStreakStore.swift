import Foundation
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
    let watchers = StoreWatchers()

    public init(rootPath: String, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.rootPath = rootPath
        self.warn = warn
    }

    // MARK: - Users and streaks

    /// The streak keys of `userId`, sorted (empty when the store or user does not exist).
    public func streakKeys(userId: String) throws -> [String] {
        let directory = try userDirectory(userId) + "/streaks"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { (try? StreakValidation.validateStreakKey($0)) != nil && folder(directory, $0).exists }.sorted()
    }

    /// Creates a streak. - Throws: `FileStoreError.streakExists`, or a validation error.
    @discardableResult
    public func createStreak(userId: String, configuration: StreakConfiguration, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try configuration.validate()
        return try write(userId: userId, streakKey: configuration.streakKey, creating: configuration, now: now, timezone: timezone) { context in
            guard context.isNew else { throw FileStoreError.streakExists(configuration.streakKey) }
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
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let updated = context.settings.configuration.with(eventsRequiredPerDay: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior)
            try updated.validate()
            if let goal, goal != context.settings.configuration.eventsRequiredPerDay {
                context.settings.goalHistory.append(StreakGoalChange(date: now, eventsRequiredPerDay: goal))
            }
            context.settings.configuration = updated
            try context.settings.write(to: context.folder.settingsPath, journal: context.journal)
            if updated.leewayHours != context.loaded.history.leewayHours {
                context.loaded = try context.folder.loadHistory(leewayHours: updated.leewayHours)
            }
        }
    }

    /// Makes every earlier event stop counting (recorded in the log, not deleted).
    @discardableResult
    public func resetStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            try context.folder.reset(at: now, loaded: &context.loaded, journal: context.journal)
        }
    }

    // MARK: - Events

    /// Adds events, skipping ids the log already holds; all are validated first.
    /// - Parameter freshIds: the caller made the ids up just now (random UUIDs), so the
    ///   duplicate check, which reads an index of every id, is skipped.
    /// - Parameter creating: creates the streak with this configuration, in the same write,
    ///   when it does not exist yet.
    /// - Throws: `StreakError` for an invalid or future event (nothing is written then).
    public func addEvents(
        _ events: [StreakEvent], userId: String, streakKey: String, now: Date, timezone: TimeZone, freshIds: Bool = false,
        creating configuration: StreakConfiguration? = nil
    ) throws -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try StreakValidation.validateDate(now, "current date")
        for event in events { try event.validate(now: now) }
        try configuration?.validate()
        let normalized = events.map(Self.normalized)
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
        // Any zone is within 14 hours of UTC: only instants near the day can fall on it.
        let start = day.startDate(in: TimeZone(identifier: "UTC")!).addingTimeInterval(-15 * 3_600)
        let end = start.addingTimeInterval(54 * 3_600)
        var zones: [String: TimeZone] = [:]
        return try StoreLock.shared(try userDirectory(userId)) {
            _ = try existingSettings(folder, streakKey: streakKey, userId: userId)
            var found: [StreakEvent] = []
            var removed = Set<String>()
            let outcome = try EventLog.visit(folder.eventsPath, from: EventLog.Position()) { _, record in
                switch record {
                case .event(let event):
                    guard !event.isFreeze, event.dateCreated >= start, event.dateCreated < end else { return }
                    let zone = zones[event.timezone] ?? {
                        let zone = TimeZone(identifier: event.timezone) ?? timezone
                        zones[event.timezone] = zone
                        return zone
                    }()
                    if CalendarDay(containing: event.dateCreated, in: zone) == day { found.append(event) }
                case .remove(let event, _):
                    removed.insert(event.id)
                case .reset:
                    found = []
                    removed = []
                }
            }
            outcome.warnings.forEach(warn)
            return found.filter { !removed.contains($0.id) }.sorted { $0.dateCreated < $1.dateCreated }
        }
    }

    // MARK: - Freezes

    public func freezes(userId: String, streakKey: String) throws -> [StreakFreeze] {
        let folder = try folder(userId: userId, streakKey: streakKey)
        return try StoreLock.shared(try userDirectory(userId)) {
            _ = try existingSettings(folder, streakKey: streakKey, userId: userId)
            let (freezes, warnings) = try folder.freezes()
            warnings.forEach(warn)
            return freezes
        }
    }

    /// Adds freezes (a freeze id already in the ledger is skipped).
    @discardableResult
    public func addFreezes(_ freezes: [StreakFreeze], userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        for freeze in freezes { try freeze.validate() }
        return try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let known = Set(try context.folder.freezes().freezes.map(\.id))
            try context.folder.appendFreezeRecords(freezes.filter { !known.contains($0.id) }.map { .add($0) }, journal: context.journal)
        }
    }

    /// Marks one freeze used. - Throws: `StreakError.freezeNotFound` / `.freezeAlreadyUsed`.
    public func useFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) throws {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            guard let freeze = try context.folder.freezes().freezes.first(where: { $0.id == id }) else { throw StreakError.freezeNotFound(id) }
            guard !freeze.isUsed else { throw StreakError.freezeAlreadyUsed(id) }
            try context.folder.appendFreezeRecords([.use(id: id, date: now)], journal: context.journal)
        }
    }

    /// Manual mode: bridges the missed days with available freezes, all or nothing.
    /// - Throws: `StreakError.freezesNotManual`, `.nothingToSave` or `.notEnoughFreezes`.
    public func useFreezesManually(userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> (used: [FreezeConsumption], evaluation: StreakEvaluation) {
        var used: [FreezeConsumption] = []
        let evaluation = try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            // From the running history: the log is not read again.
            used = try StreakCalculator.manualFreezeConsumptions(
                for: try self.calculate(context, userId: userId, now: now, timezone: timezone),
                freezes: try context.folder.freezes().freezes, configuration: context.settings.configuration,
                currentDate: now, timezone: timezone
            )
            try self.record(used, in: context)
        }
        return (used, evaluation)
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
            var loaded = try folder.loadHistory(leewayHours: settings.configuration.leewayHours)
            loaded.warnings.forEach(warn)
            if loaded.changed {
                // A reader may persist what it read: the files it writes are derived, and a
                // writer (holding the lock exclusively) cannot be half-way through meanwhile.
                try? folder.persist(&loaded)
            }
            return try calculate(folder: folder, history: loaded.history, settings: settings, userId: userId, now: now, timezone: timezone)
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
        try refreshWithValidity(userId: userId, streakKey: streakKey, now: now, timezone: timezone).evaluation
    }

    /// `refresh`, and the instant its result stops holding without a write.
    func refreshWithValidity(userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> (evaluation: StreakEvaluation, validUntil: Date) {
        let folder = try folder(userId: userId, streakKey: streakKey)
        let fresh = try StoreLock.shared(try userDirectory(userId)) { folder.freshEvaluation(now: now, timezone: timezone) }
        if let fresh {
            fresh.warnings.forEach(warn)
            return (fresh.evaluation.updatingUserId(userId), fresh.validUntil)
        }
        let evaluation = try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone, reusingFresh: true) { _ in }
        return (evaluation, CachedEvaluation.validity(of: evaluation, now: now, timezone: timezone))
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
    /// - Parameter reusingFresh: when the cached result still holds under the lock (another
    ///   writer just calculated), return it instead of calculating again.
    @discardableResult
    func write(
        userId: String, streakKey: String, creating configuration: StreakConfiguration? = nil,
        now: Date, timezone: TimeZone, reusingFresh: Bool = false, _ change: (WriteContext) throws -> Void
    ) throws -> StreakEvaluation {
        try StreakValidation.validateDate(now, "current date")
        let userDirectory = try userDirectory(userId)
        let folder = try self.folder(userId: userId, streakKey: streakKey)
        let journal = WriteJournal()
        journal.createdDirectories(try POSIXFile.makeDirectory(userDirectory))
        do {
            return try StoreLock.exclusive(userDirectory) {
                if reusingFresh, let fresh = folder.freshEvaluation(now: now, timezone: timezone) {
                    return fresh.evaluation.updatingUserId(userId)
                }
                let (context, evaluation) = try applyChange(
                    folder: folder, userId: userId, streakKey: streakKey, creating: configuration,
                    now: now, timezone: timezone, journal: journal, change
                )
                journal.finish()
                persistDerived(context, evaluation: evaluation, now: now, timezone: timezone)
                return evaluation
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
        try folder.discardLinkedDerivedFiles()
        try folder.checkUserFilesWritable()
        var settings = try folder.settings()
        let isNew = settings == nil
        if isNew {
            guard let configuration else { throw unknownStreak(streakKey, userId: userId) }
            journal.createdDirectories(try POSIXFile.makeDirectory(folder.directory))
            settings = StreakSettings(
                configuration: configuration,
                goalHistory: [StreakGoalChange(date: now, eventsRequiredPerDay: configuration.eventsRequiredPerDay)],
                dateCreated: now
            )
            try settings!.write(to: folder.settingsPath, journal: journal)
        }
        let context = WriteContext(
            folder: folder, settings: settings!,
            loaded: try folder.loadHistory(leewayHours: settings!.configuration.leewayHours), isNew: isNew, journal: journal
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
    /// cache that could not be refreshed is removed rather than left stale.
    private func persistDerived(_ context: WriteContext, evaluation: StreakEvaluation, now: Date, timezone: TimeZone) {
        do {
            try context.folder.persist(&context.loaded)
        } catch {
            warn("could not update the snapshot: \(FileStoreError.sentence(error)); it is rebuilt from the log when needed")
        }
        do {
            let cached = CachedEvaluation(
                evaluation: evaluation, sources: context.folder.sourceStamps(), calculatedAt: now,
                validUntil: CachedEvaluation.validity(of: evaluation, now: now, timezone: timezone),
                warnings: context.loaded.warnings
            )
            try cached.write(to: context.folder.currentPath)
        } catch {
            unlink(context.folder.currentPath)
            warn("could not update current.json: \(FileStoreError.sentence(error))")
        }
    }

    private func record(_ consumptions: [FreezeConsumption], in context: WriteContext) throws {
        _ = try context.folder.append(consumptions.map(\.freezeEvent), to: &context.loaded, journal: context.journal)
        try context.folder.appendFreezeRecords(consumptions.map { .use(id: $0.freezeId, date: $0.date) }, journal: context.journal)
    }

    private func calculate(_ context: WriteContext, userId: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try calculate(folder: context.folder, history: context.loaded.history, settings: context.settings, userId: userId, now: now, timezone: timezone)
    }

    private func calculate(
        folder: StreakFolder, history: StreakHistory, settings: StreakSettings, userId: String, now: Date, timezone: TimeZone
    ) throws -> StreakEvaluation {
        let (freezes, warnings) = try folder.freezes()
        warnings.forEach(warn)
        if let latest = history.latestEventDate, latest > now {
            // A clock pinned before some events: the history cannot leave them out.
            return StreakCalculator.evaluate(
                events: try liveEvents(folder), freezes: freezes, configuration: settings.configuration, userId: userId,
                currentDate: now, timezone: timezone, goalSchedule: settings.goalHistory
            )
        }
        return StreakCalculator.evaluate(
            history: history, freezes: freezes, configuration: settings.configuration, userId: userId,
            currentDate: now, timezone: timezone, goalSchedule: settings.goalHistory
        )
    }

    /// The events that count, in log order: after the last reset, not removed.
    private func liveEvents(_ folder: StreakFolder) throws -> [StreakEvent] {
        var events: [StreakEvent] = []
        var removed = Set<String>()
        let outcome = try EventLog.visit(folder.eventsPath, from: EventLog.Position()) { _, record in
            switch record {
            case .event(let event): events.append(event)
            case .remove(let event, _): removed.insert(event.id)
            case .reset:
                events = []
                removed = []
            }
        }
        outcome.warnings.forEach(warn)
        return removed.isEmpty ? events : events.filter { !removed.contains($0.id) }
    }

    private func existingSettings(_ folder: StreakFolder, streakKey: String, userId: String) throws -> StreakSettings {
        guard let settings = try folder.settings() else { throw unknownStreak(streakKey, userId: userId) }
        return settings
    }

    private func unknownStreak(_ key: String, userId: String) -> FileStoreError {
        FileStoreError.unknownStreak(key, known: (try? streakKeys(userId: userId)) ?? [])
    }

    func userDirectory(_ userId: String) throws -> String {
        let allowed = userId.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "._-".utf8.contains(byte)
        }
        guard allowed, !userId.isEmpty, userId.utf8.count <= 128, !userId.hasPrefix(".") else {
            throw FileStoreError.invalidUserId(userId)
        }
        return rootPath + "/users/" + userId
    }

    func folder(userId: String, streakKey: String) throws -> StreakFolder {
        try StreakValidation.validateStreakKey(streakKey)
        return folder(try userDirectory(userId) + "/streaks", streakKey)
    }

    private func folder(_ streaksDirectory: String, _ key: String) -> StreakFolder {
        StreakFolder(directory: streaksDirectory + "/" + key)
    }
}
