import ArgumentParser
import Foundation
import GamificationSupport
import StreakStoreKit
import SwiftfulGamification

/// `streaks copy`: every streak of a user from one store to another (a directory or a
/// database), with its settings, goal and schedule history, archive state, freezes, skips, notes and events.
struct CopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy", abstract: "Copy streaks between stores: directories and PostgreSQL databases.",
        discussion: """
        Each store is a directory or a postgres:// URL. Copies every streak (archived ones too) with its settings, goal \
        and schedule history, freezes, skipped days, notes and events; a whole store's copy also carries the experience \
        points, progress and points settings (events by id, progress never lowered). Safe to run again: what the target already holds (by id) is skipped, freezes the source used since are marked used, and the archive state follows the source. A streak the target holds something of that the source does not (an event undone in the source since, a note that differs) is refused, nothing copied.
        Example: streaks copy --from ~/.local/share/streaks --to postgres://me@db.example/streaks
        """
    )

    @Option(help: ArgumentHelp("The store to copy from: a directory or a database URL.", valueName: "store")) var from: String
    @Option(help: ArgumentHelp("The store to copy to: a directory or a database URL.", valueName: "store")) var to: String
    @Option(help: ArgumentHelp("Copy only this streak.", valueName: "key")) var key: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        let console = context.console
        let (source, sourceRole) = try GlobalOptions.openStore(store: from, console: console)
        let (target, targetRole) = try GlobalOptions.openStore(store: to, console: console)
        guard source.location != target.location else { throw CLIError.usage("--from and --to name the same store", command: "streaks copy") }
        let sourceUser = GlobalOptions.userId(explicit: global.user, role: sourceRole, environment: console.environment)
        let targetUser = GlobalOptions.userId(explicit: global.user, role: targetRole, environment: console.environment)
        let keys = if let key { [key] } else { try await source.streakKeys(userId: sourceUser, includingArchived: true) }
        guard !keys.isEmpty else { throw CLIError.nothingToCopy(user: sourceUser, store: source.location) }
        // Everything is read and checked before anything is written: a copy never stops half
        // way over an event the target cannot keep; such events are left out and named.
        // A streak the target has already must come out saying what the source says.
        var batches: [(key: String, batch: ImportBatch, archived: Bool, difference: CopyDifference?)] = []
        var leftOut: [String] = []
        var conflicts: [String] = []
        for key in keys {
            let (whole, archived) = try await source.wholeStreak(userId: sourceUser, streakKey: key)
            let read = whole.storable()
            leftOut += read.leftOut.map { "\(key): \($0)" }
            let existing = try await Self.existing(key, in: target, userId: targetUser)
            let difference = existing.map { CopyDifference(source: read.batch, target: $0.batch) }
            conflicts += (difference?.conflicts ?? []).map { "\(key): the target holds \($0)" }
            batches.append((key, read.batch, archived, difference))
        }
        guard conflicts.isEmpty else { throw CLIError.copyConflicts(conflicts, target: target.location) }
        // A whole store's copy carries its trash too: each streak as deleted when it was.
        var trashed: [(streak: TrashedStreak, batch: ImportBatch, archived: Bool)] = []
        if key == nil {
            for streak in try await source.trashedStreaks(userId: sourceUser, now: context.now) {
                let (whole, archived) = try await source.trashedStreak(userId: sourceUser, streakKey: streak.streakKey, dateDeleted: streak.dateDeleted)
                let read = whole.storable()
                leftOut += read.leftOut.map { "\(streak.streakKey) (in the trash): \($0)" }
                trashed.append((streak, read.batch, archived))
            }
        }
        var added = 0, total = 0, freezes = 0, skips = 0, notes = 0
        for (key, batch, archived, difference) in batches {
            let (now, zone) = (context.now, context.zone)
            let result = try await target.importBatch(batch, userId: targetUser, streakKey: key, now: now, timezone: zone)
            for id in difference?.freezesToUse ?? [] {
                try await target.useFreeze(id: id, userId: targetUser, streakKey: key, now: now, timezone: zone)
            }
            if try await target.isArchived(userId: targetUser, streakKey: key) != archived {
                _ = try await target.setArchived(archived, userId: targetUser, streakKey: key, now: now, timezone: zone)
            }
            added += result.added.count
            total += batch.events.count
            freezes += batch.freezes.count
            skips += batch.skips.count
            notes += batch.notes.count
            console.saved.note("the copy of \(key)")
        }
        for (streak, batch, archived) in trashed {
            try await target.importTrashed(
                batch, archived: archived, userId: targetUser, streakKey: streak.streakKey, dateDeleted: streak.dateDeleted,
                now: context.now, timezone: context.zone
            )
            console.saved.note("the copy of \(streak.streakKey) in the trash")
        }
        // A streak with events left out (named below) cannot agree with its source.
        for (key, _, _, _) in batches where !leftOut.contains(where: { $0.hasPrefix("\(key): ") }) {
            let (now, zone) = (context.now, context.zone)
            let copied = try await target.evaluate(userId: targetUser, streakKey: key, now: now, timezone: zone)
            let original = try await source.evaluate(userId: sourceUser, streakKey: key, now: now, timezone: zone)
            var fields = Self.differentFields(original, copied, now: now, zone: zone)
            if original.notes != copied.notes { fields.append("notes") }
            guard fields.isEmpty else { throw CLIError.copyDisagrees(key: key, fields: fields, target: target.location) }
        }
        let points = key == nil ? try await Self.copyPoints(from: source, sourceUser, to: target, targetUser, console: console) : nil
        let skipped = skips > 0 ? ", \(Report.count(skips, "skipped day"))" : ""
        let noted = notes > 0 ? ", \(Report.count(notes, "note"))" : ""
        let inTrash = trashed.isEmpty ? "" : ", and \(trashed.count) in the trash"
        console.print("Copied \(Report.count(keys.count, "streak")) (\(Report.count(total, "event")), \(Report.count(freezes, "freeze"))\(skipped)\(noted))\(inTrash) from \(source.location) to \(target.location): \(counted(added, "new event")).")
        if let points, points.events + points.items > 0 {
            console.print("Copied \(Report.count(points.events, "experience event")) and \(Report.count(points.items, "progress item")): \(counted(points.newEvents, "new event")).")
        }
        guard leftOut.isEmpty else {
            for line in leftOut.prefix(10) { console.warn("left out: \(line)") }
            if leftOut.count > 10 { console.warn("left out: \(leftOut.count - 10) more") }
            console.saved.forget()
            throw CLIError.incompleteCopy(leftOut.count)
        }
    }

    /// Experience points, progress and the points settings, when both stores keep them: events
    /// by id (once), progress values never lowered, the settings where the target has none.
    private static func copyPoints(
        from source: any StreakStore, _ sourceUser: String, to target: any StreakStore, _ targetUser: String, console: Console
    ) async throws -> (events: Int, newEvents: Int, items: Int)? {
        guard let source = source as? any PointsStore, let target = target as? any PointsStore else { return nil }
        var events = 0, newEvents = 0, items = 0
        for key in try await source.experienceKeys(userId: sourceUser) {
            let read = try await source.experienceEvents(userId: sourceUser, experienceKey: key)
            events += read.count
            newEvents += try await target.addExperienceEvents(read, userId: targetUser, experienceKey: key).count
        }
        for key in try await source.progressKeys(userId: sourceUser) {
            for item in try await source.progressItems(userId: sourceUser, progressKey: key) {
                try await target.saveProgress(item, userId: targetUser)
                items += 1
            }
        }
        let settings = try await source.pointsSettings(userId: sourceUser)
        if settings != StreakPointsSettings(), try await target.pointsSettings(userId: targetUser) == StreakPointsSettings() {
            try await target.setPointsSettings(settings, userId: targetUser)
        }
        if events + items > 0 { console.saved.note("the copy of the experience points and progress") }
        return (events, newEvents, items)
    }

    /// The target's copy of `key`, or nil when it has none.
    private static func existing(_ key: String, in store: any StreakStore, userId: String) async throws -> (batch: ImportBatch, archived: Bool)? {
        do {
            return try await store.wholeStreak(userId: userId, streakKey: key)
        } catch StreakStoreError.unknownStreak {
            return nil
        }
    }

    /// The status fields (as `status --json` says them) on which two evaluations differ.
    private static func differentFields(_ original: StreakEvaluation, _ copied: StreakEvaluation, now: Date, zone: TimeZone) -> [String] {
        let source = Report.statusObject(original, configuration: original.configuration, now: now, zone: zone)
        let target = Report.statusObject(copied, configuration: copied.configuration, now: now, zone: zone)
        return source.keys.sorted().filter { key in
            Report.json([source[key] ?? NSNull()]) != Report.json([target[key] ?? NSNull()])
        }
    }
}
