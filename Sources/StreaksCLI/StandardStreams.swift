import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as plain descriptors: a closed, full or broken stream is
/// an error the command reports, never a crash (FileHandle traps on a failed write).
enum StandardStreams {
    static let output = Stream(descriptor: STDOUT_FILENO, name: "standard output")
    static let error = Stream(descriptor: STDERR_FILENO, name: "standard error")
    nonisolated(unsafe) private static var inputClosed = false
    static let brokenPipe = String(cString: strerror(EPIPE))

    /// Call first thing. A descriptor 0, 1 or 2 that was closed by the caller is opened on
    /// /dev/null, so that no store file can be opened as "standard output" and receive the
    /// command's messages; writes to it are then reported as failures. A broken pipe
    /// becomes an error return instead of a silent SIGPIPE death.
    static func secure() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let replacement = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if replacement >= 0, replacement != descriptor {
                dup2(replacement, descriptor)
                close(replacement)
            }
            switch descriptor {
            case STDIN_FILENO: inputClosed = true
            case STDOUT_FILENO: output.markClosed()
            default: error.markClosed()
            }
        }
    }

    /// All of standard input. - Throws: `CLIError.cannotRead`.
    static func readInput() throws -> [UInt8] {
        guard !inputClosed else { throw CLIError.cannotRead("standard input", reason: "it is closed") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CLIError.cannotRead("standard input", reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= ImportLimits.maximumBytes else {
                throw CLIError.cannotRead("standard input", reason: "more than \(ImportLimits.maximumBytes >> 20) MiB; split it")
            }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    final class Stream: Sendable {
        let descriptor: Int32
        let name: String
        /// Why a write failed; writes are made while holding it, one at a time.
        private let problem = Mutex<String?>(nil)

        init(descriptor: Int32, name: String) {
            self.descriptor = descriptor
            self.name = name
        }

        func markClosed() { problem.withLock { $0 = "it is closed" } }

        /// Why a write failed (later writes are dropped), or nil.
        var failure: String? { problem.withLock { $0 } }

        func write(_ text: String) {
            let descriptor = descriptor
            problem.withLock { problem in
                guard problem == nil else { return }
                let bytes = Array(text.utf8)
                var written = 0
                while written < bytes.count {
                    let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else {
                        problem = count < 0 ? String(cString: strerror(errno)) : "nothing was written"
                        return
                    }
                    written += count
                }
            }
        }
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}

/// The largest import the command reads (about five million events).
enum ImportLimits {
    static let maximumBytes = 1 << 30
}
