import ArgumentParser
import Foundation
import StreakPresentation
import SwiftfulGamification

/// `streaks today`: what is left to do today, most urgent first, then what is kept.
struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "What is left to do today, most urgent first.",
        discussion: """
        Every streak due today and not kept yet: at risk (with the time left), broken, not started, \
        then weekly and monthly streaks whose week or month still needs days, and rolling streaks whose \
        window needs a day by its deadline (standing week_open); each with what is left. Then the streaks \
        already kept, and last what tracking-only streaks read today (or their latest value). Rest days, \
        skipped days and limits gone over are left out; so are tracking-only streaks in JSON. \
        JSON: an array of objects (key, name, standing, deadline, events_left, amount_left, unit, best, detail), \
        the same order.
        """
    )

    @Flag(help: "JSON, for scripts and status bars.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        guard try await context.keysOrAll(nil, json: json) != nil else { return }
        let evaluations = try await context.readListed({ try await context.store.streakKeys(userId: context.userId) }) { key in
            try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
        }
        let ordered = Report.inDisplayOrder(evaluations) { $0.configuration }
        let list = TodayList(ordered, now: context.now, zone: context.zone)
        if json {
            context.console.print(Report.json(list.items.map(Self.object)))
            return
        }
        context.console.print(Self.text(list, dimmingKept: context.console.stylesText) + Self.tracked(ordered))
    }

    /// Rule 13: what each tracking-only streak reads today, or its latest value; nothing to do.
    static func tracked(_ evaluations: [StreakEvaluation]) -> String {
        let tracked = evaluations.compactMap { evaluation in
            StreakMeasurements(evaluation: evaluation).map { (evaluation.configuration.displayName, StreakFacts.measurementPhrase($0, unit: evaluation.configuration.unit)) }
        }
        guard !tracked.isEmpty else { return "" }
        let width = tracked.map(\.0.count).max() ?? 0
        return "\nTracked (\(tracked.count)):\n" + tracked.map { "    \($0.0.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.1)" }.joined(separator: "\n")
    }

    /// - Parameter dimmingKept: the kept lines dimmed (SGR 2), on a terminal that shows it.
    static func text(_ list: TodayList, dimmingKept: Bool = false) -> String {
        let width = list.items.map(\.name.count).max() ?? 0
        func line(_ item: TodayList.Item) -> String {
            let mark = switch item.standing {
            case .atRisk: "!"
            case .broken: "x"
            case .notStarted: "-"
            case .weekOpen: "~"
            case .kept: "+"
            }
            return "  \(mark) \(item.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(item.detail)"
        }
        var lines: [String] = []
        if list.toDo.isEmpty {
            lines.append(list.items.isEmpty ? "Nothing is due today." : "Everything due today is kept.")
        } else {
            lines.append("To do today (\(list.toDo.count)):")
            lines += list.toDo.map(line)
        }
        if !list.kept.isEmpty {
            lines.append("Kept (\(list.kept.count)):")
            lines += list.kept.map { dimmingKept ? "\u{1B}[2m" + line($0) + "\u{1B}[0m" : line($0) }
        }
        return lines.joined(separator: "\n")
    }

    static func object(_ item: TodayList.Item) -> [String: Any] {
        [
            "key": item.key, "name": item.name, "standing": item.standing.rawValue,
            "deadline": item.deadline.map(ISODate.format) ?? NSNull(),
            "events_left": item.eventsLeft ?? NSNull(), "amount_left": item.amountLeft ?? NSNull(),
            "unit": item.unit ?? NSNull(), "best": item.best, "detail": item.detail,
        ]
    }
}
