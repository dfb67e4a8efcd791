import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waits until a directory's files change or a timeout passes: inotify where the kernel
/// has it, otherwise a comparison of the files' sizes and modification times.
final class FileChangeSignal {
    private let directory: String
    private let watchedFiles: [String]
    private var descriptor: Int32 = -1
    private var lastSignature: [Int]

    init(directory: String, files: [String]) {
        self.directory = directory
        watchedFiles = files.map { directory + "/" + $0 }
        lastSignature = []
        #if canImport(Glibc)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor >= 0 {
            let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)
            if inotify_add_watch(descriptor, directory, mask) < 0 {
                close(descriptor)
                descriptor = -1
            }
        }
        #endif
        lastSignature = signature()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    var usesNotifications: Bool { descriptor >= 0 }

    /// Returns true when something changed within `timeout` seconds.
    func wait(timeout: TimeInterval) -> Bool {
        let milliseconds = Int32(max(0, min(timeout, 3_600)) * 1_000)
        #if canImport(Glibc)
        if descriptor >= 0 {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, milliseconds) > 0 else { return false }
            drain()
            // Let a burst of writes (log, snapshot, cache) finish before reading.
            usleep(15_000)
            drain()
            return true
        }
        #endif
        usleep(useconds_t(milliseconds) * 1_000)
        let current = signature()
        defer { lastSignature = current }
        return current != lastSignature
    }

    private func drain() {
        #if canImport(Glibc)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        #endif
    }

    private func signature() -> [Int] {
        watchedFiles.flatMap { path -> [Int] in
            var info = stat()
            guard stat(path, &info) == 0 else { return [-1, -1] }
            return [Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)]
        }
    }
}
