import Foundation
import SwiftfulGamification
import SwiftfulGamificationFileStore
import Testing
@testable import StreakImporters

/// Issue 48: harsh, Loop and Beaver files with every-N-days, T-in-I-days and monthly habits
/// (the `*windows*` fixtures) become rule 12's shapes, and say where they are judged otherwise.
@Suite struct WindowImportTests {
    let planner = ImportPlanner(tool: "harsh", zone: Fixture.zone, now: Fixture.now)
    static func someWindow(_ times: Int, _ days: Int) -> String { HabitMappingTests.someWindow(times, days) }

    func harsh() throws -> SourceContents { try HarshReader.read(folder: Fixture.path("harsh-windows"), today: Fixture.today) }
    func loop() throws -> SourceContents { try LoopCSVReader.read(path: Fixture.path("loop/unpacked-windows")) }
    func beaver() throws -> SourceContents { try BeaverReader.read(file: Fixture.path("beaver/windows.json")) }

    @Test func harshWindowsBecomeRollingSchedules() throws {
        let contents = try harsh()
        #expect(contents.habits.map(\.rule) == [
            .times(1, in: .days(3)), .times(5, in: .days(7)), .times(1, in: .days(14)), .times(3, in: .days(10)),
            .times(1, in: .days(30)), .times(1, in: .days(400)), .times(2, in: .days(400)),
        ])
        let planned = try planner.plan(contents)
        #expect(planned.map(\.shape.text) == [
            "every 3 days", "5 in 7 days", "every 14 days", "3 in 10 days", "every 30 days", "tracking only", "tracking only",
        ])
        #expect(planned.map(\.remark) == [
            nil, Self.someWindow(5, 7), nil, Self.someWindow(3, 10), nil,
            "tracking only: streaks has no window longer than 365 days (once in any 400 days); --approximate makes it every 365 days",
            "tracking only: streaks has no window longer than 365 days (2 in any 400 days); --approximate makes it 2 in 365 days",
        ])
        #expect(planned[3].batch.skips == [Fixture.day("2026-01-06")])
    }

    @Test func theReportSaysWhereHarshJudgesAWindowOtherwise() throws {
        let lines = ImportReport.lines(try planner.plan(try harsh()))
        #expect(lines[0] == "\"Plants\" -> plants (Home): every 3 days, 3 events, 1 note")
        #expect(lines[1] == "\"Journal\" -> journal (Home): 5 in 7 days, 5 events")
        #expect(lines[2] == "    " + Self.someWindow(5, 7))
    }

    @Test func approximateGivesWhatStillHasNoShapeItsNearestWindow() throws {
        var approximating = planner
        approximating.approximate = true
        let planned = try approximating.plan(try harsh())
        #expect(planned.map(\.configuration.schedule).suffix(2) == [.rolling(times: 1, days: 365), .rolling(times: 2, days: 365)])
        #expect(planned[5].remark == "approximated as every 365 days: streaks has no window longer than 365 days (once in any 400 days)")
    }

    @Test func loopsEveryXDaysXInYDaysAndMonthsBecomeTheirShapes() throws {
        let contents = try loop()
        #expect(contents.habits.map(\.rule) == [
            .times(1, in: .days(3)), .times(5, in: .days(7)), .times(1, in: .days(7)), .times(1, in: .anyMonth), .times(2, in: .anyMonth),
            .amount(100, limit: false, per: .anyMonth, unit: "km"), .amount(4, limit: true, per: .anyMonth, unit: nil),
        ])
        // YES_AUTO days are Loop's own arithmetic, not days done.
        #expect(Fixture.habit("Plants", in: contents).days.count == 3)
        let planned = try ImportPlanner(tool: "loop", zone: Fixture.zone, now: Fixture.now).plan(contents)
        #expect(planned.map(\.configuration.schedule) == [
            .rolling(times: 1, days: 3), .rolling(times: 5, days: 7), .rolling(times: 1, days: 7), .timesPerMonth(1), .timesPerMonth(2), .daily, .daily,
        ])
        #expect(planned.map(\.configuration.target).suffix(2) == [.atLeast(100, per: .month), .atMost(4, per: .month)])
        #expect(planned.map(\.remark) == [
            nil, Self.someWindow(5, 7), nil, HabitMappingTests.anyMonth, HabitMappingTests.anyMonth, HabitMappingTests.anyMonth, HabitMappingTests.anyMonth,
        ])
        #expect(planned[5].batch.events.map(\.amount) == [12, 8.5])
    }

    @Test func beaversDayPeriodsAreWindowsAndItsMonthsCalendarMonths() throws {
        let contents = try beaver()
        #expect(contents.habits.map(\.rule) == [
            .times(1, in: .days(3)), .times(3, in: .days(7)), .times(1, in: .months(1)), .times(1, in: .weeks(2)), .times(1, in: .years(1)),
        ])
        let planned = try ImportPlanner(tool: "beaver", zone: Fixture.zone, now: Fixture.now).plan(contents)
        #expect(planned.map(\.shape.text) == ["every 3 days", "3 in 7 days", "1/month", "tracking only", "tracking only"])
        #expect(planned.map(\.remark) == [
            nil, Self.someWindow(3, 7), nil,
            "tracking only: streaks has no \"once every 2 weeks\"; --approximate makes it every 14 days",
            "tracking only: streaks has no \"once a year\"; --approximate makes it every 365 days",
        ])
    }

    /// Rule 12's worked examples, moved to 2026: every 3 days kept 01-01, 01-04, 01-07 is 3
    /// at 01-08 noon; 5 in 7 days kept 01-01 to 01-05 is 5.
    @Test func importedWindowsCountAsRule12Says() throws {
        let store = FileStreakStore(rootPath: Fixture.scratch())
        for streak in try Fixture.plannedWindows() {
            _ = try store.importBatch(streak.batch, userId: "u", streakKey: streak.key, now: Fixture.now, timezone: Fixture.zone)
        }
        func current(_ key: String) throws -> Int? {
            try store.evaluate(userId: "u", streakKey: key, now: Fixture.now, timezone: Fixture.zone).streak.currentStreak
        }
        #expect(try current("harsh_plants") == 3)
        #expect(try current("loop_plants") == 3)
        #expect(try current("beaver_plants") == 3)
        #expect(try current("harsh_journal") == 5)
        #expect(try current("loop_journal") == 5)
        #expect(try store.settings(userId: "u", streakKey: "loop_run").configuration.target == .atLeast(100, per: .month))
    }
}
