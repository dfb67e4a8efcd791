import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The replica's lock, held across a push or a write that waits on the network: tasks of
/// this process queue here first, so only one of them at a time waits for other processes'
/// `flock` (off the shared threads).
actor ReplicaLock {
    private let files: ReplicaFiles
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(files: ReplicaFiles) {
        self.files = files
    }

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        let descriptor = try await Self.takeLock(files.lockPath)
        defer {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
        return try await body()
    }

    private func acquire() async {
        guard held else {
            held = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty { held = false } else { waiting.removeFirst().resume() }
    }

    private static func takeLock(_ path: String) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else {
                    return continuation.resume(throwing: ReplicaError.files(path, reason: String(cString: strerror(errno))))
                }
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        let reason = String(cString: strerror(errno))
                        close(descriptor)
                        return continuation.resume(throwing: ReplicaError.files(path, reason: reason))
                    }
                }
                continuation.resume(returning: descriptor)
            }
        }
    }
}
