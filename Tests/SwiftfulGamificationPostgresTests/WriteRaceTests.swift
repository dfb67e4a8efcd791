import PostgresTestSupport
import Foundation
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// Logs are written without a lock (read, calculate, then one statement that applies only if
/// the summary is unchanged); undos and edits under one. Racing on one streak, neither may
/// lose the other's change: the running summary must end as the events say.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE (Tests/postgres/cluster.sh start DIR prints it)"))
struct WriteRaceTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func logsAndUndosRacingOnOneStreakLoseNothing() async throws {
        let user = TestDatabase.freshUser(), now = date("2024-03-20T12:00:00Z")
        let setup = try await TestDatabase.store(role: "app")
        _ = try await setup.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "race"), now: now, timezone: utc)
        await setup.close()
        let loggers = 6, logsEach = 12, undoers = 2, undosEach = 4
        // An undo that runs before the first log removes nothing: count what they removed.
        let removed = try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 0..<loggers {
                group.addTask {
                    let store = try await TestDatabase.store(role: "app")
                    defer { Task { await store.close() } }
                    for index in 0..<logsEach {
                        // Spread over the last 19 days, so every write changes the streak's numbers.
                        let day = now.addingTimeInterval(-Double((writer * logsEach + index) % 19) * 86_400 - Double(writer * 60 + index))
                        let event = StreakEvent(id: "w\(writer)-\(index)", dateCreated: day, timezone: "UTC")
                        _ = try await store.addEvents([event], userId: user, streakKey: "race", now: now, timezone: utc)
                    }
                    return 0
                }
            }
            for _ in 0..<undoers {
                group.addTask {
                    let store = try await TestDatabase.store(role: "app")
                    defer { Task { await store.close() } }
                    var removed = 0
                    for _ in 0..<undosEach {
                        try await Task.sleep(for: .milliseconds(15))
                        let undone = try await store.undoLastEvent(userId: user, streakKey: "race", since: nil, now: now, timezone: utc)
                        if undone.removed != nil { removed += 1 }
                    }
                    return removed
                }
            }
            return try await group.reduce(0, +)
        }
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let events = try await store.events(userId: user, streakKey: "race")
        #expect(removed > 0)
        #expect(events.count == loggers * logsEach - removed)
        let settings = try await store.settings(userId: user, streakKey: "race")
        let fromEvents = StreakCalculator.evaluate(
            events: events, freezes: [], configuration: settings.configuration, userId: user, currentDate: now, timezone: utc,
            goalSchedule: settings.goalHistory
        )
        // Two days on, so the stored result no longer holds and the summary's history is used.
        let later = now.addingTimeInterval(2 * 86_400)
        let laterFromEvents = StreakCalculator.evaluate(
            events: events, freezes: [], configuration: settings.configuration, userId: user, currentDate: later, timezone: utc,
            goalSchedule: settings.goalHistory
        )
        #expect(try await store.evaluate(userId: user, streakKey: "race", now: now, timezone: utc).streak == fromEvents.streak)
        #expect(try await store.evaluate(userId: user, streakKey: "race", now: later, timezone: utc).streak == laterFromEvents.streak)
        let counted = try await TestDatabase.sql(
            "SELECT live_events::text FROM streak_summaries AS m JOIN streaks AS s ON s.id = m.streak_id WHERE s.user_id = '\(user)' AND s.streak_key = 'race'",
            role: "app"
        )
        #expect(counted == ["\(events.count)"])
    }
}
