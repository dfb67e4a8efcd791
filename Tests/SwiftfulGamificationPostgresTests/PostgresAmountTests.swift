import PostgresTestSupport
import Foundation
import SwiftfulGamification
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// Rule 10 in PostgreSQL (migration 7): a streak's target, unit and start day in typed
/// columns, each event's amount in an exact numeric column, guarded against bad values
/// written in plain SQL, and changed from today or re-judged from a date (rule 11).
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct PostgresAmountTests {
    let utc = TimeZone(identifier: "UTC")!
    let now = date("2024-03-05T12:00:00Z")

    @Test func aTargetUnitAndStartDayAreStoredAndReadBack() async throws {
        let store = try await TestDatabase.store(role: "app"), other = try await TestDatabase.store(role: "app")
        defer { Task { await store.close(); await other.close() } }
        let user = TestDatabase.freshUser()
        let configuration = StreakConfiguration(
            streakKey: "smoking", target: .atMost(0, per: .day), unit: "cigarettes", startDay: CalendarDay(year: 2024, month: 3, day: 1)
        )
        _ = try await store.createStreak(userId: user, configuration: configuration, now: now, timezone: utc)
        let read = try await other.settings(userId: user, streakKey: "smoking").configuration
        #expect(read.target == .atMost(0, per: .day) && read.unit == "cigarettes" && read.startDay == CalendarDay(year: 2024, month: 3, day: 1))
        let columns = try await TestDatabase.sql(
            "SELECT concat_ws(' ', target_kind, target_amount, target_period, unit, start_day) FROM streaks WHERE user_id = '\(user)'", role: "app"
        )
        #expect(columns == ["at_most 0.000 day cigarettes 2024-03-01"])
        // A streak created without a start day gets the day it was created.
        _ = try await store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "coffee", target: .atMost(2, per: .day)), now: now, timezone: utc)
        #expect(try await other.settings(userId: user, streakKey: "coffee").configuration.startDay == CalendarDay(year: 2024, month: 3, day: 5))
    }

    @Test func amountsAreExactInTheDatabaseAndReadBackAsLogged() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser()
        let run = StreakConfiguration(streakKey: "water", target: .atLeast(1, per: .day), unit: "l")
        let events = (0..<10).map { StreakEvent(id: "e\($0)", dateCreated: now.addingTimeInterval(Double(-$0 * 60)), timezone: "UTC", amount: 0.1) }
            + [StreakEvent(id: "plain", dateCreated: now.addingTimeInterval(-3_600), timezone: "UTC")]
        _ = try await store.addEvents(events, userId: user, streakKey: "water", now: now, timezone: utc, freshIds: false, creating: run)
        #expect(try await TestDatabase.sql("SELECT sum(amount)::text FROM streak_events WHERE user_id = '\(user)'", role: "app") == ["1.000"])
        let read = try await store.events(userId: user, streakKey: "water")
        #expect(read.filter { $0.id != "plain" }.allSatisfy { $0.amount == 0.1 })
        #expect(read.first { $0.id == "plain" }?.amount == nil)
    }

    @Test func badAmountsAndTargetsWrittenInPlainSQLAreRefused() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser()
        _ = try await store.addEvents([StreakEvent(id: "e1", dateCreated: now, timezone: "UTC", amount: 2)], userId: user, streakKey: "run",
                                      now: now, timezone: utc, freshIds: false, creating: StreakConfiguration(streakKey: "run", unit: "km"))
        let negative = try await TestDatabase.sqlState(of: "UPDATE streak_events SET amount = -1 WHERE user_id = '\(user)'", role: "app")
        #expect(negative == "23514")
        let kind = try await TestDatabase.sqlState(of: "UPDATE streaks SET target_kind = 'about' WHERE user_id = '\(user)'", role: "app")
        #expect(kind == "23514")
        let huge = try await TestDatabase.sqlState(of: "UPDATE streaks SET target_amount = 2e9 WHERE user_id = '\(user)'", role: "app")
        #expect(huge != nil)
    }

    @Test func aTargetChangesFromTodayAndIsReJudgedFromTheStart() async throws {
        let store = try await TestDatabase.store(role: "app")
        defer { Task { await store.close() } }
        let user = TestDatabase.freshUser()
        let read = StreakConfiguration(streakKey: "read", target: .atLeast(20, per: .day), unit: "pages")
        _ = try await store.addEvents([StreakEvent(id: "e1", dateCreated: date("2024-03-01T12:00:00Z"), timezone: "UTC", amount: 25)], userId: user,
                                      streakKey: "read", now: date("2024-03-01T12:00:00Z"), timezone: utc, freshIds: false, creating: read)
        _ = try await store.updateSettings(
            userId: user, streakKey: "read", goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil,
            details: StreakDetails(target: .atLeast(30, per: .day)), now: now, timezone: utc
        )
        let changed = try await store.settings(userId: user, streakKey: "read")
        #expect(changed.configuration.target == .atLeast(30, per: .day))
        #expect(changed.goalHistory.compactMap(\.target).map(\.amount) == [20, 30])
        await #expect(throws: StreakRuleError.self) {
            _ = try await store.updateSettings(
                userId: user, streakKey: "read", goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil,
                details: StreakDetails(target: .atMost(30, per: .day)), now: now, timezone: utc
            )
        }
        _ = try await store.updateSettings(
            userId: user, streakKey: "read", goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil,
            details: StreakDetails(target: .atMost(30, per: .day), from: Date(timeIntervalSince1970: 0)), now: now, timezone: utc
        )
        let rejudged = try await store.settings(userId: user, streakKey: "read")
        #expect(rejudged.configuration.target == .atMost(30, per: .day))
        #expect(rejudged.goalHistory.isEmpty)
    }
}
