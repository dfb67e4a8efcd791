import Foundation
import SwiftfulGamification

/// Everything an importer read from one source: its habits, in the source's order, and
/// what it noticed about the source as a whole.
public struct SourceContents: Sendable, Equatable {
    public var habits: [ImportedHabit]
    public var remarks: [String]

    public init(habits: [ImportedHabit], remarks: [String] = []) {
        self.habits = habits
        self.remarks = remarks
    }
}

/// Reading source files: whole, as UTF-8 text, with errors that name them.
enum SourceFiles {
    /// The largest file an importer reads (a decade of a hundred habits is a few MiB).
    static let largestFile = 256 << 20

    static func data(_ path: String, expecting: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportFormatError(path, "there is no such file (expected \(expecting))")
        }
        guard !isDirectory.boolValue else { throw ImportFormatError(path, "it is a folder (expected \(expecting))") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= largestFile else { throw ImportFormatError(path, "it is larger than \(largestFile >> 20) MiB; is it \(expecting)?") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImportFormatError(path, "cannot be read: \(error.localizedDescription)")
        }
    }

    static func text(_ path: String, expecting: String) throws -> String {
        try text(data(path, expecting: expecting), file: path, expecting: expecting)
    }

    static func text(_ data: Data, file: String, expecting: String) throws -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportFormatError(file, "it is not UTF-8 text (expected \(expecting))")
        }
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// Lines split at `\n`, a trailing `\r` dropped, as Go's and most readers do.
    static func lines(_ text: String) -> [String] {
        // By scalars: "\r\n" is one Character, which a split at "\n" would not see.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line[...]))
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
