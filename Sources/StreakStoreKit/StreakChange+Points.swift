import Foundation
import SwiftfulGamification

extension StreakChange {
    /// Whose points a change can move.
    enum PointsReach {
        /// None: the trash keeps what a deleted streak earned; points and progress changes
        /// are points already.
        case none
        /// The streak it was applied to (under its new key after a rename or a restore as another).
        case itsStreak
        /// Every streak of the user (the points per day, or points turned on).
        case everyStreak
    }

    var pointsReach: PointsReach {
        switch self {
        case .delete, .addExperience, .clearExperience, .saveProgress, .deleteProgress: .none
        case .pointsSettings: .everyStreak
        default: .itsStreak
        }
    }
}

extension StreakStore {
    /// After `change` was saved: what the streaks it touched earn now and no longer earn is
    /// recorded (`StreakPoints.settle`), from the change's own result where it has one, when
    /// the store keeps points and they are on. A failure is told in `produced`, not thrown:
    /// the change is saved, and the next settling of the streak records what this one missed.
    func settlePoints(after change: StreakChange, to ref: StreakRef, _ produced: inout StreakChangeResult, at now: Date, timezone zone: TimeZone) async {
        guard change.pointsReach != .none, let points = self as? any PointsStore, !points.settlesPointsOfItsChanges else { return }
        do {
            guard try await points.pointsSettings(userId: ref.userId).isOn else { return }
            var evaluations: [StreakEvaluation] = []
            switch change.pointsReach {
            case .none:
                return
            case .itsStreak:
                if let evaluation = produced.evaluation {
                    evaluations = [evaluation]
                } else {
                    let key = change.streakKeys(applyingTo: ref.key).last ?? ref.key
                    evaluations = [try await evaluate(userId: ref.userId, streakKey: key, now: now, timezone: zone)]
                }
            case .everyStreak:
                evaluations = try await evaluating(try await streakKeys(userId: ref.userId), userId: ref.userId, now: now, timezone: zone)
            }
            produced.earned = try await StreakPoints.settle(evaluations, in: points, userId: ref.userId, now: now, timezone: zone)
        } catch {
            produced.pointsFailure = StreakStoreError.sentence(error)
        }
    }

    /// For a write of several streaks that is not one change (an import of many, in one
    /// write), or a catch-up of what earlier writes could not record (`streaks points`): what
    /// the streaks `keys` earn now and no longer earn is recorded, as `apply` records it after
    /// a change, when the store keeps points and they are on.
    /// - Returns: the events added.
    @discardableResult
    public func settlePoints(ofStreaks keys: [String], userId: String, now: Date, timezone zone: TimeZone) async throws -> [ExperiencePointsEvent] {
        guard let points = self as? any PointsStore, !points.settlesPointsOfItsChanges, try await points.pointsSettings(userId: userId).isOn else {
            return []
        }
        let evaluations = try await evaluating(keys, userId: userId, now: now, timezone: zone)
        return try await StreakPoints.settle(evaluations, in: points, userId: userId, now: now, timezone: zone)
    }

    /// The streaks `keys` now; one deleted since the keys were listed has nothing to settle.
    private func evaluating(_ keys: [String], userId: String, now: Date, timezone zone: TimeZone) async throws -> [StreakEvaluation] {
        var evaluations: [StreakEvaluation] = []
        for key in keys {
            do {
                evaluations.append(try await evaluate(userId: userId, streakKey: key, now: now, timezone: zone))
            } catch StreakStoreError.unknownStreak(let missing, _) where missing == key {
                continue
            }
        }
        return evaluations
    }
}
