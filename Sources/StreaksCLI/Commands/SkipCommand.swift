import ArgumentParser
import Foundation
import SwiftfulGamification

struct SkipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip", abstract: "Skip days (a holiday, a sick day): they bridge the streak and spend no freeze.",
        discussion: "Days: 2024-12-24, today, tomorrow, yesterday, +3d, -1d; --to makes a range of up to 366 days.",
        subcommands: [Add.self, Remove.self, List.self]
    )

    /// `[KEY] DATE [--to DATE]`, shared by add and remove.
    struct Days: ParsableArguments {
        @Argument(help: ArgumentHelp("The streak (default: the only one), then the day.", valueName: "key-and-day"),
                  completion: Completions.streakKeys)
        var words: [String] = []
        @Option(help: "The last day of a range.") var to: String?

        func resolve(_ context: CommandContext) async throws -> (key: String, days: [CalendarDay]) {
            guard (1...2).contains(words.count) else {
                throw CLIError.usage("give the day to skip, after the streak when there are several", command: "streaks skip")
            }
            let key = try await context.streakKey(words.count == 2 ? words[0] : nil)
            let first = try DayArgument.parse(words[words.count - 1], option: "DATE", context: context)
            let last = try to.map { try DayArgument.parse($0, option: "--to", context: context) } ?? first
            return (key, try StreakValidation.skipRange(from: first, through: last))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Skip a day or a range of days.")

        @OptionGroup var days: Days
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await SkipCommand.change(days, global, adding: true)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take a skip (or a range of them) back.")

        @OptionGroup var days: Days
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await SkipCommand.change(days, global, adding: false)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the skipped days.")

        @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
        @Flag(help: "A JSON array of dates.") var json = false
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try global.context()
            let days = try await context.store.skips(userId: context.userId, streakKey: context.streakKey(key))
            if json {
                context.console.print(Report.json(days.map(\.description)))
            } else if days.isEmpty {
                context.console.print("No days skipped.")
            } else {
                for day in days { context.console.print("\(day) \(day.dayOfWeek.shortName)") }
            }
        }
    }

    /// Skips the days named, or takes their skips back, and says so.
    static func change(_ arguments: Days, _ global: GlobalOptions, adding: Bool) async throws {
        let context = try global.context()
        let (key, days) = try await arguments.resolve(context)
        let store = context.store, user = context.userId
        let streak = adding
            ? try await store.addSkips(days, userId: user, streakKey: key, now: context.now, timezone: context.zone).streak
            : try await store.removeSkips(days, userId: user, streakKey: key, now: context.now, timezone: context.zone).streak
        context.console.saved.note(adding ? "\(Report.count(days.count, "skipped day")) in \(key)" : "the removal of \(Report.count(days.count, "skip")) from \(key)")
        context.console.print("\(adding ? "Skipped" : "No longer skipping") \(describe(days)) in \(key): \(Report.length(streak)).")
    }

    /// "2024-12-24" or "2024-12-24 to 2025-01-02 (10 days)".
    static func describe(_ days: [CalendarDay]) -> String {
        guard let first = days.first, let last = days.last, days.count > 1 else { return days.first?.description ?? "no day" }
        return "\(first) to \(last) (\(days.count) days)"
    }
}

/// A calendar day as people type it: `2024-12-24`, `today`, `tomorrow`, `yesterday`, `+3d`, `-1d`.
enum DayArgument {
    static func parse(_ text: String, option: String, context: CommandContext) throws -> CalendarDay {
        guard let day = CalendarDay(typed: text, today: CalendarDay(containing: context.now, in: context.zone)) else {
            throw CLIError.badDate(option: option, value: text)
        }
        return day
    }
}
