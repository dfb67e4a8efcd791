import Foundation

/// Where the store lives: `--store DIR`, else `$STREAKS_HOME`, else
/// `$XDG_DATA_HOME/streaks`, else `~/.local/share/streaks`.
public enum StoreLocation {
    public static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return absolute(explicit, environment: environment) }
        if let home = environment["STREAKS_HOME"], !home.isEmpty { return absolute(home, environment: environment) }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return absolute(data, environment: environment) + "/streaks" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/streaks"
    }

    private static func absolute(_ path: String, environment: [String: String]) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst() }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
