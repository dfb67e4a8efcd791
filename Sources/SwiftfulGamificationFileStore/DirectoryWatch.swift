import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waits until files in some directories change: inotify where the kernel has it, otherwise
/// a comparison of the directories' listings and their files' sizes and times.
final class DirectoryWatch {
    /// Names whose changes matter: derived files and temporaries the store writes on its
    /// way to `current.json` are left out, so a write wakes a watcher once, not five times.
    static func matters(_ name: String) -> Bool {
        !(name == "snapshot.json" || name == "ids.bin" || name == WriteJournal.fileName || WriteJournal.isLeftover(name))
    }

    private var descriptor: Int32 = -1
    /// A pipe `wake()` writes to, so a waiting thread notices something other than a file.
    private var wakeRead: Int32 = -1
    private var wakeWrite: Int32 = -1
    private var directoriesByWatch: [Int32: String] = [:]
    private var watchesByDirectory: [String: Int32] = [:]
    private var signatures: [String: [String]] = [:]

    init() {
        #if canImport(Glibc)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #endif
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            (wakeRead, wakeWrite) = (ends[0], ends[1])
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
    }

    deinit {
        for end in [descriptor, wakeRead, wakeWrite] where end >= 0 { close(end) }
    }

    /// Ends a `wait` early, from any thread.
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    var usesNotifications: Bool { descriptor >= 0 }

    func watch(_ directory: String) {
        guard watchesByDirectory[directory] == nil, signatures[directory] == nil else { return }
        #if canImport(Glibc)
        if descriptor >= 0 {
            let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
            let watch = inotify_add_watch(descriptor, directory, mask)
            if watch >= 0 {
                directoriesByWatch[watch] = directory
                watchesByDirectory[directory] = watch
                return
            }
        }
        #endif
        signatures[directory] = Self.signature(of: directory)
    }

    func unwatch(_ directory: String) {
        #if canImport(Glibc)
        if let watch = watchesByDirectory.removeValue(forKey: directory) {
            inotify_rm_watch(descriptor, watch)
            directoriesByWatch[watch] = nil
        }
        #endif
        signatures[directory] = nil
    }

    /// The watched directories in which something that matters changed within `timeout`
    /// seconds (empty when nothing did).
    func wait(timeout: TimeInterval) -> Set<String> {
        var changed = Set<String>()
        let seconds = max(0, min(timeout, 3_600))
        let polling = !signatures.isEmpty
        let milliseconds = Int32((polling ? min(seconds, 0.1) : seconds) * 1_000)
        var requests = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        #if canImport(Glibc)
        if descriptor >= 0, !directoriesByWatch.isEmpty { requests.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        #endif
        if poll(&requests, nfds_t(requests.count), milliseconds) > 0 {
            var byte: UInt8 = 0
            while read(wakeRead, &byte, 1) > 0 {}
            #if canImport(Glibc)
            if requests.count > 1, requests[1].revents != 0 {
                changed = drain()
                if !changed.isEmpty {
                    // Let a burst of writes (log, snapshot, cache) finish before reading.
                    usleep(10_000)
                    changed.formUnion(drain())
                }
            }
            #endif
        }
        for (directory, old) in signatures {
            let new = Self.signature(of: directory)
            if new != old {
                signatures[directory] = new
                changed.insert(directory)
            }
        }
        return changed
    }

    #if canImport(Glibc)
    private func drain() -> Set<String> {
        var changed = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            buffer.withUnsafeBytes { raw in
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let nameLength = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<min(nameStart + nameLength, count)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if let directory = directoriesByWatch[watch], name.isEmpty || Self.matters(name) { changed.insert(directory) }
                    offset = nameStart + nameLength
                }
            }
        }
        return changed
    }
    #endif

    /// Names, sizes and modification times of a directory's entries that matter.
    private static func signature(of directory: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(matters).sorted()
        return names.map { name in
            guard let status = try? POSIXFile.status(directory + "/" + name) else { return name }
            return "\(name):\(status.size):\(status.modified):\(status.inode)"
        }
    }
}
