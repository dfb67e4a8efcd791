import ArgumentParser
import Foundation
import SwiftfulGamification

/// `streaks note`: a note on a day of a streak, kept or not ("knee hurt"), added, replaced,
/// removed and listed.
struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Write a note on a day of a streak (kept or not), take it back, or list them.",
        discussion: """
        streaks note KEY [DATE] "text" writes the note of DATE (default: today), replacing the one there. \
        Days: 2024-01-05, today, yesterday, -3d (no day to come). A note is one line of up to 1000 characters.
        Examples: streaks note run "knee hurt"; streaks note run yesterday "rain"; streaks note remove run 2024-01-05; streaks note list run --json
        """,
        subcommands: [Add.self, Remove.self, List.self],
        defaultSubcommand: Add.self
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Write the note of a day (default: today), replacing the one there."
        )

        // Unrecognized words too: a day such as -3d, or a text, may start with a dash.
        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp("The streak, the day (default: today), then the note's text in quotes.", valueName: "key [date] text"),
            completion: Completions.streakKeys
        )
        var words: [String] = []
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard (2...3).contains(words.count) else {
                throw ValidationError(words.count < 2
                    ? "Give the streak and the note's text (in quotes), with a day between them for another day than today."
                    : "Give the streak, the day and the note's text: quote a text of several words.")
            }
        }

        func run() async throws {
            let context = try await global.context()
            let today = CalendarDay(containing: context.now, in: context.zone)
            if words.count == 2, CalendarDay(typed: DateArgument.typed(words[1]), today: today) != nil {
                throw CLIError.usage("'\(DateArgument.typed(words[1]))' is a day: give the note's text after it, in quotes", command: "streaks note")
            }
            let key = try await context.streakKey(words[0])
            let day = words.count == 3 ? try DayArgument.parse(words[1], option: "DATE", context: context) : today
            // A note that reads "-3d" is kept as typed, not as the date it was protected as.
            let text = DateArgument.typed(words[words.count - 1])
            // Checked before anything is read or written: a bad note says so whatever the store.
            try StreakValidation.validateNote(text)
            try StreakValidation.validateNoteDay(day, now: context.now, timezone: context.zone)
            let before = try await context.store.notes(userId: context.userId, streakKey: key).first { $0.day == day }
            try await context.apply(.setNote(StreakNote(day: day, text: text)), to: key)
            context.console.saved.note("the note of \(day) in \(key)")
            let verb = before == nil ? "Noted" : before?.text == text ? "Kept the note of" : "Replaced the note of"
            context.console.print("\(verb) \(day) \(day.dayOfWeek.shortName) in \(key): \(text)")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take back the note of a day.")

        // Unrecognized words too: a day such as -3d starts with a dash.
        @Argument(
            parsing: .allUnrecognized, help: ArgumentHelp("The streak, then the day: 2024-01-05, today, yesterday, -3d.", valueName: "key date"),
            completion: Completions.streakKeys
        )
        var words: [String] = []
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard words.count == 2 else { throw ValidationError("Give the streak, then the day whose note to take back.") }
        }

        func run() async throws {
            let context = try await global.context()
            let key = try await context.streakKey(words[0])
            let day = try DayArgument.parse(words[1], option: "DATE", context: context)
            try await context.apply(.removeNote(day), to: key)
            context.console.saved.note("the removal of the note of \(day) in \(key)")
            context.console.print("Removed the note of \(day) \(day.dayOfWeek.shortName) in \(key).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a streak's notes, oldest first.")

        @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
        @Flag(help: #"A JSON array of {"day": "YYYY-MM-DD", "text": "..."}."#) var json = false
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try await global.context()
            let notes = try await context.store.notes(userId: context.userId, streakKey: context.streakKey(key))
            if json {
                context.console.print(Report.json(notes.map { ["day": $0.day.description, "text": $0.text] }))
            } else if notes.isEmpty {
                context.console.print("No notes.")
            } else {
                for note in notes { context.console.print("\(note.day) \(note.day.dayOfWeek.shortName)  \(note.text)") }
            }
        }
    }
}
