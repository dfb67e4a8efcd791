import Foundation
import Testing
@testable import SwiftfulGamificationFileStore
import SwiftfulGamification

/// Rule 4a through the file store: its history is kept for the zone days close in, so one
/// read in another zone rebuilds it and settles by the events' instants as the calculator does.
struct SettlementZoneStoreTests {
    @Test func aStoreReadInAnotherZoneSettlesLikeTheCalculatorThere() throws {
        let fixture = StoreFixture()
        let store = FileStreakStore(rootPath: fixture.root)
        let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
        let configuration = StreakConfiguration(streakKey: "floss", eventsRequiredPerDay: 2, leewayHours: 3)
        // A 01:00 night in Los Angeles and Sydney's evening logged before the night closed there.
        let events = [
            StreakEvent(id: "night", dateCreated: ISO8601DateFormatter().date(from: "2024-03-06T01:00:00-08:00")!, timezone: losAngeles.identifier),
            StreakEvent(id: "sydney", dateCreated: ISO8601DateFormatter().date(from: "2024-03-06T20:00:00+11:00")!, timezone: "Australia/Sydney"),
        ]
        let now = ISO8601DateFormatter().date(from: "2024-03-07T12:00:00-08:00")!
        _ = try store.addEvents(events, userId: "u1", streakKey: "floss", now: now, timezone: newYork, creating: configuration)
        for zone in [losAngeles, newYork, losAngeles] {
            let stored = try store.evaluate(userId: "u1", streakKey: "floss", now: now, timezone: zone)
            let direct = StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: now, timezone: zone)
            #expect(stored.streak.currentStreak == direct.streak.currentStreak, "\(zone.identifier)")
            #expect(stored.days(from: stored.today.adding(days: -3), through: stored.today) == direct.days(from: direct.today.adding(days: -3), through: direct.today), "\(zone.identifier)")
        }
        // In Los Angeles the night keeps Wednesday with Sydney's evening (it is 1 there).
        #expect(try store.evaluate(userId: "u1", streakKey: "floss", now: now, timezone: losAngeles).streak.currentStreak == 1)
    }

    /// The store keeps the settled days with its snapshot (rule 4a): a log the next day
    /// resumes from the last write's checkpoint and settles only the day that closed since.
    @Test func aWriteKeepsTheSettledDaysForTheNext() throws {
        let fixture = StoreFixture()
        let store = FileStreakStore(rootPath: fixture.root)
        let configuration = StreakConfiguration(streakKey: "walk", leewayHours: 2, freezeBehavior: .autoConsumeFreezes)
        let start = ISO8601DateFormatter().date(from: "2024-01-01T20:00:00-05:00")!
        let events = (0..<60).map { StreakEvent(id: "e\($0)", dateCreated: start.addingTimeInterval(Double($0) * 86_400), timezone: newYork.identifier) }
        let now = start.addingTimeInterval(59 * 86_400 + 600)
        _ = try store.addEvents(events, userId: "u1", streakKey: "walk", now: now, timezone: newYork, creating: configuration)
        let snapshot = try String(contentsOfFile: fixture.root + "/users/u1/streaks/walk/snapshot.json", encoding: .utf8)
        #expect(snapshot.contains("\"settled\""))
        let next = StreakEvent(id: "next", dateCreated: now.addingTimeInterval(86_400), timezone: newYork.identifier)
        let written = try store.addEvents([next], userId: "u1", streakKey: "walk", now: next.dateCreated, timezone: newYork)
        #expect(written.evaluation.daysSettled == 1)
        #expect(written.evaluation.streak.currentStreak == 61)
    }
}
