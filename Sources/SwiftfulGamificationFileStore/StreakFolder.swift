import Foundation
import SwiftfulGamification

/// The files of one streak and the operations on them. Every operation runs under the
/// user's lock (`StoreLock`); writes record what they change in a `WriteJournal`.
///
/// - `events.jsonl`: the event log, the source of truth (append-only, fsynced).
/// - `freezes.jsonl`: the freeze ledger (append-only, fsynced).
/// - `skips.jsonl`: the skip ledger (append-only, fsynced).
/// - `notes.jsonl`: the note ledger (append-only, fsynced).
/// - `config.json`: configuration and goal history (replaced atomically).
/// - `snapshot.json`, `ids.bin`, `current.json`: derived, rebuilt whenever missing or stale.
struct StreakFolder {
    let directory: String

    var eventsPath: String { directory + "/events.jsonl" }
    var freezesPath: String { directory + "/freezes.jsonl" }
    var skipsPath: String { directory + "/skips.jsonl" }
    var notesPath: String { directory + "/notes.jsonl" }
    var settingsPath: String { directory + "/config.json" }
    var snapshotPath: String { directory + "/snapshot.json" }
    var idsPath: String { directory + "/ids.bin" }
    var currentPath: String { directory + "/current.json" }

    var userFiles: [String] { [eventsPath, freezesPath, settingsPath, skipsPath, notesPath] }

    /// The history of the log, caught up from the snapshot (or rebuilt), not yet persisted.
    struct LoadedHistory {
        var snapshot: HistorySnapshot
        /// Hashes in `ids.bin` that stay (the rest of the file is rewritten).
        var keptIds: Int
        var newIds: [UInt64] = []
        var changed = false
        /// What this load has to report: damaged lines, a torn last line, a recount.
        var warnings: [String] = []
        /// The log's size when last read, an unterminated last line included.
        var logSize = 0

        var history: StreakHistory { snapshot.history }
    }

    var exists: Bool { (try? POSIXFile.status(settingsPath)) ?? nil != nil }

    func settings() throws -> StreakSettings? {
        try StreakSettings.read(settingsPath)
    }

    func freezes() throws -> (freezes: [StreakFreeze], warnings: [String]) {
        try FreezeLedger.read(freezesPath)
    }

    func skips() throws -> (days: [CalendarDay], warnings: [String]) {
        try SkipLedger.read(skipsPath)
    }

    func notes() throws -> (notes: [StreakNote], warnings: [String]) {
        try NoteLedger.read(notesPath)
    }

    var derivedFiles: [String] { [snapshotPath, idsPath, currentPath] }

    /// Removes derived files that are links (symbolic, or hard links sharing a user file's
    /// data): they are rebuilt as files of their own, and a user file linked to one of them
    /// becomes a file of its own again. Removing a link never touches what it points at.
    func discardLinkedDerivedFiles() throws {
        for path in derivedFiles {
            guard let status = try POSIXFile.status(path) else { continue }
            if status.kind == .symbolicLink || (status.kind == .regular && status.links > 1) { unlink(path) }
        }
    }

    /// Refuses a write while a user file is anything but a plain file of its own.
    func checkUserFilesWritable() throws {
        for path in userFiles {
            guard let status = try POSIXFile.status(path) else { continue }
            guard status.kind == .regular else { throw FileStoreError.notARegularFile(path: path, kind: status.kind.description) }
            guard status.links == 1 else { throw FileStoreError.hardLinked(path: path, links: status.links) }
        }
    }

    func cachedEvaluation() -> CachedEvaluation? {
        CachedEvaluation.read(currentPath)
    }

    /// The stamps of the user files, in the order `CachedEvaluation.sources` keeps them.
    func sourceStamps() -> [FileStamp?] {
        userFiles.map { (try? POSIXFile.status($0))?.map(\.stamp) ?? nil }
    }

    /// The log's size in `sourceStamps()` (0 without a log).
    static func logSize(in stamps: [FileStamp?]) -> Int {
        (stamps.first ?? nil)?.size ?? 0
    }

