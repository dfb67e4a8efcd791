import Foundation
import GamificationSupport
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// The JSON Lines import/export format and the CSV export.
///
/// Each line is an event — `date_created` (ISO 8601 with an offset or `Z`, or epoch
/// seconds), `timezone` (IANA, required), optional `id`, `metadata`, `is_freeze` — or a
/// `{"configuration": ...}`, `{"freeze": ...}`, `{"skip": "YYYY-MM-DD"}` or
/// `{"note": {"day": "YYYY-MM-DD", "text": "..."}}` line. An event without an id gets one
/// derived from its line, so importing a file twice adds nothing the second time.
public enum StreakTransfer {
    /// Reads an import file. Invalid lines become `problems` (with their numbers); a line
    /// ends at `\n` or `\r\n`.
    public static func parseJSONLines(_ bytes: [UInt8], source: String, now: Date) -> ImportBatch {
        bytes.withUnsafeBufferPointer { parseJSONLines($0, source: source, now: now) }
    }

    /// `parseJSONLines` over bytes in place (a mapped file).
    public static func parseJSONLines(_ bytes: UnsafeBufferPointer<UInt8>, source: String, now: Date) -> ImportBatch {
        var reader = LineReader(source: source, now: now)
        let complete = TextLines.forEach(bytes) { reader.read($0) }
        if complete < bytes.count {
            // A file need not end with a newline: its last line counts all the same.
            var line = UnsafeBufferPointer(rebasing: bytes[complete...])
            if line.last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            reader.read(line)
        }
        return reader.batch
    }

