import Foundation
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
        var warnings: [String] = []
    }

    /// Visits every record after `start`, in order, with its 1-based line number.
    static func visit(
        _ path: String, from start: Position, _ visitor: (Int, EventLogRecord) throws -> Void
    ) throws -> Outcome {
        guard let bytes = try POSIXFile.read(path, from: start.offset) else { return Outcome(end: start) }
        var outcome = Outcome(end: start)
        var zones = ZoneNameCache()
        var fastPath = EventLineFastPath()
        let name = (path as NSString).lastPathComponent
        try bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            var index = 0
            while index < buffer.count {
                guard let newline = memchrIndex(buffer, from: index) else { break }
                outcome.end.lines += 1
                let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<newline])
                if let event = fastPath.event(line, zones: &zones) {
                    try visitor(outcome.end.lines, .event(event))
                } else if !isBlank(line) {
                    do {
                        try visitor(outcome.end.lines, try EventLogRecord.parse(line, zones: &zones))
                    } catch let problem as EventJSON.Problem {
                        outcome.warnings.append("\(name):\(outcome.end.lines): \(problem.reason); line skipped")
                    }
                }
                index = newline + 1
                lineStart = index
            }
            outcome.end.offset = start.offset + lineStart
            if lineStart < buffer.count {
                outcome.warnings.append("\(name): incomplete last line (\(buffer.count - lineStart) bytes) ignored")
            }
        }
        return outcome
    }

    /// The last event that still counts, reading backwards from the end of the file.
    static func lastLiveEvent(_ path: String, where include: (StreakEvent) -> Bool) throws -> StreakEvent? {
        guard let bytes = try POSIXFile.read(path) else { return nil }
        var zones = ZoneNameCache()
        var removed = Set<String>()
        return bytes.withUnsafeBufferPointer { buffer -> StreakEvent? in
            var end = buffer.count
            // A trailing fragment without a newline is not a record.
            while end > 0, buffer[end - 1] != UInt8(ascii: "\n") { end -= 1 }
            while end > 0 {
                var start = end - 1
                while start > 0, buffer[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<(end - 1)])
                end = start
                guard !isBlank(line), let record = try? EventLogRecord.parse(line, zones: &zones) else { continue }
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

    private static func memchrIndex(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
