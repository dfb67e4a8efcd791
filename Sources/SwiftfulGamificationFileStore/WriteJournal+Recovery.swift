import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Undoing what a killed writer left: its journal's changes, and the temporary files and
/// backup links of any write it did not finish.
extension WriteJournal {
    /// Puts back what an unfinished write listed in the journal of `directory` (a user's
    /// directory), newest change first, then removes the journal. Holding the user's lock
    /// exclusively: no live writer can be half way, so whatever the journal lists belongs to
    /// one that died. A torn last line is a change that was never made.
    /// - Throws: `FileStoreError.partlySaved` naming what could not be put back (the journal
    ///   stays, so the next writer tries again).
    static func recover(_ directory: String) throws {
        let path = directory + "/" + fileName
        guard let bytes = try POSIXFile.read(path, role: .user) else { return }
        let decoder = JSONDecoder()
        let changes = bytes.split(separator: UInt8(ascii: "\n")).compactMap { line -> Change? in
            guard let change = try? decoder.decode(Change.self, from: Data(line)) else { return nil }
            // A journal edited to name files elsewhere is not followed out of the directory.
            var escapes = false
            let resolved = change.mapPaths { relative in
                if relative.hasPrefix("/") || relative.split(separator: "/").contains("..") { escapes = true }
                return directory + "/" + relative
            }
            return escapes ? nil : resolved
        }
        // Its temporaries first, so that a folder it made can be removed again; not the
        // backups its undo restores from, which may be all that is left of a replaced file.
        let directories = Set(changes.flatMap(\.directories))
        let backups = Set(changes.compactMap(\.backup))
        directories.forEach { removeLeftovers(in: $0, keeping: backups) }
        let failed = changes.reversed().compactMap { undo($0) }
        guard failed.isEmpty else {
            throw FileStoreError.partlySaved(reason: "An interrupted write could not be undone", kept: failed)
        }
        unlink(path)
        POSIXFile.syncDirectory(of: path)
    }

    /// Whether `directory` holds a journal (a write died half way, or is under way now).
    static func isPending(in directory: String) -> Bool {
        ((try? POSIXFile.status(directory + "/" + fileName)) ?? nil) != nil
    }

    /// Removes the temporary files and backup links a killed writer left in `directory` (a
    /// streak's folder), holding the user's lock exclusively: they are nobody's any more, and
    /// a backup link would make its user file look hard-linked by the user.
    static func removeLeftovers(in directory: String, keeping kept: Set<String> = []) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where isLeftover(name) && !kept.contains(directory + "/" + name) { unlink(directory + "/" + name) }
    }

    static func isLeftover(_ name: String) -> Bool {
        name.contains(".tmp-") || name.contains(".prev-")
    }

    /// The journal line for `change`, its paths relative to `directory`; nil for a change
    /// outside it (the user's own directory, made before the lock was taken).
    static func line(for change: Change, in directory: String) throws -> String? {
        let prefix = directory + "/"
        var outside = false
        let relative = change.mapPaths { path in
            guard path.hasPrefix(prefix) else {
                outside = true
                return path
            }
            return String(path.dropFirst(prefix.count))
        }
        guard !outside else { return nil }
        return String(decoding: try JSONEncoder().encode(relative), as: UTF8.self) + "\n"
    }
}

extension WriteJournal.Change {
    /// The kept old version of a replaced file, if any.
    var backup: String? {
        if case .replaced(_, let backup?) = self { return backup }
        return nil
    }

    /// The folders the change touched.
    var directories: [String] {
        let parent = { (path: String) in (path as NSString).deletingLastPathComponent }
        switch self {
        case .appended(let path, _, _), .created(let path), .replaced(let path, _): return [parent(path)]
        case .createdDirectory(let path): return [path]
        case .renamed(let from, let to): return [from, to]
        }
    }

    /// The same change with every path transformed.
    func mapPaths(_ transform: (String) -> String) -> Self {
        switch self {
        case .appended(let path, let inode, let sizeBefore): .appended(path: transform(path), inode: inode, sizeBefore: sizeBefore)
        case .created(let path): .created(path: transform(path))
        case .createdDirectory(let path): .createdDirectory(path: transform(path))
        case .renamed(let from, let to): .renamed(from: transform(from), to: transform(to))
        case .replaced(let path, let backup): .replaced(path: transform(path), backup: backup.map(transform))
        }
    }
}
