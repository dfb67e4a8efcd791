import Foundation

extension StreakManager {
    /// Runs a write of this streak on the store of the `StreakBoard` it belongs to, and makes
    /// the evaluation the write returns this manager's before returning: its observers see
    /// the change once, and the store's echo of the same evaluation changes nothing. When the
    /// feed delivered that evaluation while the write ran, the manager has it already (or
    /// what another process wrote after it), and it is not taken again.
    /// - Parameter write: the store, the user and the streak's key; returns a result and the
    ///   streak as the write left it (nil when the write leaves nothing of it to show).
    /// - Throws: `StreakError.notLoggedIn` for a manager made from services (it has no store
    ///   of its own), or what the write throws.
    public func perform<Result: Sendable>(
        _ write: @Sendable (_ store: any StreakStore, _ userId: String, _ streakKey: String) async throws -> (Result, StreakEvaluation?)
    ) async throws -> Result {
        guard let store, let writes, let userId else { throw StreakError.notLoggedIn }
        let key = configuration.streakKey
        let (result, evaluation) = try await writes.run { try await write(store, userId, key) }
        if let evaluation, self.userId == userId { receive(evaluation) }
        return result
    }
}

/// A board manager's cache: the store keeps its own, nothing to read or save here.
struct NoStreakCache: LocalStreakPersistence {
    func getSavedStreakData(streakKey: String) -> CurrentStreakData? { nil }
    func saveCurrentStreakData(streakKey: String, _ streak: CurrentStreakData?) throws {}
}
