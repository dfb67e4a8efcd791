import Foundation
import StreakStoreKit
import SwiftfulGamification

/// How a streak already in a copy's target differs from its source. A copy adds what the
/// target lacks and marks used the freezes the source used since, but never deletes: when
/// the target holds what the source does not (an event undone in the source after an
/// earlier copy, or logged only in the target), copying would leave the two disagreeing, so
/// the copy of that streak is refused, naming why.
struct CopyDifference {
    /// Freezes the target has unused that the source has used: marked used in the target.
    let freezesToUse: [String]
    /// What the copy cannot make equal, one phrase each.
    let conflicts: [String]

    init(source: ImportBatch, target: ImportBatch) {
        let sourceEvents = Set(source.events.map(\.id))
        let extraEvents = target.events.filter { !sourceEvents.contains($0.id) }
        let sourceFreezes = Dictionary(source.freezes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let extraFreezes = target.freezes.filter { sourceFreezes[$0.id] == nil }
        let unusedInSource = target.freezes.filter { $0.isUsed && sourceFreezes[$0.id].map { !$0.isUsed } == true }
        let extraSkips = Set(target.skips).subtracting(source.skips)
        let sourceNotes = source.notesByDay
        let extraNotes = target.notes.filter { sourceNotes[$0.day] == nil }
        let otherNotes = target.notes.filter { note in sourceNotes[note.day].map { $0 != note.text } ?? false }
        freezesToUse = target.freezes.filter { !$0.isUsed && sourceFreezes[$0.id]?.isUsed == true }.map(\.id)
        var conflicts: [String] = []
        if !extraEvents.isEmpty {
            conflicts.append("\(Report.count(extraEvents.count, "event")) the source does not have (undone or removed there, or logged only in the target)")
        }
        if !extraFreezes.isEmpty { conflicts.append("\(Report.count(extraFreezes.count, "freeze")) the source does not have") }
        if !unusedInSource.isEmpty { conflicts.append("\(Report.count(unusedInSource.count, "freeze")) used in the target but not in the source") }
        if !extraSkips.isEmpty { conflicts.append("\(Report.count(extraSkips.count, "skipped day")) the source does not skip") }
        if !extraNotes.isEmpty { conflicts.append("\(Report.count(extraNotes.count, "note")) the source does not have (on \(Self.days(extraNotes)))") }
        if !otherNotes.isEmpty { conflicts.append("\(Report.count(otherNotes.count, "note")) that differ from the source's (on \(Self.days(otherNotes)))") }
        if let configuration = source.configuration, let targetConfiguration = target.configuration,
           configuration != targetConfiguration.renamed(to: configuration.streakKey) || source.goalHistory != target.goalHistory {
            conflicts.append("other settings or goal history")
        }
        self.conflicts = conflicts
    }

    /// "2024-01-05, 2024-01-07" (the first three, then how many more).
    private static func days(_ notes: [StreakNote]) -> String {
        let days = notes.map(\.day).sorted().map(\.description)
        return days.prefix(3).joined(separator: ", ") + (days.count > 3 ? " and \(days.count - 3) more" : "")
    }
}
