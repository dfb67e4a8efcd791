import Foundation
import GamificationSupport
import SwiftfulGamification

/// Reads an append-only event log. Only complete lines count: a last line without its
/// newline is a write in progress or a torn one, and is left for later. A line that does
/// not parse is reported with its number and skipped; the file is never changed here.
enum EventLog {
    struct Position: Codable, Equatable {
        /// Bytes of complete lines read.
        var offset = 0
        /// Complete lines read.
        var lines = 0
    }

    struct Outcome {
        var end: Position
        /// The checksum of the complete lines up to `end`, continued from the start's.
        var hash: UInt64
        /// The file's size when read (bytes of an unterminated last line included).
        var size: Int
        /// Complete lines that were skipped, with their numbers and reasons.
        var skipped: [String] = []
        /// An unterminated last line, when there is one.
        var tail: String?

        var warnings: [String] { skipped + (tail.map { [$0] } ?? []) }
    }

    /// Visits every record after `start`, in order, with its 1-based line number.
    /// - Parameter hash: the checksum of the log before `start`.
    static func visit(
        _ path: String, from start: Position, hash: UInt64 = ContentHash().value,
        _ visitor: (Int, EventLogRecord) throws -> Void
    ) throws -> Outcome {
        guard let bytes = try POSIXFile.read(path, from: start.offset, role: .user) else {
            return Outcome(end: start, hash: hash, size: start.offset)
        }
        var outcome = Outcome(end: start, hash: hash, size: start.offset + bytes.count)
        var zones = ZoneNameCache()
        var fastPath = EventLineFastPath()
        let name = (path as NSString).lastPathComponent
        try bytes.withUnsafeBufferPointer { buffer in
            let complete = try TextLines.forEach(buffer) { line in
                outcome.end.lines += 1
                if let event = fastPath.event(line, zones: &zones) {
                    try visitor(outcome.end.lines, .event(event))
                } else if !TextLines.isBlank(line) {
                    do {
                        try visitor(outcome.end.lines, try EventLogRecord.parse(line, zones: &zones))
                    } catch let problem as EventJSON.Problem {
                        outcome.skipped.append("\(name):\(outcome.end.lines): \(problem.reason); line skipped")
                    }
                }
            }
            var checksum = ContentHash(continuing: hash)
            checksum.add(UnsafeBufferPointer(rebasing: buffer[0..<complete]))
            outcome.hash = checksum.value
            outcome.end.offset = start.offset + complete
            if complete < buffer.count {
                outcome.tail = "\(name): incomplete last line (\(buffer.count - complete) bytes) ignored"
            }
        }
        return outcome
    }

    /// The last event that still counts, reading backwards from the end of the file.
    static func lastLiveEvent(_ path: String, where include: (StreakEvent) -> Bool) throws -> StreakEvent? {
        guard let bytes = try POSIXFile.read(path, role: .user) else { return nil }
        var zones = ZoneNameCache()
        var removed = Set<String>()
        return bytes.withUnsafeBufferPointer { buffer -> StreakEvent? in
            var end = buffer.count
            // A trailing fragment without a newline is not a record.
            while end > 0, buffer[end - 1] != UInt8(ascii: "\n") { end -= 1 }
            while end > 0 {
                var start = end - 1
                while start > 0, buffer[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                var lineEnd = end - 1
                if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<lineEnd])
                end = start
                guard !TextLines.isBlank(line), let record = try? EventLogRecord.parse(line, zones: &zones) else { continue }
                switch record {
                case .reset: return nil
                case .remove(let event, _): removed.insert(event.id)
                case .event(let event):
                    if !removed.contains(event.id), include(event) { return event }
                }
            }
            return nil
        }
    }
}
