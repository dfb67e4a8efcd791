import Testing
@testable import SwiftfulGamification

@Suite struct XDGDirectoriesTests {
    @Test func absoluteVariablesWin() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ann", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_RUNTIME_DIR": "/run/user/1",
        ])
        #expect(directories.dataHome == "/d")
        #expect(directories.configHome == "/c")
        #expect(directories.stateHome == "/s")
        #expect(directories.runtimeDirectory == "/run/user/1")
    }

    /// The specification: a relative or empty value is invalid and the default is used.
    @Test func relativeOrEmptyVariablesFallBackToTheHomeFolder() {
        let directories = XDGDirectories(environment: [
            "HOME": "/home/ann", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "./state", "XDG_RUNTIME_DIR": "run",
        ])
        #expect(directories.dataHome == "/home/ann/.local/share")
        #expect(directories.configHome == "/home/ann/.config")
        #expect(directories.stateHome == "/home/ann/.local/state")
        #expect(directories.runtimeDirectory == nil)
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
