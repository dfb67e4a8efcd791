import Foundation
import SwiftfulGamification

/// The files of one streak and the operations on them. Reads need no lock; every write is
/// made by a caller holding the user's lock.
///
/// - `events.jsonl`: the event log, the source of truth (append-only, fsynced).
/// - `freezes.jsonl`: the freeze ledger (append-only, fsynced).
/// - `config.json`: configuration and goal history (replaced atomically).
/// - `snapshot.json`, `ids.bin`, `current.json`: derived, rebuilt whenever missing or stale.
struct StreakFolder {
    let directory: String

    var eventsPath: String { directory + "/events.jsonl" }
    var freezesPath: String { directory + "/freezes.jsonl" }
    var settingsPath: String { directory + "/config.json" }
    var snapshotPath: String { directory + "/snapshot.json" }
    var idsPath: String { directory + "/ids.bin" }
    var currentPath: String { directory + "/current.json" }

    /// The history of the log, caught up from the snapshot (or rebuilt), not yet persisted.
    struct LoadedHistory {
        var snapshot: HistorySnapshot
        /// Hashes in `ids.bin` that stay (the rest of the file is rewritten).
        var keptIds: Int
        var newIds: [UInt64] = []
        var changed = false
        var warnings: [String] = []

        var history: StreakHistory { snapshot.history }
    }

    var exists: Bool { POSIXFile.identity(settingsPath) != nil }

    func settings() throws -> StreakSettings? {
        try StreakSettings.read(settingsPath)
    }

    func freezes() throws -> (freezes: [StreakFreeze], warnings: [String]) {
        try FreezeLedger.read(freezesPath)
    }

    func cachedStreak() -> CurrentStreakData? {
        guard let bytes = try? POSIXFile.read(currentPath) else { return nil }
        return try? StoreJSON.decoder.decode(CurrentStreakData.self, from: Data(bytes))
    }

    func writeCachedStreak(_ streak: CurrentStreakData) throws {
        try POSIXFile.writeAtomically(Array(try StoreJSON.encoder.encode(streak)), to: currentPath, sync: false)
    }

    // MARK: - History

    func loadHistory(leewayHours: Int) throws -> LoadedHistory {
        let log = POSIXFile.identity(eventsPath) ?? (0, 0)
        guard var snapshot = HistorySnapshot.read(snapshotPath),
              snapshot.history.leewayHours == leewayHours,
              snapshot.position.offset <= log.size,
              snapshot.logInode == log.inode || snapshot.position.offset == 0,
              (POSIXFile.identity(idsPath)?.size ?? 0) >= snapshot.idCount * 8 else {
            return try rebuildHistory(leewayHours: leewayHours, log: log)
        }
        var loaded = LoadedHistory(snapshot: snapshot, keptIds: snapshot.idCount)
        guard snapshot.position.offset < log.size else { return loaded }
        var exact = true
        var clocks = Self.clocks()
        let outcome = try EventLog.visit(eventsPath, from: snapshot.position) { _, record in
            switch record {
            case .event(let event):
                snapshot.history.add(event, clocks: &clocks)
                loaded.newIds.append(EventIdHash.of(event.id))
            case .remove(let event, _):
                exact = exact && snapshot.history.remove(event)
            case .reset:
                snapshot.history = StreakHistory(leewayHours: leewayHours)
                loaded.keptIds = 0
                loaded.newIds = []
            }
        }
        guard exact else { return try rebuildHistory(leewayHours: leewayHours, log: log) }
        loaded.changed = outcome.end != snapshot.position
        snapshot.position = outcome.end
        snapshot.logInode = log.inode
        loaded.snapshot = snapshot
        loaded.warnings = outcome.warnings
        return loaded
    }

    /// Reads the whole log: one pass, or two when a removal cannot be subtracted exactly.
    private func rebuildHistory(leewayHours: Int, log: (size: Int, inode: UInt64)) throws -> LoadedHistory {
        var history = StreakHistory(leewayHours: leewayHours)
        var ids: [UInt64] = []
        var removed = Set<String>()
        var exact = true
        var lastReset = 0
        var clocks = Self.clocks()
        let outcome = try EventLog.visit(eventsPath, from: EventLog.Position()) { line, record in
            switch record {
            case .event(let event):
                history.add(event, clocks: &clocks)
                ids.append(EventIdHash.of(event.id))
            case .remove(let event, _):
                removed.insert(event.id)
                exact = exact && history.remove(event)
            case .reset:
                history = StreakHistory(leewayHours: leewayHours)
                ids = []
                removed = []
                exact = true
                lastReset = line
            }
        }
        if !exact {
            history = StreakHistory(leewayHours: leewayHours)
            _ = try EventLog.visit(eventsPath, from: EventLog.Position()) { line, record in
                if line > lastReset, case .event(let event) = record, !removed.contains(event.id) { history.add(event, clocks: &clocks) }
            }
        }
        let snapshot = HistorySnapshot(position: outcome.end, logInode: log.inode, idCount: 0, history: history)
        return LoadedHistory(snapshot: snapshot, keptIds: 0, newIds: ids, changed: true, warnings: outcome.warnings)
    }

