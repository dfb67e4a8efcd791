import Foundation
import GamificationSupport
import SwiftfulGamification

/// Where the store lives: `--store DIR`, else `$STREAKS_HOME`, else
/// `$XDG_DATA_HOME/streaks`, else `~/.local/share/streaks`.
public enum StoreLocation {
    public static func resolve(explicit: String?, environment: [String: String]) -> String {
        let directories = XDGDirectories(environment: environment)
        if let explicit, !explicit.isEmpty { return directories.absolutePath(explicit) }
        if let home = environment["STREAKS_HOME"], !home.isEmpty { return directories.absolutePath(home) }
        return directories.dataHome + "/streaks"
    }
}
