import Foundation

/// What any store refuses: names that do not exist or are taken.
public enum StreakStoreError: Error, Equatable, Sendable {
    case invalidUserId(String)
    case unknownStreak(String, known: [String])
    case streakExists(String)
    case unknownEvent(String)
    case ambiguousStreak(known: [String])
    /// A remote service that keeps no skipped days (one written before rule 9).
    case skipsNotStored
    /// A note taken back from a day that has none.
    case noNote(String, day: CalendarDay)
    /// A remote service that keeps no notes (one written before notes).
    case notesNotStored
    /// A restore of a key the trash does not hold (`inTrash`: the keys it does).
    case notInTrash(String, inTrash: [String])
    /// A restore into a key another streak holds meanwhile.
    case restoreKeyTaken(String)
    /// An experience-points or progress key a store cannot keep (it names a file).
    case invalidLedgerKey(String)
    /// Points or progress written to a store (its location) that keeps none.
    case noPoints(String)
}

extension StreakStoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidUserId(let user):
            return "Invalid user id '\(user)': use letters, digits, '.', '_' or '-' (not starting with '.')."
        case .unknownStreak(let key, let known):
            return known.isEmpty
                ? "No streak '\(key)' (the store has none yet; create one with `streaks create \(key)`)."
                : "No streak '\(key)' (known: \(known.joined(separator: ", ")))."
        case .streakExists(let key):
            return "A streak '\(key)' already exists."
        case .unknownEvent(let id):
            return "No event '\(id)' counts in this streak (it may have been removed already)."
        case .ambiguousStreak(let known):
            return "Several streaks exist (\(known.joined(separator: ", "))): name one."
        case .skipsNotStored:
            return "This streak service keeps no skipped days: implement getSkips, addSkips and removeSkips in its RemoteStreakService."
        case .noNote(let key, let day):
            return "Streak '\(key)' has no note on \(day): nothing to remove."
        case .notesNotStored:
            return "This streak service keeps no notes: implement getNotes, setNote and removeNote in its RemoteStreakService."
        case .notInTrash(let key, let inTrash):
            return inTrash.isEmpty
                ? "No streak '\(key)' in the trash (it is empty)."
                : "No streak '\(key)' in the trash (it holds: \(inTrash.joined(separator: ", ")))."
        case .restoreKeyTaken(let key):
            return "A streak '\(key)' exists: restore under another key with --as NEW."
        case .invalidLedgerKey(let key):
            return "Invalid experience-points or progress key '\(key)': use 1 to 64 ASCII letters, digits or '_'."
        case .noPoints(let location):
            return "\(location) keeps no experience points or progress."
        }
    }
}

extension StreakStoreError {
    /// Any error's message, in one line: its own description, else Foundation's.
    public static func message(for error: any Error) -> String {
        if let described = (error as? LocalizedError)?.errorDescription { return described }
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? "\(error)" : text
    }

    /// Any error's message without its final period, to be part of a longer sentence.
    public static func sentence(_ error: any Error) -> String {
        let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}

extension StreakValidation {
    /// A user id every store accepts: letters, digits, '.', '_', '-', at most 128 bytes, not
    /// starting with '.' (it names a directory in the file store).
    public static func validateUserId(_ userId: String) throws {
        let allowed = userId.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "._-".utf8.contains(byte)
        }
        guard allowed, !userId.isEmpty, userId.utf8.count <= 128, !userId.hasPrefix(".") else {
            throw StreakStoreError.invalidUserId(userId)
        }
    }
}
