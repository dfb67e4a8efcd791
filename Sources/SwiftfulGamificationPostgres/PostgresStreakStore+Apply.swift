import Foundation
import StreakStoreKit
import SwiftfulGamification

extension PostgresStreakStore {
    /// Carries out `change` as one transaction of this store (the streak's row locked, its
    /// recalculation and its revision in the same commit; an operation id answered once),
    /// points not settled: the database's one write entry.
    public func applyUnsettled(_ change: StreakChange, to ref: StreakRef, at now: Date, timezone zone: TimeZone) async throws -> StreakChangeResult {
        if change.isPoints { return try await applyPoints(change, to: ref, at: now) }
        let (user, key) = (ref.userId, ref.key)
        var produced = StreakChangeResult(evaluation: nil)
        switch change {
        case .create(let configuration):
            produced.evaluation = try await createStreak(userId: user, configuration: configuration, now: now, timezone: zone)
        case .addEvents(let events, let configuration, let freshIds):
            (produced.added, produced.evaluation) = try await addEvents(
                events, userId: user, streakKey: key, now: now, timezone: zone, freshIds: freshIds ?? false, creating: configuration
            )
        case .removeEvent(let id):
            let (removed, evaluation) = try await removeEvent(id: id, userId: user, streakKey: key, now: now, timezone: zone)
            (produced.removed, produced.evaluation) = (removed, evaluation)
        case .undoLast(let since):
            (produced.removed, produced.evaluation) = try await undoLastEvent(userId: user, streakKey: key, since: since, now: now, timezone: zone)
        case .configure(let goal, let leeway, let behavior):
            produced.evaluation = try await updateConfiguration(
                userId: user, streakKey: key, goal: goal, leewayHours: leeway, freezeBehavior: behavior, now: now, timezone: zone
            )
        case .schedule(let schedule):
            produced.evaluation = try await updateSchedule(schedule, userId: user, streakKey: key, now: now, timezone: zone)
        case .settings(let goal, let leeway, let behavior, let schedule, let details, let newKey):
            produced.evaluation = try await updateSettings(
                userId: user, streakKey: key, goal: goal, leewayHours: leeway, freezeBehavior: behavior, schedule: schedule, details: details,
                renamingTo: newKey, now: now, timezone: zone
            )
        case .archive(let archived):
            produced.evaluation = try await setArchived(archived, userId: user, streakKey: key, now: now, timezone: zone)
        case .rename(let newKey):
            produced.evaluation = try await renameStreak(userId: user, from: key, to: newKey, now: now, timezone: zone)
        case .reset:
            produced.evaluation = try await resetStreak(userId: user, streakKey: key, now: now, timezone: zone)
        case .delete:
            produced.trashed = try await deleteStreak(userId: user, streakKey: key, now: now, timezone: zone)
        case .restore(let newKey):
            produced.evaluation = try await restoreStreak(userId: user, streakKey: key, as: newKey, now: now, timezone: zone)
        case .importBatch(let configuration, let goalHistory, let freezes, let events, let skips, let notes):
            let batch = ImportBatch(configuration: configuration, goalHistory: goalHistory, freezes: freezes, events: events, skips: skips, notes: notes ?? [])
            (produced.added, produced.evaluation) = try await importBatch(batch, userId: user, streakKey: key, now: now, timezone: zone)
        case .addFreezes(let freezes):
            produced.evaluation = try await addFreezes(freezes, userId: user, streakKey: key, now: now, timezone: zone)
        case .useFreeze(let id):
            // The write gives back no streak: none is read for it.
            try await useFreeze(id: id, userId: user, streakKey: key, now: now, timezone: zone)
        case .useFreezesManually:
            (produced.usedFreezes, produced.evaluation) = try await useFreezesManually(userId: user, streakKey: key, now: now, timezone: zone)
        case .removeFreeze(let id):
            produced.evaluation = try await removeFreeze(id: id, userId: user, streakKey: key, now: now, timezone: zone)
        case .addSkips(let days):
            produced.evaluation = try await addSkips(days, userId: user, streakKey: key, now: now, timezone: zone)
        case .removeSkips(let days):
            produced.evaluation = try await removeSkips(days, userId: user, streakKey: key, now: now, timezone: zone)
        case .setNote(let note):
            produced.evaluation = try await setNote(note.text, on: note.day, userId: user, streakKey: key, now: now, timezone: zone)
        case .removeNote(let day):
            produced.evaluation = try await removeNote(on: day, userId: user, streakKey: key, now: now, timezone: zone)
        case .addExperience, .clearExperience, .saveProgress, .deleteProgress, .pointsSettings:
            break
        }
        return produced
    }
}
