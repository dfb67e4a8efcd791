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
///
/// A process killed half way cannot undo anything itself, so a write whose changes are only
/// whole together writes them ahead to `write-journal.jsonl` in the user's directory before
/// it makes them, and the next process to take the user's lock undoes what that file lists
/// (`WriteJournal.recover`). Only writes of more than one change pay for it: the journal
/// goes to disk at the second change (or the first, for a `compound` write, whose first change
/// alone is not a whole one), so a plain `log` costs no more than its own append.
final class WriteJournal {
    /// One change, recorded before it is made; undoing it is idempotent, so a recovery
    /// interrupted in its turn can run again.
    enum Change: Codable, Equatable {
        case appended(path: String, inode: UInt64, sizeBefore: Int)
        case created(path: String)
        case createdDirectory(path: String)
        case renamed(from: String, to: String)
        /// `backup` is a hard link to (or copy of) the old version; nil when there was none.
        case replaced(path: String, backup: String?)
    }

    static let fileName = "write-journal.jsonl"

    /// The user's directory, where the journal is written; nil for files outside a store.
    private let directory: String?
    private let compound: Bool
    private var changes: [Change] = []
    /// Changes announced so far (appends to a file already recorded included).
    private var announced = 0
    /// How many of `changes` are on disk, and the open journal.
    private var written = 0
    private var descriptor: Int32 = -1

    /// - Parameters:
    ///   - directory: the user's directory (holding the user's lock) whose journal to write.
    ///   - compound: the write's first change is not a whole change by itself.
    init(directory: String? = nil, compound: Bool = false) {
        self.directory = directory
        self.compound = compound
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the write changed a user file (a refresh that only calculated did not).
    var changedUserFiles: Bool { announced > 0 }

    /// Directories made before the user's lock could be taken (the user's own): undone by
    /// this process only, never part of a write's changes for the journal.
    func createdDirectories(_ paths: [String]) {
        changes.append(contentsOf: paths.map { .createdDirectory(path: $0) })
    }

    // MARK: - Announcing changes (each before it is made)

    func willAppend(_ path: String, inode: UInt64, sizeBefore: Int) throws {
        // Only the first append to a file matters: undo cuts back to that size.
        let known = changes.contains { change in
            if case .appended(let other, _, _) = change { return other == path }
            if case .created(let other) = change { return other == path }
            return false
        }
        try announce(known ? nil : .appended(path: path, inode: inode, sizeBefore: sizeBefore))
    }

    func willCreate(_ path: String) throws {
        try announce(.created(path: path))
    }

    /// Takes back `willCreate(path)` when another writer created the file first: for a
    /// journal kept in memory alone (appends without a lock), whose undo must then not
    /// remove the other writer's file. False for a journal on disk.
    func withdrawCreation(_ path: String) -> Bool {
        guard directory == nil, let index = changes.lastIndex(of: .created(path: path)) else { return false }
        changes.remove(at: index)
        announced -= 1
        return true
    }

    func willRename(_ from: String, to: String) throws {
        try announce(.renamed(from: from, to: to))
    }

    /// Creates `path` and its parents, recording each directory made.
    func makeDirectory(_ path: String) throws {
        var missing: [String] = []
        var parent = path
        while !parent.isEmpty, parent != "/", (try POSIXFile.status(parent)) == nil {
            missing.insert(parent, at: 0)
            parent = (parent as NSString).deletingLastPathComponent
        }
        for directory in missing { try announce(.createdDirectory(path: directory)) }
        try POSIXFile.makeDirectory(path)
    }

    /// Keeps the file at `path` (if any) so `undo` can restore it; called just before a new
    /// version is renamed over it. Returns false when an earlier replacement in this write
    /// already kept the original.
    @discardableResult
    func prepareReplacement(of path: String) throws -> Bool {
        guard replacementIndex(path) == nil else { return false }
        guard let status = try POSIXFile.status(path) else {
            try announce(.replaced(path: path, backup: nil))
            return true
        }
        guard status.isPrivateRegularFile else {
            throw status.kind == .regular
                ? FileStoreError.hardLinked(path: path, links: status.links)
                : FileStoreError.notARegularFile(path: path, kind: status.kind.description)
        }
        let backup = "\(path).prev-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try announce(.replaced(path: path, backup: backup))
        if link(path, backup) != 0 {
            // No hard links here: a copy does as well, written whole before it counts.
            let bytes = try POSIXFile.read(path, role: .user) ?? []
            do {
                try POSIXFile.writeAtomically(bytes, to: backup)
            } catch {
                // Recorded on disk already, undoing it finds no backup and does nothing.
                if changes.count > written { changes.removeLast() }
                throw error
            }
        }
        return true
    }

    /// The rename prepared for did not happen: nothing to restore.
    func replacementFailed(_ path: String) {
        guard let index = replacementIndex(path) else { return }
        if case .replaced(_, let backup?) = changes[index] { unlink(backup) }
        // Left in the journal on disk, where undoing it finds nothing to do.
        if index >= written { changes.remove(at: index) }
    }

    private func replacementIndex(_ path: String) -> Int? {
        changes.lastIndex { change in
            if case .replaced(let other, _) = change { return other == path }
            return false
        }
    }

    /// Records `change` (nil: a change to a file already recorded) and, from the write's
    /// second change on (its first, when compound), makes the journal durable before it
    /// happens.
    private func announce(_ change: Change?) throws {
        if let change { changes.append(change) }
        announced += 1
        guard directory != nil, compound || announced > 1 else { return }
        try writeAhead()
    }

    private func writeAhead() throws {
        guard let directory, written < changes.count else { return }
        let path = directory + "/" + Self.fileName
        if descriptor < 0 {
            descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { throw FileStoreError.notWritable(path: path, reason: POSIXFile.errorText()) }
        }
        let lines = try changes[written...].compactMap { try Self.line(for: $0, in: directory) }
        // What never reached the journal was not made either: the in-process undo covers it.
        try POSIXFile.writeAll(Array(lines.joined().utf8), to: descriptor, path: path)
        guard fsync(descriptor) == 0 else { throw FileStoreError.notWritable(path: path, reason: POSIXFile.errorText()) }
        if written == 0 { POSIXFile.syncDirectory(of: path) }
        written = changes.count
    }

    // MARK: - Ending the write

    /// Puts everything back, newest change first. Returns the files it could not restore;
    /// then the journal stays on disk, listing every change, so the next process to take the
    /// lock finishes putting them back (undoing is idempotent).
    func undo() -> [String] {
        let failed = changes.reversed().compactMap { Self.undo($0) }
        if failed.isEmpty || directory == nil {
            try? removeJournal()
        } else {
            try? writeAhead()
        }
        changes = []
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        written = 0
        return failed
    }

    /// The write succeeded: drops the journal, then the kept old versions.
    /// - Throws: when the journal cannot be removed. It would make the next process undo this
    ///   whole write, so the write counts as failed and the caller undoes it now.
    func finish() throws {
        try removeJournal()
        for case .replaced(_, let backup?) in changes { unlink(backup) }
        changes = []
    }

    private func removeJournal() throws {
        guard descriptor >= 0, let directory else { return }
        let path = directory + "/" + Self.fileName
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileStoreError.notWritable(path: path, reason: POSIXFile.errorText())
        }
        close(descriptor)
        descriptor = -1
        POSIXFile.syncDirectory(of: path)
        written = 0
    }

