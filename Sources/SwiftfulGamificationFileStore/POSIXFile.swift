import Foundation
import GamificationSupport
import SwiftfulGamification
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Who owns a store file, which decides what the store may do with it.
enum StoreFileRole {
    /// The person's data (`events.jsonl`, `freezes.jsonl`, `config.json`): only ever
    /// appended to or replaced whole, and refused when it is not a regular file of its own.
    case user
    /// Rebuilt from the user files at will (`snapshot.json`, `ids.bin`, `current.json`):
    /// anything but a regular file of its own is ignored and replaced, never written through.
    case derived
}

/// Thin wrappers over the POSIX calls the store's durability rests on. Files are opened
/// without following links and without blocking (a FIFO never hangs a command), and
/// checked with `fstat` before a byte is read or written.
package enum POSIXFile {
    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Creates `path` and its parents; returns the directories it created, outermost first.
    @discardableResult
    static func makeDirectory(_ path: String) throws -> [String] {
        var created: [String] = []
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) == 0 {
                created.append(built)
            } else if errno != EEXIST {
                throw FileStoreError.cannotCreateDirectory(path: path, reason: errorText())
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw FileStoreError.cannotCreateDirectory(path: path, reason: "a file of that name is in the way")
        }
        return created
    }

    /// What `path` itself is (links not followed), or nil when nothing is there.
    static func status(_ path: String) throws -> FileStatus? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileStoreError.cannotRead(path: path, reason: errorText())
        }
        return FileStatus(info)
    }

    /// Opens `path` for reading after checking what it is; nil when it does not exist or is
    /// a derived file that is not a regular file of its own.
    /// - Throws: `FileStoreError.notARegularFile` for a user file that is a link, a
    ///   directory, a FIFO or a device; `.cannotRead` for other failures.
    static func openForReading(_ path: String, role: StoreFileRole) throws -> (descriptor: Int32, status: FileStatus)? {
        Instrumentation.countRead(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            if code == ELOOP || code == EMLINK {
                if role == .derived { return nil }
                throw FileStoreError.notARegularFile(path: path, kind: "a symbolic link")
            }
            throw FileStoreError.cannotRead(path: path, reason: errorText(code))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = errorText()
            close(descriptor)
            throw FileStoreError.cannotRead(path: path, reason: reason)
        }
        let status = FileStatus(info)
        guard status.kind == .regular, role == .user || status.links == 1 else {
            close(descriptor)
            if role == .derived { return nil }
            throw FileStoreError.notARegularFile(path: path, kind: status.kind.description)
        }
        return (descriptor, status)
    }

    /// The bytes of `path` from `offset` on; nil when the file does not exist (or, for a
    /// derived file, is not one the store can trust).
    /// - Parameter limit: the most bytes a sane file of this kind holds.
    static func read(_ path: String, from offset: Int = 0, role: StoreFileRole, limit: Int = Int.max) throws -> [UInt8]? {
        guard let (descriptor, status) = try openForReading(path, role: role) else { return nil }
        defer { close(descriptor) }
        guard status.size > offset else { return [] }
        guard status.size - offset <= limit else {
            if role == .derived { return nil }
            throw FileStoreError.corruptFile(path: path, reason: "it is \(status.size) bytes, more than such a file ever holds")
        }
        return try readAll(descriptor, path: path, from: offset, count: status.size - offset)
    }

    /// FNV-1a of the first `count` bytes of `path`, read in chunks (for checking that a
    /// log's covered part is unchanged without holding it in memory). Nil when the file is
    /// shorter or cannot be read.
    static func hashOfPrefix(_ path: String, count: Int) -> UInt64? {
        guard let (descriptor, status) = try? openForReading(path, role: .user) else { return nil }
        defer { close(descriptor) }
        guard status.size >= count else { return nil }
        var hash = ContentHash()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var done = 0
        while done < count {
            let wanted = min(buffer.count, count - done)
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, wanted, off_t(done)) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            buffer.withUnsafeBufferPointer { hash.add(UnsafeBufferPointer(rebasing: $0[0..<got])) }
            done += got
        }
        return hash.value
    }

    /// Appends `lines` whole (for the package's other files, such as a replica's outbox):
    /// never through a link, `fsync`ed, nothing of a failed append left behind.
    package static func appendLines(_ lines: [String], to path: String) throws {
        let journal = WriteJournal()
        _ = try append(Array(lines.map { $0 + "\n" }.joined().utf8), to: path, journal: journal)
        try journal.finish()
    }

    /// Replaces `path` whole (for the package's other files): see `writeAtomically`. Not
    /// `durable`: no `fsync`, so a crash may leave the old file (for what is cheaper to lose
    /// than to write durably).
    package static func replace(_ path: String, with bytes: [UInt8], durable: Bool = true) throws {
        try writeAtomically(bytes, to: path, sync: durable)
    }

    /// Appends whole lines and `fsync`s, holding the caller's lock.
    static func append(_ bytes: [UInt8], to path: String, journal: WriteJournal) throws -> AppendResult {
        try append(to: path, journal: journal) { try $0.write(bytes) }
    }

    /// Appends what `produce` writes to the sink, then `fsync`s, holding the caller's lock.
    /// A last line without its newline (a torn write) is ended first so the new data starts
    /// on a fresh line. On any failure, `produce`'s own included, the file is cut back to its
    /// size before the call, so no partial line stays.
    /// - Parameter hash: the checksum to continue over the bytes written.
    /// - Throws: `FileStoreError.notWritable` (the file unchanged), `.notARegularFile`.
    static func append(
        to path: String, journal: WriteJournal, continuingHash hash: UInt64 = ContentHash().value,
        _ produce: (inout AppendSink) throws -> Void
    ) throws -> AppendResult {
        var created = false
        var descriptor = open(path, O_RDWR | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor < 0, errno == ENOENT {
            try journal.willCreate(path)
            descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            created = descriptor >= 0
            // Another writer without a lock made it meanwhile: append to theirs.
            if descriptor < 0, errno == EEXIST, journal.withdrawCreation(path) {
                descriptor = open(path, O_RDWR | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            }
        }
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP || code == EMLINK { throw FileStoreError.notARegularFile(path: path, kind: "a symbolic link") }
            if code == ENXIO { throw FileStoreError.notARegularFile(path: path, kind: "a FIFO") }
            if code == EISDIR { throw FileStoreError.notARegularFile(path: path, kind: "a directory") }
            throw FileStoreError.notWritable(path: path, reason: errorText(code))
        }
        defer { close(descriptor) }
        let before = try checkedStatus(descriptor, path: path)
        if !created { try journal.willAppend(path, inode: before.inode, sizeBefore: before.size) }
        var sink = AppendSink(descriptor: descriptor, path: path, hash: ContentHash(continuing: hash))
        var repairedFragment = false
        do {
            if before.size > 0 {
                var last: UInt8 = 0
                if pread(descriptor, &last, 1, off_t(before.size - 1)) == 1, last != UInt8(ascii: "\n") {
                    try sink.write([UInt8(ascii: "\n")])
                    repairedFragment = true
                }
            }
            try produce(&sink)
            guard fsync(descriptor) == 0 else { throw FileStoreError.notWritable(path: path, reason: errorText()) }
        } catch {
            // Nothing of a failed append stays: cutting back needs no free space.
            _ = ftruncate(descriptor, off_t(before.size))
            _ = fsync(descriptor)
            throw error
        }
        let after = try checkedStatus(descriptor, path: path)
        return AppendResult(
            sizeBefore: before.size, sizeAfter: after.size, written: sink.written, repairedFragment: repairedFragment,
            hash: sink.hash.value, newlines: sink.newlines
        )
    }

    /// Replaces `path` atomically: a new temporary file, `fsync`, `rename`, then the
    /// directory. A link at `path` is replaced, never written through.
    /// - Parameter journal: for user files, records how to put the old file back.
    static func writeAtomically(_ bytes: [UInt8], to path: String, sync: Bool = true, journal: WriteJournal? = nil) throws {
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw FileStoreError.notWritable(path: path, reason: errorText()) }
        do {
            try writeAll(bytes, to: descriptor, path: path)
            if sync, fsync(descriptor) != 0 { throw FileStoreError.notWritable(path: path, reason: errorText()) }
            close(descriptor)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        var prepared = false
        if let journal {
            do {
                prepared = try journal.prepareReplacement(of: path)
            } catch {
                unlink(temporary)
                throw error
            }
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            if prepared { journal?.replacementFailed(path) }
            if code == EISDIR || code == ENOTEMPTY { throw FileStoreError.notARegularFile(path: path, kind: "a directory") }
            throw FileStoreError.notWritable(path: path, reason: errorText(code))
        }
        if sync { syncDirectory(of: path) }
    }

    /// Makes `path` hold exactly `count * 8` bytes of `hashes` after its first `kept`
    /// hashes, in place when it is a regular file of its own, otherwise by replacing it.
    static func writeHashes(_ newHashes: [UInt64], to path: String, keeping kept: Int, allHashes: () throws -> [UInt64]) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor >= 0 {
            defer { close(descriptor) }
            var info = stat()
            if fstat(descriptor, &info) == 0, FileStatus(info).isPrivateRegularFile, Int(info.st_size) >= kept * 8 {
                guard ftruncate(descriptor, off_t(kept * 8)) == 0 else { throw FileStoreError.notWritable(path: path, reason: errorText()) }
                let bytes = EventIdHash.bytes(newHashes)
                var written = 0
                while written < bytes.count {
                    let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(kept * 8 + written)) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else {
                        let reason = errorText()
                        _ = ftruncate(descriptor, off_t(kept * 8))
                        throw FileStoreError.notWritable(path: path, reason: reason)
                    }
                    written += count
                }
                return
            }
        }
        try writeAtomically(EventIdHash.bytes(try allHashes()), to: path, sync: false)
    }

    static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Reads exactly `count` bytes at `offset` (fewer if the file shrank meanwhile).
    /// Into memory left uninitialised: zeroing a ledger of megabytes first was a twentieth of a
    /// settle.
    static func readAll(_ descriptor: Int32, path: String, from offset: Int, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errorText()
                    break
                }
                guard got > 0 else { break }
                done += got
            }
            initialized = done
        }
        if let failure { throw FileStoreError.cannotRead(path: path, reason: failure) }
        return bytes
    }

    private static func checkedStatus(_ descriptor: Int32, path: String) throws -> FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileStoreError.notWritable(path: path, reason: errorText()) }
        let status = FileStatus(info)
        guard status.kind == .regular else { throw FileStoreError.notARegularFile(path: path, kind: status.kind.description) }
        guard status.links == 1 else { throw FileStoreError.hardLinked(path: path, links: status.links) }
        return status
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileStoreError.notWritable(path: path, reason: errorText())
            }
            guard count > 0 else { throw FileStoreError.notWritable(path: path, reason: "nothing written") }
            written += count
        }
    }
}

