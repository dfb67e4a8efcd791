import Foundation
import GamificationSupport
import SwiftfulGamification

/// Every write a person or a program can make to a streak (or to the points and progress
/// beside it), said once: what the offline copy queues, what `StreakStore.apply` carries out
/// on any store, and what a server takes. Each is safe to apply again: events and freezes by
/// id, removals name what they remove, skips and notes by day, settings as values.
///
/// Its JSON is the offline copy's since before it had this name (an outbox written then
/// reads as it was).
public enum StreakChange: Codable, Sendable, Equatable {
    case create(StreakConfiguration)
    /// `freshIds`: the writer made the ids just now (random UUIDs), so the store need not
    /// look for them among those it holds (a log of a million events saves reading their
    /// ids). Only for a change applied once: what the offline copy queues never says it.
    case addEvents([StreakEvent], creating: StreakConfiguration?, freshIds: Bool? = nil)
    case removeEvent(id: String)
    /// An intent: the last event still counting, when logged at or after `since` (any, when
    /// nil), is removed; the store says which (`StreakChangeResult.removed`), and the offline
    /// copy queues it as `removeEvent` of that id, so a retry never removes a second one.
    case undoLast(since: Date?)
    case configure(goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?)
    case schedule(StreakSchedule)
    /// Several settings in one write (`updateSettings`); with `renamingTo`, the streak takes
    /// that key in the same write (the dashboard's edit form), its earnings moving with it
    /// as in a rename: the key and the settings change together, or neither does.
    case settings(
        goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, schedule: StreakSchedule?, details: StreakDetails, renamingTo: String? = nil
    )
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
    /// An intent: the store decides which freezes bridge the missed days, all or nothing.
    case useFreezesManually
    case removeFreeze(id: String)
    case addSkips([CalendarDay])
    case removeSkips([CalendarDay])
    /// A note added or replaced: its day's text as it was written.
    case setNote(StreakNote)
    case removeNote(CalendarDay)
    /// Experience points and progress (the key is the experience or progress key; empty for
    /// the settings): events by id, a clear under its operation id, a progress value never
    /// lowered, settings as changes applied to the store's.
    case addExperience([ExperiencePointsEvent])
    case clearExperience
    case saveProgress(ProgressItem)
    case deleteProgress(id: String?)
    case pointsSettings([StreakPointsSettings.Change])

    /// Whether it writes points or progress rather than a streak.
    public var isPoints: Bool {
        switch self {
        case .addExperience, .clearExperience, .saveProgress, .deleteProgress, .pointsSettings: true
        default: false
        }
    }

    /// The streaks it touches, given the key it is applied to (a rename two; points none).
    public func streakKeys(applyingTo key: String) -> [String] {
        switch self {
        case .rename(let newKey), .settings(_, _, _, _, _, let newKey?) where newKey != key: return [key, newKey]
        default: return isPoints ? [] : [key]
        }
    }

    /// Whether `error`, from applying it again, means it was applied already (by an earlier
    /// try whose answer was lost): nothing to report then.
    public func meansAlreadyApplied(_ error: any Error) -> Bool {
        switch (self, error) {
        case (.create, StreakStoreError.streakExists): true
        case (.removeEvent, StreakStoreError.unknownEvent): true
        case (.removeFreeze(let id), StreakRuleError.freezeNotFound(let missing)): id == missing
        // Gone already: the day has no note, as asked.
        case (.removeNote(let day), StreakStoreError.noNote(_, let missing)): day == missing
        default: false
        }
    }

    /// What a store throws when this change is made again once it took: the other side of
    /// `meansAlreadyApplied`, for a client that a server told "already applied" to say it as
    /// any store would. Nil for a change that applies again without a refusal.
    public func refusalWhenAlreadyApplied(key: String) -> (any Error)? {
        switch self {
        case .create: StreakStoreError.streakExists(key)
        case .removeEvent(let id): StreakStoreError.unknownEvent(id)
        case .removeFreeze(let id): StreakRuleError.freezeNotFound(id)
        case .removeNote(let day): StreakStoreError.noNote(key, day: day)
        default: nil
        }
    }

