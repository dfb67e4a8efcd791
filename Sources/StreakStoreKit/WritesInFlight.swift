import Foundation
import SwiftfulGamification

/// What a `StreakBoard`'s feed delivered while a write of the board (or of one of its
/// managers) ran. A write's result reaches its manager when the write returns, but the feed
/// may have delivered something for that streak meanwhile: the write's own result (a store
/// publishes a write as it commits), what another process wrote just after it, or a refresh
/// that read the streak after the commit. The manager then holds the write's result or
/// something newer, and the result, possibly older, is not handed to it again; the feed
/// delivers the write's own change if it has not yet. A result is taken only when nothing
/// for its streak came meanwhile.
@MainActor
final class WritesInFlight {
    private var deliveries = 0
    /// Each streak's last delivery, by its number.
    private var lastDelivery: [String: Int] = [:]

    /// The feed delivered an evaluation of `key` (called before its manager takes it).
    func feedDelivered(_ key: String) {
        deliveries += 1
        lastDelivery[key] = deliveries
    }

    /// Runs `write`; its evaluation comes back unless the feed delivered something for the
    /// same streak while it ran.
    func run<Result>(
        _ write: () async throws -> (Result, StreakEvaluation?)
    ) async rethrows -> (Result, StreakEvaluation?) {
        let start = deliveries
        let (result, evaluation) = try await write()
        guard let evaluation, (lastDelivery[evaluation.configuration.streakKey] ?? 0) <= start else { return (result, nil) }
        return (result, evaluation)
    }
}
