import Foundation

extension StreakManager {
    /// Skips a day (rule 9: a holiday, a sick day): it bridges the streak, spends no freeze
    /// and counts in no rate. A kept day ignores its skip.
    /// - Throws: `StreakRuleError.skipOutOfRange` for a day outside the backfill window to
    ///   366 days ahead, or no user.
    public func addSkip(day: CalendarDay) async throws {
        try await addSkips(from: day, through: day)
    }

    /// Skips every day from `start` through `end` (at most 366 days).
    public func addSkips(from start: CalendarDay, through end: CalendarDay) async throws {
        try await changeSkips(from: start, through: end, adding: true)
    }

    /// Takes a skip back.
    public func removeSkip(day: CalendarDay) async throws {
        try await removeSkips(from: day, through: day)
    }

    /// Takes back the skips from `start` through `end` (at most 366 days).
    public func removeSkips(from start: CalendarDay, through end: CalendarDay) async throws {
        try await changeSkips(from: start, through: end, adding: false)
    }

    private func changeSkips(from start: CalendarDay, through end: CalendarDay, adding: Bool) async throws {
        let userId = try requireUser()
        let key = configuration.streakKey
        let days = try StreakValidation.skipRange(from: start, through: end)
        try await tracked(
            start: adding ? .addSkipStart(days: days) : .removeSkipStart(days: days),
            success: adding ? .addSkipSuccess(days: days) : .removeSkipSuccess(days: days),
            failure: adding ? Event.addSkipFail : Event.removeSkipFail
        ) {
            if adding {
                try StreakValidation.validateSkips(days, now: now(), timezone: timeZone())
                try await remote.addSkips(userId: userId, streakKey: key, days: days)
            } else {
                try await remote.removeSkips(userId: userId, streakKey: key, days: days)
            }
            skips = try await remote.getSkips(userId: userId, streakKey: key)
        }
        await calculate(userId: userId)
    }
}
