import Foundation
import StreakStoreKit
import SwiftfulGamification

/// Experience points and progress, kept beside the user's streaks: one append-only ledger
/// per key (`users/USER/experience/KEY.jsonl`, `users/USER/progress/KEY.jsonl`), written
/// under the user's lock like every streak write, so concurrent writers of several
/// processes neither lose an event nor store one twice, and a kill leaves the ledger as it
/// was or with the whole new line.
extension FileStreakStore {
    /// Which ledger of a user.
    enum Ledger {
        case experience(String)
        case progress(String)

        var directoryName: String {
            switch self {
            case .experience: return "experience"
            case .progress: return "progress"
            }
        }

        var key: String {
            switch self {
            case .experience(let key), .progress(let key): return key
            }
        }
    }

    /// The user's experience-points events since the last `deleteAllExperienceEvents`, in
    /// the order they were added.
    public func experienceEvents(userId: String, experienceKey: String) throws -> [ExperiencePointsEvent] {
        try readLedger(.experience(experienceKey), userId: userId).events
    }

    /// Adds the events whose ids the ledger does not have yet; returns those.
    /// - Throws: `StreakRuleError` for an invalid id, zone or metadata key, or a date out of
    ///   range, before anything is written.
    @discardableResult
    public func addExperienceEvents(_ events: [ExperiencePointsEvent], userId: String, experienceKey: String) throws -> [ExperiencePointsEvent] {
        for event in events { try event.validateForStore() }
        var added: [ExperiencePointsEvent] = []
        try appendToLedger(.experience(experienceKey), userId: userId) { ledger in
            var ids = ledger.eventIds
            added = events.filter { ids.insert($0.id).inserted }
            return added.map(PointsLedgerLine.earned)
        }
        return added
    }

    /// The earnings of the streaks `streakKeys` names, in the order added: only the lines of
    /// the streaks ledger that can hold them are decoded (`StreakEarningsFilter`).
    public func streakEarnings(userId: String, streakKeys: Set<String>) throws -> [ExperiencePointsEvent] {
        try readLedger(.experience(StreakPoints.experienceKey), userId: userId, only: StreakEarningsFilter(keys: streakKeys)).events
    }

    /// Adds the earnings (of the streaks `streakKeys` names) whose ids the ledger does not
    /// have yet, checked against those streaks' lines alone (an earning's id spells its
    /// streak's key, so no other line can hold it); returns those.
    /// - Throws: `StreakRuleError` as `addExperienceEvents` does, before anything is written.
    @discardableResult
    public func addStreakEarnings(_ events: [ExperiencePointsEvent], userId: String, streakKeys: Set<String>) throws -> [ExperiencePointsEvent] {
        guard events.allSatisfy({ StreakPoints.earningStreakKey(of: $0.id).map(streakKeys.contains) ?? false }) else {
            return try addExperienceEvents(events, userId: userId, experienceKey: StreakPoints.experienceKey)
        }
        for event in events { try event.validateForStore() }
        var added: [ExperiencePointsEvent] = []
        try appendToLedger(.experience(StreakPoints.experienceKey), userId: userId, only: StreakEarningsFilter(keys: streakKeys)) { ledger in
            var ids = ledger.eventIds
            added = events.filter { ids.insert($0.id).inserted }
            return added.map(PointsLedgerLine.earned)
        }
        return added
    }

    /// Deletes every event of the ledger (a line saying so: the ledger keeps its history).
    public func deleteAllExperienceEvents(userId: String, experienceKey: String, now: Date) throws {
        try appendToLedger(.experience(experienceKey), userId: userId) { ledger in
            ledger.events.isEmpty ? [] : [.clearedEvents(now)]
        }
    }

    /// The user's progress items, by sanitized id order.
    public func progressItems(userId: String, progressKey: String) throws -> [ProgressItem] {
        try readLedger(.progress(progressKey), userId: userId).sortedItems
    }

    /// Sets the item's value unless the ledger has a higher one; returns the item kept.
    /// - Throws: `ProgressError.invalidValue` outside 0...1, `StreakRuleError` for an empty
    ///   id or a bad metadata key, before anything is written.
    @discardableResult
    public func saveProgress(_ item: ProgressItem, userId: String) throws -> ProgressItem {
        try item.validateForStore()
        var kept = item
        try appendToLedger(.progress(item.progressKey), userId: userId) { ledger in
            if let current = ledger.items[item.sanitizedId], current.value > item.value {
                kept = current
                return []
            }
            return [.progress(item)]
        }
        return kept
    }

