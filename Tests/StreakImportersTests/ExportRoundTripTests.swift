import Foundation
import SwiftfulGamification
import Testing
@testable import StreakImporters

@Suite struct ExportRoundTripTests {
    func streaks() throws -> [ExportedStreak] {
        let planner = ImportPlanner(tool: "loop", zone: Fixture.zone, now: Fixture.now)
        return try planner.plan(try LoopCSVReader.read(path: Fixture.path(LoopReaderTests.zip))).map { planned in
            ExportedStreak(configuration: planned.configuration, archived: planned.archived, events: planned.batch.events, skips: planned.batch.skips, notes: planned.batch.notes)
        }
    }

    @Test func loopsLayoutReadsBackAsTheSameHabits() throws {
        let folder = Fixture.scratch() + "/loop"
        let remarks = try LoopCSVWriter.write(try streaks(), to: folder, zone: Fixture.zone)
        #expect(remarks == ["call_family: tracking only; Loop has at least 0"])
        let original = try LoopCSVReader.read(path: Fixture.path(LoopReaderTests.zip))
        let back = try LoopCSVReader.read(path: folder)
        #expect(back.habits.map(\.name) == original.habits.map(\.name))
        #expect(back.habits.map(\.archived) == original.habits.map(\.archived))
        for (read, source) in zip(back.habits, original.habits) {
            // Tracking only goes to Loop as a measurable habit: its days come back as amounts of 1.
            let days = source.name == "Call family" ? source.days.mapValues { _ in HabitDay.done(amount: 1) } : source.days
            #expect(read.days == days, "\(source.name)")
            #expect(read.notes == source.notes, "\(source.name)")
        }
        #expect(back.habits.map(\.rule)[0...2] == original.habits.map(\.rule)[0...2])
        // The wide file Beaver imports: one column per habit, rows newest first, trailing commas.
        let wide = try String(contentsOfFile: folder + "/Checkmarks.csv", encoding: .utf8).split(separator: "\n")
        #expect(wide[0] == "Date,Stretch,Water,Coffee,Call family,Piano,")
        #expect(wide[1] == "2026-01-06,YES_MANUAL,UNKNOWN,UNKNOWN,UNKNOWN,UNKNOWN,")
    }

    @Test func harshFilesReadBackAsTheSameDays() throws {
        let folder = Fixture.scratch() + "/harsh"
        let streaks = try streaks()
        _ = try HarshWriter.write(streaks, to: folder, zone: Fixture.zone, today: Fixture.today)
        let back = try HarshReader.read(folder: folder, today: Fixture.today)
        #expect(Set(back.habits.map(\.name)) == Set(streaks.map(\.name)))
        let stretch = Fixture.habit("Stretch", in: back)
        #expect(stretch.rule == .times(3, in: .days(7)))
        #expect(stretch.days.count == 4)
        #expect(Fixture.habit("Water", in: back).days[Fixture.day("2026-01-02")] == .done(amount: 1.75))
        #expect(Fixture.habit("Piano", in: back).archived)
    }

    @Test func anExportNeverWritesOverFiles() throws {
        let folder = Fixture.scratch()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/habits"))
        #expect(throws: ImportFormatError.self) { try HarshWriter.write(try streaks(), to: folder, zone: Fixture.zone, today: Fixture.today) }
        #expect(try String(contentsOfFile: folder + "/habits", encoding: .utf8) == "mine")
    }
}
