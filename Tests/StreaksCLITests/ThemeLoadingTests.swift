import Foundation
import Testing
@testable import StreaksCLI

struct ThemeLoadingTests {
    @Test func userThemesLoadAndBadOnesNameTheLine() throws {
        let home = NSTemporaryDirectory() + "streaks-themes-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: home) }
        let directory = home + "/streaks/themes"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "name = \"ocean\"\ninherits = \"default\"\n[roles]\nstreak = \"#00afff bold\"\n".write(toFile: directory + "/ocean.toml", atomically: true, encoding: .utf8)
        try "name = \"broken\"\n[roles]\nstreak = \"#00afff\"\nheat9 = \"red\"\n".write(toFile: directory + "/broken.toml", atomically: true, encoding: .utf8)

        let (catalog, selected, problems) = ThemeLoading.load(requested: "ocean", environment: ["XDG_CONFIG_HOME": home])
        #expect(selected == "ocean")
        #expect(catalog.names.contains("ocean"))
        #expect(!catalog.names.contains("broken"))
        #expect(problems.count == 1)
        #expect(problems.first?.contains("broken.toml:4: unknown role 'heat9'") == true)

        let missing = ThemeLoading.load(requested: "nope", environment: ["XDG_CONFIG_HOME": home])
        #expect(missing.1 == "default")
        #expect(missing.2.last?.contains("Unknown theme 'nope'") == true)

        let file = ThemeLoading.load(requested: directory + "/broken.toml", environment: ["XDG_CONFIG_HOME": home + "/none"])
        #expect(file.1 == "default")
        #expect(file.2.first?.contains("broken.toml:4") == true)
    }
}
