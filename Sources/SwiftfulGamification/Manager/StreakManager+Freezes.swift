import Foundation

extension StreakManager {
    /// Gives the user a freeze, earned now.
    /// - Throws: `StreakRuleError` for an empty id, an expiry not after now, or no user.
    @discardableResult
    public func addStreakFreeze(id: String = UUID().uuidString, dateExpires: Date? = nil) async throws -> StreakFreeze {
        let userId = try requireUser()
        let freeze = StreakFreeze(id: id, dateEarned: now(), dateExpires: dateExpires)
        try await tracked(start: .addStreakFreezeStart(freezeId: id), success: .addStreakFreezeSuccess(freezeId: id), failure: Event.addStreakFreezeFail) {
            guard !id.isEmpty else { throw StreakRuleError.emptyIdentifier("freeze") }
            guard !freeze.isExpired(at: now()) else { throw StreakRuleError.freezeExpired(id) }
            try await remote.addStreakFreeze(userId: userId, streakKey: configuration.streakKey, freeze: freeze)
        }
        await calculate(userId: userId)
        return freeze
    }

    /// Manual mode: bridges the missed days with available freezes (oldest first), all or
    /// nothing, and recalculates.
    /// - Returns: `.didNotUseFreezes` when nothing needs saving or the mode is not manual.
    /// - Throws: `StreakRuleError.notEnoughFreezes` when too few freezes are available.
    @discardableResult
    public func useStreakFreezes() async throws -> UseFreezesResult {
        let userId = try requireUser()
        if configuration.useServerCalculation {
            // The provider uses them in one write, with its own configuration.
            logger?.trackEvent(event: Event.useStreakFreezesStart)
            do {
                if let consumptions = try await remote.useStreakFreezesManually(userId: userId, streakKey: configuration.streakKey, timezone: timeZone().identifier) {
                    consumptions.forEach { logger?.trackEvent(event: Event.freezeManuallyConsumed(consumption: $0)) }
                    logger?.trackEvent(event: Event.useStreakFreezesSuccess(count: consumptions.count))
                    await calculate(userId: userId)
                    return .didUseFreezesAndSavedStreak
                }
            } catch StreakRuleError.nothingToSave, StreakRuleError.freezesNotManual {
                return .didNotUseFreezes
            } catch {
                logger?.trackEvent(event: Event.useStreakFreezesFail(error: error))
                throw error
            }
        }
        guard configuration.freezeBehavior == .manuallyConsumeFreezes else { return .didNotUseFreezes }
        logger?.trackEvent(event: Event.useStreakFreezesStart)
        let consumptions: [FreezeConsumption]
        do {
            let key = configuration.streakKey
            consumptions = try StreakCalculator.manualFreezeConsumptions(
                events: try await remote.getAllEvents(userId: userId, streakKey: key),
                freezes: try await remote.getAllStreakFreezes(userId: userId, streakKey: key),
                configuration: configuration, currentDate: now(), timezone: timeZone(),
                goalSchedule: try await remote.getGoalSchedule(userId: userId, streakKey: key)
            )
            try await record(consumptions, userId: userId, event: Event.freezeManuallyConsumed)
        } catch StreakRuleError.nothingToSave {
            return .didNotUseFreezes
        } catch {
            logger?.trackEvent(event: Event.useStreakFreezesFail(error: error))
            throw error
        }
        logger?.trackEvent(event: Event.useStreakFreezesSuccess(count: consumptions.count))
        await calculate(userId: userId)
        return .didUseFreezesAndSavedStreak
    }

    public func getAllStreakFreezes() async throws -> [StreakFreeze] {
        try await remote.getAllStreakFreezes(userId: requireUser(), streakKey: configuration.streakKey)
    }
}