    /// Deletes one item (by sanitized id), or every item of the key when `id` is nil.
    public func deleteProgress(id: String?, userId: String, progressKey: String, now: Date) throws {
        try appendToLedger(.progress(progressKey), userId: userId) { ledger in
            if let id { return ledger.items[id] == nil ? [] : [.deletedProgress(id: id, now)] }
            return ledger.items.isEmpty ? [] : [.deletedProgress(id: nil, now)]
        }
    }

    /// Makes the ledger hold exactly `events` (a replica taking the server's): nothing is
    /// written when it does already; otherwise one append clears it and adds them.
    public func replaceExperienceEvents(with events: [ExperiencePointsEvent], userId: String, experienceKey: String, now: Date) throws {
        try appendToLedger(.experience(experienceKey), userId: userId) { ledger in
            guard !LedgerContents.same(ledger.events, events) else { return [] }
            return (ledger.events.isEmpty ? [] : [.clearedEvents(now)]) + events.map(PointsLedgerLine.earned)
        }
    }

    /// Makes the ledger hold exactly `items` (a replica taking the server's), lowered values
    /// included: nothing is written when it does already; otherwise one append.
    public func replaceProgressItems(with items: [ProgressItem], userId: String, progressKey: String, now: Date) throws {
        try appendToLedger(.progress(progressKey), userId: userId) { ledger in
            guard !LedgerContents.same(ledger.sortedItems, items.sorted { $0.sanitizedId < $1.sanitizedId }) else { return [] }
            return (ledger.items.isEmpty ? [] : [.deletedProgress(id: nil, now)]) + items.map(PointsLedgerLine.progress)
        }
    }

    /// The keys of the user's ledgers of one kind (`experience` or `progress`), sorted.
    func ledgerKeys(_ directoryName: String, userId: String) throws -> [String] {
        let directory = try userDirectory(userId) + "/" + directoryName
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }
            .filter { (try? StreakValidation.validateLedgerKey($0)) != nil }.sorted()
    }

    /// The user's ledger files, named as `RevisionedPointsStore` names them (`experience/KEY`,
    /// `progress/KEY`, `settings`), from the directory listing alone (a replica compares
    /// them with the server's on every sync; reading each would cost a parse of its lines).
    public func ledgerNames(userId: String) throws -> Set<String> {
        var names = Set(try ledgerKeys("experience", userId: userId).map { "experience/" + $0 })
        names.formUnion(try ledgerKeys("progress", userId: userId).map { "progress/" + $0 })
        if FileManager.default.fileExists(atPath: try pointsSettingsPath(userId)) { names.insert("settings") }
        return names
    }

    /// The directory holding the ledgers of one kind, for watchers.
    func ledgerDirectory(_ ledger: Ledger, userId: String) throws -> String {
        try userDirectory(userId) + "/" + ledger.directoryName
    }

    private func ledgerPath(_ ledger: Ledger, userId: String) throws -> String {
        try StreakValidation.validateLedgerKey(ledger.key)
        return try ledgerDirectory(ledger, userId: userId) + "/" + ledger.key + ".jsonl"
    }

    /// With the user's lock held: `decide`'s lines appended to the ledger at `path`, in `journal`.
    private func appendToLedgerLocked(
        path: String, journal: WriteJournal, only: StreakEarningsFilter? = nil, _ decide: (PointsLedger) throws -> [PointsLedgerLine]
    ) throws {
        let current = ledgers.ledger(path: path, bytes: try POSIXFile.read(path, role: .user) ?? [], only: only)
        current.warnings.forEach(warn)
        let lines = try decide(current)
        guard !lines.isEmpty else { return }
        try journal.makeDirectory((path as NSString).deletingLastPathComponent)
        _ = try POSIXFile.append(Array(try lines.map { try $0.line() + "\n" }.joined().utf8), to: path, journal: journal)
    }

    /// With the user's lock held, in the journal of the write that moves a streak from `old`
    /// to `new` (a rename, a restore under another key): its earnings and its own points
    /// settings go with it, whole with the move or not at all (`StreakPoints.earningsMove`).
    func moveEarningsLocked(userId: String, from old: String, to new: String, now: Date, timezone: TimeZone, journal: WriteJournal) throws {
        let settings = try pointsSettings(userId: userId)
        var movedSettings = settings
        try appendToLedgerLocked(path: try ledgerPath(.experience(StreakPoints.experienceKey), userId: userId), journal: journal) { ledger in
            let move = StreakPoints.earningsMove(from: old, to: new, recorded: ledger.events, settings: settings, now: now, timezone: timezone)
            movedSettings = move.settings
            return move.events.map(PointsLedgerLine.earned)
        }
        if movedSettings != settings { try writePointsSettingsLocked(movedSettings, userId: userId, journal: journal) }
    }

    private func readLedger(_ ledger: Ledger, userId: String, only: StreakEarningsFilter? = nil) throws -> PointsLedger {
        let path = try ledgerPath(ledger, userId: userId)
        let folded = try StoreLock.shared(try userDirectory(userId)) {
            ledgers.ledger(path: path, bytes: try POSIXFile.read(path, role: .user) ?? [], only: only)
        }
        folded.warnings.forEach(warn)
        return folded
    }

    /// Under the user's lock: reads the ledger, asks `decide` what to add, appends it whole
    /// (durably) or, on any failure, leaves every file as it was.
    private func appendToLedger(
        _ ledger: Ledger, userId: String, only: StreakEarningsFilter? = nil, _ decide: (PointsLedger) throws -> [PointsLedgerLine]
    ) throws {
        let path = try ledgerPath(ledger, userId: userId)
        let userDirectory = try userDirectory(userId)
        let journal = WriteJournal(directory: userDirectory)
        journal.createdDirectories(try POSIXFile.makeDirectory(userDirectory))
        do {
            try StoreLock.exclusive(userDirectory) {
                try appendToLedgerLocked(path: path, journal: journal, only: only, decide)
                try journal.finish()
            }
        } catch {
            let kept = journal.undo()
            guard kept.isEmpty else { throw FileStoreError.partlySaved(reason: FileStoreError.sentence(error), kept: kept) }
            throw error
        }
    }
}

