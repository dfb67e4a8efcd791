import Foundation
import SwiftfulGamification

/// One line of a user's experience-points or progress ledger
/// (`experience/KEY.jsonl`, `progress/KEY.jsonl`): ledgers are only appended to, and what
/// they hold now is the fold of their lines.
enum PointsLedgerLine: Codable {
    /// Points earned (or, negative, taken back); an id already in the ledger is never
    /// written again.
    case earned(ExperiencePointsEvent)
    /// Every earlier event of the ledger deleted.
    case clearedEvents(Date)
    /// A progress value set; the fold keeps the highest value of an item.
    case progress(ProgressItem)
    /// One progress item deleted (by sanitized id), or all of them (nil).
    case deletedProgress(id: String?, Date)

    private enum CodingKeys: String, CodingKey {
        case kind, event, item, id, date
    }

    private enum Kind: String, Codable {
        case earned, cleared, progress, deleted
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .earned: self = .earned(try container.decode(ExperiencePointsEvent.self, forKey: .event))
        case .cleared: self = .clearedEvents(try container.decode(Date.self, forKey: .date))
        case .progress: self = .progress(try container.decode(ProgressItem.self, forKey: .item))
        case .deleted: self = .deletedProgress(id: try container.decodeIfPresent(String.self, forKey: .id), try container.decode(Date.self, forKey: .date))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .earned(let event):
            try container.encode(Kind.earned, forKey: .kind)
            try container.encode(event, forKey: .event)
        case .clearedEvents(let date):
            try container.encode(Kind.cleared, forKey: .kind)
            try container.encode(date, forKey: .date)
        case .progress(let item):
            try container.encode(Kind.progress, forKey: .kind)
            try container.encode(item, forKey: .item)
        case .deletedProgress(let id, let date):
            try container.encode(Kind.deleted, forKey: .kind)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(date, forKey: .date)
        }
    }

    static let encoder = ISODate.jsonEncoder()

    /// The store's own streaming decoder: Foundation's spent most of a long ledger's read
    /// hashing keys into a dictionary per line.
    static let decoder = StreamingJSONDecoder { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = ISODate.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
        }
        return date
    }

    /// - Throws: what the encoder refuses (a non-finite number that got past validation).
    func line() throws -> String {
        String(decoding: try Self.encoder.encode(self), as: UTF8.self)
    }
}

/// What a ledger holds now, folded from its lines.
struct PointsLedger: Sendable {
    /// Events since the last clear, in the order written.
    private(set) var events: [ExperiencePointsEvent] = []
    private(set) var eventIds = Set<String>()
    /// Progress items by sanitized id.
    private(set) var items: [String: ProgressItem] = [:]
    /// Damaged lines met among the complete lines folded.
    private(set) var damaged: [String] = []
    /// The complete lines folded (each ended by a line feed), counted.
    private(set) var foldedLines = 0
    /// Set when the bytes last given ended in an unfinished line (a write cut short).
    private(set) var unfinishedTail: String?

    var warnings: [String] { damaged + (unfinishedTail.map { [$0] } ?? []) }

    /// Folds complete lines that follow those folded so far (only those `only` keeps, when given).
    mutating func fold(_ lines: ArraySlice<UInt8>, path: String, only: StreakEarningsFilter? = nil) {
        if let only { return foldCandidates(lines, path: path, only: only) }
        // Line by line without splitting into an array first (a long ledger's split was a
        // third of a filtered fold).
        var start = lines.startIndex
        while let end = lines[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = lines[start..<end]
            start = end + 1
            foldedLines += 1
            guard !line.isEmpty else { continue }
            do {
                apply(try PointsLedgerFastPath.earned(line) ?? PointsLedgerLine.decoder.decode(PointsLedgerLine.self, from: line))
            } catch {
                damaged.append("\(path):\(foldedLines): a damaged line was skipped")
            }
        }
    }

    /// `fold` of only the lines `only` finds candidates (each line still counted, so a
    /// damaged one is named by its number).
    private mutating func foldCandidates(_ lines: ArraySlice<UInt8>, path: String, only: StreakEarningsFilter) {
        var counted = lines.startIndex
        for start in only.candidateStarts(in: lines) {
            guard let end = lines[start...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            foldedLines += Self.lineFeeds(in: lines[counted..<start]) + 1
            counted = end + 1
            let line = lines[start..<end]
            guard !line.isEmpty else { continue }
            do {
                let decoded = try PointsLedgerFastPath.earned(line) ?? PointsLedgerLine.decoder.decode(PointsLedgerLine.self, from: line)
                if only.holds(decoded) { apply(decoded) }
            } catch {
                damaged.append("\(path):\(foldedLines): a damaged line was skipped")
            }
        }
        foldedLines += Self.lineFeeds(in: lines[counted...])
    }

    /// By memchr, line to line: a byte at a time, counting the lines a filtered fold passes
    /// over (the whole ledger) cost more than the lines it read.
    private static func lineFeeds(in bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0, offset = 0
            while offset < buffer.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset) {
                count += 1
                offset = base.distance(to: UnsafeRawPointer(found)) + 1
            }
            return count
        }
    }

    /// Notes what follows the last complete line (nothing, or a line a write left unfinished).
    mutating func noteTail(_ tail: ArraySlice<UInt8>, path: String) {
        unfinishedTail = tail.isEmpty ? nil : "\(path):\(foldedLines + 1): an unfinished last line (a write cut short) was skipped"
    }

    mutating func apply(_ line: PointsLedgerLine) {
        switch line {
        case .earned(let event):
            guard eventIds.insert(event.id).inserted else { return }
            events.append(event)
        case .clearedEvents:
            events = []
            eventIds = []
        case .progress(let item):
            // Never lower: a lower value written by a racing device is history, not news.
            if let kept = items[item.sanitizedId], kept.value > item.value { return }
            items[item.sanitizedId] = item
        case .deletedProgress(let id, _):
            if let id { items[id] = nil } else { items = [:] }
        }
    }

    var sortedItems: [ProgressItem] {
        items.values.sorted { $0.sanitizedId < $1.sanitizedId }
    }
}
