import Foundation
import GamificationSupport
import SwiftfulGamification

/// The writes a `StreakBoard` (or one of its managers) has under way, and what the store's
/// feed delivered meanwhile. A write's result reaches its manager when the write returns, but
/// the feed may have delivered that same evaluation first (a store publishes each write as it
/// commits) and then a newer one (another process wrote the streak in between): the write's
/// result is then older than what the manager holds, and is not handed to it again.
@MainActor
final class WritesInFlight {
    private var underWay = 0
    private var deliveries = 0
    /// The feed's evaluations since the oldest write under way began, numbered; empty when none is.
    private var delivered: [(number: Int, evaluation: StreakEvaluation)] = []

    /// The feed delivered `evaluation` (called before its manager takes it).
    func feedDelivered(_ evaluation: StreakEvaluation) {
        deliveries += 1
        if underWay > 0 { delivered.append((deliveries, evaluation)) }
    }

    /// Runs `write`; its evaluation comes back unless the feed delivered the same one while
    /// it ran (the manager has it, or something newer).
    func run<Result>(
        _ write: () async throws -> (Result, StreakEvaluation?)
    ) async rethrows -> (Result, StreakEvaluation?) {
        underWay += 1
        let start = deliveries
        defer {
            underWay -= 1
            if underWay == 0 { delivered.removeAll() }
        }
        let (result, evaluation) = try await write()
        guard let evaluation else { return (result, nil) }
        let key = evaluation.configuration.streakKey
        let alreadyDelivered = delivered.contains { entry in
            entry.number > start && entry.evaluation.configuration.streakKey == key && entry.evaluation.isSameEvaluation(as: evaluation)
        }
        return (result, alreadyDelivered ? nil : evaluation)
    }
}
