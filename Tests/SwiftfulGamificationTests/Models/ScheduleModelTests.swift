import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 8's schedules as values: how they are spelled, read, checked and stored.
struct ScheduleModelTests {
    @Test(arguments: [
        ("daily", StreakSchedule.daily),
        ("mon-fri", .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])),
        ("weekdays", .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])),
        ("weekends", .weekdays([.saturday, .sunday])),
        ("weekend", .weekdays([.saturday, .sunday])),
        ("weekday", .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday])),
        ("mon,wed,fri", .weekdays([.monday, .wednesday, .friday])),
        ("Monday, Wednesday", .weekdays([.monday, .wednesday])),
        ("sat-mon", .weekdays([.saturday, .sunday, .monday])),
        ("mon-sun", .daily),
        ("3/week", .timesPerWeek(3)),
        ("7/week", .timesPerWeek(7)),
    ])
    func readsWhatPeopleType(text: String, schedule: StreakSchedule) throws {
        #expect(try StreakSchedule(parsing: text) == schedule)
    }

    @Test(arguments: ["", "mon-", "funday", "0/week", "8/week", "-1/week", "mo", "mon,,fri", "weekly"])
    func refusesTextThatNamesNoSchedule(text: String) {
        #expect(throws: StreakRuleError.invalidSchedule(text)) { try StreakSchedule(parsing: text) }
    }

    @Test func spellsItselfMondayFirstAndReadsThatBack() throws {
        let schedule = StreakSchedule.weekdays([.sunday, .friday, .monday])
        #expect(schedule.text == "mon,fri,sun")
        #expect(try StreakSchedule(parsing: schedule.text) == schedule)
        #expect(StreakSchedule.timesPerWeek(3).text == "3/week")
        #expect(StreakSchedule.daily.text == "daily")
    }

    @Test func knowsItsUnitAndDueDays() {
        #expect(StreakSchedule.daily.unit == .day)
        #expect(StreakSchedule.weekdays([.monday]).unit == .day)
        #expect(StreakSchedule.timesPerWeek(2).unit == .week)
        #expect(StreakSchedule.weekdays([.monday]).isDue(on: .monday))
        #expect(!StreakSchedule.weekdays([.monday]).isDue(on: .sunday))
        #expect(StreakSchedule.timesPerWeek(2).isDue(on: .sunday))
    }

    @Test func aConfigurationValidatesItsSchedule() {
        #expect(throws: StreakRuleError.invalidSchedule("")) {
            try StreakConfiguration(streakKey: "gym", schedule: .weekdays([])).validate()
        }
        #expect(throws: StreakRuleError.invalidSchedule("9/week")) {
            try StreakConfiguration.validated(streakKey: "gym", schedule: .timesPerWeek(9))
        }
        #expect((try? StreakConfiguration.validated(streakKey: "gym", schedule: .timesPerWeek(3), weekStart: .sunday)) != nil)
    }

    @Test func aConfigurationStoresItsScheduleAndReadsOldOnesAsDaily() throws {
        let weekly = StreakConfiguration(streakKey: "gym", schedule: .timesPerWeek(3), weekStart: .sunday)
        let json = try ModelCodingTests.json(weekly)
        #expect(json["schedule"] as? String == "3/week")
        #expect(json["week_start"] as? String == "sunday")
        #expect(try JSONDecoder().decode(StreakConfiguration.self, from: JSONEncoder().encode(weekly)) == weekly)
        let old = try ModelCodingTests.decode(StreakConfiguration.self, #"{"streak_id":"run","events_required_per_day":2}"#)
        #expect(old.schedule == .daily)
        #expect(old.weekStart == .monday)
        #expect(throws: DecodingError.self) {
            try ModelCodingTests.decode(StreakConfiguration.self, #"{"streak_id":"run","schedule":"0/week"}"#)
        }
    }

    @Test func settingsInWordsNameASchedule() {
        #expect(StreakConfiguration(streakKey: "a").settingsText == "goal 1/day, leeway 0h, freezes manual")
        #expect(StreakConfiguration(streakKey: "a", schedule: .weekdays([.monday, .tuesday])).settingsText == "goal 1/day, on mon,tue, leeway 0h, freezes manual")
        #expect(StreakConfiguration(streakKey: "a", schedule: .timesPerWeek(3), weekStart: .sunday).settingsText
            == "goal 1/day, 3/week from sun, leeway 0h, freezes manual")
    }

    @Test func aUnitChangeIsRefusedWithTheWayOut() {
        let message = StreakRuleError.scheduleUnitChange(from: .timesPerWeek(3), to: .daily).localizedDescription
        #expect(message.contains("create a new streak"))
        #expect(message.contains("weeks"))
    }
}