    /// The change in a few words, for a report ("log run", "skip 3 days of gym").
    public func summary(of key: String) -> String {
        switch self {
        case .create: "create \(key)"
        case .addEvents(let events, _, _): events.count == 1 ? "log \(key)" : "log \(events.count) events of \(key)"
        case .removeEvent(let id): "remove event \(id) of \(key)"
        case .undoLast: "undo the last event of \(key)"
        case .settings(_, _, _, _, _, let newKey?) where newKey != key: "change the settings of \(key) and rename it \(newKey)"
        case .configure, .settings: "change the settings of \(key)"
        case .schedule: "change the schedule of \(key)"
        case .archive(let archived): archived ? "archive \(key)" : "unarchive \(key)"
        case .rename(let newKey): "rename \(key) to \(newKey)"
        case .reset: "reset \(key)"
        case .delete: "delete \(key)"
        case .restore(let newKey): newKey.map { "restore \(key) as \($0)" } ?? "restore \(key)"
        case .importBatch(_, _, _, let events, _, _): "import \(events.count) events into \(key)"
        case .addFreezes(let freezes): "add \(counted(freezes.count, "freeze")) to \(key)"
        case .useFreeze(let id): "use freeze \(id) of \(key)"
        case .useFreezesManually: "use freezes on \(key)"
        case .removeFreeze(let id): "remove freeze \(id) of \(key)"
        case .addSkips(let days): "skip \(counted(days.count, "day")) of \(key)"
        case .removeSkips(let days): "take back \(counted(days.count, "skip")) of \(key)"
        case .setNote(let note): "note \(note.day) of \(key)"
        case .removeNote(let day): "remove the note on \(day) of \(key)"
        case .addExperience(let events): "add \(counted(events.count, "experience event")) to \(key)"
        case .clearExperience: "delete the experience events of \(key)"
        case .saveProgress(let item): "save progress \(item.id) of \(key)"
        case .deleteProgress(let id): id.map { "delete progress \($0) of \(key)" } ?? "delete the progress of \(key)"
        case .pointsSettings: "change the points settings"
        }
    }
}

/// Which user's streak (or experience or progress key) a change is applied to.
public struct StreakRef: Sendable, Hashable, Codable {
    public let userId: String
    public let key: String

    public init(userId: String, key: String) {
        self.userId = userId
        self.key = key
    }
}

/// What a change produced: the streak as it left it, and what the change itself made or took
/// (the events added, the event removed, the freezes a manual use consumed, the trash record).
public struct StreakChangeResult: Sendable {
    /// nil for a delete, points and progress, and a single freeze used.
    public var evaluation: StreakEvaluation?
    /// Events stored by this change (a log or an import; an id already held is not).
    public var added: [StreakEvent] = []
    public var removed: StreakEvent?
    public var usedFreezes: [FreezeConsumption] = []
    public var trashed: TrashedStreak?
    /// The points the change earned or took back, settled after it for the streaks it touched
    /// (empty while points are off or the store keeps none).
    public var earned: [ExperiencePointsEvent] = []
    /// Why those could not be recorded, when they could not: the change itself is saved, and
    /// the next settling of the streak records them.
    public var pointsFailure: String?
    /// The experience events an `addExperience` stored (an id already held is not).
    public var experienceAdded: [ExperiencePointsEvent] = []
    /// The item a `saveProgress` kept: the higher of the stored value and the one sent.
    public var progressKept: ProgressItem?
    /// The points settings before and after a `pointsSettings` change.
    public var pointsSettings: (before: StreakPointsSettings, after: StreakPointsSettings)?

    public init(evaluation: StreakEvaluation?) {
        self.evaluation = evaluation
    }
}

extension StreakStore {
    /// Applies `change` to `ref` as of `now` in `timezone`: the one entry point every write
    /// can take. Returns what the change produced, the streak as it left it among it, and the
    /// points it earned or took back: on a store that keeps points, while they are on, what
    /// the streaks it touched earn is settled after it (`settlingPoints: false` leaves that
    /// out, for a change whose points come as changes of their own: the offline copy's outbox).
    /// - Throws: what the store's own write throws; `StreakStoreError.noPoints` for points or
    ///   progress on a store that keeps none. Never for the points settled after a change
    ///   that was saved (`StreakChangeResult.pointsFailure`).
    @discardableResult
    public func apply(
        _ change: StreakChange, to ref: StreakRef, at now: Date, timezone zone: TimeZone, settlingPoints: Bool = true
    ) async throws -> StreakChangeResult {
        var produced = try await applyUnsettled(change, to: ref, at: now, timezone: zone)
        if settlingPoints { await settlePoints(after: change, to: ref, &produced, at: now, timezone: zone) }
        return produced
    }

    /// This store's experience points and progress, for a points change.
    /// - Throws: `StreakStoreError.noPoints` on a store that keeps none.
    public func pointsStore() throws -> any PointsStore {
        guard let points = self as? any PointsStore else { throw StreakStoreError.noPoints(location) }
        return points
    }
}

extension PointsStore {
    /// A points or progress change (`StreakChange.isPoints`) made on these ledgers: the
    /// experience ledger or progress of `ref.key`, or the user's points settings. A change of
    /// a streak makes nothing here.
    public func applyPoints(_ change: StreakChange, to ref: StreakRef, at now: Date) async throws -> StreakChangeResult {
        var produced = StreakChangeResult(evaluation: nil)
        switch change {
        case .addExperience(let events):
            produced.experienceAdded = try await addExperienceEvents(events, userId: ref.userId, experienceKey: ref.key)
        case .clearExperience:
            try await deleteAllExperienceEvents(userId: ref.userId, experienceKey: ref.key, now: now)
        case .saveProgress(let item):
            produced.progressKept = try await saveProgress(item, userId: ref.userId)
        case .deleteProgress(let id):
            try await deleteProgress(id: id, userId: ref.userId, progressKey: ref.key, now: now)
        case .pointsSettings(let changes):
            produced.pointsSettings = try await updatePointsSettings(changes, userId: ref.userId)
        default:
            break
        }
        return produced
    }
}
