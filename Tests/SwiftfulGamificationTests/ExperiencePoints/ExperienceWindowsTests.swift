import Foundation
import Testing
@testable import SwiftfulGamification

/// The windows on a pinned clock: midnight, DST, week start, a zone change.
struct ExperienceWindowsTests {
    private let newYork = TimeZone(identifier: "America/New_York")!
    private let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    private let configuration = ExperiencePointsConfiguration(experienceKey: "main")

    private func date(_ text: String, _ zone: TimeZone) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.date(from: text)!
    }

    private func event(_ text: String, _ zone: TimeZone, points: Int) -> ExperiencePointsEvent {
        ExperiencePointsEvent(dateCreated: date(text, zone), points: points, timezone: zone.identifier)
    }

    private func calculate(_ events: [ExperiencePointsEvent], at now: String, _ zone: TimeZone, weekStart: Weekday = .sunday) -> CurrentExperiencePointsData {
        ExperiencePointsCalculator.calculateExperiencePoints(
            events: events, configuration: ExperiencePointsConfiguration(experienceKey: "main", weekStart: weekStart),
            userId: "u", currentDate: date(now, zone), timezone: zone
        )
    }

    @Test func aSecondBeforeMidnightIsYesterdayAndMidnightIsToday() {
        let events = [event("2026-03-09 23:59:59", newYork, points: 10), event("2026-03-10 00:00:00", newYork, points: 20)]
        let result = calculate(events, at: "2026-03-10 08:00:00", newYork)
        #expect(result.pointsToday == 20)
        #expect(result.eventsTodayCount == 1)
        #expect(result.pointsAllTime == 30)
    }

    @Test func aLaterEventTodayCountsInEveryCalendarWindow() {
        let events = [event("2026-03-10 21:00:00", newYork, points: 5)]
        let result = calculate(events, at: "2026-03-10 08:00:00", newYork)
        #expect(result.pointsToday == 5)
        #expect(result.pointsThisWeek == 5)
        #expect(result.pointsThisMonth == 5)
        #expect(result.pointsThisYear == 5)
        #expect(result.pointsLast7Days == 0, "a rolling window ends at now")
    }

    @Test func theDayClocksSpringForwardIsOneDayOf23Hours() {
        // 2026-03-08: New York skips 02:00-03:00.
        let events = [
            event("2026-03-08 00:30:00", newYork, points: 1), event("2026-03-08 23:30:00", newYork, points: 2),
            event("2026-03-09 00:10:00", newYork, points: 4),
        ]
        let result = calculate(events, at: "2026-03-08 23:45:00", newYork)
        #expect(result.pointsToday == 3)
        #expect(result.eventsTodayCount == 2)
    }

    @Test func theDayClocksFallBackIsOneDayOf25Hours() {
        // 2026-11-01: New York repeats 01:00-02:00.
        let start = date("2026-11-01 00:00:00", newYork)
        let events = [
            ExperiencePointsEvent(dateCreated: start, points: 1, timezone: newYork.identifier),
            ExperiencePointsEvent(dateCreated: start.addingTimeInterval(24 * 3600 + 1800), points: 2, timezone: newYork.identifier),
        ]
        let result = calculate(events, at: "2026-11-01 23:50:00", newYork)
        #expect(result.pointsToday == 3, "00:00 and 23:30 (25 h apart minus 30 min) are the same day")
    }

    @Test func rollingWindowsStepBackOnTheCalendarAcrossDST() {
        // Seven calendar days before 2026-03-12 12:00 is 2026-03-05 12:00 (167 hours back).
        let events = [event("2026-03-05 12:00:00", newYork, points: 7), event("2026-03-05 11:59:59", newYork, points: 100)]
        let result = calculate(events, at: "2026-03-12 12:00:00", newYork)
        #expect(result.pointsLast7Days == 7)
    }

    @Test(arguments: [(Weekday.sunday, 7), (Weekday.monday, 6), (Weekday.wednesday, 4)])
    func theWeekStartsOnTheConfiguredDay(start: Weekday, expected: Int) {
        // Wednesday 2026-03-11; events on Sunday 8 (1), Monday 9 (2), Wednesday 11 (4), Saturday 7 (8).
        let events = [
            event("2026-03-08 12:00:00", newYork, points: 1), event("2026-03-09 12:00:00", newYork, points: 2),
            event("2026-03-11 07:00:00", newYork, points: 4), event("2026-03-07 12:00:00", newYork, points: 8),
        ]
        #expect(calculate(events, at: "2026-03-11 09:00:00", newYork, weekStart: start).pointsThisWeek == expected)
    }

    @Test func anEventKeepsItsOwnZonesDayAfterTheUserTravels() {
        // Earned at 23:00 in New York on the 9th: 12:00 on the 10th in Tokyo.
        let earned = event("2026-03-09 23:00:00", newYork, points: 50)
        let inTokyo = calculate([earned], at: "2026-03-10 14:00:00", tokyo)
        #expect(inTokyo.pointsToday == 0, "it was the 9th where it was earned")
        let yesterdayInTokyo = calculate([earned], at: "2026-03-09 20:00:00", tokyo)
        #expect(yesterdayInTokyo.pointsToday == 50)
        let days = CurrentExperiencePointsData(experienceKey: "main", recentEvents: [earned]).getCalendarDaysWithEvents(timezone: tokyo)
        #expect(days == [date("2026-03-09 00:00:00", tokyo)])
    }

    @Test func anEventWithoutAZoneTakesTheCalculationsZone() {
        let bare = ExperiencePointsEvent(dateCreated: date("2026-03-09 23:00:00", newYork), points: 50, timezone: nil)
        #expect(calculate([bare], at: "2026-03-10 14:00:00", tokyo).pointsToday == 50)
        #expect(calculate([bare], at: "2026-03-09 23:30:00", newYork).pointsToday == 50)
    }

    @Test func monthAndYearWindowsStartOnTheFirstInTheEventsZone() {
        let events = [
            event("2026-02-28 23:59:59", newYork, points: 1), event("2026-03-01 00:00:00", newYork, points: 2),
            event("2025-12-31 23:59:59", newYork, points: 4),
        ]
        let result = calculate(events, at: "2026-03-02 10:00:00", newYork)
        #expect(result.pointsThisMonth == 2)
        #expect(result.pointsThisYear == 3)
        #expect(result.pointsLast12Months == 7)
    }

    @Test func dateCreatedIsTheEarliestEventWhateverTheOrder() {
        let events = [event("2026-03-05 12:00:00", newYork, points: 1), event("2026-01-05 12:00:00", newYork, points: 1)]
        let result = calculate(events, at: "2026-03-10 12:00:00", newYork)
        #expect(result.dateCreated == date("2026-01-05 12:00:00", newYork))
        #expect(result.dateLastEvent == date("2026-03-05 12:00:00", newYork))
    }

    @Test func recentEventsAreTheLastSixtyDaysOldestFirst() {
        let events = [
            event("2026-03-10 09:00:00", newYork, points: 1), event("2026-01-10 12:00:00", newYork, points: 2),
            event("2026-01-09 12:00:00", newYork, points: 4),
        ]
        let recent = calculate(events, at: "2026-03-10 12:00:00", newYork).recentEvents ?? []
        #expect(recent.map(\.points) == [2, 1], "Jan 10 is the 60th day back counting today; Jan 9 the 61st")
    }

    @Test func noEventsIsBlankWithZerosEverywhere() {
        let result = calculate([], at: "2026-03-10 12:00:00", newYork)
        #expect(result == .blank(experienceKey: "main", userId: "u"))
        #expect(result.pointsThisWeek == 0 && result.pointsLast12Months == 0)
    }

    @Test func theWeekStartTravelsThroughJSONAndSundayKeepsUpstreamsShape() throws {
        let monday = ExperiencePointsConfiguration(experienceKey: "main", weekStart: .monday)
        let decoded = try JSONDecoder().decode(ExperiencePointsConfiguration.self, from: JSONEncoder().encode(monday))
        #expect(decoded == monday)
        let sunday = try JSONSerialization.jsonObject(with: JSONEncoder().encode(configuration)) as? [String: Any]
        #expect(Set(sunday?.keys.map { $0 } ?? []) == ["experience_id", "use_server_calculation"])
    }
}
