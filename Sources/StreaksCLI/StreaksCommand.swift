import ArgumentParser
import Foundation

/// `streaks`: streak tracking from the terminal and from scripts.
public struct StreaksCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "streaks",
        abstract: "Track daily streaks in plain files: log from scripts, git hooks and cron.",
        discussion: """
        KEY defaults to the only streak, or to 'daily' when there is none yet.
        Dates: 2024-01-05, 2024-01-05T09:30 (in the current zone), or ISO 8601 with an offset.
        """,
        subcommands: [
            DashboardCommand.self, StatusCommand.self, StatsCommand.self, LogCommand.self, UndoCommand.self, EventsCommand.self,
            CreateCommand.self, ConfigCommand.self, ListCommand.self, ResetCommand.self,
            FreezeCommand.self, ImportCommand.self, ExportCommand.self,
        ],
        defaultSubcommand: DashboardCommand.self
    )

    public init() {}

    /// Parses, runs, and exits, turning any error into one line on stderr and an exit code.
    public static func runAndExit() async -> Never {
        StandardStreams.secure()
        Foundation.exit(await run(CommandLine.arguments.dropFirst().map { $0 }))
    }

    /// Runs a command line and returns its exit code (the testable entry point).
    static func run(_ arguments: [String]) async -> Int32 {
        let console = Console.current
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            if let failure = console.outputFailure() {
                // Nothing the command said reached its reader: say so, and what was saved. A
                // reader that stopped early (`streaks events | head`) needs no message.
                guard console.saved.summary != nil || failure != StandardStreams.brokenPipe else { return 1 }
                let saved = console.saved.summary.map { "; \($0) was saved" } ?? "; nothing was changed"
                console.writeError("streaks: error: cannot write to standard output (\(failure))\(saved).\n")
                return 1
            }
            return 0
        } catch let error where ErrorReport.isOurs(error) {
            let saved = console.saved.summary.map { " (\($0) was saved before this)" } ?? ""
            console.writeError("streaks: error: \(ErrorReport.message(for: error))\(saved)\n")
            return ErrorReport.exitCode(for: error)
        } catch {
            // ArgumentParser's own: help, version, usage and parse errors.
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            let text = message.hasSuffix("\n") || message.isEmpty ? message : message + "\n"
            if code == .success {
                console.write(text)
                return 0
            }
            // Bad input of any kind, the parser's included, exits 2 (as the README says).
            console.writeError(text)
            return 2
        }
    }
}
