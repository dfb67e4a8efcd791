import Foundation
import SwiftfulGamification

/// A write made while the server was away, as it waits in the outbox: what it changes, of
/// which streak, when and in which zone, under the operation id it is pushed with (the
/// server records a write's result under that id, so pushing it twice applies it once).
struct QueuedChange: Codable, Sendable {
    let operation: String
    let userId: String
    let streakKey: String
    let now: Date
    let timezone: String
    let change: Change

    /// Every write of `StreakStore`, in a form that applies the same on any store. Each is
    /// safe to apply again: events and freezes by id, removals name the id they remove,
    /// skips and notes by day, settings as values.
    enum Change: Codable, Sendable {
        case create(StreakConfiguration)
        case addEvents([StreakEvent], creating: StreakConfiguration?)
        case removeEvent(id: String)
        case configure(goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?)
        case schedule(StreakSchedule)
        /// Several settings in one write (`updateSettings`).
        case settings(goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, schedule: StreakSchedule?, details: StreakDetails)
        case archive(Bool)
        case rename(to: String)
        case reset
        /// To the trash; back out of it under the same key, or `as` another.
        case delete
        case restore(as: String?)
        /// `notes` is absent from changes queued before notes.
        case importBatch(
            configuration: StreakConfiguration?, goalHistory: [StreakGoalChange], freezes: [StreakFreeze], events: [StreakEvent], skips: [CalendarDay],
            notes: [StreakNote]?
        )
        case addFreezes([StreakFreeze])
        case useFreeze(id: String)
        /// An intent: the server decides which freezes bridge the missed days, all or nothing.
        case useFreezesManually
        case removeFreeze(id: String)
        case addSkips([CalendarDay])
        case removeSkips([CalendarDay])
        /// A note added or replaced: its day's text as it was written.
        case setNote(StreakNote)
        case removeNote(CalendarDay)
        /// Experience points and progress (`streakKey` is the experience or progress key;
        /// empty for the settings): events by id, a clear under its operation id, a progress
        /// value never lowered, settings as changes applied to the server's.
        case addExperience([ExperiencePointsEvent])
        case clearExperience
        case saveProgress(ProgressItem)
        case deleteProgress(id: String?)
        case pointsSettings([StreakPointsSettings.Change])
    }

    var zone: TimeZone { TimeZone(identifier: timezone) ?? TimeZone(identifier: "UTC")! }

    /// Applies the change to `store` as of the time it was made.
    func apply(to store: any StreakStore) async throws {
        let (user, key, now, zone) = (userId, streakKey, now, zone)
        switch change {
        case .create(let configuration):
            _ = try await store.createStreak(userId: user, configuration: configuration, now: now, timezone: zone)
        case .addEvents(let events, let configuration):
            _ = try await store.addEvents(events, userId: user, streakKey: key, now: now, timezone: zone, freshIds: false, creating: configuration)
        case .removeEvent(let id):
            _ = try await store.removeEvent(id: id, userId: user, streakKey: key, now: now, timezone: zone)
        case .configure(let goal, let leeway, let behavior):
            _ = try await store.updateConfiguration(
                userId: user, streakKey: key, goal: goal, leewayHours: leeway, freezeBehavior: behavior, now: now, timezone: zone
            )
        case .schedule(let schedule):
            _ = try await store.updateSchedule(schedule, userId: user, streakKey: key, now: now, timezone: zone)
        case .settings(let goal, let leeway, let behavior, let schedule, let details):
            _ = try await store.updateSettings(
                userId: user, streakKey: key, goal: goal, leewayHours: leeway, freezeBehavior: behavior, schedule: schedule, details: details,
                now: now, timezone: zone
            )
        case .archive(let archived):
            _ = try await store.setArchived(archived, userId: user, streakKey: key, now: now, timezone: zone)
        case .rename(let newKey):
            _ = try await store.renameStreak(userId: user, from: key, to: newKey, now: now, timezone: zone)
        case .reset:
            _ = try await store.resetStreak(userId: user, streakKey: key, now: now, timezone: zone)
        case .delete:
            _ = try await store.deleteStreak(userId: user, streakKey: key, now: now, timezone: zone)
        case .restore(let newKey):
            _ = try await store.restoreStreak(userId: user, streakKey: key, as: newKey, now: now, timezone: zone)
        case .importBatch(let configuration, let goalHistory, let freezes, let events, let skips, let notes):
            let batch = ImportBatch(
                configuration: configuration, goalHistory: goalHistory, freezes: freezes, events: events, skips: skips, notes: notes ?? []
            )
            _ = try await store.importBatch(batch, userId: user, streakKey: key, now: now, timezone: zone)
        case .addFreezes(let freezes):
            _ = try await store.addFreezes(freezes, userId: user, streakKey: key, now: now, timezone: zone)
        case .useFreeze(let id):
            try await store.useFreeze(id: id, userId: user, streakKey: key, now: now, timezone: zone)
        case .useFreezesManually:
            _ = try await store.useFreezesManually(userId: user, streakKey: key, now: now, timezone: zone)
        case .removeFreeze(let id):
            _ = try await store.removeFreeze(id: id, userId: user, streakKey: key, now: now, timezone: zone)
        case .addSkips(let days):
            _ = try await store.addSkips(days, userId: user, streakKey: key, now: now, timezone: zone)
        case .removeSkips(let days):
            _ = try await store.removeSkips(days, userId: user, streakKey: key, now: now, timezone: zone)
        case .setNote(let note):
            _ = try await store.setNote(note.text, on: note.day, userId: user, streakKey: key, now: now, timezone: zone)
        case .removeNote(let day):
            _ = try await store.removeNote(on: day, userId: user, streakKey: key, now: now, timezone: zone)
        case .addExperience(let events):
            try await Self.points(store).addExperienceEvents(events, userId: user, experienceKey: key)
        case .clearExperience:
            try await Self.points(store).deleteAllExperienceEvents(userId: user, experienceKey: key, now: now)
        case .saveProgress(let item):
            try await Self.points(store).saveProgress(item, userId: user)
        case .deleteProgress(let id):
            try await Self.points(store).deleteProgress(id: id, userId: user, progressKey: key, now: now)
        case .pointsSettings(let changes):
            try await Self.points(store).updatePointsSettings(changes, userId: user)
        }
    }

