import Foundation
import StreakStoreKit
import SwiftfulGamification

extension FileStreakStore {
    /// Carries out `change` as one write of this store (under the streak's lock and journal;
    /// a rename with its earnings, an import with its archive state), points not settled:
    /// the file store's one write entry (`StreakStore.applyUnsettled` runs it off the shared threads).
    public func applyUnsettled(_ change: StreakChange, to ref: StreakRef, at now: Date, timezone zone: TimeZone) throws -> StreakChangeResult {
        let (user, key) = (ref.userId, ref.key)
        var produced = StreakChangeResult(evaluation: nil)
        switch change {
        case .create(let configuration):
            produced.evaluation = try createStreak(userId: user, configuration: configuration, now: now, timezone: zone)
        case .addEvents(let events, let configuration, let freshIds):
            (produced.added, produced.evaluation) = try addEvents(
                events, userId: user, streakKey: key, now: now, timezone: zone, freshIds: freshIds ?? false, creating: configuration
            )
        case .removeEvent(let id):
            let (removed, evaluation) = try removeEvent(id: id, userId: user, streakKey: key, now: now, timezone: zone)
            (produced.removed, produced.evaluation) = (removed, evaluation)
        case .undoLast(let since):
            (produced.removed, produced.evaluation) = try undoLastEvent(userId: user, streakKey: key, since: since, now: now, timezone: zone)
        case .configure(let goal, let leeway, let behavior):
            produced.evaluation = try updateConfiguration(
                userId: user, streakKey: key, goal: goal, leewayHours: leeway, freezeBehavior: behavior, now: now, timezone: zone
            )
        case .schedule(let schedule):
            produced.evaluation = try updateSchedule(schedule, userId: user, streakKey: key, now: now, timezone: zone)
        case .settings(let goal, let leeway, let behavior, let schedule, let details, let newKey):
            produced.evaluation = try updateSettings(
                userId: user, streakKey: key, goal: goal, leewayHours: leeway, freezeBehavior: behavior, schedule: schedule, details: details,
                renamingTo: newKey, now: now, timezone: zone
            )
        case .archive(let archived):
            produced.evaluation = try setArchived(archived, userId: user, streakKey: key, now: now, timezone: zone)
        case .rename(let newKey):
            produced.evaluation = try renameStreak(userId: user, from: key, to: newKey, now: now, timezone: zone)
        case .reset:
            produced.evaluation = try resetStreak(userId: user, streakKey: key, now: now, timezone: zone)
        case .delete:
            produced.trashed = try deleteStreak(userId: user, streakKey: key, now: now, timezone: zone)
        case .restore(let newKey):
            produced.evaluation = try restoreStreak(userId: user, streakKey: key, as: newKey, now: now, timezone: zone)
        case .importBatch(let configuration, let goalHistory, let freezes, let events, let skips, let notes):
            let batch = ImportBatch(configuration: configuration, goalHistory: goalHistory, freezes: freezes, events: events, skips: skips, notes: notes ?? [])
            (produced.added, produced.evaluation) = try importBatch(batch, userId: user, streakKey: key, now: now, timezone: zone)
        case .addFreezes(let freezes):
            produced.evaluation = try addFreezes(freezes, userId: user, streakKey: key, now: now, timezone: zone)
        case .useFreeze(let id):
            // The write gives back no streak: none is read for it.
            try useFreeze(id: id, userId: user, streakKey: key, now: now, timezone: zone)
        case .useFreezesManually:
            (produced.usedFreezes, produced.evaluation) = try useFreezesManually(userId: user, streakKey: key, now: now, timezone: zone)
        case .removeFreeze(let id):
            produced.evaluation = try removeFreeze(id: id, userId: user, streakKey: key, now: now, timezone: zone)
        case .addSkips(let days):
            produced.evaluation = try addSkips(days, userId: user, streakKey: key, now: now, timezone: zone)
        case .removeSkips(let days):
            produced.evaluation = try removeSkips(days, userId: user, streakKey: key, now: now, timezone: zone)
        case .setNote(let note):
            produced.evaluation = try setNote(note.text, on: note.day, userId: user, streakKey: key, now: now, timezone: zone)
        case .removeNote(let day):
            produced.evaluation = try removeNote(on: day, userId: user, streakKey: key, now: now, timezone: zone)
        case .addExperience(let events):
            produced.experienceAdded = try addExperienceEvents(events, userId: user, experienceKey: key)
        case .clearExperience:
            try deleteAllExperienceEvents(userId: user, experienceKey: key, now: now)
        case .saveProgress(let item):
            produced.progressKept = try saveProgress(item, userId: user)
        case .deleteProgress(let id):
            try deleteProgress(id: id, userId: user, progressKey: key, now: now)
        case .pointsSettings(let changes):
            produced.pointsSettings = try updatePointsSettings(changes, userId: user)
        }
        return produced
    }
}