    /// Zone offsets cached per day from 1970 to 2100 (other instants are looked up directly).
    private static func clocks() -> ZoneClocks {
        ZoneClocks(current: TimeZone(identifier: "UTC")!, firstSecond: 0, lastSecond: 4_102_444_800)
    }

    /// Writes the snapshot and the id index (caller holds the lock).
    func persist(_ loaded: inout LoadedHistory) throws {
        guard loaded.changed else { return }
        if loaded.keptIds < loaded.snapshot.idCount || POSIXFile.identity(idsPath).map({ $0.size != loaded.keptIds * 8 }) ?? true {
            POSIXFile.shrink(idsPath, to: loaded.keptIds * 8)
        }
        if !loaded.newIds.isEmpty {
            try POSIXFile.append(EventIdHash.bytes(loaded.newIds), to: idsPath, lines: false, sync: false)
        }
        loaded.snapshot.history.trimRecentEvents()
        loaded.snapshot.idCount = loaded.keptIds + loaded.newIds.count
        loaded.keptIds = loaded.snapshot.idCount
        loaded.newIds = []
        try loaded.snapshot.write(to: snapshotPath)
        loaded.changed = false
    }

    // MARK: - Writes (caller holds the lock and has persisted the loaded history)

    /// Appends the events whose ids the log does not hold yet; returns those.
    func append(_ events: [StreakEvent], to loaded: inout LoadedHistory, checkingIds: Bool = true) throws -> [StreakEvent] {
        let fresh = checkingIds ? try withoutKnownIds(events, loaded: loaded) : events
        guard !fresh.isEmpty else { return [] }
        let text = fresh.map { EventLogRecord.event($0).line + "\n" }.joined()
        try record(text, loaded: &loaded)
        for event in fresh {
            loaded.snapshot.history.add(event)
            loaded.newIds.append(EventIdHash.of(event.id))
        }
        return fresh
    }

    func remove(_ event: StreakEvent, at date: Date, loaded: inout LoadedHistory) throws {
        try record(EventLogRecord.remove(event, date: date).line + "\n", loaded: &loaded)
        if !loaded.snapshot.history.remove(event) {
            loaded = try rebuildHistory(leewayHours: loaded.history.leewayHours, log: POSIXFile.identity(eventsPath) ?? (0, 0))
        }
    }

    func reset(at date: Date, loaded: inout LoadedHistory) throws {
        try record(EventLogRecord.reset(date: date).line + "\n", loaded: &loaded)
        loaded.snapshot.history = StreakHistory(leewayHours: loaded.history.leewayHours)
        loaded.keptIds = 0
        loaded.newIds = []
    }

    func appendFreezeRecords(_ records: [FreezeLedger.Record]) throws {
        guard !records.isEmpty else { return }
        try POSIXFile.append(Array(records.map { $0.line + "\n" }.joined().utf8), to: freezesPath)
    }

    private func record(_ text: String, loaded: inout LoadedHistory) throws {
        let size = try POSIXFile.append(Array(text.utf8), to: eventsPath)
        let lines = text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        loaded.snapshot.position = EventLog.Position(offset: size, lines: loaded.snapshot.position.lines + lines)
        loaded.snapshot.logInode = POSIXFile.identity(eventsPath)?.inode ?? 0
        loaded.changed = true
    }

    /// Drops events whose id is already in the log. Hashes find candidates cheaply; a hash
    /// match is confirmed against the log's ids before anything is dropped.
    private func withoutKnownIds(_ events: [StreakEvent], loaded: LoadedHistory) throws -> [StreakEvent] {
        var seen = Set<String>()
        let unique = events.filter { seen.insert($0.id).inserted }
        let stored = try EventIdHash.read(idsPath, count: loaded.keptIds) + loaded.newIds
        let candidates: [StreakEvent]
        if unique.count <= 16 {
            // A scan of 8 MB per million events beats building a set for one or two ids.
            candidates = unique.filter { event in
                let hash = EventIdHash.of(event.id)
                return stored.contains(hash)
            }
        } else {
            let known = Set(stored)
            candidates = unique.filter { known.contains(EventIdHash.of($0.id)) }
        }
        guard !candidates.isEmpty else { return unique }
        var logIds = Set<String>()
        _ = try EventLog.visit(eventsPath, from: EventLog.Position()) { _, record in
            switch record {
            case .event(let event): logIds.insert(event.id)
            case .reset: logIds = []
            case .remove: break
            }
        }
        return unique.filter { !logIds.contains($0.id) }
    }
}
