import Foundation
import GamificationSupport
import StreakDashboardRuntime
import StreakImporters
import SwiftfulGamification
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import SwiftfulGamificationReplica

/// Problems with the command line itself, each naming the argument.
enum CLIError: Error, LocalizedError, Equatable {
    case badDate(option: String, value: String)
    case dateOutOfRange(option: String, value: String)
    /// A local time the zone skips (clocks jump forward over it).
    case skippedLocalTime(option: String, value: String, zone: String)
    case badMetadata(String)
    case badNumber(option: String, value: String)
    case missingConfirmation(String)
    /// `delete` without --yes and without a terminal to ask on.
    case deleteNeedsConfirmation(String)
    /// `--store` names a directory that does not exist (and the command does not make one).
    case noStore(String)
    case nothingToUndo(String)
    case cannotRead(String, reason: String)
    /// A reminder that could not reach anyone, and why.
    case notDelivered(String)
    case importRejected(count: Int, file: String)
    case nothingToCopy(user: String, store: String)
    /// A copy that left out events or freezes no store keeps (each named in a warning).
    case incompleteCopy(Int)
    /// A command over every streak that failed for some (each said above).
    case someStreaksFailed([String])
    /// Streaks the target holds something of that the source does not: nothing was copied.
    case copyConflicts([String], target: String)
    /// A copied streak whose status still differs from its source's (named fields).
    case copyDisagrees(key: String, fields: [String], target: String)
    case unknownCommand(String, suggestion: String?)
    /// The argument parser's own complaint (unknown option, missing value, a failed `validate()`).
    case usage(String, command: String)
    /// Habits an import would put into streaks that hold something else: nothing is written.
    case importConflicts([String])
    /// `remind --install` from a binary that the next `swift build` may replace.
    case runsFromBuildFolder(String)
    /// Points asked of a store that keeps none (a database, for now).
    case pointsNotKept(String)
    /// `import --with-points` while points are off.
    case pointsOff

    var errorDescription: String? {
        switch self {
        case .badDate(let option, let value):
            let relative = option == "--now" ? "" : "today, yesterday, -3d, "
            return "\(option) '\(value)' is not a date: use \(relative)2024-01-05, 2024-01-05T09:30, or ISO 8601 with an offset (2024-01-05T09:30:00-05:00)."
        case .dateOutOfRange(let option, let value):
            return "\(option) '\(value)' is out of range: dates must be from 1970-01-01 to 2199-12-31."
        case .skippedLocalTime(let option, let value, let zone):
            return "\(option) '\(value)' does not exist on that day in \(zone) (clocks jump): give a time outside the jump, or an offset (2024-01-05T09:30:00-05:00)."
        case .badMetadata(let value):
            return "--meta '\(value)' must be key=value, with a key of letters, digits or underscores."
        case .badNumber(let option, let value):
            return "\(option) '\(value)' is out of range."
        case .missingConfirmation(let key):
            return "Resetting '\(key)' makes every event stop counting; add --yes to confirm."
        case .noStore(let path):
            return "No store at \(path): `streaks create KEY --store \(path)` makes one there (or check the path)."
        case .deleteNeedsConfirmation(let key):
            return "Deleting '\(key)' moves it to the trash for 30 days; add --yes to confirm (there is no terminal to ask on)."
        case .nothingToUndo(let key):
            return "Nothing to undo in '\(key)'."
        case .notDelivered(let reason):
            return "Could not remind: \(reason)."
        case .cannotRead(let file, let reason):
            return "Cannot read \(file): \(reason)."
        case .importRejected(let count, let file):
            return "\(file): \(counted(count, "invalid line")); nothing was imported (use --skip-invalid to import the rest)."
        case .nothingToCopy(let user, let store):
            return "User '\(user)' has no streaks in \(store); nothing was copied (--user names whose streaks to copy)."
        case .incompleteCopy(let count):
            return "Left out \(count) of the source's events and freezes, which no store keeps (named above); everything else was copied."
        case .someStreaksFailed(let keys):
            return "Not done for \(keys.joined(separator: ", ")) (said above); the other streaks were changed."
        case .copyConflicts(let conflicts, let target):
            return "Nothing was copied: \(conflicts.joined(separator: "; ")). A copy adds and never deletes, so \(target) would not say what the source says; "
                + "remove what differs there (streaks events, streaks undo, streaks skip remove, streaks note remove), or copy into a store without these streaks."
        case .copyDisagrees(let key, let fields, let target):
            return "The copy of \(key) in \(target) does not say what the source says (\(fields.joined(separator: ", "))); compare them with streaks status \(key) --json."
        case .unknownCommand(let word, let suggestion):
            let hint = suggestion.map { "did you mean '\($0)'?" } ?? "`streaks --help` lists the commands."
            return "'\(word)' is not a streaks command; \(hint)"
        case .importConflicts(let conflicts):
            return "Nothing was imported: \(conflicts.joined(separator: "; ")). Import those habits under other keys with --as \"NAME=KEY\", "
                + "or change the streaks first (streaks config)."
        case .pointsNotKept(let store):
            return "\(store) keeps no experience points."
        case .pointsOff:
            return "Points are off, so imported history cannot earn: `streaks points on` first, then import --with-points."
        case .runsFromBuildFolder(let binary):
            return "This streaks runs from a build folder (\(binary)), which the next `swift build` may replace or remove, "
                + "so a timer would lose it: install it first (./install.sh) and run `streaks remind --install` with the installed one."
        case .usage(let message, let command):
            // A question or a sentence already ended keeps its own mark ("?." reads as a typo).
            let sentence = [".", "?", "!"].contains(where: message.hasSuffix) ? message : message + "."
            return "\(sentence) See '\(command) --help'."
        }
    }
}

/// The one place errors become a message and an exit code: 2 for bad input of any kind
/// (arguments, dates, files, keys), 1 when the store or the terminal cannot do it.
enum ErrorReport {
    static func isOurs(_ error: any Error) -> Bool {
        error is CLIError || error is StreakRuleError || error is StreakError || error is FileStoreError || error is StreakStoreError || error is PostgresStoreError || error is DashboardError
            || error is ReplicaError || error is ReplicatedStoreError || error is ReplicaSyncFailure || error is ImportFormatError
    }

    static func exitCode(for error: any Error) -> Int32 {
        switch error {
        case CLIError.incompleteCopy, CLIError.notDelivered, CLIError.runsFromBuildFolder, CLIError.copyConflicts, CLIError.copyDisagrees, CLIError.someStreaksFailed: return 1
        case is CLIError, is StreakRuleError, is ImportFormatError: return 2
        case is StreakError: return 1
        case is StreakStoreError: return 2
        case PostgresStoreError.badURL: return 2
        case let store as FileStoreError:
            if case .invalidLine = store { return 2 }
            return 1
        default: return 1
        }
    }

    /// One line (no "Error:" prefix: the caller adds `streaks: error:`).
    static func message(for error: any Error) -> String { StreakStoreError.message(for: error) }
}
