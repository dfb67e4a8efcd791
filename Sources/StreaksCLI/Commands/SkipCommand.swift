import ArgumentParser
import Foundation
import SwiftfulGamification

struct SkipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip", abstract: "Skip days (a holiday, a sick day): they bridge the streak and spend no freeze.",
        discussion: "Days: 2024-12-24, today, tomorrow, yesterday, +3d, -1d; --to makes a range of up to 366 days. --all: every active streak (a holiday), each on its due days.",
        subcommands: [Add.self, Remove.self, List.self]
    )

    /// `[KEY] DATE [--to DATE]`, shared by add and remove.
    struct Days: ParsableArguments {
        @Argument(help: ArgumentHelp("The streak (default: the only one), then the day.", valueName: "key-and-day"),
                  completion: Completions.streakKeys)
        var words: [String] = []
        @Option(help: "The last day of a range.") var to: String?
        @Flag(help: "Every active streak, each on the days of the range that are due for it.") var all = false

        /// The streak named (none with `--all`: every active one) and the days of the range.
        func resolve(_ context: CommandContext) async throws -> (keys: [String], days: [CalendarDay]) {
            guard (1...(all ? 1 : 2)).contains(words.count) else {
                throw CLIError.usage(
                    all ? "with --all give only the day (no streak)" : "give the day to skip, after the streak when there are several",
                    command: "streaks skip"
                )
            }
            let keys = all ? [] : [try await context.streakKey(words.count == 2 ? words[0] : nil)]
            let first = try DayArgument.parse(words[words.count - 1], option: "DATE", context: context)
            let last = try to.map { try DayArgument.parse($0, option: "--to", context: context) } ?? first
            return (keys, try StreakValidation.skipRange(from: first, through: last))
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
            let context = try await global.context()
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

    /// Skips the days named, or takes their skips back, and says so, streak by streak. With
    /// `--all`, a streak whose schedule has no due day in the range is left alone (said so),
    /// and one that fails does not stop the others (the command then exits 1).
    static func change(_ arguments: Days, _ global: GlobalOptions, adding: Bool) async throws {
        let context = try await global.context()
        let (keys, range) = try await arguments.resolve(context)
        let store = context.store, user = context.userId
        let results = arguments.all
            ? try await store.changeSkipsOfEveryStreak(range, adding: adding, userId: user, now: context.now, timezone: context.zone)
            : [(keys[0], range, .success(try await context.apply(adding ? .addSkips(range) : .removeSkips(range), to: keys[0]).evaluation(of: keys[0])))]
        if results.isEmpty { context.console.print("No active streaks: nothing to skip.") }
        var failed: [String] = []
        for (key, days, result) in results {
            switch result {
            case .failure(let error):
                context.console.warn("\(key): \(ErrorReport.message(for: error))")
                failed.append(key)
            case .success where days.isEmpty:
                context.console.print("Nothing due in \(key) from \(describe(range)): left as it is.")
            case .success(let evaluation):
                context.console.saved.note(adding ? "\(Report.count(days.count, "skipped day")) in \(key)" : "the removal of \(Report.count(days.count, "skip")) from \(key)")
                context.console.print("\(adding ? "Skipped" : "No longer skipping") \(describe(days)) in \(key): \(Report.length(evaluation.streak)).")
            }
        }
        if !failed.isEmpty { throw CLIError.someStreaksFailed(failed) }
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
        let text = DateArgument.typed(text)
        guard let day = CalendarDay(typed: text, today: CalendarDay(containing: context.now, in: context.zone)) else {
            throw CLIError.badDate(option: option, value: text)
        }
        return day
    }
}