    /// The cached evaluation when it is what a calculation at `now` would give.
    func freshEvaluation(now: Date, timezone: TimeZone) -> CachedEvaluation? {
        guard let cached = cachedEvaluation(), cached.holds(at: now, timezone: timezone, sources: sourceStamps()) else { return nil }
        return cached
    }

    // MARK: - History

    func loadHistory(leeway: StreakLeeway) throws -> LoadedHistory {
        let log = try POSIXFile.status(eventsPath)
        if let log, log.kind != .regular { throw FileStoreError.notARegularFile(path: eventsPath, kind: log.kind.description) }
        guard let snapshot = HistorySnapshot.read(snapshotPath), snapshot.history.leeway == leeway,
              try idsMatch(snapshot) else {
            return try rebuildHistory(leeway: leeway)
        }
        var recount: String?
        if snapshot.logStamp != log?.stamp, snapshot.position.offset > 0 {
            // Not as the last writer left it: an append is fine, any other change is damage.
            if log == nil {
                recount = "events.jsonl is gone: the \(snapshot.history.regularCount) events counted before no longer count"
            } else if POSIXFile.hashOfPrefix(eventsPath, count: snapshot.position.offset) != snapshot.logHash {
                recount = "events.jsonl changed in its first \(snapshot.position.lines) lines since they were counted (not by an append); counting the whole log again"
            }
        }
        if let recount {
            var rebuilt = try rebuildHistory(leeway: leeway)
            rebuilt.warnings.insert(recount, at: 0)
            return rebuilt
        }
        var loaded = LoadedHistory(snapshot: snapshot, keptIds: snapshot.idCount, logSize: snapshot.position.offset)
        loaded.warnings = snapshot.skippedWarnings
        try catchUp(&loaded)
        if loaded.snapshot.logStamp != log?.stamp { loaded.changed = true }
        return loaded
    }

    /// `ids.bin` is as the snapshot's writer left it.
    private func idsMatch(_ snapshot: HistorySnapshot) throws -> Bool {
        guard snapshot.idCount > 0 else { return true }
        guard let ids = try POSIXFile.status(idsPath), ids.isPrivateRegularFile else { return false }
        return ids.stamp == snapshot.idsStamp
    }

    /// Reads the log after the loaded position: the new lines join the history and the
    /// checksum. A removal that cannot be subtracted exactly recounts the whole log.
    private func catchUp(_ loaded: inout LoadedHistory) throws {
        var snapshot = loaded.snapshot
        var replay = HistoryReplay(history: snapshot.history, clocks: Self.clocks())
        let outcome = try EventLog.visit(eventsPath, from: snapshot.position, hash: snapshot.logHash) { _, record in replay.replay(record) }
        let exact = replay.exact
        guard exact else {
            let warnings = loaded.warnings
            loaded = try rebuildHistory(leeway: loaded.history.leeway)
            loaded.warnings = warnings + loaded.warnings.filter { !warnings.contains($0) }
            return
        }
        if outcome.end != snapshot.position { loaded.changed = true }
        snapshot.history = replay.history
        snapshot.position = outcome.end
        snapshot.logHash = outcome.hash
        snapshot.noteSkipped(outcome.skipped)
        loaded.snapshot = snapshot
        // After a reset only the ids read now count; otherwise they follow the kept ones.
        if replay.resets > 0 { loaded.keptIds = 0 }
        loaded.newIds = replay.resets > 0 ? replay.ids : loaded.newIds + replay.ids
        loaded.logSize = outcome.size
        loaded.warnings += outcome.warnings
    }

    /// Reads the whole log: one pass, or two when a removal cannot be subtracted exactly.
    private func rebuildHistory(leeway: StreakLeeway) throws -> LoadedHistory {
        var replay = HistoryReplay(history: StreakHistory(leeway: leeway), clocks: Self.clocks())
        var lastReset = 0
        let outcome = try EventLog.visit(eventsPath, from: EventLog.Position()) { line, record in
            if case .reset = record { lastReset = line }
            replay.replay(record)
        }
        var history = replay.history
        let ids = replay.ids
        if !replay.exact {
            var clocks = Self.clocks()
            let removed = replay.removed
            history = StreakHistory(leeway: leeway)
            _ = try EventLog.visit(eventsPath, from: EventLog.Position()) { line, record in
                if line > lastReset, case .event(let event) = record, !removed.contains(event.id) { history.add(event, clocks: &clocks) }
            }
        }
        var snapshot = HistorySnapshot(history: history)
        snapshot.position = outcome.end
        snapshot.logHash = outcome.hash
        snapshot.noteSkipped(outcome.skipped)
        return LoadedHistory(snapshot: snapshot, keptIds: 0, newIds: ids, changed: true, warnings: outcome.warnings, logSize: outcome.size)
    }

