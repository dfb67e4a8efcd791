import ArgumentParser
import Foundation
import SwiftfulGamification

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show a streak, or every streak (what plain `streaks` prints when piped).",
        discussion: "With no key and several streaks: one line per streak. JSON: with a key an object; without one always an array (one element for one streak, [] for none)."
    )

    @Argument(help: "The streak (default: every streak).", completion: Completions.streakKeys) var key: String?
    @Flag(help: "JSON, for scripts: an object with a key, otherwise an array.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Self.show(key, json: json, context: global.context())
    }

    /// Prints a streak's status, or every streak's (also what the dashboard shows when output
    /// is not a terminal).
    static func show(_ key: String?, json: Bool, context: CommandContext) async throws {
        guard let keys = try await context.keysOrAll(key, json: json) else { return }
        let listing = { key == nil ? try await context.store.streakKeys(userId: context.userId) : keys }
        let read = try await context.readListed(listing) { key -> (key: String, evaluation: StreakEvaluation, configuration: StreakConfiguration) in
            let evaluation = try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
            return (key, evaluation, evaluation.configuration)
        }
        let ordered = Report.inDisplayOrder(read) { $0.configuration }
        let streaks = ordered
        guard !streaks.isEmpty else { return try await show(key, json: json, context: context) }
        func object(_ item: (key: String, evaluation: StreakEvaluation, configuration: StreakConfiguration)) -> [String: Any] {
            Report.statusObject(item.evaluation, configuration: item.configuration, now: context.now, zone: context.zone)
        }
        if json, key != nil {
            context.console.print(Report.json(object(ordered[0])))
        } else if json {
            // Always an array without a key: a script's `jq '.[]'` holds however many streaks there are.
            context.console.print(Report.json(ordered.map(object)))
        } else if streaks.count == 1 {
            let (_, evaluation, configuration) = streaks[0]
            context.console.print(Report.statusText(evaluation, configuration: configuration, now: context.now, zone: context.zone))
        } else {
            // A heading before each group, when there are groups.
            var group: String?
            for (line, item) in zip(Report.statusLines(streaks, now: context.now, zone: context.zone), streaks) {
                if item.configuration.group != group, let heading = item.configuration.group { context.console.print("\(heading):") }
                group = item.configuration.group
                context.console.print(item.configuration.group == nil ? line : "  " + line)
            }
        }
    }
}
