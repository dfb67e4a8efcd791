import ArgumentParser
import SwiftfulGamification

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show a streak (default command).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The streak (default: the only one).") var key: String?
    @Flag(help: "One JSON object, for scripts.") var json = false

    func run() throws {
        let context = try global.context()
        let key = try context.streakKey(key, createIfNew: true)
        let configuration = try context.store.settings(userId: context.userId, streakKey: key).configuration
        let streak = try context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone).streak
        context.console.print(json
            ? Report.statusJSON(streak, configuration: configuration)
            : Report.statusText(streak, configuration: configuration, now: context.now, zone: context.zone))
    }
}
