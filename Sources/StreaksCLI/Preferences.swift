import Foundation
import GamificationSupport
import StreakDashboardRuntime
import SwiftfulGamification

/// What the dashboard remembers between runs, in `$XDG_CONFIG_HOME/streaks/preferences.toml`
/// (else `~/.config/streaks/preferences.toml`): for now the theme chosen with `t`.
struct Preferences: Equatable {
    var theme: String?

    static func path(environment: [String: String]) -> String {
        XDGDirectories(environment: environment).configHome + "/streaks/preferences.toml"
    }

    /// The saved preferences; none when the file is missing or unreadable (they are only
    /// preferences: a bad file is ignored, never fatal).
    static func load(environment: [String: String]) -> Preferences {
        guard let text = try? String(contentsOfFile: path(environment: environment), encoding: .utf8) else { return Preferences() }
        var preferences = Preferences()
        for entry in (try? TOMLStrings.parse(text))?.entries ?? [] where entry.table.isEmpty && entry.key == "theme" {
            preferences.theme = entry.value
        }
        return preferences
    }

    /// Writes the file whole (a temporary file renamed over it).
    func save(environment: [String: String]) throws {
        let path = Self.path(environment: environment)
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var text = "# streaks dashboard preferences\n"
        if let theme { text += "theme = \(TOMLStrings.quoted(theme))\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

extension DashboardMemory {
    /// The dashboard's memory in the command line's files: `streaks ask`'s answers
    /// (`AskMemory`, shared with it) and the preferences above.
    static func files(environment: [String: String], store location: String, userId: String) -> DashboardMemory {
        let answers = AskMemory(environment: environment)
        return DashboardMemory(
            answers: { key in answers.memory(AskMemory.entry(store: location, user: userId, key: key)) },
            rememberAnswers: { walked, today in
                var memory = AskMemory(environment: environment)
                for (key, answers) in walked { memory.set(answers, for: AskMemory.entry(store: location, user: userId, key: key)) }
                try memory.save(today: today)
            },
            saveTheme: { name in
                var preferences = Preferences.load(environment: environment)
                preferences.theme = name
                try preferences.save(environment: environment)
            }
        )
    }
}
