import Foundation
import SwiftfulGamification
import Testing
@testable import StreakImporters

/// Issue 48: `--format harsh` and `--format loop-csv` write rule 12's shapes as those tools
/// spell them (harsh `N` and `T/I`, Loop's X/Y and X/30), and say where they judge otherwise.
@Suite struct WindowExportTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let schedule: StreakSchedule
        let target: StreakTarget?
        let harsh: String
        let harshRemark: String?
        /// FrequencyNumerator/FrequencyDenominator, and whether Loop's habit is measurable.
        let loop: String
        let loopRemark: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "daily", schedule: .daily, target: nil, harsh: "1", harshRemark: nil, loop: "1/1", loopRemark: nil),
        Case(name: "every N days", schedule: .rolling(times: 1, days: 3), target: nil, harsh: "3", harshRemark: nil, loop: "1/3", loopRemark: nil),
        Case(
            name: "X in Y days", schedule: .rolling(times: 5, days: 7), target: nil,
            harsh: "5/7", harshRemark: "5 in 7 days; harsh keeps a day when some 7-day window around it holds 5, not every window",
            loop: "5/7", loopRemark: "5 in 7 days; Loop keeps a day when some 7-day window around it holds 5, not every window"
        ),
        Case(
            name: "X in 30 days, which Loop reads as a month", schedule: .rolling(times: 2, days: 30), target: nil,
            harsh: "2/30", harshRemark: "2 in 30 days; harsh keeps a day when some 30-day window around it holds 2, not every window",
            loop: "2/30", loopRemark: "2 in 30 days; Loop reads 2/30 as 2 in any month"
        ),
        Case(
            name: "N a week", schedule: .timesPerWeek(3), target: nil,
            harsh: "3/7", harshRemark: "3/week from mon; harsh has 3 in any 7 days", loop: "3/7", loopRemark: "3/week from mon; Loop has 3 in any 7 days"
        ),
        Case(
            name: "X days a month", schedule: .timesPerMonth(2), target: nil,
            harsh: "2/30", harshRemark: "2 days a calendar month; harsh has 2 in any 30 days",
            loop: "2/30", loopRemark: "2 days a calendar month; Loop has 2 in any month-long span"
        ),
        Case(
            name: "at least an amount a month", schedule: .daily, target: .atLeast(100, per: .month),
            harsh: "1", harshRemark: "its target (at least 100 km a month) is not harsh's; the log keeps each day's total",
            loop: "1/30 measurable", loopRemark: "a target per calendar month; Loop sums any 30 days"
        ),
        Case(
            name: "at most an amount a month", schedule: .daily, target: .atMost(4, per: .month),
            harsh: "1", harshRemark: "its target (at most 4 km a month) is not harsh's; the log keeps each day's total",
            loop: "1/30 measurable", loopRemark: "a target per calendar month; Loop sums any 30 days"
        ),
        Case(
            name: "X in Y days with a daily amount", schedule: .rolling(times: 3, days: 10), target: .atLeast(5, per: .day),
            harsh: "3/10",
            harshRemark: "3 in 10 days; harsh keeps a day when some 10-day window around it holds 3, not every window; its target (at least 5 km a day, 3 in 10 days) is not harsh's; the log keeps each day's total",
            loop: "1/1 measurable", loopRemark: "3 in 10 days with a daily target; Loop has the daily target every day"
        ),
    ]

    @Test(arguments: cases)
    func eachShapeIsWrittenAsHarshAndLoopSpellIt(_ example: Case) {
        let configuration = StreakConfiguration(streakKey: "x", schedule: example.schedule, target: example.target, unit: example.target == nil ? nil : "km")
        let (frequency, remark) = HarshWriter.frequency(configuration)
        #expect(frequency == example.harsh)
        #expect(remark == example.harshRemark)
        let (habit, loopRemark) = LoopHabitRow.habit(of: configuration, named: "x")
        #expect("\(habit.frequencyNumerator)/\(habit.frequencyDenominator)\(habit.numerical ? " measurable" : "")" == example.loop)
        #expect(loopRemark == example.loopRemark)
    }

    @Test func harshFilesHoldNAndTIAndReadBackAsTheSameWindows() throws {
        let planned = try Fixture.plannedWindows().filter { $0.key.hasPrefix("harsh_") }
        let folder = Fixture.scratch() + "/harsh"
        let remarks = try HarshWriter.write(planned.map(Self.exported), to: folder, zone: Fixture.zone, today: Fixture.today)
        #expect(try String(contentsOfFile: folder + "/habits", encoding: .utf8) == """
        # Written by streaks export --format harsh
        ! Home
        Plants: 3
        Journal: 5/7
        Stretch: 14
        Read: 3/10
        ! Rare
        Call mum: 30
        Passport: 0
        Dentist: 0

        """)
        #expect(remarks == [
            "harsh_journal: 5 in 7 days; harsh keeps a day when some 7-day window around it holds 5, not every window",
            "harsh_read: 3 in 10 days; harsh keeps a day when some 10-day window around it holds 3, not every window",
        ])
        let original = try HarshReader.read(folder: Fixture.path("harsh-windows"), today: Fixture.today)
        let back = try HarshReader.read(folder: folder, today: Fixture.today)
        // What streaks holds goes back as it came; what it held as tracking only stays so.
        #expect(back.habits.map(\.rule).prefix(5) == original.habits.map(\.rule).prefix(5))
        #expect(back.habits.map(\.rule).suffix(2) == [.trackingOnly(unit: nil), .trackingOnly(unit: nil)])
        for (read, source) in zip(back.habits, original.habits) {
            // A tracking-only streak counts each day as 1: harsh's log keeps it as the day's amount.
            let days = source.rule.mapping.exact == nil ? source.days.mapValues { _ in HabitDay.done(amount: 1) } : source.days
            #expect(read.days == days, "\(source.name)")
        }
    }

    @Test func loopsLayoutHoldsXYAndMonthsAndReadsBackAsTheSameHabits() throws {
        let planned = try Fixture.plannedWindows().filter { $0.key.hasPrefix("loop_") }
        let folder = Fixture.scratch() + "/loop"
        _ = try LoopCSVWriter.write(planned.map(Self.exported), to: folder, zone: Fixture.zone)
        let rows = try String(contentsOfFile: folder + "/Habits.csv", encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[5...6].joined(separator: "/") } == [
            "1/3", "5/7", "1/7", "1/30", "2/30", "1/30", "1/30",
        ])
        let original = try LoopCSVReader.read(path: Fixture.path("loop/unpacked-windows"))
        let back = try LoopCSVReader.read(path: folder)
        #expect(back.habits.map(\.rule) == original.habits.map(\.rule))
        #expect(zip(back.habits, original.habits).allSatisfy { $0.days == $1.days && $0.notes == $1.notes })
    }

    static func exported(_ planned: PlannedStreak) -> ExportedStreak {
        ExportedStreak(configuration: planned.configuration, archived: planned.archived, events: planned.batch.events, skips: planned.batch.skips, notes: planned.batch.notes)
    }
}
