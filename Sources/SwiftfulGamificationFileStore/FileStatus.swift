import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path holds, from `lstat`/`fstat`.
struct FileStatus: Equatable {
    enum Kind: Equatable, CustomStringConvertible {
        case regular, directory, symbolicLink, fifo, socket, device, other

        var description: String {
            switch self {
            case .regular: return "a file"
            case .directory: return "a directory"
            case .symbolicLink: return "a symbolic link"
            case .fifo: return "a FIFO"
            case .socket: return "a socket"
            case .device: return "a device"
            case .other: return "not a regular file"
            }
        }
    }

    let kind: Kind
    let size: Int
    let inode: UInt64
    let links: Int
    /// Modification and status-change times, in nanoseconds.
    let modified: Int
    let changed: Int

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        case S_IFCHR, S_IFBLK: kind = .device
        default: kind = .other
        }
        size = Int(info.st_size)
        inode = UInt64(info.st_ino)
        links = Int(info.st_nlink)
        #if canImport(Darwin)
        modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        changed = Int(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int(info.st_ctimespec.tv_nsec)
        #else
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        changed = Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec)
        #endif
    }

    /// A regular file no other name shares: safe to change in place.
    var isPrivateRegularFile: Bool { kind == .regular && links == 1 }

    var stamp: FileStamp { FileStamp(size: size, inode: inode, modified: modified, changed: changed) }
}

/// A file's identity and times when the store last wrote it: equal stamps mean nobody has
/// touched the file since (a change of any byte moves the modification and change times).
struct FileStamp: Codable, Equatable {
    let size: Int
    let inode: UInt64
    let modified: Int
    let changed: Int
}
