import Foundation
import GamificationSupport
import StreakImporters
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// `streaks import --from TOOL`: reads the other tracker's files whole, plans a streak per
/// habit, refuses (writing nothing) when a streak that exists holds another schedule or
/// target, then writes each streak in one import and prints what it did.
struct HabitImport {
    let source: ImportCommand.Source
    let path: String?
    let dryRun: Bool
    let approximate: Bool
    var strict = false
    let keys: [String]
    let context: CommandContext

    /// - Returns: the keys of the streaks imported (none for a dry run).
    @discardableResult
    func run() async throws -> [String] {
        let console = context.console
        let (store, userId) = (context.store, context.userId)
        let existingKeys = try await store.streakKeys(userId: userId, includingArchived: true)
        var existing: [String: StreakConfiguration] = [:]
        for key in existingKeys { existing[key] = try await store.settings(userId: userId, streakKey: key).configuration }
        let planned = try await plan(firstPosition: (existing.values.compactMap(\.position).max() ?? 0) + 1)
        var conflicts: [String] = []
        for streak in planned {
            guard let configuration = existing[streak.key] else { continue }
            let differences = streak.differences(from: configuration)
            if !differences.isEmpty { conflicts.append("\"\(streak.name)\" would go into \(streak.key), but \(differences.joined(separator: " and "))") }
        }
        guard conflicts.isEmpty else { throw CLIError.importConflicts(conflicts) }
        for line in ImportReport.lines(planned, existing: Set(existingKeys)) { console.print(line) }
        let events = planned.reduce(0) { $0 + $1.batch.events.count }
        let new = planned.filter { existing[$0.key] == nil }.count
        let habits = Report.count(planned.count, "habit")
        guard !dryRun else {
            console.print("Would import \(habits) (\(counted(new, "new streak")), \(Report.count(events, "event"))); nothing written (--dry-run).")
            return []
        }
        // Every habit in one write where the store can: all of them, or none.
        let batches = planned.map { streak in
            var batch = streak.batch
            batch.archived = streak.archived
            return (streakKey: streak.key, batch: batch)
        }
        let results = try await store.importBatches(batches, userId: userId, now: context.now, timezone: context.zone)
        let added = results.reduce(0) { $0 + $1.added.count }
        for streak in planned {
            // A store that does not take the archive state with the import.
            if try await store.isArchived(userId: userId, streakKey: streak.key) != streak.archived {
                _ = try await store.setArchived(streak.archived, userId: userId, streakKey: streak.key, now: context.now, timezone: context.zone)
            }
        }
        console.saved.note("the import of \(Report.count(planned.count, "streak"))")
        await context.settlePoints(ofStreaks: planned.map(\.key))
        let already = events - added
        console.print("Imported \(habits) from \(source.rawValue): \(counted(new, "new streak")), \(Report.count(added, "new event"))"
            + (already > 0 ? " (\(already) already there)" : "") + ".")
        return planned.map(\.key)
    }

    /// The habits read and mapped, before anything is written.
    private func plan(firstPosition: Double) async throws -> [PlannedStreak] {
        var chosen: [String: String] = [:]
        for pair in keys {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            chosen[String(parts[0])] = String(parts[1])
        }
        let environment = context.console.environment
        func required(_ what: String) throws -> String {
            guard let path else { throw CLIError.usage("Give the path of \(what)", command: "streaks import") }
            return path
        }
        let contents: SourceContents
        switch source {
        case .harsh:
            contents = try HarshReader.read(
                folder: path ?? HarshReader.defaultFolder(environment: environment), today: CalendarDay(containing: context.now, in: context.zone), strict: strict
            )
        case .dijo:
            contents = try DijoReader.read(path: path ?? DijoReader.defaultFolder(environment: environment))
        case .loop:
            let file = try required("Loop's CSV export (a .zip or its folder) or a backup (.db)")
            contents = file.lowercased().hasSuffix(".db") || LoopDatabaseReader.isSQLite(file)
                ? try await LoopDatabaseReader.read(file: file)
                : try LoopCSVReader.read(path: file)
        case .beaver:
            contents = try BeaverReader.read(file: try required("Beaver's JSON export"))
        case .streaks:
            return try wholeExport(try required("a file `streaks export --all` wrote"), chosen: chosen)
        }
        for remark in contents.remarks { context.console.print("note: \(remark)") }
        let planner = ImportPlanner(
            tool: source.rawValue, zone: context.zone, now: context.now, approximate: approximate, keys: chosen, firstPosition: firstPosition
        )
        let planned = try planner.plan(contents)
        for streak in planned { try streak.batch.validate() }
        return planned
    }

    /// Our own whole export: each streak as it was, under its own key (or the one --as gives).
    private func wholeExport(_ file: String, chosen: [String: String]) throws -> [PlannedStreak] {
        let sections = try ImportFile.withBytes(file) { StreakTransfer.parseWholeExport($0, source: file, now: context.now) }
        let problems = sections.flatMap(\.problems)
        for problem in problems.prefix(20) { context.console.writeError("\(problem)\n") }
        guard problems.isEmpty else { throw CLIError.importRejected(count: problems.count, file: file) }
        guard !sections.isEmpty else { throw ImportFormatError(file, "holds no streaks (is it a file `streaks export --all` wrote?)") }
        return try sections.map { batch in
            var batch = batch
            var configuration = batch.configuration!
            if let key = chosen[configuration.streakKey] {
                try StreakValidation.validateStreakKey(key)
                configuration = configuration.renamed(to: key)
                batch.configuration = configuration
            }
            try batch.validate()
            return PlannedStreak(
                name: configuration.streakKey, key: configuration.streakKey, configuration: configuration, batch: batch,
                archived: batch.archived ?? false, remark: nil, leftOut: []
            )
        }
    }
}
