import Foundation

/// The command line's small memories in the XDG state folder (reminders sent, walks
/// answered): read forgivingly, written whole and atomically, private to the user.
enum StateFile {
    /// The value in `path`, or nil when it is missing or unreadable (a memory that forgets).
    static func read<Value: Decodable>(_ type: Value.Type, from path: String) -> Value? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }

    static func write(_ value: some Encodable, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let temporary = path + ".tmp-\(getpid())"
        try encoder.encode(value).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else { throw CLIError.cannotRead(path, reason: String(cString: strerror(errno))) }
    }
}
