import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The changes one write makes to a person's files, so that a failure puts every byte back:
/// a command either does all it says or nothing. Appends are cut back to their old size, new
/// files and directories removed, and a replaced file restored from a hard link kept to its
/// old version until the write succeeds. None of this needs free space.
final class WriteJournal {
    private enum Change {
        case appended(path: String, inode: UInt64, sizeBefore: Int)
        case created(path: String)
        case createdDirectory(path: String)
        case renamed(from: String, to: String)
        case replaced(path: String, previous: Previous)
    }

    private enum Previous {
        case none
        case link(String)
        case bytes([UInt8])
    }

    private var changes: [Change] = []

    var isEmpty: Bool { changes.isEmpty }

    func appended(_ path: String, inode: UInt64, sizeBefore: Int) {
        // Only the first append to a file matters: undo cuts back to that size.
        let known = changes.contains { change in
            if case .appended(let other, _, _) = change { return other == path }
            if case .created(let other) = change { return other == path }
            return false
        }
        if !known { changes.append(.appended(path: path, inode: inode, sizeBefore: sizeBefore)) }
    }

    func created(_ path: String) {
        changes.append(.created(path: path))
    }

    func renamed(_ from: String, to: String) {
        changes.append(.renamed(from: from, to: to))
    }

    func createdDirectories(_ paths: [String]) {
        changes.append(contentsOf: paths.map { .createdDirectory(path: $0) })
    }

    /// Keeps the file at `path` (if any) so `undo` can restore it; called just before a new
    /// version is renamed over it. Returns false when an earlier replacement in this write
    /// already kept the original.
    @discardableResult
    func prepareReplacement(of path: String) throws -> Bool {
        guard replacementIndex(path) == nil else { return false }
        let previous: Previous
        if let status = try POSIXFile.status(path) {
            guard status.isPrivateRegularFile else {
                throw status.kind == .regular
                    ? FileStoreError.hardLinked(path: path, links: status.links)
                    : FileStoreError.notARegularFile(path: path, kind: status.kind.description)
            }
            let backup = "\(path).prev-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            previous = link(path, backup) == 0 ? .link(backup) : .bytes(try POSIXFile.read(path, role: .user) ?? [])
        } else {
            previous = .none
        }
        changes.append(.replaced(path: path, previous: previous))
        return true
    }

    /// The rename prepared for did not happen: nothing to restore.
    func replacementFailed(_ path: String) {
        guard let index = replacementIndex(path) else { return }
        if case .replaced(_, .link(let backup)) = changes[index] { unlink(backup) }
        changes.remove(at: index)
    }

    private func replacementIndex(_ path: String) -> Int? {
        changes.lastIndex { change in
            if case .replaced(let other, _) = change { return other == path }
            return false
        }
    }

    /// Puts everything back, newest change first. Returns the files it could not restore.
    func undo() -> [String] {
        var failed: [String] = []
        for change in changes.reversed() {
            switch change {
            case .appended(let path, let inode, let sizeBefore):
                let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
                var info = stat()
                if descriptor >= 0, fstat(descriptor, &info) == 0, UInt64(info.st_ino) == inode,
                   ftruncate(descriptor, off_t(sizeBefore)) == 0 {
                    _ = fsync(descriptor)
                } else {
                    failed.append(path)
                }
                if descriptor >= 0 { close(descriptor) }
            case .created(let path):
                if unlink(path) != 0, errno != ENOENT { failed.append(path) }
            case .createdDirectory(let path):
                _ = rmdir(path)
            case .renamed(let from, let to):
                if rename(to, from) != 0 { failed.append(to) }
            case .replaced(let path, .link(let backup)):
                if rename(backup, path) != 0 { failed.append(path) }
            case .replaced(let path, .bytes(let bytes)):
                if (try? POSIXFile.writeAtomically(bytes, to: path)) == nil { failed.append(path) }
            case .replaced(let path, .none):
                if unlink(path) != 0, errno != ENOENT { failed.append(path) }
            }
        }
        changes = []
        return failed
    }

    /// The write succeeded: drops the kept old versions.
    func finish() {
        for case .replaced(_, .link(let backup)) in changes { unlink(backup) }
        changes = []
    }
}
