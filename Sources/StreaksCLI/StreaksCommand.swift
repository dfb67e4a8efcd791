import ArgumentParser
import Foundation
import SwiftfulGamification

/// `streaks`: streak tracking from the terminal and from scripts.
public struct StreaksCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "streaks",
        abstract: "Track daily streaks in plain files: log from scripts, git hooks and cron.",
        discussion: """
        KEY defaults to the only streak, or to 'daily' when there is none yet.
        Dates: 2024-01-05, 2024-01-05T09:30 (in the current zone), or ISO 8601 with an offset.
        """,
        version: StreaksVersion.current,
        subcommands: [
            DashboardCommand.self, StatusCommand.self, TodayCommand.self, AskCommand.self, StatsCommand.self, LogCommand.self, UndoCommand.self, EventsCommand.self,
            CreateCommand.self, ConfigCommand.self, ListCommand.self, ResetCommand.self,
            ArchiveCommand.self, UnarchiveCommand.self, RenameCommand.self, OrderCommand.self, DeleteCommand.self, TrashCommand.self,
            FreezeCommand.self, SkipCommand.self, NoteCommand.self, PointsCommand.self, ApplyCommand.self, ServeCommand.self, TokenCommand.self, MCPCommand.self, ImportCommand.self, ExportCommand.self, CopyCommand.self, SyncCommand.self, RemindCommand.self,
        ],
        defaultSubcommand: DashboardCommand.self
    )

    public init() {}

    /// Parses, runs, and exits, turning any error into one line on stderr and an exit code.
    public static func runAndExit() async -> Never {
        StandardStreams.secure()
        let arguments = ProcessArguments.current
        guard !arguments.isEmpty else {
            // Running the default command instead would ignore what was asked for.
            Console.current.writeError("streaks: error: cannot read this command's arguments (is /proc mounted?); nothing was done.\n")
            Foundation.exit(1)
        }
        exitsProcess = true
        Foundation.exit(await run(Array(arguments.dropFirst())))
    }

    /// Set by `runAndExit`: the process ends with the command (tests call `run` instead).
    nonisolated(unsafe) private static var exitsProcess = false

    /// Runs a command line and returns its exit code (the testable entry point). A command
    /// run inside another (`nested`: a tool of `streaks mcp`) never ends the process.
    static func run(_ arguments: [String], nested: Bool = false) async -> Int32 {
        let code = await runCommand(arguments)
        // Completion answers the shell: nothing else may be said.
        if !arguments.contains("---completion") {
            for note in OpenStores.replicaNotes(commandFailed: code != 0) { Console.current.writeError("streaks: \(note)\n") }
        }
        if exitsProcess, !nested {
            // Whatever a store's closing waits for (a server that is gone), the process ends:
            // soon after the stores' own 0.5 s, so a dashboard quit mid-write is gone within a
            // second even on a loaded machine (CI saw 1 s plus scheduling miss its second).
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.6)
                Foundation.exit(code)
            }
        }
        await OpenStores.closeAll()
        return code
    }

    private static func runCommand(_ arguments: [String]) async -> Int32 {
        let console = Console.current
        do {
            var command = try await parse(DateArgument.protectingRelativeDays(arguments))
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
        } catch let exit as ExitCode {
            // A command that said why itself (a question answered no).
            return exit.rawValue
        } catch {
            if !ErrorReport.isOurs(error) {
                // The parser's: help and the version (exit 0), or a usage error.
                let text = fullMessage(for: error)
                if exitCode(for: error) == .success {
                    console.write(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
                    return 0
                }
                if exitCode(for: error) == .validationFailure {
                    return report(CLIError.usage(message(for: error), command: commandPath(arguments)), console)
                }
            }
            return report(error, console)
        }
    }

    private static func report(_ error: any Error, _ console: Console) -> Int32 {
        let saved = console.saved.summary.map { " (\($0) was saved before this)" } ?? ""
        console.writeError("streaks: error: \(ErrorReport.message(for: error))\(saved)\n")
        return ErrorReport.exitCode(for: error)
    }

    private static var subcommandNames: [String] { configuration.subcommands.map { $0._commandName } + ["help"] }
    private static var nestedNames: [String: [String]] {
        [
            "freeze": FreezeCommand.configuration.subcommands.map { $0._commandName },
            "skip": SkipCommand.configuration.subcommands.map { $0._commandName },
            "note": NoteCommand.configuration.subcommands.map { $0._commandName },
            "trash": TrashCommand.configuration.subcommands.map { $0._commandName },
            "points": PointsCommand.configuration.subcommands.map { $0._commandName },
        ]
    }

    /// `streaks log` for a line naming `log`, else `streaks`: where its help is.
    private static func commandPath(_ arguments: [String]) -> String {
        let words = (try? CommandLineFront.normalize(arguments, subcommands: subcommandNames, nested: nestedNames)) ?? arguments
        guard let first = words.first, subcommandNames.contains(first), first != "help" else { return "streaks" }
        var path = "streaks \(first)"
        if let inner = nestedNames[first], words.count > 1, inner.contains(words[1]) {
            path += " \(words[1])"
        }
        return path
    }

    /// The command a line names, after `CommandLineFront`.
    private static func parse(_ arguments: [String]) async throws -> ParsableCommand {
        try await asyncParseAsRoot(try CommandLineFront.normalize(arguments, subcommands: subcommandNames, nested: nestedNames))
    }
}