    /// Reads a whole export (`export --all`): one section per streak, each opened by its
    /// configuration line, as `parseJSONLines` reads one. Problems are numbered by the
    /// line of the whole file and kept by the section they are in.
    public static func parseWholeExport(_ bytes: UnsafeBufferPointer<UInt8>, source: String, now: Date) -> [ImportBatch] {
        var reader = LineReader(source: source, now: now)
        reader.sections = []
        let complete = TextLines.forEach(bytes) { reader.read($0) }
        if complete < bytes.count {
            var line = UnsafeBufferPointer(rebasing: bytes[complete...])
            if line.last == UInt8(ascii: "\r") { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            reader.read(line)
        }
        var sections = reader.sections ?? []
        if reader.batch.configuration != nil || !reader.batch.problems.isEmpty || !reader.batch.events.isEmpty { sections.append(reader.batch) }
        return sections
    }

    /// The line a whole export writes after an archived streak's configuration.
    public static let archivedLine = "{\"archived\":true}"

    /// Reads an import line by line, numbering them and collecting the problems.
    private struct LineReader {
        let source: String
        let now: Date
        var batch = ImportBatch()
        /// The streaks read before the current one, when reading a whole export.
        var sections: [ImportBatch]?
        var zones = ZoneNameCache()
        var fastPath = EventLineFastPath()
        var occurrences: [UInt64: Int] = [:]
        var number = 0

        init(source: String, now: Date) {
            self.source = source
            self.now = now
        }

        mutating func read(_ line: UnsafeBufferPointer<UInt8>) {
            number += 1
            if sections != nil, Self.opensStreak(line) {
                if batch.configuration != nil || !batch.problems.isEmpty { sections!.append(batch) }
                batch = ImportBatch()
                occurrences = [:]
            } else if sections != nil, batch.configuration == nil, !TextLines.isBlank(line) {
                batch.problems.append(ImportProblem(source: source, line: number, reason: "a whole export opens each streak with its configuration line"))
                return
            }
            // Lines as the store writes them (an export, a log) need no general parser.
            if let event = fastPath.event(line, zones: &zones), event.dateCreated <= now {
                batch.events.append(event)
                return
            }
            guard !TextLines.isBlank(line) else { return }
            do {
                try StreakTransfer.parse(line, into: &batch, zones: &zones, occurrences: &occurrences, now: now)
            } catch {
                let reason = (error as? EventJSON.Problem)?.reason ?? (error as? LocalizedError)?.errorDescription ?? "\(error)"
                batch.problems.append(ImportProblem(source: source, line: number, reason: reason))
            }
        }

        private static let configurationPrefix = Array("{\"configuration\"".utf8)

        /// Whether `line` is a configuration line, which opens a streak in a whole export.
        static func opensStreak(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            let start = line.firstIndex { !StreakTransfer.isSpace($0) } ?? line.endIndex
            return line.count - start >= configurationPrefix.count && line[start..<(start + configurationPrefix.count)].elementsEqual(configurationPrefix)
        }
    }

    fileprivate static func parse(
        _ line: UnsafeBufferPointer<UInt8>, into batch: inout ImportBatch, zones: inout ZoneNameCache,
        occurrences: inout [UInt64: Int], now: Date
    ) throws {
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch let error as JSONValue.ParseError {
            throw EventJSON.Problem("not valid JSON (\(error.reason) at column \(error.offset + 1))")
        }
        if value["configuration"] != nil {
            let header = try decode(Header.self, line)
            batch.configuration = header.configuration
            batch.configurationKeys.append(header.configuration.streakKey)
            batch.goalHistory = header.goalHistory ?? []
            return
        }
        if let archived = value["archived"] {
            guard case .bool(let flag) = archived else { throw EventJSON.Problem("archived is true or false") }
            batch.archived = flag
            return
        }
        if value["freeze"] != nil {
            let freeze = try decode(FreezeLine.self, line).freeze
            try freeze.validate()
            batch.freezes.append(freeze)
            return
        }
        if let skip = value["skip"] {
            guard let text = skip.string, let day = CalendarDay(parsing: text) else { throw EventJSON.Problem("a skip must be a date, YYYY-MM-DD") }
            batch.skips.append(day)
            return
        }
        if value["note"] != nil {
            let note = try decode(NoteLine.self, line).note
            try StreakValidation.validateStoredNote(note)
            batch.notes.append(note)
            return
        }
        var event = try EventJSON.event(from: value, zones: &zones, requireId: false)
        if value["id"] == nil || value["id"] == .null {
            // The same line imported again gets the same id, so it is skipped then.
            let lineHash = ContentHash.of(Array(line.drop { Self.isSpace($0) }.reversed().drop { Self.isSpace($0) }.reversed()))
            let occurrence = occurrences[lineHash, default: 0]
            occurrences[lineHash] = occurrence + 1
            event = StreakEvent(
                id: "import-" + String(lineHash, radix: 16) + (occurrence == 0 ? "" : "-\(occurrence)"),
                dateCreated: event.dateCreated, timezone: event.timezone, isFreeze: event.isFreeze,
                freezeId: event.freezeId, metadata: event.metadata
            )
        }
        // The zone, metadata keys and date range were checked while reading the line.
        try StreakValidation.validateIdentifier(event.id, of: "event")
        if let freezeId = event.freezeId, StreakValidation.hasControlCharacter(freezeId) { throw StreakRuleError.controlCharacter("freeze id") }
        guard event.dateCreated <= now else { throw StreakRuleError.eventInFuture(eventDate: event.dateCreated, now: now) }
        batch.events.append(event)
    }

    fileprivate static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    private static func decode<T: Decodable>(_ type: T.Type, _ line: UnsafeBufferPointer<UInt8>) throws -> T {
        do {
            return try StoreJSON.decoder.decode(T.self, from: Data(buffer: line))
        } catch {
            throw EventJSON.Problem(StoreJSON.describe(error))
        }
    }

    /// Configuration, freezes, skipped days, notes, then every event that counts, one per line.
    public static func exportJSONLines(
        configuration: StreakConfiguration, goalHistory: [StreakGoalChange], freezes: [StreakFreeze], skips: [CalendarDay] = [],
        notes: [StreakNote] = [], events: [StreakEvent], archived: Bool = false
    ) throws -> String {
        var lines = [Self.freezeWords(String(decoding: try StoreJSON.encoder.encode(Header(configuration: configuration, goalHistory: goalHistory)), as: UTF8.self))]
        if archived { lines.append(archivedLine) }
        for freeze in freezes {
            lines.append(String(decoding: try StoreJSON.encoder.encode(FreezeLine(freeze: freeze)), as: UTF8.self))
        }
        lines += skips.map { "{\"skip\":\"\($0)\"}" }
        lines += notes.map(noteObject)
        lines.append(contentsOf: events.map(EventJSON.line(for:)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The events as one JSON array, every object with the same keys: `id`, `date_created`,
    /// `timezone`, `is_freeze`, `freeze_id` (null unless a freeze event), `metadata` (an
    /// object, empty when there is none). Dates as `jsonDate` writes them.
    /// With `skips`, each skipped day is a `{"skip": "YYYY-MM-DD"}` object (as an export line
    /// writes it) placed before the events whose own day is later (an event's own day in its
    /// own zone, else `zone`); with `notes`, each note is a `{"note": {"day", "text"}}`
    /// object placed the same way, after its day's skip.
    public static func exportJSONArray(
        events: [StreakEvent], skips: [CalendarDay] = [], notes: [StreakNote] = [], zone: TimeZone = TimeZone(identifier: "UTC")!
    ) -> String {
        var writer = JSONWriter()
        writer.raw("[")
        var first = true
        // Skips and notes by day, a skip before the note of the same day.
        var pending = (skips.map { ($0, "{\"skip\":\"\($0)\"}") } + notes.map { ($0.day, noteObject($0)) })
            .enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)[...]
        func separate() {
            if !first { writer.raw(",") }
            first = false
        }
        func writeSkips(before day: CalendarDay?) {
            while let (skip, object) = pending.first, day.map({ skip < $0 }) ?? true {
                separate()
                writer.raw(object)
                pending = pending.dropFirst()
            }
        }
        for event in events {
            if !pending.isEmpty { writeSkips(before: CalendarDay(containing: event.dateCreated, in: TimeZone(identifier: event.timezone) ?? zone)) }
            separate()
            EventJSON.write(event, to: &writer, everyKey: true)
        }
        writeSkips(before: nil)
        writer.raw("]")
        return writer.text
    }

    /// An instant as every JSON output of the store and the command line writes it: ISO 8601
    /// in UTC, with microseconds when it has any (as stored, so it imports back exactly).
    public static func jsonDate(_ date: Date) -> String { ISODate.format(date) }

    /// An instant `jsonDate` (or any ISO 8601 with `Z` or an offset and seconds) writes, read
    /// back exactly to the microsecond; nil for anything else.
    public static func parseJSONDate(_ text: String) -> Date? { ISODate.parse(text) }

    /// `id,date_created,timezone,is_freeze,freeze_id,metadata` (metadata as JSON).
    public static func exportCSV(events: [StreakEvent]) -> String {
        var rows = ["id,date_created,timezone,is_freeze,freeze_id,metadata"]
        for event in events {
            let metadata = event.metadata.isEmpty ? "" : EventJSON.metadataObject(event.metadata)
            rows.append([event.id, ISODate.format(event.dateCreated), event.timezone, event.isFreeze ? "true" : "false", event.freezeId ?? "", metadata]
                .map(csvField).joined(separator: ","))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The header with each freeze behaviour in the word the command line uses (`manual`,
    /// not the library's `manuallyConsumeFreezes`); `FreezeBehavior` reads both.
    private static func freezeWords(_ header: String) -> String {
        FreezeBehavior.allCases.reduce(header) { text, behavior in
            text.replacingOccurrences(of: "\"freeze_behavior\":\"\(behavior.rawValue)\"", with: "\"freeze_behavior\":\"\(behavior.word)\"")
        }
    }

    private struct Header: Codable {
        let configuration: StreakConfiguration
        let goalHistory: [StreakGoalChange]?

        enum CodingKeys: String, CodingKey {
            case configuration
            case goalHistory = "goal_history"
        }
    }

    private struct FreezeLine: Codable {
        let freeze: StreakFreeze
    }

    private struct NoteLine: Codable {
        let note: StreakNote
    }

    /// `{"note":{"day":"YYYY-MM-DD","text":"..."}}`, as an export line and `events --json` write a note.
    public static func noteObject(_ note: StreakNote) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("note")
        writer.beginObject()
        writer.key("day")
        writer.string(note.day.description)
        writer.key("text")
        writer.string(note.text)
        writer.endObject()
        writer.endObject()
        return writer.text
    }
}
