import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The advisory lock that serialises a user's writers across processes: `flock` on the
/// user's directory itself. A lock file could be deleted while held, letting two writers in
/// at once; a directory that holds the streaks cannot vanish while they are in it.
enum StoreLock {
    /// Runs `body` as the only writer of `directory`, after undoing what a writer killed
    /// half way left (its journal).
    static func exclusive<T>(_ directory: String, _ body: () throws -> T) throws -> T {
        guard let descriptor = try lock(directory, LOCK_EX, required: true) else { return try body() }
        defer { unlock(descriptor) }
        try WriteJournal.recover(directory)
        return try body()
    }

    /// Runs `body` while no writer is half-way through a change of `directory` (readers
    /// share the lock). Without the directory, or where it cannot be opened, runs unlocked:
    /// what a reader finds is still checked against the snapshot's stamps.
    static func shared<T>(_ directory: String, _ body: () throws -> T) throws -> T {
        guard var descriptor = try lock(directory, LOCK_SH, required: false) else { return try body() }
        if WriteJournal.isPending(in: directory) {
            // Its writer died (a live one would hold the lock): undo its change before reading.
            unlock(descriptor)
            try exclusive(directory) {}
            guard let again = try lock(directory, LOCK_SH, required: false) else { return try body() }
            descriptor = again
        }
        defer { unlock(descriptor) }
        return try body()
    }

    private static func lock(_ directory: String, _ operation: Int32, required: Bool) throws -> Int32? {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            guard required else { return nil }
            throw FileStoreError.notWritable(path: directory, reason: POSIXFile.errorText())
        }
        while flock(descriptor, operation) != 0 {
            guard errno == EINTR else {
                let reason = POSIXFile.errorText()
                close(descriptor)
                if !required { return nil }
                throw FileStoreError.notWritable(path: directory, reason: reason)
            }
        }
        return descriptor
    }

    private static func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
