import Foundation
import SwiftfulGamification

extension StreakPoints {
    /// Records what `evaluations`' streaks have earned and no longer earn, once each (the ids
    /// say what earned them, and the store keeps an id once however many processes settle at
    /// the same time). Nothing while points are off: what was earned stays.
    /// - Returns: the events added.
    @discardableResult
    public static func settle(
        _ evaluations: [StreakEvaluation], in store: any PointsStore, userId: String, now: Date, timezone: TimeZone
    ) async throws -> [ExperiencePointsEvent] {
        let settings = try await store.pointsSettings(userId: userId)
        guard settings.isOn, !evaluations.isEmpty else { return [] }
        var targets: [String: Earning] = [:]
        for evaluation in evaluations {
            targets.merge(StreakPoints.targets(for: evaluation, settings: settings)) { first, _ in first }
        }
        let streakKeys = Set(evaluations.map(\.configuration.streakKey))
        let recorded = try await store.streakEarnings(userId: userId, streakKeys: streakKeys)
        let corrections = StreakPoints.corrections(
            targets: targets, streakKeys: streakKeys, recorded: recorded, now: now, timezone: timezone,
            earningSince: settings.earningSince
        )
        guard !corrections.isEmpty else { return [] }
        return try await store.addStreakEarnings(corrections, userId: userId, streakKeys: streakKeys)
    }
}
