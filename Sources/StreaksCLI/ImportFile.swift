import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an import file named on the command line: a regular file (mapped, not copied) or
/// a pipe such as `<(...)`, at most `ImportLimits.maximumBytes`, so /dev/zero or a directory
/// is an error message rather than a hang or a crash.
enum ImportFile {
    /// Runs `body` on the file's bytes.
    static func withBytes<T>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CLIError.cannotRead(path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
            let size = Int(info.st_size)
            guard size <= ImportLimits.maximumBytes else {
                throw CLIError.cannotRead(path, reason: "it is larger than \(ImportLimits.maximumBytes >> 20) MiB; split it")
            }
            if let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED {
                defer { munmap(mapped, size) }
                return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
            }
        }
        return try read(path).withUnsafeBufferPointer(body)
    }

    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CLIError.cannotRead(path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw CLIError.cannotRead(path, reason: String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO, S_IFSOCK: break
        case S_IFDIR: throw CLIError.cannotRead(path, reason: "it is a directory")
        default: throw CLIError.cannotRead(path, reason: "it is not a file")
        }
        var bytes: [UInt8] = []
        if (info.st_mode & S_IFMT) == S_IFREG {
            guard Int(info.st_size) <= ImportLimits.maximumBytes else {
                throw CLIError.cannotRead(path, reason: "it is larger than \(ImportLimits.maximumBytes >> 20) MiB; split it")
            }
            bytes.reserveCapacity(Int(info.st_size) + 1)
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CLIError.cannotRead(path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= ImportLimits.maximumBytes else {
                throw CLIError.cannotRead(path, reason: "it is larger than \(ImportLimits.maximumBytes >> 20) MiB; split it")
            }
            bytes.append(contentsOf: buffer[..<count])
        }
    }
}