extension FileStreakStore {
    func pointsSettingsPath(_ userId: String) throws -> String {
        try userDirectory(userId) + "/points.json"
    }

    /// The user's points settings (`users/USER/points.json`; off when there is none).
    /// - Throws: `FileStoreError.corruptFile` for a file that does not read as settings.
    public func pointsSettings(userId: String) throws -> StreakPointsSettings {
        let path = try pointsSettingsPath(userId)
        guard let bytes = try POSIXFile.read(path, role: .user, limit: 1 << 20) else { return StreakPointsSettings() }
        do {
            return try JSONDecoder().decode(StreakPointsSettings.self, from: Data(bytes))
        } catch {
            throw FileStoreError.corruptFile(path: path, reason: FileStoreError.sentence(error))
        }
    }

    /// Replaces the settings whole, atomically, under the user's lock.
    public func setPointsSettings(_ settings: StreakPointsSettings, userId: String) throws {
        try writePointsSettings(userId: userId) { _ in settings }
    }

    /// Applies `changes` to the settings on file, read and written under the user's lock, so
    /// a change another process makes at the same moment is kept too; returns them before and after.
    @discardableResult
    public func updatePointsSettings(_ changes: [StreakPointsSettings.Change], userId: String) throws
        -> (before: StreakPointsSettings, after: StreakPointsSettings) {
        var result = (before: StreakPointsSettings(), after: StreakPointsSettings())
        try writePointsSettings(userId: userId) { current in
            result = (current, current.applying(changes))
            return result.after == current ? nil : result.after
        }
        return result
    }

    /// Under the user's lock: the settings `decide` makes of the current ones (nil: nothing
    /// to write), replaced whole and atomically, or on any failure every file as it was.
    private func writePointsSettings(userId: String, _ decide: (StreakPointsSettings) throws -> StreakPointsSettings?) throws {
        let userDirectory = try userDirectory(userId)
        let journal = WriteJournal(directory: userDirectory)
        journal.createdDirectories(try POSIXFile.makeDirectory(userDirectory))
        do {
            try StoreLock.exclusive(userDirectory) {
                guard let settings = try decide(try pointsSettings(userId: userId)) else { return }
                try writePointsSettingsLocked(settings, userId: userId, journal: journal)
                try journal.finish()
            }
        } catch {
            let kept = journal.undo()
            guard kept.isEmpty else { throw FileStoreError.partlySaved(reason: FileStoreError.sentence(error), kept: kept) }
            throw error
        }
    }

    /// With the user's lock held: `settings` written whole over the file, in `journal`.
    private func writePointsSettingsLocked(_ settings: StreakPointsSettings, userId: String, journal: WriteJournal) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes = Array(try encoder.encode(settings)) + [UInt8(ascii: "\n")]
        // A writer killed mid-replace left its backup link or temporary file: not the user's.
        journal.removeLeftovers(in: try userDirectory(userId))
        try POSIXFile.writeAtomically(bytes, to: try pointsSettingsPath(userId), journal: journal)
    }
}