    static func points(_ store: any StreakStore) throws -> any PointsStore {
        guard let points = store as? any PointsStore else { throw ReplicatedStoreError.noPoints(store.location) }
        return points
    }

    /// Whether `error`, from pushing this change, means it was applied already (by an
    /// earlier push whose reply was lost): nothing to report then.
    func meansAlreadyApplied(_ error: any Error) -> Bool {
        switch (change, error) {
        case (.create, StreakStoreError.streakExists): true
        case (.removeEvent, StreakStoreError.unknownEvent): true
        case (.removeFreeze(let id), StreakRuleError.freezeNotFound(let missing)): id == missing
        // Gone already (this push's first try, or another machine): the day has no note, as asked.
        case (.removeNote(let day), StreakStoreError.noNote(_, let missing)): day == missing
        default: false
        }
    }

    /// The streaks the change touches (a rename two; points changes none).
    var streakKeys: [String] {
        switch change {
        case .rename(let newKey): [streakKey, newKey]
        case .addExperience, .clearExperience, .saveProgress, .deleteProgress, .pointsSettings: []
        default: [streakKey]
        }
    }

    /// The change in a few words, for the report of a sync.
    var summary: String {
        switch change {
        case .create: "create \(streakKey)"
        case .addEvents(let events, _): events.count == 1 ? "log \(streakKey)" : "log \(events.count) events of \(streakKey)"
        case .removeEvent(let id): "remove event \(id) of \(streakKey)"
        case .configure, .settings: "change the settings of \(streakKey)"
        case .schedule: "change the schedule of \(streakKey)"
        case .archive(let archived): archived ? "archive \(streakKey)" : "unarchive \(streakKey)"
        case .rename(let newKey): "rename \(streakKey) to \(newKey)"
        case .reset: "reset \(streakKey)"
        case .delete: "delete \(streakKey)"
        case .restore(let newKey): newKey.map { "restore \(streakKey) as \($0)" } ?? "restore \(streakKey)"
        case .importBatch(_, _, _, let events, _, _): "import \(events.count) events into \(streakKey)"
        case .addFreezes(let freezes): "add \(counted(freezes.count, "freeze")) to \(streakKey)"
        case .useFreeze(let id): "use freeze \(id) of \(streakKey)"
        case .useFreezesManually: "use freezes on \(streakKey)"
        case .removeFreeze(let id): "remove freeze \(id) of \(streakKey)"
        case .addSkips(let days): "skip \(counted(days.count, "day")) of \(streakKey)"
        case .removeSkips(let days): "take back \(counted(days.count, "skip")) of \(streakKey)"
        case .setNote(let note): "note \(note.day) of \(streakKey)"
        case .removeNote(let day): "remove the note on \(day) of \(streakKey)"
        case .addExperience(let events): "add \(counted(events.count, "experience event")) to \(streakKey)"
        case .clearExperience: "delete the experience events of \(streakKey)"
        case .saveProgress(let item): "save progress \(item.id) of \(streakKey)"
        case .deleteProgress(let id): id.map { "delete progress \($0) of \(streakKey)" } ?? "delete the progress of \(streakKey)"
        case .pointsSettings: "change the points settings"
        }
    }
}
