import Foundation

/// Where a user's streak data lives (a server, or the local file store) and is calculated
/// when `useServerCalculation` is set.
///
/// Providers treat events with the same id as one event, so recording the same event twice
/// (for example the freeze event of an auto-consumed freeze) stores it once.
@MainActor
public protocol RemoteStreakService: Sendable {
    /// Yields the current streak now (when there is one) and after every change.
    func streamCurrentStreak(userId: String, streakKey: String) -> AsyncThrowingStream<CurrentStreakData, any Error>
    func updateCurrentStreak(userId: String, streakKey: String, streak: CurrentStreakData) async throws
    /// Calculates on the provider's side; the result arrives through `streamCurrentStreak`.
    // swiftlint:disable:next function_parameter_count
    func calculateStreak(
        userId: String, streakKey: String, eventsRequiredPerDay: Int, leewayHours: Int,
        freezeBehavior: FreezeBehavior, timezone: String?
    ) async throws
    func addEvent(userId: String, streakKey: String, event: StreakEvent) async throws
    func getAllEvents(userId: String, streakKey: String) async throws -> [StreakEvent]
    func deleteAllEvents(userId: String, streakKey: String) async throws
    func addStreakFreeze(userId: String, streakKey: String, freeze: StreakFreeze) async throws
    /// Marks a freeze used. - Throws: `StreakRuleError.freezeAlreadyUsed` when it already is.
    func useStreakFreeze(userId: String, streakKey: String, freezeId: String) async throws
    func getAllStreakFreezes(userId: String, streakKey: String) async throws -> [StreakFreeze]
    /// The streak's goal changes, oldest first (empty when the goal never changed).
    func getGoalSchedule(userId: String, streakKey: String) async throws -> [StreakGoalChange]
    /// For providers that calculate: whole evaluations (the streak and how every day was
    /// credited), now and after every change, in place of `streamCurrentStreak`. Nil (the
    /// default) when the provider only stores.
    func streamStreakEvaluation(userId: String, streakKey: String) -> AsyncThrowingStream<StreakEvaluation, any Error>?
    /// For providers that calculate: in manual mode, uses the freezes that restore the
    /// streak in one write, all or nothing, and returns what was consumed. Nil (the default)
    /// leaves it to the manager, which records each freeze itself.
    /// - Throws: `StreakRuleError.nothingToSave`, `.notEnoughFreezes`, `.freezesNotManual`.
    func useStreakFreezesManually(userId: String, streakKey: String, timezone: String?) async throws -> [FreezeConsumption]?
    /// For providers with a copy on the device: changes waiting for the server and whether a
    /// sync runs, now and on every change. Nil (the default): writes go straight through.
    func streamSyncState() -> AsyncStream<StoreSyncState>?
    /// The days skipped (rule 9), ascending (empty for a provider that stores none).
    func getSkips(userId: String, streakKey: String) async throws -> [CalendarDay]
    /// Skips days; a day already skipped stays as it is.
    /// - Throws: `StreakStoreError.skipsNotStored` for a provider that cannot keep them.
    func addSkips(userId: String, streakKey: String, days: [CalendarDay]) async throws
    /// Takes skips back; a day not skipped stays as it is.
    func removeSkips(userId: String, streakKey: String, days: [CalendarDay]) async throws
    /// The streak's notes, by date (empty for a provider that stores none).
    func getNotes(userId: String, streakKey: String) async throws -> [StreakNote]
    /// Adds the note, or replaces the one on its day.
    /// - Throws: `StreakStoreError.notesNotStored` for a provider that cannot keep them.
    func setNote(userId: String, streakKey: String, note: StreakNote) async throws
    /// Takes back the note on `day`. - Throws: `StreakStoreError.noNote` when the day has none.
    func removeNote(userId: String, streakKey: String, day: CalendarDay) async throws
}

extension RemoteStreakService {
    public func getGoalSchedule(userId: String, streakKey: String) async throws -> [StreakGoalChange] { [] }
    public func streamStreakEvaluation(userId: String, streakKey: String) -> AsyncThrowingStream<StreakEvaluation, any Error>? { nil }
    public func useStreakFreezesManually(userId: String, streakKey: String, timezone: String?) async throws -> [FreezeConsumption]? { nil }
    public func streamSyncState() -> AsyncStream<StoreSyncState>? { nil }
    public func getSkips(userId: String, streakKey: String) async throws -> [CalendarDay] { [] }
    public func addSkips(userId: String, streakKey: String, days: [CalendarDay]) async throws { throw StreakStoreError.skipsNotStored }
    public func removeSkips(userId: String, streakKey: String, days: [CalendarDay]) async throws { throw StreakStoreError.skipsNotStored }
    public func getNotes(userId: String, streakKey: String) async throws -> [StreakNote] { [] }
    public func setNote(userId: String, streakKey: String, note: StreakNote) async throws { throw StreakStoreError.notesNotStored }
    public func removeNote(userId: String, streakKey: String, day: CalendarDay) async throws { throw StreakStoreError.notesNotStored }
}

/// A device-local cache of the last streak data, read synchronously at start-up.
@MainActor
public protocol LocalStreakPersistence: Sendable {
    func getSavedStreakData(streakKey: String) -> CurrentStreakData?
    func saveCurrentStreakData(streakKey: String, _ streak: CurrentStreakData?) throws
}

/// The pair of services a `StreakManager` runs on.
public protocol StreakServices: Sendable {
    var remote: any RemoteStreakService { get }
    var local: any LocalStreakPersistence { get }
}
