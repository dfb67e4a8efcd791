import Foundation
import SwiftfulGamification

/// What the file store refuses or cannot do, naming the file, line or value concerned.
public enum FileStoreError: Error, Equatable, Sendable {
    case cannotCreateDirectory(path: String, reason: String)
    case notWritable(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case corruptFile(path: String, reason: String)
    case invalidLine(path: String, line: Int, reason: String)
    /// A store file is a link, a directory, a FIFO or a device instead of a regular file.
    case notARegularFile(path: String, kind: String)
    /// A user file has other names: appending would change those files too.
    case hardLinked(path: String, links: Int)
    /// A write failed and could not be undone in full: `kept` names what stayed changed.
    case partlySaved(reason: String, kept: [String])
}

extension FileStoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "Cannot create the store directory \(path): \(reason)."
        case .notWritable(let path, let reason):
            return "Cannot write \(path): \(reason)."
        case .cannotRead(let path, let reason):
            return "Cannot read \(path): \(reason)."
        case .corruptFile(let path, let reason):
            return "\(path) is damaged: \(Self.withoutFinalPeriod(reason))."
        case .invalidLine(let path, let line, let reason):
            return "\(path):\(line): \(reason)"
        case .notARegularFile(let path, let kind):
            return "\(path) is \(kind), not a regular file: the store reads and writes only plain files (move it away and put the file back)."
        case .hardLinked(let path, let links):
            return "\(path) has \(links) names (hard links): writing to it would change the other files too; give it a file of its own (cp it to a new name and move that over it)."
        case .partlySaved(let reason, let kept):
            return "\(reason); these files could not be put back as they were: \(kept.joined(separator: ", "))."
        }
    }
}

extension FileStoreError {
    /// Any error's message without its final period, to be part of a longer sentence.
    public static func sentence(_ error: any Error) -> String {
        StreakStoreError.sentence(error)
    }

    static func withoutFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
