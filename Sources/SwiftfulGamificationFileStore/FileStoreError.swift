import Foundation

/// What the file store refuses or cannot do, naming the file, line or value concerned.
public enum FileStoreError: Error, Equatable, Sendable {
    case cannotCreateDirectory(path: String, reason: String)
    case notWritable(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case corruptFile(path: String, reason: String)
    case invalidUserId(String)
    case unknownStreak(String, known: [String])
    case streakExists(String)
    case ambiguousStreak(known: [String])
    case invalidLine(path: String, line: Int, reason: String)
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
            return "\(path) is damaged: \(reason)."
        case .invalidUserId(let user):
            return "Invalid user id '\(user)': use letters, digits, '.', '_' or '-' (not starting with '.')."
        case .unknownStreak(let key, let known):
            return known.isEmpty
                ? "No streak '\(key)' (the store has none yet; create one with `streaks create \(key)`)."
                : "No streak '\(key)' (known: \(known.joined(separator: ", ")))."
        case .streakExists(let key):
            return "A streak '\(key)' already exists."
        case .ambiguousStreak(let known):
            return "Several streaks exist (\(known.joined(separator: ", "))): name one."
        case .invalidLine(let path, let line, let reason):
            return "\(path):\(line): \(reason)"
        }
    }
}
