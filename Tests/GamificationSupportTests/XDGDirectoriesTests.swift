import GamificationSupport
import Testing

@Suite struct XDGDirectoriesTests {
    /// An absolute value wins; relative or empty is invalid by the specification and the
    /// default under the home folder is used (the runtime folder has none).
    @Test(arguments: [
        (["XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_RUNTIME_DIR": "/run/user/1"],
         ["/d", "/c", "/s", "/run/user/1"]),
        (["XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "./state", "XDG_RUNTIME_DIR": "run"],
         ["/home/ann/.local/share", "/home/ann/.config", "/home/ann/.local/state", "-"]),
    ])
    func variablesCountOnlyWhenAbsolute(variables: [String: String], expected: [String]) {
        let directories = XDGDirectories(environment: variables.merging(["HOME": "/home/ann"]) { a, _ in a })
        #expect([directories.dataHome, directories.configHome, directories.stateHome, directories.runtimeDirectory ?? "-"] == expected)
    }

    @Test func typedPathsAreMadeAbsolute() {
        let directories = XDGDirectories(environment: ["HOME": "/home/ann"])
        #expect(directories.absolutePath("~") == "/home/ann")
        #expect(directories.absolutePath("~/streaks") == "/home/ann/streaks")
        #expect(directories.absolutePath("/srv/streaks") == "/srv/streaks")
        #expect(directories.absolutePath("streaks").hasSuffix("/streaks"))
        #expect(directories.absolutePath("streaks").hasPrefix("/"))
    }
}
