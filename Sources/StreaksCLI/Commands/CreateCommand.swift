import ArgumentParser
import SwiftfulGamification

struct CreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a streak.")

    @Argument(help: "The streak's key: lowercase letters, digits and underscores.") var key: String
    @OptionGroup var settings: StreakSettingsOptions
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try global.context()
        let configuration = try StreakConfiguration.validated(
            streakKey: key, eventsRequiredPerDay: settings.goal ?? 1, leewayHours: settings.leeway ?? 0,
            freezeBehavior: settings.freezes ?? .manuallyConsumeFreezes
        )
        try context.store.createStreak(userId: context.userId, configuration: configuration, now: context.now, timezone: context.zone)
        context.console.saved.note("the streak '\(key)'")
        context.console.print("Created '\(key)': \(Report.configurationText(configuration)).")
    }
}

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show or change a streak's goal, leeway and freezes.",
        discussion: "A new goal applies from today; earlier days keep the goal they had."
    )

    @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
    @OptionGroup var settings: StreakSettingsOptions
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try global.context()
        let key = try context.streakKey(key)
        if !settings.isEmpty {
            try context.store.updateConfiguration(
                userId: context.userId, streakKey: key, goal: settings.goal, leewayHours: settings.leeway,
                freezeBehavior: settings.freezes, now: context.now, timezone: context.zone
            )
            context.console.saved.note("the new configuration of \(key)")
        }
        let configuration = try context.store.settings(userId: context.userId, streakKey: key).configuration
        context.console.print("\(key): \(Report.configurationText(configuration))")
    }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the streaks (archived ones with --all).")

    @Flag(help: "Archived streaks too.") var all = false
    @Flag(help: "A JSON array of statuses (each with \"archived\").") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try global.context()
        let keys = try context.store.streakKeys(userId: context.userId, includingArchived: all)
        var objects: [[String: Any]] = []
        if keys.isEmpty, !json { context.console.print("No streaks yet: `streaks log` starts 'daily', `streaks create KEY` another.") }
        for key in keys {
            let configuration = try context.store.settings(userId: context.userId, streakKey: key).configuration
            let streak = try context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone).streak
            let archived = all ? try context.store.isArchived(userId: context.userId, streakKey: key) : false
            if json {
                var object = Report.statusObject(streak, configuration: configuration, now: context.now, zone: context.zone)
                object["archived"] = archived
                objects.append(object)
            } else {
                context.console.print("\(key)  \(Report.days(streak.currentStreak ?? 0))  \(streak.status.name)  (\(Report.configurationText(configuration)))"
                    + (archived ? "  archived" : ""))
            }
        }
        if json { context.console.print(Report.json(objects)) }
    }
}

struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Archive a streak: it leaves the dashboard and `list`; nothing is deleted.",
        discussion: "`streaks list --all` shows archived streaks; `streaks unarchive KEY` brings one back."
    )

    @Argument(help: "The streak to archive.", completion: Completions.streakKeys) var key: String
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try global.context()
        try StreakValidation.validateStreakKey(key)
        try context.store.setArchived(true, userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
        context.console.saved.note("the archiving of \(key)")
        context.console.print("Archived '\(key)' (`streaks unarchive \(key)` brings it back).")
    }
}

struct UnarchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unarchive", abstract: "Bring an archived streak back.")

    @Argument(help: "The archived streak.", completion: Completions.archivedStreakKeys) var key: String
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try global.context()
        try StreakValidation.validateStreakKey(key)
        let streak = try context.store.setArchived(false, userId: context.userId, streakKey: key, now: context.now, timezone: context.zone).streak
        context.console.saved.note("the return of \(key)")
        context.console.print("Unarchived '\(key)': \(Report.days(streak.currentStreak ?? 0)), \(Report.statusPhrase(streak, now: context.now, zone: context.zone)).")
    }
}

struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Give a streak a new key (refused while the new key exists).",
        discussion: "Events, freezes and settings move with it; git hooks and cron jobs naming the old key need the new one."
    )

    @Argument(help: "The streak's key.", completion: Completions.streakKeys) var old: String
    @Argument(help: "Its new key: lowercase letters, digits and underscores.") var new: String
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try global.context()
        try StreakValidation.validateStreakKey(old)
        try StreakValidation.validateStreakKey(new)
        try context.store.renameStreak(userId: context.userId, from: old, to: new, now: context.now, timezone: context.zone)
        context.console.saved.note("the renaming of \(old) to \(new)")
        context.console.print("Renamed '\(old)' to '\(new)'.")
    }
}

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Make every event of a streak stop counting.",
        discussion: "The event log keeps the events (a reset is recorded in it), so nothing is deleted."
    )

    @Argument(help: "The streak to reset.", completion: Completions.streakKeys) var key: String
    @Flag(help: "Confirm the reset.") var yes = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        guard yes else { throw CLIError.missingConfirmation(key) }
        let context = try global.context()
        try context.store.resetStreak(userId: context.userId, streakKey: context.streakKey(key), now: context.now, timezone: context.zone)
        context.console.saved.note("the reset of \(key)")
        context.console.print("Reset '\(key)'.")
    }
}
