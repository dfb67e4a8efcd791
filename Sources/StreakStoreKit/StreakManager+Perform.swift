import Foundation
import SwiftfulGamification

extension StreakManager {
    /// Runs a write of this streak on the store of the `StreakBoard` it belongs to, and makes
    /// the evaluation the write returns this manager's before returning: its observers see
    /// the change once, and the store's echo of the same evaluation changes nothing. When the
    /// board's feed delivered anything for the streak while the write ran, the manager has
    /// the write's result or what came after it, and the result is not taken over it.
    /// - Parameter write: the store, the user and the streak's key; returns a result and the
    ///   streak as the write left it (nil when the write leaves nothing of it to show).
    /// - Throws: `StreakError.notLoggedIn` for a manager made from services (it has no store
    ///   of its own), or what the write throws.
    public func perform<Result: Sendable>(
        _ write: @Sendable (_ store: any StreakStore, _ userId: String, _ streakKey: String) async throws -> (Result, StreakEvaluation?)
    ) async throws -> Result {
        guard let board = board as? BoardLink, let userId else { throw StreakError.notLoggedIn }
        let (store, writes) = (board.store, board.writes)
        let key = configuration.streakKey
        let (result, evaluation) = try await writes.run { try await write(store, userId, key) }
        if let evaluation, self.userId == userId { receive(evaluation) }
        return result
    }

    /// A `StreakBoard`'s manager: the store's own evaluation of the streak, fed by the
    /// board's subscription (no listener, calculation or cache of its own). Its first
    /// evaluation is where the streak stands, not news: notices start after it.
    convenience init(
        store: any StreakStore, userId: String, evaluation: StreakEvaluation, writes: WritesInFlight, logger: (any GamificationLogger)?,
        now: @escaping @Sendable () -> Date, timeZone: @escaping @Sendable () -> TimeZone
    ) {
        self.init(
            board: BoardLink(store: store, writes: writes), remote: StoreRemoteStreakService(store: store, now: now, timezone: timeZone),
            userId: userId, evaluation: evaluation, logger: logger, now: now, timeZone: timeZone
        )
    }
}

/// What a board's manager writes through: the board's store, and its writes under way.
struct BoardLink: Sendable {
    let store: any StreakStore
    let writes: WritesInFlight
}
