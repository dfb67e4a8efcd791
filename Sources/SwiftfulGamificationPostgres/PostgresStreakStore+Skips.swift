import Foundation
import PostgresNIO
import SwiftfulGamification

extension PostgresStreakStore {
    /// Changes which days are due from today on (rule 8), recorded in the goal history.
    func updateSchedule(_ schedule: StreakSchedule, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try schedule.validate()
        return try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let (configuration, history) = try context.row.configuration.changingSchedule(to: schedule, history: context.row.goalHistory, at: now)
            guard configuration != context.row.configuration else { return }
            context.row.configuration = configuration
            context.row.goalHistory = history
            try await Self.saveSettings(context)
        }
    }

    public func skips(userId: String, streakKey: String) async throws -> [CalendarDay] {
        try await read(userId: userId, streakKey: streakKey) { connection, row in try await self.skips(connection, of: row) }
    }

    /// Skips days (rule 9); a day already skipped is left alone.
    func addSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try StreakValidation.validateSkips(days, now: now, timezone: timezone)
        return try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            try await Self.insertSkips(days, in: context)
        }
    }

    /// Skips the days the streak does not skip yet.
    static func insertSkips(_ days: [CalendarDay], in context: WriteContext) async throws {
        guard !days.isEmpty else { return }
        try await context.connection.query(
            """
            INSERT INTO streak_skips (user_id, streak_id, day, added_us)
            SELECT \(context.userId), \(context.row.id), day, \(context.nowMicros) FROM unnest(\(days.map(\.dayNumber))::integer[]) AS day
            ON CONFLICT (user_id, streak_id, day) DO NOTHING
            """,
            logger: PostgresSession.logger
        )
        context.skips = Array(Set(context.skips).union(days)).sorted()
    }

    /// Takes skips back; a day not skipped is left alone.
    func removeSkips(_ days: [CalendarDay], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            try await context.connection.query(
                """
                DELETE FROM streak_skips
                WHERE user_id = \(context.userId) AND streak_id = \(context.row.id) AND day = ANY(\(days.map(\.dayNumber))::integer[])
                """,
                logger: PostgresSession.logger
            )
            context.skips = Array(Set(context.skips).subtracting(days)).sorted()
        }
    }
}
