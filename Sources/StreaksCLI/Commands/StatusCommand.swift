import ArgumentParser
import SwiftfulGamification

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show a streak (default command).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The streak (default: the only one).") var key: String?
    @Flag(help: "One JSON object, for scripts.") var json = false

    func run() throws {
        try Self.show(key, json: json, context: global.context())
    }

    /// Prints a streak's status (also what the dashboard shows when output is not a terminal).
    static func show(_ key: String?, json: Bool, context: CommandContext) throws {
        if key == nil, try context.store.streakKeys(userId: context.userId).isEmpty {
            context.console.print(json ? "[]" : "No streaks yet: `streaks log` starts 'daily', `streaks create KEY` another.")
            return
        }
        let key = try context.streakKey(key)
        let configuration = try context.store.settings(userId: context.userId, streakKey: key).configuration
        let streak = try context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone).streak
        context.console.print(json
            ? Report.statusJSON(streak, configuration: configuration)
            : Report.statusText(streak, configuration: configuration, now: context.now, zone: context.zone))
    }
}