    /// Removes what killed writers left in `directory` (a streak's folder), except this
    /// write's own backups, which `undo` may still need.
    func removeLeftovers(in directory: String) {
        WriteJournal.removeLeftovers(in: directory, keeping: Set(changes.compactMap(\.backup)))
    }

    /// Undoes one change as far as it still shows; returns the path it could not restore.
    static func undo(_ change: Change) -> String? {
        switch change {
        case .appended(let path, let inode, let sizeBefore):
            let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else { return errno == ENOENT ? nil : path }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return path }
            // Another file now has that name: the append is not there to undo.
            guard UInt64(info.st_ino) == inode, Int(info.st_size) > sizeBefore else { return nil }
            guard ftruncate(descriptor, off_t(sizeBefore)) == 0 else { return path }
            _ = fsync(descriptor)
        case .created(let path):
            if unlink(path) != 0, errno != ENOENT { return path }
        case .createdDirectory(let path):
            _ = rmdir(path)
        case .renamed(let from, let to):
            let moved = (try? POSIXFile.status(to)) != nil && (try? POSIXFile.status(from)) == nil
            if moved, rename(to, from) != 0 { return to }
        case .replaced(let path, let backup?):
            guard (try? POSIXFile.status(backup)) != nil else { return nil }
            if rename(backup, path) != 0 { return path }
            // Two names of one file (the new version never took its place): rename leaves both.
            unlink(backup)
            POSIXFile.syncDirectory(of: path)
        case .replaced(let path, nil):
            if unlink(path) != 0, errno != ENOENT { return path }
        }
        return nil
    }
}
