import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Tells its handler which watched directories changed: inotify read by a dispatch source
/// where the kernel has it, otherwise the directories' listings (names, sizes, times)
/// compared on a dispatch timer. No thread waits for it; everything runs on its queue.
final class DirectoryWatch: Sendable {
    /// Names whose changes matter: derived files and temporaries the store writes on its
    /// way to `current.json` are left out, so a write wakes a watcher once, not five times.
    static func matters(_ name: String) -> Bool {
        !(name == "snapshot.json" || name == "ids.bin" || name == WriteJournal.fileName || WriteJournal.isLeftover(name))
    }

    /// How often listings are compared where there is no inotify.
    static let pollInterval: DispatchTimeInterval = .milliseconds(250)
    /// How long a burst of writes (log, snapshot, cache) is given to finish before it is told.
    static let settleTime: DispatchTimeInterval = .milliseconds(10)

    private struct State {
        var directoriesByWatch: [Int32: String] = [:]
        var watchesByDirectory: [String: Int32] = [:]
        var signatures: [String: [String]] = [:]
        /// Changed directories read but not yet told (a burst settling).
        var pending = Set<String>()
        var settling = false
        var source: (any DispatchSourceProtocol)?
        /// Whether a source was started: from then on its cancel handler closes the descriptor.
        var hasSource = false
        var cancelled = false
    }

    let queue: DispatchQueue
    private let descriptor: Int32
    private let state = Mutex(State())

    /// - Parameter notifications: false compares listings even where inotify works (tests).
    init(label: String, notifications: Bool = true) {
        queue = DispatchQueue(label: label)
        #if canImport(Glibc)
        descriptor = notifications ? inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) : -1
        #else
        descriptor = -1
        #endif
    }

    var usesNotifications: Bool { descriptor >= 0 }

    /// Starts telling `handler` (on `queue`) the directories that changed.
    func start(_ handler: @escaping @Sendable (Set<String>) -> Void) {
        state.withLock { state in
            guard !state.cancelled else { return }
            let source = makeSource(handler)
            state.hasSource = true
            source.resume()
            state.source = source
        }
    }

    private func makeSource(_ handler: @escaping @Sendable (Set<String>) -> Void) -> any DispatchSourceProtocol {
        let source: any DispatchSourceProtocol
        if usesNotifications {
            let read = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            read.setEventHandler { [self] in notified(handler) }
            source = read
        } else {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval)
            timer.setEventHandler { [self] in
                let changed = compareListings()
                if !changed.isEmpty { handler(changed) }
            }
            source = timer
        }
        let descriptor = descriptor
        source.setCancelHandler { if descriptor >= 0 { close(descriptor) } }
        return source
    }

    /// Stops telling; from any thread.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.source?.cancel()
            state.source = nil
        }
    }

    deinit {
        let hadSource = state.withLock { $0.hasSource }
        if !hadSource, descriptor >= 0 { close(descriptor) }
    }

    func watch(_ directory: String) {
        state.withLock { state in
            guard state.watchesByDirectory[directory] == nil, state.signatures[directory] == nil else { return }
            #if canImport(Glibc)
            if descriptor >= 0 {
                let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
                let watch = inotify_add_watch(descriptor, directory, mask)
                if watch >= 0 {
                    state.directoriesByWatch[watch] = directory
                    state.watchesByDirectory[directory] = watch
                    return
                }
            }
            #endif
            state.signatures[directory] = Self.signature(of: directory)
        }
    }

    func unwatch(_ directory: String) {
        state.withLock { state in
            #if canImport(Glibc)
            if let watch = state.watchesByDirectory.removeValue(forKey: directory) {
                inotify_rm_watch(descriptor, watch)
                state.directoriesByWatch[watch] = nil
            }
            #endif
            state.signatures[directory] = nil
        }
    }

    /// inotify has news: read it, and tell it once the burst it belongs to has settled.
    private func notified(_ handler: @escaping @Sendable (Set<String>) -> Void) {
        let changed = drain()
        let settle = state.withLock { state -> Bool in
            state.pending.formUnion(changed)
            guard !state.pending.isEmpty, !state.settling else { return false }
            state.settling = true
            return true
        }
        guard settle else { return }
        queue.asyncAfter(deadline: .now() + Self.settleTime) { [self] in
            let changed = drain()
            let told = state.withLock { state -> Set<String>? in
                state.settling = false
                defer { state.pending = [] }
                return state.cancelled ? nil : state.pending.union(changed)
            }
            if let told, !told.isEmpty { handler(told) }
        }
    }

    /// The polled directories whose listing changed since the last look.
    private func compareListings() -> Set<String> {
        let directories = state.withLock { Array($0.signatures.keys) }
        var changed = Set<String>()
        for directory in directories {
            let new = Self.signature(of: directory)
            let differs = state.withLock { state -> Bool in
                guard let old = state.signatures[directory], old != new else { return false }
                state.signatures[directory] = new
                return true
            }
            if differs { changed.insert(directory) }
        }
        return changed
    }

    /// The watched directories inotify has reported since the last read.
    private func drain() -> Set<String> {
        var changed = Set<String>()
        #if canImport(Glibc)
        let directoriesByWatch = state.withLock { $0.directoriesByWatch }
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
        #endif
        return changed
    }

    /// Names, sizes and modification times of a directory's entries that matter.
    private static func signature(of directory: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(matters).sorted()
        return names.map { name in
            guard let status = try? POSIXFile.status(directory + "/" + name) else { return name }
            return "\(name):\(status.size):\(status.modified):\(status.inode)"
        }
    }
}