/// Where an append's bytes go: straight to the file, their checksum and lines counted on
/// the way, so a million-event import never holds all its lines in memory.
struct AppendSink {
    fileprivate let descriptor: Int32
    fileprivate let path: String
    fileprivate(set) var hash: ContentHash
    private(set) var written = 0
    private(set) var newlines = 0

    fileprivate init(descriptor: Int32, path: String, hash: ContentHash) {
        self.descriptor = descriptor
        self.path = path
        self.hash = hash
    }

    mutating func write(_ bytes: [UInt8]) throws {
        try POSIXFile.writeAll(bytes, to: descriptor, path: path)
        bytes.withUnsafeBufferPointer { buffer in
            hash.add(buffer)
            newlines += buffer.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        }
        written += bytes.count
    }
}

/// What one append did to a file.
struct AppendResult {
    let sizeBefore: Int
    let sizeAfter: Int
    /// Bytes written, the newline that ended a torn last line included.
    let written: Int
    /// A torn last line was ended with a newline before the new lines.
    let repairedFragment: Bool
    /// The checksum continued over the bytes written, and their newlines.
    let hash: UInt64
    let newlines: Int

    /// No other bytes arrived between the size read before the write and the write itself.
    var wasAlone: Bool { sizeAfter == sizeBefore + written }
}
