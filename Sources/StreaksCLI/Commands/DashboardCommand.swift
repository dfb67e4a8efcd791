import ArgumentParser
import Foundation
import GamificationSupport
import StreakDashboard
import StreakDashboardRuntime
import SwiftfulGamification
import SwiftfulGamificationReplica
import SwiftfulGamificationFileStore

struct DashboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard", abstract: "The full-screen dashboard.",
        // From the key table the dashboard acts on, so `--help` and the man page name its keys.
        discussion: "Keys:\n" + KeyBindings.all.map { "\($0.label(ascii: true)): \($0.description)" }.joined(separator: "\n")
    )

    @Option(help: "A theme name (default, light, high-contrast, colorblind, or one of yours from $XDG_CONFIG_HOME/streaks/themes, ~/.config/streaks/themes) or a .toml file.", completion: Completions.themes)
    var theme: String?
    @Flag(help: "Draw with ASCII only.") var ascii = false
    @Flag(help: .hidden) var exitAfterFirstFrame = false
    @Option(help: .hidden) var traceFile: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        guard isatty(STDOUT_FILENO) != 0, isatty(STDIN_FILENO) != 0 else {
            // Piped or scripted: the status is what can be shown.
            try await StatusCommand.show(nil, json: false, context: context)
            return
        }
        // An empty store opens on the form for a first streak: nothing is written by itself.
        // A copy of a database's streaks is drawn at once; the dashboard syncs as it starts.
        (context.store as? ReplicatedStreakStore)?.deferFirstSync()
        let keys = try await context.store.streakKeys(userId: context.userId)
        let remembered = theme == nil ? Preferences.load(environment: context.console.environment).theme : nil
        var (themes, selected, problems) = ThemeLoading.load(requested: theme, environment: context.console.environment)
        if let remembered, themes.theme(named: remembered) != nil { selected = remembered }
        let noColor = !(context.console.environment["NO_COLOR"] ?? "").isEmpty
        let pinned = context.now
        let clock: @Sendable () -> Date
        if global.now == nil { clock = context.console.clock } else { clock = { pinned } }
        try await Self.show(
            context: context, clock: clock, themes: themes, theme: selected, ascii: ascii, noColor: noColor, keys: keys,
            notice: problems.first, exitAfterFirstFrame: exitAfterFirstFrame, traceFile: traceFile
        )
        for problem in problems { context.console.warn(problem) }
    }

    @MainActor
    private static func show(
        context: CommandContext, clock: @escaping @Sendable () -> Date, themes: ThemeCatalog, theme: String,
        ascii: Bool, noColor: Bool, keys: [String], notice: String?, exitAfterFirstFrame: Bool, traceFile: String?
    ) async throws {
        TerminalSafety.install()
        let screen = try NcursesBackend(noColor: noColor)
        let app = DashboardApp(
            store: context.store,
            userId: context.userId, zone: context.zone, clock: clock, themes: themes,
            theme: theme, ascii: ascii, screen: screen, keys: keys, notice: notice, trace: DashboardTrace(path: traceFile),
            memory: .files(environment: context.console.environment, store: context.store.location, userId: context.userId)
        )
        await app.run(exitAfterFirstFrame: exitAfterFirstFrame)
    }
}

/// The built-in themes plus the user's (`$XDG_CONFIG_HOME/streaks/themes/*.toml`) and a
/// `--theme` file. A bad file is reported by line and the default theme is used instead.
enum ThemeLoading {
    static func load(requested: String?, environment: [String: String]) -> (ThemeCatalog, String, [String]) {
        var catalog = ThemeCatalog.builtIn
        var problems: [String] = []
        let directory = XDGDirectories(environment: environment).configHome + "/streaks/themes"
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() where file.hasSuffix(".toml") {
            add(directory + "/" + file, to: &catalog, problems: &problems)
        }
        var selected = "default"
        if let requested {
            if requested.hasSuffix(".toml") || requested.contains("/") {
                if let name = add(requested, to: &catalog, problems: &problems) { selected = name }
            } else if catalog.theme(named: requested) != nil {
                selected = requested
            } else {
                problems.append("Unknown theme '\(requested)' (themes: \(catalog.names.joined(separator: ", "))); using default.")
            }
        }
        return (catalog, selected, problems)
    }

    @discardableResult
    private static func add(_ path: String, to catalog: inout ThemeCatalog, problems: inout [String]) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            problems.append("Cannot read theme \(path); using default.")
            return nil
        }
        do {
            return try catalog.add(text, source: path)
        } catch {
            problems.append("Theme \(error); using default.")
            return nil
        }
    }
}
