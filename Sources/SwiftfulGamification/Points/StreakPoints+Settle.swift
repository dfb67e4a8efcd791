import Foundation

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
        let recorded = try await store.experienceEvents(userId: userId, experienceKey: experienceKey)
        let corrections = StreakPoints.corrections(
            targets: targets, streakKeys: Set(evaluations.map(\.configuration.streakKey)), recorded: recorded, now: now, timezone: timezone,
            earningSince: settings.earningSince
        )
        guard !corrections.isEmpty else { return [] }
        return try await store.addExperienceEvents(corrections, userId: userId, experienceKey: experienceKey)
    }
}

extension StreakPoints {
    /// After a streak moved from `old` to `new` (a rename, a restore under another key): what
    /// it earned is taken back under the old key and recorded under the new one, so the new
    /// key does not earn the same days again; its own points per day and earning day follow.
    /// Nothing while points are off.
    public static func moveEarnings(from old: String, to new: String, in store: any PointsStore, userId: String, now: Date, timezone: TimeZone) async throws {
        let settings = try await store.pointsSettings(userId: userId)
        guard settings.isOn, old != new else { return }
        let recorded = try await store.experienceEvents(userId: userId, experienceKey: experienceKey)
        let tally = Tally(recorded)
        var moves: [ExperiencePointsEvent] = []
        for (base, entry) in tally.entries.sorted(by: { $0.key < $1.key }) where entry.net != 0 && streakKey(ofBase: base) == old {
            let points = entry.net
            var parts = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            parts[1] = new
            let moved = parts.joined(separator: ".")
            moves.append(ExperiencePointsEvent(
                id: tally.nextId(for: base), dateCreated: now, points: -points, metadata: ["streak": .string(old), "kind": "moved"], timezone: timezone.identifier
            ))
            // A settle of the new key that ran first (the dashboard's) may have earned it already.
            let missing = points - tally.net(of: moved)
            guard missing != 0 else { continue }
            moves.append(ExperiencePointsEvent(
                id: tally.nextId(for: moved), dateCreated: now, points: missing,
                metadata: ["streak": .string(new), "kind": "moved"], timezone: timezone.identifier
            ))
        }
        if !moves.isEmpty { try await store.addExperienceEvents(moves, userId: userId, experienceKey: experienceKey) }
        try await store.updatePointsSettings([.moveStreak(from: old, to: new)], userId: userId)
    }
}
