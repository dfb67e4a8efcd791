import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 2: leeway around midnight, in wall-clock time of the event's own zone.
struct LeewayRuleTests {
    @Test func noLeewayCreditsEveryEventToItsOwnDay() {
        let result = calculate([event("2024-01-01 12:00"), event("2024-01-03 00:30")], now: "2024-01-03 10:00")
        #expect(result.day(day("2024-01-02")).state == .gap)
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.todayEventCount == 1)
    }

    @Test func earlyWindowEndsBeforeLeewayHour() {
        // 02:59:59 may go to the day before; 03:00:00 may not.
        let inside = calculate([event("2024-01-01 12:00"), event("2024-01-03 02:59:59")], leeway: 3, now: "2024-01-03 10:00")
        #expect(inside.streak.currentStreak == 2)
        let outside = calculate([event("2024-01-01 12:00"), event("2024-01-03 03:00:00")], leeway: 3, now: "2024-01-03 10:00")
        #expect(outside.streak.currentStreak == 1)
        #expect(outside.day(day("2024-01-02")).state == .gap)
    }

    @Test func lateWindowCreditsTheNextDay() {
        // The 22:30 event is the second of 01-02 and may keep 01-03 instead.
        let history = [event("2024-01-01 12:00"), event("2024-01-02 12:00"), event("2024-01-02 22:30")]
        let result = calculate(history, leeway: 3, now: "2024-01-03 23:00")
        #expect(result.streak.currentStreak == 3)
        #expect(result.streak.status == .active(daysSinceLastEvent: 0))
        #expect(result.streak.todayEventCount == 1)
    }

    @Test func lateWindowStartsAtTwentyFourMinusLeeway() {
        let history = [event("2024-01-01 12:00"), event("2024-01-02 12:00")]
        let atBoundary = calculate(history + [event("2024-01-02 21:00:00")], leeway: 3, now: "2024-01-03 23:00")
        #expect(atBoundary.streak.currentStreak == 3)
        let before = calculate(history + [event("2024-01-02 20:59:59")], leeway: 3, now: "2024-01-03 23:00")
        #expect(before.streak.currentStreak == 2)
        #expect(before.streak.status == .atRisk)
    }

    @Test func noDayAfterTodayIsCredited() {
        let result = calculate([event("2024-01-03 23:30")], leeway: 3, now: "2024-01-03 23:45")
        #expect(result.streak.todayEventCount == 1)
        #expect(result.day(day("2024-01-04")).state == .future)
        #expect(result.day(day("2024-01-04")).eventCount == 0)
    }

    @Test func leeway24LetsAnyEventCoverTheDayBeforeOrAfter() {
        let twoOnTheFirst = events(2, "2024-01-01 12:00")
        let result = calculate(twoOnTheFirst, leeway: 24, now: "2024-01-02 13:00")
        #expect(result.streak.currentStreak == 2)
        // 12-31 settled at 01-02 00:00 (rule 4a) with one of them: a run of 2 then, against 1.
        #expect(result.day(day("2023-12-31")).eventCount == 1)
        #expect(result.day(day("2024-01-01")).eventCount == 1)
        #expect(result.day(day("2024-01-02")).eventCount == 0)
    }

    @Test func leewayIsWallClockOnDaylightSavingDays() {
        // Spring forward: 03:30 is only 2.5 h after midnight but outside a 3 h leeway.
        let spring = calculate([event("2024-03-08 12:00"), event("2024-03-10 03:30")], leeway: 3, now: "2024-03-10 12:00")
        #expect(spring.streak.currentStreak == 1)
        // Fall back: 02:30 EST is 3.5 h after midnight but inside a 3 h leeway.
        let fall = calculate([event("2024-11-01 12:00"), event("2024-11-03 02:30")], leeway: 3, now: "2024-11-03 12:00")
        #expect(fall.streak.currentStreak == 2)
    }

    @Test func leewayUsesTheEventsOwnZone() {
        // 01:00 in Tokyo is inside the leeway although it is 11:00 the day before in New York.
        let history = [event("2024-01-01 12:00", .tokyo), event("2024-01-03 01:00", .tokyo)]
        let result = calculate(history, leeway: 3, now: "2024-01-03 12:00", zone: .tokyo)
        #expect(result.streak.currentStreak == 2)
    }
}