    /// Zone offsets cached per day from 1970 to 2100 (other instants are looked up directly).
    private static func clocks() -> ZoneClocks {
        ZoneClocks(current: TimeZone(identifier: "UTC")!, firstSecond: 0, lastSecond: 4_102_444_800)
    }

    /// Writes the snapshot and the id index, derived files that are replaced or rewritten in
    /// place only when they are regular files of their own (caller holds the lock).
    func persist(_ loaded: inout LoadedHistory) throws {
        guard loaded.changed else { return }
        let kept = loaded.keptIds
        let newIds = loaded.newIds
        try POSIXFile.writeHashes(newIds, to: idsPath, keeping: kept) {
            try EventIdHash.read(idsPath, count: kept).map { $0 + newIds } ?? { throw FileStoreError.cannotRead(path: idsPath, reason: "it changed") }()
        }
        loaded.snapshot.history.trimRecentEvents()
        loaded.snapshot.idCount = kept + newIds.count
        loaded.snapshot.idsStamp = try POSIXFile.status(idsPath)?.stamp
        loaded.snapshot.logStamp = try POSIXFile.status(eventsPath)?.stamp
        loaded.keptIds = loaded.snapshot.idCount
        loaded.newIds = []
        try loaded.snapshot.write(to: snapshotPath)
        loaded.changed = false
    }

    // MARK: - Writes (caller holds the lock)

    /// Appends the events whose ids the log does not hold yet; returns those.
    func append(_ events: [StreakEvent], to loaded: inout LoadedHistory, journal: WriteJournal, checkingIds: Bool = true) throws -> [StreakEvent] {
        let (fresh, hashes) = checkingIds ? try withoutKnownIds(events, loaded: loaded) : (events, events.map { EventIdHash.of($0.id) })
        guard !fresh.isEmpty else { return [] }
        try record(loaded: &loaded, journal: journal, { sink in try EventJSON.writeLines(fresh) { try sink.write($0) } }) { loaded in
            var clocks = Self.clocks()
            for event in fresh { loaded.snapshot.history.add(event, clocks: &clocks) }
            loaded.newIds.append(contentsOf: hashes)
            return true
        }
        return fresh
    }

    func remove(_ event: StreakEvent, at date: Date, loaded: inout LoadedHistory, journal: WriteJournal) throws {
        try record(EventLogRecord.lines([.remove(event, date: date)]), loaded: &loaded, journal: journal) { loaded in
            loaded.snapshot.history.remove(event)
        }
    }

    func reset(at date: Date, loaded: inout LoadedHistory, journal: WriteJournal) throws {
        try record(EventLogRecord.lines([.reset(date: date)]), loaded: &loaded, journal: journal) { loaded in
            loaded.snapshot.history = StreakHistory(leeway: loaded.history.leeway)
            loaded.keptIds = 0
            loaded.newIds = []
            return true
        }
    }

    func appendFreezeRecords(_ records: [FreezeLedger.Record], journal: WriteJournal) throws {
        try appendLines(records.map(\.line), to: freezesPath, journal: journal)
    }

    func appendSkipRecords(_ records: [SkipLedger.Record], journal: WriteJournal) throws {
        try appendLines(records.map(\.line), to: skipsPath, journal: journal)
    }

    func appendNoteRecords(_ records: [NoteLedger.Record], journal: WriteJournal) throws {
        try appendLines(records.map(\.line), to: notesPath, journal: journal)
    }

