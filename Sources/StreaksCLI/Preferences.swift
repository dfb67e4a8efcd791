import Foundation
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
