import Foundation
import SwiftfulGamification

extension FileStreakStore {
    public func skips(userId: String, streakKey: String) throws -> [CalendarDay] {
        try readLedger(userId: userId, streakKey: streakKey) { try $0.skips() }
    }

    /// Skips days (rule 9), recorded in the skip ledger; a day already skipped is left alone.
    @discardableResult
    public func addSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try StreakValidation.validateSkips(days, now: now, timezone: timezone)
        return try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let skipped = Set(try context.folder.skips().days)
            let new = Array(Set(days).subtracting(skipped)).sorted()
            try context.folder.appendSkipRecords(new.map { .skip($0, date: now) }, journal: context.journal)
        }
    }

    /// Takes skips back, recorded in the skip ledger; a day not skipped is left alone.
    @discardableResult
    public func removeSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let skipped = Set(try context.folder.skips().days)
            let taken = Array(Set(days).intersection(skipped)).sorted()
            try context.folder.appendSkipRecords(taken.map { .unskip($0, date: now) }, journal: context.journal)
        }
    }

    /// Changes which days are due from today on (rule 8), recorded in the goal history.
    @discardableResult
    public func updateSchedule(_ schedule: StreakSchedule, userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let (configuration, history) = try context.settings.configuration.changingSchedule(
                to: schedule, history: context.settings.goalHistory, at: now
            )
            guard configuration != context.settings.configuration else { return }
            context.settings.configuration = configuration
            context.settings.goalHistory = history
            try context.settings.write(to: context.folder.settingsPath, journal: context.journal)
        }
    }
}
