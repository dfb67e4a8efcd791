import ArgumentParser
import Foundation
import GamificationSupport
import StreakImporters
import SwiftfulGamification
import SwiftfulGamificationFileStore

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import events from JSON Lines, or everything from harsh, dijo, Loop or Beaver.",
        discussion: """
        streaks import [KEY] FILE: one event per line, {"date_created": "2024-01-05T09:30:00-05:00", "timezone": "America/New_York", \
        "id": "optional", "metadata": {"minutes": 30}}. Lines already imported (same id) are skipped. \
        Any invalid line stops the whole import unless --skip-invalid is given.

        streaks import --from harsh|dijo|loop|beaver|streaks [PATH]: every habit of another tracker as a streak, with its \
        schedule, target, history, skips, notes and archived state. PATH defaults to harsh's folder ($HARSHPATH or \
        ~/.config/harsh) and dijo's data folder; Loop takes its CSV export (the zip or its folder) or a backup (.db); \
        Beaver its JSON export; streaks the file `streaks export --all` writes. Run it again and it adds nothing new. \
        --dry-run prints what it would do and writes nothing.
        """
    )

    enum Source: String, ExpressibleByArgument, CaseIterable { case harsh, dijo, loop, beaver, streaks }

    @Argument(help: "The streak, then the file (the streak defaults to the only one, or 'daily'); with --from, the path of the other tracker's files.", completion: Completions.streakKeys)
    var arguments: [String] = []
    @Option(help: ArgumentHelp("Read another tracker's files: harsh, dijo, loop, beaver, or streaks (an export --all).", valueName: "tool"))
    var from: Source?
    @Flag(help: "With --from: print what would be imported, and write nothing.") var dryRun = false
    @Flag(help: "With --from: map what streaks cannot hold exactly (2 in any 10 days, a monthly goal) to the nearest schedule instead of tracking only.")
    var approximate = false
    @Option(name: .customLong("as"), help: ArgumentHelp("With --from: import the habit NAME as the streak KEY (repeatable).", valueName: "NAME=KEY"))
    var keys: [String] = []
    @Flag(help: "Import the valid lines of a JSON Lines file and report the others.") var skipInvalid = false
    @Flag(help: "With --from: refuse the whole import when a line of the other tracker's files does not read (without it, such a line is left out and named).")
    var strict = false
    @Flag(help: "The imported history earns points (with points on); without it, history before points were on earns none.")
    var withPoints = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if from == nil {
            guard (1...2).contains(arguments.count) else { throw ValidationError("Give the file (and optionally the streak before it), or --from TOOL.") }
            guard !dryRun, !approximate, keys.isEmpty, !strict else { throw ValidationError("--dry-run, --approximate, --as and --strict go with --from.") }
        } else {
            guard arguments.count <= 1 else { throw ValidationError("With --from, give one path (the other tracker's file or folder).") }
            guard !skipInvalid else {
                throw ValidationError("--skip-invalid is for a JSON Lines file; with --from, lines that do not read are left out and named (--strict refuses them).")
            }
            for pair in keys where !pair.contains("=") { throw ValidationError("--as '\(pair)' is not NAME=KEY.") }
        }
    }

    func run() async throws {
        // Importing is how a store starts when moving from another tool: like `create`.
        let context = try await global.context(creatingStore: true)
        // Checked before anything is written.
        let pointsStore = try withPoints ? PointsSettling.store(context) : nil
        if let pointsStore, try await !pointsStore.pointsSettings(userId: context.userId).isOn { throw CLIError.pointsOff }
        if let from {
            let imported = try await HabitImport(source: from, path: arguments.first, dryRun: dryRun, approximate: approximate, strict: strict, keys: keys, context: context).run()
            if withPoints, !dryRun { try await Self.earnFromHistory(of: imported, context: context) }
            return
        }
        let file = arguments.last!
        let source = file == "-" ? "stdin" : file
        let batch = file == "-"
            ? StreakTransfer.parseJSONLines(try context.console.readStandardInput(), source: source, now: context.now)
            : try ImportFile.withBytes(file) { StreakTransfer.parseJSONLines($0, source: source, now: context.now) }
        if batch.configurationKeys.count > 1 {
            // A whole export is several streaks: each goes under its own key, never into one.
            let keys = batch.configurationKeys.prefix(5).joined(separator: ", ") + (batch.configurationKeys.count > 5 ? ", …" : "")
            guard arguments.count == 1, file != "-" else {
                throw CLIError.usage(
                    "\(source) is a whole export of \(batch.configurationKeys.count) streaks (\(keys)): `streaks import --from streaks FILE` imports each under its own key",
                    command: "streaks import"
                )
            }
            let imported = try await HabitImport(source: .streaks, path: file, dryRun: false, approximate: false, keys: [], context: context).run()
            if withPoints { try await Self.earnFromHistory(of: imported, context: context) }
            return
        }
        // A streak's own export names its key; without a KEY it goes back under that key.
        let key = try await context.streakKey(arguments.count == 2 ? arguments[0] : batch.configuration?.streakKey)
        for problem in batch.problems.prefix(20) { context.console.writeError("\(problem)\n") }
        if batch.problems.count > 20 { context.console.writeError("… and \(batch.problems.count - 20) more\n") }
        if !batch.problems.isEmpty, batch.events.isEmpty, batch.configuration == nil {
            context.console.writeError("streaks: no line of \(source) is a streaks event: for another tracker's files, streaks import --from harsh|dijo|loop|beaver PATH\n")
        }
        if !batch.problems.isEmpty, !skipInvalid { throw CLIError.importRejected(count: batch.problems.count, file: source) }
        let result = try await context.apply(.importing(batch), to: key)
        let evaluation = try result.evaluation(of: key)
        context.console.saved.note("the import of \(Report.count(result.added.count, "event")) into \(key)")
        if withPoints { try await Self.earnFromHistory(of: [key], context: context) }
        let skipped = batch.events.count - result.added.count
        context.console.print("Imported \(counted(result.added.count, "event")) into \(key)"
            + (skipped > 0 ? " (\(skipped) already there)" : "") + (batch.problems.isEmpty ? "" : ", skipped \(counted(batch.problems.count, "invalid line"))")
            + ": \(Report.length(evaluation.streak)), \(Report.statusPhrase(evaluation.streak, now: context.now, zone: context.zone)).")
    }

    /// `--with-points`: the imported streaks' whole history earns (the settings change settles it).
    private static func earnFromHistory(of keys: [String], context: CommandContext) async throws {
        var changes: [StreakPointsSettings.Change] = []
        for key in keys {
            let evaluation = try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
            guard let first = evaluation.firstHistoryDay else { continue }
            changes.append(.earnFrom(streakKey: key, day: first))
        }
        if !changes.isEmpty { try await context.apply(.pointsSettings(changes), to: "") }
    }
}
