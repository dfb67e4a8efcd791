import Foundation
import GamificationSupport

/// Upstream's device-local caches: one JSON value per file in a folder, written atomically
/// so a crash leaves the old file or the new.
///
/// The default folder is the app's Documents directory where the platform has one (as
/// upstream), and on Linux `$XDG_DATA_HOME/swiftful-gamification` (else `~/.local/share/...`).
struct SavedDocuments: Sendable {
    let directory: URL

    func read<Value: Decodable>(_ type: Value.Type, named name: String) -> Value? {
        guard let data = try? Data(contentsOf: url(name)) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }

    /// Saves `value`, or removes the file when it is nil.
    func write<Value: Encodable>(_ value: Value?, named name: String) throws {
        guard let value else {
            try? FileManager.default.removeItem(at: url(name))
            return
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONEncoder().encode(value).write(to: url(name), options: .atomic)
    }

    private func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    static func defaultDirectory() -> URL {
        #if os(Linux) || os(Windows) || os(Android)
        let base = XDGDirectories(environment: ProcessInfo.processInfo.environment).dataHome
        return URL(fileURLWithPath: base).appendingPathComponent("swiftful-gamification")
        #else
        return FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        #endif
    }
}
