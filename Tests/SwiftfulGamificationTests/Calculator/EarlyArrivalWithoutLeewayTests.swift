import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 4a with no leeway: an event from the east that is logged before the day before its
/// own closes in New York still counts for its own day only, as one logged in New York on
/// that day does (the history no longer records its early arrival when no day has leeway).
struct EarlyArrivalWithoutLeewayTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    func evaluate(_ second: StreakEvent, leeway: Int) -> CurrentStreakData {
        let first = StreakEvent(id: "a", dateCreated: at("2024-01-01 12:00"), timezone: "America/New_York", amount: 5)
        return StreakCalculator.calculateStreak(
            events: [first, second],
            configuration: StreakConfiguration(streakKey: "km", leewayHours: leeway, freezeBehavior: .noFreezes, target: .atLeast(5, per: .day), unit: "km"),
            currentDate: at("2024-01-02 11:00"), timezone: .newYork
        ).streak
    }

    @Test(arguments: [0, 3])
    func anEventFromTheEastLoggedEarlyKeepsItsOwnDay(leeway: Int) {
        // 09:00 on 01-02 in Tokyo is 19:00 on 01-01 in New York: logged before 01-01 closed.
        let early = StreakEvent(id: "b", dateCreated: at("2024-01-02 09:00", tokyo), timezone: "Asia/Tokyo", amount: 5)
        let local = StreakEvent(id: "b", dateCreated: at("2024-01-02 10:00"), timezone: "America/New_York", amount: 5)
        let fromTokyo = evaluate(early, leeway: leeway), fromNewYork = evaluate(local, leeway: leeway)
        #expect(fromTokyo.currentStreak == 2)
        #expect(fromTokyo.todayAmount == 5)
        #expect(fromTokyo.currentStreak == fromNewYork.currentStreak)
        #expect(fromTokyo.longestStreak == fromNewYork.longestStreak)
        #expect(fromTokyo.todayAmount == fromNewYork.todayAmount)
    }
}
