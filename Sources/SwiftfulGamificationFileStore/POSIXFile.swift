import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX calls the store's durability rests on.
enum POSIXFile {
    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Creates `path` and its parents.
    static func makeDirectory(_ path: String) throws {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) != 0, errno != EEXIST {
                throw FileStoreError.cannotCreateDirectory(path: path, reason: errorText())
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw FileStoreError.cannotCreateDirectory(path: path, reason: "a file of that name is in the way")
        }
    }

    /// Runs `body` holding an exclusive advisory lock on `path` (created if missing).
    static func withExclusiveLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileStoreError.notWritable(path: path, reason: errorText()) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileStoreError.notWritable(path: path, reason: errorText()) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Appends `bytes` with one `write` loop and `fsync`. For text (`lines`), an
    /// unterminated last line (a torn write) is ended first, so the new data starts on a
    /// fresh line.
    /// - Returns: the file size after the append.
    @discardableResult
    static func append(_ bytes: [UInt8], to path: String, lines: Bool = true, sync: Bool = true) throws -> Int {
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileStoreError.notWritable(path: path, reason: errorText()) }
        defer { close(descriptor) }
        var output = bytes
        let size = Int(lseek(descriptor, 0, SEEK_END))
        if lines, size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, off_t(size - 1)) == 1, last != UInt8(ascii: "\n") {
                output.insert(UInt8(ascii: "\n"), at: 0)
            }
        }
        try writeAll(output, to: descriptor, path: path)
        if sync, fsync(descriptor) != 0 { throw FileStoreError.notWritable(path: path, reason: errorText()) }
        return size + output.count
    }

    /// Replaces `path` atomically: a temporary file, `fsync`, `rename`, then the directory.
    static func writeAtomically(_ bytes: [UInt8], to path: String, sync: Bool = true) throws {
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
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
        guard rename(temporary, path) == 0 else {
            let reason = errorText()
            unlink(temporary)
            throw FileStoreError.notWritable(path: path, reason: reason)
        }
        if sync { syncDirectory(of: path) }
    }

    static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The bytes of `path` from `offset` on; nil when the file does not exist.
    static func read(_ path: String, from offset: Int = 0) throws -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileStoreError.cannotRead(path: path, reason: errorText())
        }
        defer { close(descriptor) }
        let size = Int(lseek(descriptor, 0, SEEK_END))
        guard size > offset else { return [] }
        var bytes = [UInt8](repeating: 0, count: size - offset)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        return done == bytes.count ? bytes : Array(bytes[..<done])
    }

    /// Size and inode of `path`, or nil when it does not exist.
    static func identity(_ path: String) -> (size: Int, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int(info.st_size), UInt64(info.st_ino))
    }

    static func shrink(_ path: String, to size: Int) {
        _ = truncate(path, off_t(size))
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileStoreError.notWritable(path: path, reason: errorText())
            }
            written += count
        }
    }
}
