import Foundation
import Testing
@testable import StreakDashboard

struct ThemeTests {
    @Test(arguments: BuiltInThemes.names)
    func builtInThemesParse(name: String) throws {
        #expect(BuiltInThemes.sources[name]?.hasPrefix("# streaks theme: ") == true)
        let theme = try #require(ThemeCatalog.builtIn.theme(named: name))
        for role in [Role.text, .streak, .heat4, .frozen, .danger] { #expect(theme.styles[role] != nil, "\(name) \(role)") }
    }

    /// On 8- and 16-colour terminals no day of the calendar vanishes into a black background:
    /// dark greens, greys and ambers take the nearest visible colour by hue.
    @Test(arguments: BuiltInThemes.names)
    func eightAndSixteenColoursNeverDrawADayBlack(name: String) throws {
        let theme = try #require(ThemeCatalog.builtIn.theme(named: name))
        for colors in [8, 16] {
            let capability = ColorCapability(colors: colors)
            for role in [Role.heat0, .heat1, .heat2, .heat3, .heat4, .partial, .missed, .frozen, .muted, .today] {
                let resolved = capability.resolve(theme.style(for: role), cell: CellStyle(role))
                #expect(resolved.foreground != 0, "\(name) \(role) with \(colors) colours")
            }
        }
        // Partly done days do not look like kept ones.
        let theme256 = ColorCapability(colors: 8)
        let base = try #require(ThemeCatalog.builtIn.theme(named: "default"))
        #expect(theme256.resolve(base.style(for: .partial), cell: CellStyle(.partial)).foreground
            != theme256.resolve(base.style(for: .heat3), cell: CellStyle(.heat3)).foreground)
    }

    @Test func inheritsFillsRolesItLeavesOut() throws {
        let theme = try #require(ThemeCatalog.builtIn.theme(named: "colorblind"))
        #expect(theme.style(for: .heat4).foreground == .rgb(0x9E, 0xCA, 0xE1))
        #expect(theme.style(for: .text) == ThemeCatalog.builtIn.theme(named: "default")!.style(for: .text))
    }

    @Test func badThemeNamesTheLine() {
        var catalog = ThemeCatalog.builtIn
        let text = "name = \"mine\"\n\n[roles]\ntext = \"#fff\"\n"
        #expect(throws: ThemeError(source: "mine.toml", line: 4, reason: "'#fff' is not #rrggbb")) { try catalog.add(text, source: "mine.toml") }
        #expect(throws: ThemeError.self) { try catalog.add("[colors]\n", source: "x.toml") }
        #expect(throws: ThemeError(source: "y.toml", line: 2, reason: "the value of text must be a quoted string")) {
            try catalog.add("[roles]\ntext = 12\n", source: "y.toml")
        }
        #expect(throws: ThemeError(source: "z.toml", line: 1, reason: "inherits unknown theme 'nope'")) {
            try catalog.add("inherits = \"nope\"\n", source: "z.toml")
        }
    }

    @Test func userThemesParseEveryForm() throws {
        var catalog = ThemeCatalog.builtIn
        let name = try catalog.add("""
        # mine
        name = "mine"  # a comment
        inherits = "light"
        [roles]
        text = "default"
        accent = "bright-blue bold underline"
        streak = "208 on 235"
        muted = "white dim"
        """, source: "mine.toml")
        let theme = try #require(catalog.theme(named: name))
        #expect(theme.style(for: .accent) == ThemeStyle(foreground: .ansi(12), bold: true, underline: true))
        #expect(theme.style(for: .streak) == ThemeStyle(foreground: .index(208), background: .index(235)))
        #expect(theme.style(for: .heat4) == ThemeCatalog.builtIn.theme(named: "light")!.style(for: .heat4))
        #expect(catalog.names.last == "mine")
    }

    @Test func coloursDegradeWithTheTerminal() {
        let red = ThemeStyle(foreground: .rgb(255, 0, 0))
        #expect(ColorCapability(colors: 256).resolve(red, cell: CellStyle(.danger)).foreground == 196)
        #expect(ColorCapability(colors: 16).resolve(red, cell: CellStyle(.danger)).foreground == 9)
        #expect(ColorCapability(colors: 8).resolve(red, cell: CellStyle(.danger)).foreground == 1)
        let none = ColorCapability.none.resolve(red, cell: CellStyle(.danger))
        #expect(none.foreground == -1 && none.bold)
        #expect(ColorCapability.none.resolve(ThemeStyle(), cell: CellStyle(.muted)).dim)
        #expect(ColorCapability(colors: 256).resolve(ThemeStyle(foreground: .rgb(128, 128, 128)), cell: .plain).foreground == 244)
        #expect(ColorCapability(colors: 8).resolve(ThemeStyle(foreground: .index(208)), cell: .plain).foreground == 3)
        #expect(ColorCapability(colors: 256).resolve(ThemeStyle(reverse: true), cell: CellStyle(.cursor, reverse: true)).reverse == false)
    }
}
