import Foundation

/// The changes made on this machine that the server has not taken yet, in the order they
/// were made. Callers hold the replica's lock (`ReplicaFiles.exclusive`).
struct Outbox {
    let files: ReplicaFiles

    private struct DoneLine: Codable {
        let done: String
    }

    /// What the outbox holds: the changes still to push, in order, and the lines that could
    /// not be read (a damaged file, a line torn by a crash).
    struct Contents {
        var pending: [QueuedChange] = []
        var unreadable: [String] = []
        var isEmptyFile = true
    }

    func read() throws -> Contents {
        var contents = Contents()
        var done = Set<String>()
        var changes: [QueuedChange] = []
        let decoder = JSONDecoder()
        for line in try files.lines(files.outboxPath) {
            contents.isEmptyFile = false
            let data = Data(line.utf8)
            if let change = try? decoder.decode(QueuedChange.self, from: data) {
                changes.append(change)
            } else if let marker = try? decoder.decode(DoneLine.self, from: data) {
                done.insert(marker.done)
            } else {
                contents.unreadable.append(String(line))
            }
        }
        contents.pending = changes.filter { !done.contains($0.operation) }
        return contents
    }

    func append(_ change: QueuedChange) throws {
        try files.append([try Self.line(change)], to: files.outboxPath)
    }

    /// Records that the server took `operations` (or refused it for good, after saying so).
    func markDone(_ operations: [String]) throws {
        try files.append(try operations.map { try Self.line(DoneLine(done: $0)) }, to: files.outboxPath)
    }

    /// Empties the outbox once nothing in it waits; unreadable lines move to
    /// `unreadable.jsonl` first, so they are kept and reported, never dropped.
    func compact(_ contents: Contents) throws {
        guard contents.pending.isEmpty, !contents.isEmptyFile else { return }
        if !contents.unreadable.isEmpty { try files.append(contents.unreadable, to: files.unreadablePath) }
        try files.replace(files.outboxPath, with: Data())
    }

    private static func line(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
