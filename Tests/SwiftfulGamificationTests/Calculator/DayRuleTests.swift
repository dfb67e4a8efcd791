import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Rule 1: an event's own day is taken in its own zone; today in the current zone.
struct DayRuleTests {
    @Test func eventKeepsTheDayOfTheZoneItWasLoggedIn() {
        // 23:30 in New York is 04:30 the next day in London.
        let result = calculate([event("2024-01-10 23:30", .newYork)], now: "2024-01-11 10:00", zone: .london)
        #expect(result.day(day("2024-01-10")).state == .kept)
        #expect(result.streak.currentStreak == 1)
        #expect(result.streak.status == .atRisk)
    }

    @Test func invalidZoneFallsBackToTheCurrentZone() {
        let instant = at("2024-01-10 23:30", .newYork)
        let odd = StreakEvent(dateCreated: instant, timezone: "Mars/Olympus_Mons")
        let inNewYork = StreakCalculator.evaluate(events: [odd], configuration: config(), currentDate: instant, timezone: .newYork)
        let inTokyo = StreakCalculator.evaluate(events: [odd], configuration: config(), currentDate: instant, timezone: .tokyo)
        #expect(inNewYork.day(day("2024-01-10")).eventCount == 1)
        #expect(inTokyo.day(day("2024-01-11")).eventCount == 1)
    }

    @Test func travellingEastDoesNotMoveEarlierEvents() {
        // Logged 20:00 in New York (10:00 next day in Tokyo); now in Tokyo the next day.
        let history = [event("2024-01-10 20:00", .newYork)]
        let before = calculate(history, now: "2024-01-11 12:00", zone: .tokyo).streak
        #expect(before.currentStreak == 1)
        #expect(before.status == .atRisk)
        let after = calculate(history + [event("2024-01-11 12:30", .tokyo)], now: "2024-01-11 13:00", zone: .tokyo).streak
        #expect(after.currentStreak == 2)
        #expect(after.status == .active(daysSinceLastEvent: 0))
    }

    @Test func eventsAfterNowAreIgnored() {
        let result = calculate(
            [event("2024-01-10 12:00"), event("2024-01-11 12:00")], now: "2024-01-11 11:00"
        ).streak
        #expect(result.totalEvents == 1)
        #expect(result.todayEventCount == 0)
        #expect(result.status == .atRisk)
    }

    @Test func fallBackDayOf25HoursIsOneDay() {
        let history = [event("2024-11-02 23:00"), event("2024-11-03 23:00"), event("2024-11-04 09:00")]
        #expect(calculate(history, now: "2024-11-04 10:00").streak.currentStreak == 3)
        // 01:30 happens twice on 2024-11-03; both readings are that day.
        let first = Date(timeIntervalSince1970: 1_730_611_800)   // 01:30 EDT
        let second = Date(timeIntervalSince1970: 1_730_615_400)  // 01:30 EST
        let repeated = [first, second].map { StreakEvent(dateCreated: $0, timezone: "America/New_York") }
        let result = calculate(repeated, goal: 2, now: "2024-11-03 12:00")
        #expect(result.day(day("2024-11-03")).eventCount == 2)
        #expect(result.streak.status == .active(daysSinceLastEvent: 0))
    }

    @Test func southernHemisphereDaylightSavingEnds() {
        let history = [event("2024-04-06 23:00", .sydney), event("2024-04-07 23:00", .sydney)]
        #expect(calculate(history, now: "2024-04-07 23:30", zone: .sydney).streak.currentStreak == 2)
    }

    @Test func calendarDayRoundTripsCivilDates() {
        for (text, number) in [("1970-01-01", 0), ("2000-02-29", 11_016), ("2024-03-10", 19_792), ("1969-12-31", -1)] {
            let parsed = day(text)
            #expect(parsed.dayNumber == number)
            #expect(parsed.description == text)
        }
        #expect(day("2024-01-07").weekday == 1)
        #expect(day("2024-01-13").weekday == 7)
    }

    /// The cached offsets must agree with `Calendar` for every instant and zone.
    @Test func cachedDayNumbersMatchCalendar() {
        var generator = SeededGenerator(seed: 20_241_103)
        let zones = ["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham"]
        var clocks = ZoneClocks(current: .utc, firstSecond: 1_500_000_000, lastSecond: 1_800_000_000)
        for _ in 0..<5_000 {
            let second = Int.random(in: 1_500_000_000...1_800_000_000, using: &generator)
            let zoneName = zones.randomElement(using: &generator)!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zoneName)!
            let date = Date(timeIntervalSince1970: TimeInterval(second))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let local = clocks.localTime(atSecond: second, inZoneNamed: zoneName)
            #expect(local.day == CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!).dayNumber, "seed 20241103, \(zoneName) \(second)")
            #expect(local.secondOfDay == parts.hour! * 3_600 + parts.minute! * 60 + parts.second!, "seed 20241103, \(zoneName) \(second)")
        }
    }

    /// The clocks fill their offsets a span between transitions at a time: every zone the
    /// system knows, at random instants from 1970 to 2040 and either side of each transition
    /// from 2000 on, reads as the zone itself says.
    @Test func cachedOffsetsMatchEveryZone() {
        var generator = SeededGenerator(seed: 20_261_205)
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            guard let zone = TimeZone(identifier: identifier) else { continue }
            var seconds = (0..<60).map { _ in Int.random(in: 0...2_208_988_800, using: &generator) }
            var transition = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 946_684_800))
            while let instant = transition, instant.timeIntervalSince1970 < 2_208_988_800 {
                let second = Int(instant.timeIntervalSince1970)
                seconds += [second - 86_400, second - 1, second, second + 1, second + 86_400]
                transition = zone.nextDaylightSavingTimeTransition(after: instant)
            }
            // One clock from an empty cache (grown on demand), one made for the whole range.
            var grown = ZoneClocks(current: zone, firstSecond: 0, lastSecond: -1)
            var sized = ZoneClocks(current: zone, firstSecond: 0, lastSecond: 2_208_988_800)
            for second in seconds.shuffled(using: &generator) {
                let exact = second + zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
                let expected = LocalTime(day: exact.floorDivided(by: 86_400), secondOfDay: exact.floorModulo(86_400))
                #expect(grown.currentLocalTime(atSecond: second) == expected, "\(identifier) at \(second)")
                #expect(sized.currentLocalTime(atSecond: second) == expected, "\(identifier) at \(second)")
            }
        }
    }

    @Test func aPastDayAtTheCurrentWallClockTime() {
        let reference = at("2024-06-14 15:30:20")
        #expect(day("2024-03-01").date(atTimeOf: reference, in: .newYork) == at("2024-03-01 15:30:20"))
        // 02:30 does not exist on 2024-03-10 in New York: moved forward, still that day.
        let spring = day("2024-03-10").date(atTimeOf: at("2024-06-14 02:30"), in: .newYork)
        #expect(CalendarDay(containing: spring, in: .newYork) == day("2024-03-10"))
        #expect(spring == at("2024-03-10 03:30"))
        // 01:30 happens twice on 2024-11-03: either is that day.
        let fall = day("2024-11-03").date(atTimeOf: at("2024-06-14 01:30"), in: .newYork)
        #expect(CalendarDay(containing: fall, in: .newYork) == day("2024-11-03"))
    }
}
