import Foundation
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

    /// Appends whole lines and fsyncs them; a torn last line left by a crash stays a line of its own.
    func append(_ lines: [String], to path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ReplicaError.files(path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var text = lines.map { $0 + "\n" }.joined()
        let size = lseek(descriptor, 0, SEEK_END)
        if size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, size - 1) == 1, last != UInt8(ascii: "\n") { text = "\n" + text }
        }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw ReplicaError.files(path, reason: String(cString: strerror(errno))) }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw ReplicaError.files(path, reason: String(cString: strerror(errno))) }
    }

    /// Replaces a file whole: written beside it, fsynced, renamed over it.
    func replace(_ path: String, with data: Data) throws {
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ReplicaError.files(temporary, reason: "cannot write")
        }
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ReplicaError.files(path, reason: reason)
        }
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
