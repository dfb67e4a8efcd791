import ArgumentParser
import Foundation
import SwiftfulGamification
import SwiftfulGamificationReplica

/// What the shell completes for streak keys and theme names, read when Tab is pressed:
/// the keys in the store the line names (`--store`, `--database`, `--user`), else the
/// default store ($STREAKS_DATABASE or the default directory).
enum Completions {
    static let streakKeys = CompletionKind.custom { words, _, prefix in await keys(words, archived: false, prefix: prefix) }
    static let archivedStreakKeys = CompletionKind.custom { words, _, prefix in await keys(words, archived: true, prefix: prefix) }
    /// `--days`: the usual sets and the weekday names.
    static let days = CompletionKind.list(["mon-fri", "weekdays", "weekends", "daily"] + Weekday.allCases.map { $0.shortName.lowercased() })
    /// `--per-week`: 1 to 7.
    static let timesPerWeek = CompletionKind.list((1...7).map(String.init))
    /// `--per-month`: 1 to 31.
    static let timesPerMonth = CompletionKind.list((1...31).map(String.init))
    /// `--every` and `--in`: the windows people keep most (any length from 2 to 365 works).
    static let windowDays = CompletionKind.list(["2", "3", "4", "5", "7", "10", "14", "30"])
    /// `--week-start`: the weekday names.
    static let weekdays = CompletionKind.list(Weekday.allCases.map(\.rawValue))
    static let themes = CompletionKind.custom { _, _, prefix in
        ThemeLoading.load(requested: nil, environment: Console.current.environment).0.names.filter { $0.hasPrefix(prefix) }
    }

    private static func keys(_ words: [String], archived: Bool, prefix: String) async -> [String] {
        let console = Console.current
        let named = GlobalOptions.chosenStore(store: value(of: "--store", in: words), database: value(of: "--database", in: words), environment: console.environment)
        guard let (opened, role) = try? GlobalOptions.openStore(store: named, console: console, quiet: true) else { return [] }
        let user = GlobalOptions.userId(explicit: value(of: "--user", in: words), role: role, environment: console.environment)
        // A database's keys come from the copy on this machine (Tab works offline, and at once).
        guard let store = try? GlobalOptions.replicated(opened, userId: user, now: nil, console: console) else { return [] }
        (store as? ReplicatedStreakStore)?.deferFirstSync()
        let active = (try? await store.streakKeys(userId: user)) ?? []
        let shown = archived ? ((try? await store.streakKeys(userId: user, includingArchived: true)) ?? []).filter { !active.contains($0) } : active
        await OpenStores.closeAll()
        return shown.filter { $0.hasPrefix(prefix) }
    }

    /// `--name value` or `--name=value` in a command line being typed.
    static func value(of option: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated().reversed() {
            if word.hasPrefix(option + "=") { return String(word.dropFirst(option.count + 1)) }
            if word == option, index + 1 < words.count { return words[index + 1] }
        }
        return nil
    }
}
