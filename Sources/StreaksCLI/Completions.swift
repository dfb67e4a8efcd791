import ArgumentParser
import Foundation
import SwiftfulGamificationFileStore

/// What the shell completes for streak keys and theme names, read when Tab is pressed:
/// the keys in the store the line names (`--store`, `--user`), else the default store.
enum Completions {
    static let streakKeys = CompletionKind.custom { words, _, prefix in keys(words, archived: false, prefix: prefix) }
    static let archivedStreakKeys = CompletionKind.custom { words, _, prefix in keys(words, archived: true, prefix: prefix) }
    static let themes = CompletionKind.custom { _, _, prefix in
        ThemeLoading.load(requested: nil, environment: Console.current.environment).0.names.filter { $0.hasPrefix(prefix) }
    }

    private static func keys(_ words: [String], archived: Bool, prefix: String) -> [String] {
        let environment = Console.current.environment
        let root = StoreLocation.resolve(explicit: value(of: "--store", in: words), environment: environment)
        let store = FileStreakStore(rootPath: root) { _ in }
        let user = GlobalOptions.userId(explicit: value(of: "--user", in: words), environment: environment)
        let active = (try? store.streakKeys(userId: user)) ?? []
        let shown = archived ? ((try? store.streakKeys(userId: user, includingArchived: true)) ?? []).filter { !active.contains($0) } : active
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
