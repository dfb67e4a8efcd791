import Foundation

/// The XDG base directories, by the one rule the specification gives: a variable that holds
/// an absolute path wins; unset, empty or relative, the default under the home folder is used.
/// Every folder the project reads or writes (store, state, configuration) comes from here.
package struct XDGDirectories: Sendable {
    /// `$HOME`, else the account's home folder.
    package let home: String
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    package let dataHome: String
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    package let configHome: String
    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    package let stateHome: String
    /// `$XDG_RUNTIME_DIR`; it has no default.
    package let runtimeDirectory: String?

    package init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func absolute(_ name: String) -> String? { environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil } }
        self.home = home
        dataHome = absolute("XDG_DATA_HOME") ?? home + "/.local/share"
        configHome = absolute("XDG_CONFIG_HOME") ?? home + "/.config"
        stateHome = absolute("XDG_STATE_HOME") ?? home + "/.local/state"
        runtimeDirectory = absolute("XDG_RUNTIME_DIR")
    }

    /// A path a person typed: `~` and `~/...` under the home folder, a relative path under
    /// the working directory.
    package func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return home + path.dropFirst() }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