    private func appendLines(_ lines: [String], to path: String, journal: WriteJournal) throws {
        guard !lines.isEmpty else { return }
        _ = try POSIXFile.append(Array(lines.map { $0 + "\n" }.joined().utf8), to: path, journal: journal)
    }

    /// Appends `bytes` (whole lines) to the log, as `record(loaded:journal:_:apply:)`.
    private func record(_ bytes: [UInt8], loaded: inout LoadedHistory, journal: WriteJournal, apply: (inout LoadedHistory) -> Bool) throws {
        try record(loaded: &loaded, journal: journal, { try $0.write(bytes) }, apply: apply)
    }

    /// Appends what `produce` writes (whole lines) to the log. When the log ended where the
    /// history did and nobody else wrote meanwhile, `apply` updates the history directly
    /// (false: it cannot stay exact); otherwise the log is read from the history's position,
    /// the new lines included.
    private func record(
        loaded: inout LoadedHistory, journal: WriteJournal, _ produce: (inout AppendSink) throws -> Void,
        apply: (inout LoadedHistory) -> Bool
    ) throws {
        let result = try POSIXFile.append(to: eventsPath, journal: journal, continuingHash: loaded.snapshot.logHash, produce)
        loaded.changed = true
        let position = loaded.snapshot.position
        guard result.wasAlone, !result.repairedFragment, result.sizeBefore == position.offset, loaded.logSize == position.offset else {
            try catchUp(&loaded)
            return
        }
        guard apply(&loaded) else {
            let warnings = loaded.warnings
            loaded = try rebuildHistory(leeway: loaded.history.leeway)
            loaded.warnings = warnings
            return
        }
        loaded.snapshot.logHash = result.hash
        loaded.snapshot.position = EventLog.Position(offset: result.sizeAfter, lines: position.lines + result.newlines)
        loaded.logSize = result.sizeAfter
    }

    /// Drops events whose id is already in the log, and repeats within `events`. Hashes find
    /// candidates cheaply; a hash match is confirmed against the log's ids before anything
    /// is dropped.
    private func withoutKnownIds(_ events: [StreakEvent], loaded: LoadedHistory) throws -> (events: [StreakEvent], hashes: [UInt64]) {
        let hashes = events.map { EventIdHash.of($0.id) }
        var firstWithHash: [UInt64: Int] = [:]  // the value is unused: a set that reserves
        firstWithHash.reserveCapacity(events.count)
        var unique: [Int] = []
        unique.reserveCapacity(events.count)
        var repeats = false
        for index in events.indices {
            if firstWithHash.updateValue(index, forKey: hashes[index]) == nil {
                unique.append(index)
            } else {
                repeats = true
            }
        }
        if repeats {
            // Equal hashes: keep each distinct id once (two ids can share a hash).
            var seen = Set<String>()
            unique = events.indices.filter { seen.insert(events[$0].id).inserted }
        }
        guard let kept = try EventIdHash.read(idsPath, count: loaded.keptIds) else {
            return try withoutLoggedIds(unique.map { events[$0] })
        }
        let stored = kept + loaded.newIds
        let anyKnown: Bool
        if unique.count <= 16 {
            // A scan of 8 MB per million events beats building a set for one or two ids.
            anyKnown = unique.contains { stored.contains(hashes[$0]) }
        } else if stored.isEmpty {
            anyKnown = false
        } else {
            let known = Set(stored)
            anyKnown = unique.contains { known.contains(hashes[$0]) }
        }
        guard anyKnown else {
            return unique.count == events.count ? (events, hashes) : (unique.map { events[$0] }, unique.map { hashes[$0] })
        }
        return try withoutLoggedIds(unique.map { events[$0] })
    }

    /// Drops the events whose id the log holds (reading the whole log).
    private func withoutLoggedIds(_ events: [StreakEvent]) throws -> (events: [StreakEvent], hashes: [UInt64]) {
        var logged = LoggedIds()
        _ = try EventLog.visit(eventsPath, from: EventLog.Position()) { _, record in logged.replay(record) }
        let logIds = logged.ids
        let fresh = events.filter { !logIds.contains($0.id) }
        return (fresh, fresh.map { EventIdHash.of($0.id) })
    }
}
