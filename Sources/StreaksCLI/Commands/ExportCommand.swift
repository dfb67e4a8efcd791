import ArgumentParser
import Foundation
import StreakImporters
import SwiftfulGamification
import SwiftfulGamificationFileStore

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a streak, or all of them, to standard output or a folder.",
        discussion: """
        jsonl (the default) holds the configuration, freezes, skipped days, notes and events, so `import` into an empty store reproduces the streak. \
        --all writes every streak (archived ones too) as one such document, which `streaks import --from streaks FILE` reads back. \
        --format loop-csv DIR writes Loop Habit Tracker's CSV layout (Habits.csv, Checkmarks.csv, a folder per habit), \
        and --format harsh DIR harsh's habits and log files; what those tools cannot hold is said on standard error.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case jsonl, csv
        case loopCSV = "loop-csv"
        case harsh
    }

    @Argument(help: "The streak (default: the only one); with loop-csv or harsh, the folder to write.", completion: Completions.streakKeys)
    var arguments: [String] = []
    @Option(help: "jsonl, csv, loop-csv or harsh.") var format: Format = .jsonl
    @Flag(help: "Every streak, archived ones too.") var all = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        switch format {
        case .loopCSV, .harsh:
            guard arguments.count == 1 else { throw ValidationError("--format \(format.rawValue) writes every streak into a folder: give the folder.") }
        case .jsonl, .csv:
            guard arguments.count <= 1 else { throw ValidationError("Give one streak, or --all.") }
            guard !(all && !arguments.isEmpty) else { throw ValidationError("--all exports every streak; give no key with it.") }
            guard !(all && format == .csv) else { throw ValidationError("--all writes jsonl.") }
        }
    }

    func run() async throws {
        let context = try await global.context()
        let (store, userId) = (context.store, context.userId)
        switch format {
        case .csv:
            let key = try await context.streakKey(arguments.first)
            context.console.write(StreakTransfer.exportCSV(events: try await store.events(userId: userId, streakKey: key)))
        case .jsonl:
            let keys = all ? try await store.streakKeys(userId: userId, includingArchived: true) : [try await context.streakKey(arguments.first)]
            for key in keys {
                let archived = all ? try await store.isArchived(userId: userId, streakKey: key) : false
                let settings = try await store.settings(userId: userId, streakKey: key)
                context.console.write(try StreakTransfer.exportJSONLines(
                    configuration: settings.configuration, goalHistory: settings.goalHistory,
                    freezes: try await store.freezes(userId: userId, streakKey: key),
                    skips: try await store.skips(userId: userId, streakKey: key),
                    notes: try await store.notes(userId: userId, streakKey: key),
                    events: try await store.events(userId: userId, streakKey: key),
                    archived: archived
                ))
            }
        case .loopCSV, .harsh:
            var streaks: [ExportedStreak] = []
            for key in try await store.streakKeys(userId: userId, includingArchived: true) {
                streaks.append(ExportedStreak(
                    configuration: try await store.settings(userId: userId, streakKey: key).configuration,
                    archived: try await store.isArchived(userId: userId, streakKey: key),
                    events: try await store.events(userId: userId, streakKey: key),
                    skips: try await store.skips(userId: userId, streakKey: key),
                    notes: try await store.notes(userId: userId, streakKey: key)
                ))
            }
            let folder = arguments[0]
            let remarks = format == .harsh
                ? try HarshWriter.write(streaks, to: folder, zone: context.zone, today: CalendarDay(containing: context.now, in: context.zone))
                : try LoopCSVWriter.write(streaks, to: folder, zone: context.zone)
            for remark in remarks { context.console.warn(remark) }
            context.console.print("Exported \(Report.count(streaks.count, "streak")) to \(folder) (\(format == .harsh ? "harsh" : "Loop's CSV layout")).")
        }
    }
}
