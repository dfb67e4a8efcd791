import ArgumentParser
import StreakPresentation
import SwiftfulGamification

struct ArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Archive a streak: it leaves the dashboard and `list`; nothing is deleted.",
        discussion: "`streaks list --all` shows archived streaks; `streaks unarchive KEY` brings one back."
    )

    @Argument(help: "The streak to archive.", completion: Completions.streakKeys) var key: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        try StreakValidation.validateStreakKey(key)
        try await context.apply(.archive(true), to: key)
        context.console.saved.note("the archiving of \(key)")
        context.console.print(OutcomeWords.archived(key))
    }
}

struct UnarchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unarchive", abstract: "Bring an archived streak back.")

    @Argument(help: "The archived streak.", completion: Completions.archivedStreakKeys) var key: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        try StreakValidation.validateStreakKey(key)
        let evaluation = try await context.apply(.archive(false), to: key).evaluation
        context.console.saved.note("the return of \(key)")
        let words = evaluation.map { ": \(Report.length($0.streak)), \(Report.statusPhrase($0, now: context.now, zone: context.zone))" } ?? ""
        context.console.print("Unarchived '\(key)'\(words).")
    }
}

struct RenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Give a streak a new key (refused while the new key exists).",
        discussion: "Events, freezes and settings move with it; git hooks and cron jobs naming the old key need the new one."
    )

    @Argument(help: "The streak's key.", completion: Completions.streakKeys) var old: String
    @Argument(help: "Its new key: lowercase letters, digits and underscores.") var new: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        try StreakValidation.validateStreakKey(old)
        try StreakValidation.validateStreakKey(new)
        try await context.apply(.rename(to: new), to: old)
        context.console.saved.note("the renaming of \(old) to \(new)")
        context.console.print("Renamed '\(old)' to '\(new)'.")
    }
}
