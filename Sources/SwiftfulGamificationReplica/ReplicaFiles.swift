import Foundation
import SwiftfulGamificationFileStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The replica's directory (mode 0700: one user's streaks) and the files beside its store:
///
/// - `store/`: the file store, holding what the server last said plus the changes not yet pushed.
/// - `outbox.jsonl`: the changes not yet pushed, in order (append-only, fsynced), and a
///   `{"done": id}` line for each one the server has taken.
/// - `unreadable.jsonl`: outbox lines that could not be read, kept for the user, never dropped.
/// - `sync.json`: each streak's revision as last pulled, and when.
/// - `lock`: `flock`ed by whoever changes any of them.
struct ReplicaFiles: Sendable {
    let directory: String

    var storePath: String { directory + "/store" }
    var outboxPath: String { directory + "/outbox.jsonl" }
    var unreadablePath: String { directory + "/unreadable.jsonl" }
    var syncPath: String { directory + "/sync.json" }
    var lockPath: String { directory + "/lock" }

    /// Creates the directory (and its parents) readable by its owner only.
    func prepare() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard chmod(directory, 0o700) == 0 else { throw ReplicaError.files(directory, reason: String(cString: strerror(errno))) }
    }

    /// Staging directories a pull killed half way left behind (an hour old: no pull running now).
    func removeAbandonedStaging() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix("staging-") {
            let path = directory + "/" + name
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
            if modified < Date().addingTimeInterval(-3_600) { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// Appends whole lines (the file store's append: never through a link, fsynced, a torn
    /// last line ended first, nothing of a failed append left behind).
    func append(_ lines: [String], to path: String) throws {
        try POSIXFile.appendLines(lines, to: path)
    }

    /// Replaces a file whole (written beside it, fsynced unless not `durable`, renamed over
    /// it; a link is replaced).
    func replace(_ path: String, with data: Data, durable: Bool = true) throws {
        try POSIXFile.replace(path, with: Array(data), durable: durable)
    }

    /// The file's lines (none when it does not exist).
    func lines(_ path: String) throws -> [Substring] {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { throw ReplicaError.files(path, reason: "cannot read") }
            return []
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    }
}

/// What goes wrong with the replica's own files.
public enum ReplicaError: Error, Equatable, Sendable, LocalizedError {
    case files(String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .files(let path, let reason): "The local copy cannot use \(path): \(reason)."
        }
    }
}
