import Foundation
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// Rule 11 through the file store: a re-judgement keeps the freezes already recorded, auto
/// mode may spend more under the new setting, and a leeway change keeps older days' leeway
/// across processes (the cached history is rebuilt for it once).
struct RejudgeStoreTests {
    @Test func freezesAlreadyRecordedStayRecordedAndAutoModeMaySpendMore() throws {
        let fixture = StoreFixture()
        let store = try fixture.create()
        try store.addFreezes(
            [StreakFreeze(id: "f1", dateEarned: at("2023-12-01 08:00")), StreakFreeze(id: "f2", dateEarned: at("2023-12-02 08:00"))],
            userId: "u1", streakKey: "daily", now: at("2024-01-01 08:00"), timezone: newYork
        )
        // Two events a day but one on 01-04; none on 01-03, which auto mode freezes.
        let days = ["01", "02", "04", "05"]
        let events = days.flatMap { day in (0..<(day == "04" ? 1 : 2)).map { event("2024-01-\(day) \(10 + $0):00", id: "e\(day)-\($0)") } }
        try store.log(events, now: "2024-01-05 18:00")
        #expect(try store.status(now: "2024-01-05 18:00").currentStreak == 4)
        let used = try store.freezes(userId: "u1", streakKey: "daily").filter { $0.dateUsed != nil }.map(\.id)
        #expect(used == ["f1"])

        // Goal 2 from the start: 01-04 misses it now, and the last freeze bridges it.
        let evaluation = try store.updateSettings(
            userId: "u1", streakKey: "daily", goal: 2, schedule: nil, details: StreakDetails(from: Date(timeIntervalSince1970: 0)),
            now: at("2024-01-05 19:00"), timezone: newYork
        )
        let freezes = try store.freezes(userId: "u1", streakKey: "daily")
        #expect(freezes.allSatisfy { $0.dateUsed != nil })
        let frozenDays = try store.events(userId: "u1", streakKey: "daily").filter(\.isFreeze)
            .map { CalendarDay(containing: $0.dateCreated, in: newYork).description }.sorted()
        #expect(frozenDays == ["2024-01-03", "2024-01-04"])
        #expect(evaluation.streak.currentStreak == 3)
        #expect(evaluation.streak.freezesAvailableCount == 0)
    }

    @Test func aLeewayChangeKeepsOlderDaysAcrossProcesses() throws {
        let fixture = StoreFixture()
        let store = try fixture.create(StreakConfiguration(streakKey: "daily"))
        try store.log([event("2024-01-01 12:00"), event("2024-01-03 01:30"), event("2024-01-03 12:00")], now: "2024-01-04 08:00")
        #expect(try store.status(now: "2024-01-04 08:00").currentStreak == 1)
        try store.updateSettings(userId: "u1", streakKey: "daily", leewayHours: 2, schedule: nil, now: at("2024-01-04 09:00"), timezone: newYork)
        // 01-03's 01:30 event stays on its own day; 01-05's keeps 01-04.
        try store.log([event("2024-01-05 01:30")], now: "2024-01-05 02:00")
        let other = fixture.store()
        let evaluation = try other.evaluate(userId: "u1", streakKey: "daily", now: at("2024-01-05 12:00"), timezone: newYork)
        #expect(evaluation.day(CalendarDay(year: 2024, month: 1, day: 2)).state == .gap)
        #expect(evaluation.day(CalendarDay(year: 2024, month: 1, day: 4)).state == .kept)
        #expect(evaluation.streak.currentStreak == 2)
        #expect(try other.settings(userId: "u1", streakKey: "daily").goalHistory.map(\.leewayHours) == [0, 2])

        // Dated at the first day, the whole history is credited under 2 hours.
        let rejudged = try other.updateSettings(
            userId: "u1", streakKey: "daily", leewayHours: 2, schedule: nil, details: StreakDetails(from: at("2024-01-01 00:00")),
            now: at("2024-01-05 12:00"), timezone: newYork
        )
        #expect(rejudged.streak.currentStreak == 4)
        #expect(try fixture.store().status(now: "2024-01-05 12:00").currentStreak == 4)
    }
}
