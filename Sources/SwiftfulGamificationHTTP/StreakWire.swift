import Foundation
import StreakStoreKit
import SwiftfulGamification

/// A streak whole as the server sends it to `HTTPStreakStore` (`GET /v1/streaks/{key}/record`,
/// and a trashed one's `GET /v1/trash/{key}`): its settings, its goal history, whether it is
/// archived, and what it holds. Dates as ISO 8601 text.
public struct StreakRecord: Codable, Sendable {
    public var configuration: StreakConfiguration?
    public var goalHistory: [StreakGoalChange]
    public var archived: Bool
    public var events: [StreakEvent]
    public var freezes: [StreakFreeze]
    public var skips: [CalendarDay]
    public var notes: [StreakNote]

    public init(
        configuration: StreakConfiguration?, goalHistory: [StreakGoalChange], archived: Bool, events: [StreakEvent], freezes: [StreakFreeze],
        skips: [CalendarDay], notes: [StreakNote]
    ) {
        self.configuration = configuration
        self.goalHistory = goalHistory
        self.archived = archived
        self.events = events
        self.freezes = freezes
        self.skips = skips
        self.notes = notes
    }

    /// A trashed streak's batch as the record of it.
    public init(_ batch: ImportBatch, archived: Bool) {
        self.init(
            configuration: batch.configuration, goalHistory: batch.goalHistory, archived: archived, events: batch.events, freezes: batch.freezes,
            skips: batch.skips, notes: batch.notes
        )
    }

    public var batch: ImportBatch {
        ImportBatch(configuration: configuration, goalHistory: goalHistory, freezes: freezes, events: events, skips: skips, notes: notes)
    }

    enum CodingKeys: String, CodingKey {
        case configuration, archived, events, freezes, skips, notes
        case goalHistory = "goal_history"
    }
}

/// What a change produced, whole, as `POST /v1/changes?form=library` answers it (the
/// command line's form, `?form` absent, keeps to words and statuses).
public struct AppliedChange: Codable, Sendable {
    public var evaluation: StreakEvaluation?
    public var added: [StreakEvent]
    public var removed: StreakEvent?
    public var usedFreezes: [FreezeConsumption]
    public var trashed: TrashedStreak?
    public var earned: [ExperiencePointsEvent]
    public var alreadyApplied: Bool
    /// Each streak revision the change moved, as [before, after].
    public var revisions: [String: [Int64]]
    /// What a change of experience points, progress or the points settings produced (absent for the others).
    public var experienceAdded: [ExperiencePointsEvent]?
    public var progress: ProgressItem?
    public var pointsSettings: SettingsChange?
    /// Why the points the change earned could not be recorded (the change itself is saved).
    public var pointsFailure: String?

    /// The points settings on both sides of a change of them.
    public struct SettingsChange: Codable, Sendable {
        public var before: StreakPointsSettings
        public var after: StreakPointsSettings
    }

    public init(_ result: StreakChangeResult, alreadyApplied: Bool, revisions: [String: (before: Int64, after: Int64)] = [:]) {
        self.revisions = revisions.mapValues { [$0.before, $0.after] }
        evaluation = result.evaluation
        added = result.added
        removed = result.removed
        usedFreezes = result.usedFreezes
        trashed = result.trashed
        earned = result.earned
        self.alreadyApplied = alreadyApplied
        experienceAdded = result.experienceAdded.isEmpty ? nil : result.experienceAdded
        progress = result.progressKept
        pointsSettings = result.pointsSettings.map { SettingsChange(before: $0.before, after: $0.after) }
        pointsFailure = result.pointsFailure
    }

    public var result: StreakChangeResult {
        var result = StreakChangeResult(evaluation: evaluation)
        result.added = added
        result.removed = removed
        result.usedFreezes = usedFreezes
        result.trashed = trashed
        result.earned = earned
        result.experienceAdded = experienceAdded ?? []
        result.progressKept = progress
        result.pointsSettings = pointsSettings.map { ($0.before, $0.after) }
        result.pointsFailure = pointsFailure
        return result
    }

    enum CodingKeys: String, CodingKey {
        case evaluation, added, removed, trashed, earned, revisions, progress
        case usedFreezes = "used_freezes"
        case experienceAdded = "experience_added"
        case pointsSettings = "points_settings"
        case pointsFailure = "points_failure"
        case alreadyApplied = "already_applied"
    }
}

/// A key's experience events or progress items as the server sends them
/// (`GET /v1/experience/{key}`, `GET /v1/progress/{key}`): one of the two lists.
public struct LedgerRecord: Codable, Sendable {
    public var key: String
    public var events: [ExperiencePointsEvent]?
    public var items: [ProgressItem]?

    public init(key: String, events: [ExperiencePointsEvent]? = nil, items: [ProgressItem]? = nil) {
        self.key = key
        self.events = events
        self.items = items
    }
}

/// The wire's JSON: Foundation's coders with instants as ISO 8601 text.
public enum StreakWire {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        Array(try ISODate.jsonEncoder().encode(value))
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try ISODate.jsonDecoder().decode(type, from: data)
    }
}
