import ArgumentParser
import Foundation
import StreakPresentation
import SwiftfulGamification

struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Move a streak to the trash: its key is free at once, and it can be brought back for 30 days.",
        discussion: """
        Asks first on a terminal; --yes for scripts. `streaks trash list` shows the trash, `streaks trash restore KEY [--as NEW]` \
        brings a streak back. The first write after 30 days empties it. To hide a streak and keep its key, archive it instead.
        """
    )

    @Argument(help: "The streak to delete.", completion: Completions.streakKeys) var key: String
    @Flag(help: "Delete without asking.") var yes = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        try StreakValidation.validateStreakKey(key)
        if !yes {
            guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { throw CLIError.deleteNeedsConfirmation(key) }
            let evaluation = try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
            let title = evaluation.configuration.title.map { " (\($0))" } ?? ""
            context.console.write("Delete '\(key)'\(title), \(evaluation.streak.lengthText)? The trash keeps it 30 days. [y/N] ")
            guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased(), ["y", "yes"].contains(answer) else {
                context.console.print("Nothing deleted.")
                throw ExitCode(1)
            }
        }
        let trashed = try await context.apply(.delete, to: key).trashed(of: key)
        context.console.saved.note("the deletion of \(key)")
        context.console.print(OutcomeWords.deleted(trashed, zone: context.zone))
    }
}

struct TrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash", abstract: "Deleted streaks: list them, bring one back.",
        discussion: "A deleted streak stays in the trash for 30 days; the first write after that removes it.",
        subcommands: [TrashListCommand.self, TrashRestoreCommand.self],
        defaultSubcommand: TrashListCommand.self
    )
}

struct TrashListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The streaks in the trash, the latest deleted first.")

    @Flag(help: "A JSON array: streak_key, title, event_count, date_deleted, date_expires.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        let trashed = try await context.store.trashedStreaks(userId: context.userId, now: context.now)
        if json {
            context.console.print(Report.json(trashed.map { streak in
                [
                    "streak_key": streak.streakKey, "title": streak.title ?? NSNull(), "event_count": streak.eventCount,
                    "date_deleted": ISODate.format(streak.dateDeleted), "date_expires": ISODate.format(streak.dateExpires),
                ] as [String: Any]
            }))
            return
        }
        guard !trashed.isEmpty else {
            context.console.print("The trash is empty.")
            return
        }
        for streak in trashed {
            let title = streak.title.map { "  \"\($0)\"" } ?? ""
            context.console.print(
                "\(streak.streakKey)\(title)  \(Report.count(streak.eventCount, "event"))  deleted \(Report.localTime(streak.dateDeleted, context.zone)), "
                    + "kept until \(Report.localDay(streak.dateExpires, context.zone))"
            )
        }
    }
}

struct TrashRestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring a deleted streak back (the latest deleted with that key).",
        discussion: "Refused while another streak holds the key: --as NEW restores it under another."
    )

    @Argument(help: "The deleted streak's key.") var key: String
    @Option(name: .customLong("as"), help: ArgumentHelp("Restore it under this key instead.", valueName: "key")) var newKey: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        try StreakValidation.validateStreakKey(key)
        if let newKey { try StreakValidation.validateStreakKey(newKey) }
        let target = newKey ?? key
        let streak = try await context.apply(.restore(as: newKey), to: key).evaluation(of: target).streak
        context.console.saved.note("the return of \(target)")
        context.console.print(
            "Restored '\(key)'\(newKey.map { " as '\($0)'" } ?? ""): \(Report.length(streak)), \(Report.statusPhrase(streak, now: context.now, zone: context.zone))."
        )
    }
}
