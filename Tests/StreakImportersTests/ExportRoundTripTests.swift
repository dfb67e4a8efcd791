import Foundation
import SwiftfulGamification
import SwiftfulGamificationFileStore
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
        #expect(remarks == [
            "stretch: 3 in 7 days; Loop keeps a day when some 7-day window around it holds 3, not every window",
            "call_family: 2 days a calendar month; Loop has 2 in any month-long span",
        ])
        let original = try LoopCSVReader.read(path: Fixture.path(LoopReaderTests.zip))
        let back = try LoopCSVReader.read(path: folder)
        #expect(back.habits.map(\.name) == original.habits.map(\.name))
        #expect(back.habits.map(\.archived) == original.habits.map(\.archived))
        for (read, source) in zip(back.habits, original.habits) {
            #expect(read.days == source.days, "\(source.name)")
            #expect(read.notes == source.notes, "\(source.name)")
        }
        #expect(back.habits.map(\.rule) == original.habits.map(\.rule))
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

    /// Issue 48: `export --all` of rolling and monthly streaks (every N days, X in Y days,
    /// X days a month, amounts a month, a skip, notes) read back by `import --from streaks`
    /// into an empty store, exported again: the same bytes.
    @Test func theWholeStoreRoundTripsByteForByteWithWindowsAndMonths() throws {
        let first = FileStreakStore(rootPath: Fixture.scratch())
        let planned = try Fixture.plannedWindows()
        _ = try first.importBatches(planned.map { ($0.key, $0.batch) }, userId: "u", now: Fixture.now, timezone: Fixture.zone)
        _ = try first.setArchived(true, userId: "u", streakKey: "beaver_passport", now: Fixture.now, timezone: Fixture.zone)
        let exported = try Self.exportAll(first)
        for schedule in ["every 3 days", "5 in 7 days", "1/month", "2/month"] { #expect(exported.contains("\"\(schedule)\""), "\(schedule)") }

        let sections = Array(exported.utf8).withUnsafeBufferPointer { StreakTransfer.parseWholeExport($0, source: "all.jsonl", now: Fixture.now) }
        #expect(sections.flatMap(\.problems).isEmpty)
        #expect(sections.count == planned.count)
        let second = FileStreakStore(rootPath: Fixture.scratch())
        _ = try second.importBatches(sections.map { ($0.configuration!.streakKey, $0) }, userId: "u", now: Fixture.now, timezone: Fixture.zone)
        #expect(try Self.exportAll(second) == exported)
        #expect(try second.settings(userId: "u", streakKey: "loop_takeaway").configuration.target == .atMost(4, per: .month))
    }

    /// As `streaks export --all` writes it: every streak, archived ones too, in key order.
    static func exportAll(_ store: FileStreakStore) throws -> String {
        try store.streakKeys(userId: "u", includingArchived: true).map { key in
            let settings = try store.settings(userId: "u", streakKey: key)
            return try StreakTransfer.exportJSONLines(
                configuration: settings.configuration, goalHistory: settings.goalHistory, freezes: try store.freezes(userId: "u", streakKey: key),
                skips: try store.skips(userId: "u", streakKey: key), notes: try store.notes(userId: "u", streakKey: key),
                events: try store.events(userId: "u", streakKey: key), archived: try store.isArchived(userId: "u", streakKey: key)
            )
        }.joined()
    }
}
