import Foundation
import SwiftfulGamification
import Testing
@testable import StreakImporters

@Suite struct LoopReaderTests {
    static let zip = "loop/Loop Habits CSV 2026-01-07.zip"
    static let backup = "loop/Loop Habits Backup 2026-01-07 120000.db"

    @Test func theZipAndItsUnpackedFolderReadAlike() throws {
        let zipped = try LoopCSVReader.read(path: Fixture.path(Self.zip))
        let unpacked = try LoopCSVReader.read(path: Fixture.path("loop/unpacked-2.3.1"))
        #expect(zipped == unpacked)
        #expect(zipped.habits.map(\.name) == ["Stretch", "Water", "Coffee", "Call family", "Piano"])
    }

    @Test func csvFrom231KeepsTypesTargetsUnitsArchivedSkipsAndNotes() throws {
        let contents = try LoopCSVReader.read(path: Fixture.path(Self.zip))
        #expect(contents.habits.map(\.rule) == [
            .times(3, in: .days(7)), .amount(2, limit: false, per: .days(1), unit: "L"), .amount(2, limit: true, per: .days(1), unit: "cups"),
            .times(2, in: .anyMonth), .daily,
        ])
        #expect(contents.habits.map(\.archived) == [false, false, false, false, true])
        let stretch = Fixture.habit("Stretch", in: contents)
        // YES_AUTO is a day Loop computed, not one the person ticked.
        #expect(stretch.days == [
            Fixture.day("2026-01-01"): .done(amount: nil), Fixture.day("2026-01-03"): .done(amount: nil),
            Fixture.day("2026-01-04"): .skipped, Fixture.day("2026-01-06"): .done(amount: nil),
        ])
        #expect(stretch.notes == [
            Fixture.day("2026-01-01"): "\"New year\"", Fixture.day("2026-01-03"): "Forgot, then did it", Fixture.day("2026-01-04"): "travel",
        ])
        let water = Fixture.habit("Water", in: contents)
        #expect(water.days == [Fixture.day("2026-01-01"): .skipped, Fixture.day("2026-01-02"): .done(amount: 1.75), Fixture.day("2026-01-03"): .done(amount: 2.5)])
        #expect(Fixture.habit("Coffee", in: contents).days[Fixture.day("2026-01-03")] == .done(amount: 0))
    }

    @Test func csvBefore231HasNoHeaderAndNumbers() throws {
        let contents = try LoopCSVReader.read(path: Fixture.path("loop/unpacked-2.2"))
        #expect(contents.habits.map(\.rule) == [.daily, .times(2, in: .days(7)), .trackingOnly(unit: nil)])
        // A measurable habit, known by its values: tracking only, its amounts kept.
        let run = Fixture.habit("Run", in: contents)
        #expect(run.days == [Fixture.day("2026-01-01"): .done(amount: 0), Fixture.day("2026-01-02"): .done(amount: 5.2)])
        #expect(run.leftOut == ["its target and unit (Loop before 2.3.1 does not export them): tracking only"])
        #expect(Fixture.habit("Meditate", in: contents).days == [Fixture.day("2026-01-01"): .done(amount: nil), Fixture.day("2026-01-03"): .done(amount: nil)])
        #expect(Fixture.habit("Gym", in: contents).days == [Fixture.day("2025-12-30"): .skipped, Fixture.day("2026-01-02"): .done(amount: nil)])
    }

    @Test(arguments: [LoopReaderTests.backup, "loop/loop-v19.db"])
    func backupsKeepPositionsKindsAndValues(file: String) async throws {
        let contents = try await LoopDatabaseReader.read(file: Fixture.path(file))
        #expect(contents.habits.map(\.name) == ["Pages", "Floss", "Sweets", "Every other day"])
        #expect(contents.habits.map(\.rule) == [
            .amount(100, limit: false, per: .days(7), unit: "pages"), .daily, .amount(1, limit: true, per: .days(1), unit: nil), .times(1, in: .days(2)),
        ])
        #expect(contents.habits.map(\.archived) == [false, false, false, true])
        let floss = Fixture.habit("Floss", in: contents)
        #expect(floss.days == [Fixture.day("2026-01-01"): .done(amount: nil), Fixture.day("2026-01-02"): .skipped])
        #expect(Fixture.habit("Pages", in: contents).days == [Fixture.day("2026-01-01"): .done(amount: 40), Fixture.day("2026-01-02"): .done(amount: 65.5)])
        if file == Self.backup {
            #expect(floss.notes == [Fixture.day("2026-01-01"): "after breakfast", Fixture.day("2026-01-03"): "only a note"])
        } else {
            #expect(floss.notes.isEmpty)
        }
    }

    @Test func theBackupIsOpenedReadOnly() async throws {
        let copy = Fixture.scratch() + "/backup.db"
        try FileManager.default.copyItem(atPath: Fixture.path(Self.backup), toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        _ = try await LoopDatabaseReader.read(file: copy)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: (copy as NSString).deletingLastPathComponent) == ["backup.db"])
    }

    @Test func damagedTruncatedAndForeignFilesAreRefused() async throws {
        #expect(throws: ImportFormatError.self) { try LoopCSVReader.read(path: Fixture.truncated(Self.zip, fraction: 0.5)) }
        #expect(throws: ImportFormatError.self) { try LoopCSVReader.read(path: Fixture.path("harsh")) }
        #expect(throws: ImportFormatError.self) { try LoopCSVReader.read(path: Fixture.path("beaver/beaverhabits_2026_01_07.json")) }
        await #expect(throws: ImportFormatError.self) { try await LoopDatabaseReader.read(file: Fixture.truncated(Self.backup, fraction: 0.4)) }
        await #expect(throws: ImportFormatError.self) { try await LoopDatabaseReader.read(file: Fixture.path("dijo/habit_record.json")) }
        await #expect(throws: ImportFormatError.self) { try await LoopDatabaseReader.read(file: Fixture.scratch() + "/missing.db") }
        let badValue = Fixture.scratch()
        try Data("Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,A,,,1,1,#000\n".utf8).write(to: URL(fileURLWithPath: badValue + "/Habits.csv"))
        try FileManager.default.createDirectory(atPath: badValue + "/001 A", withIntermediateDirectories: true)
        try Data("2026-01-01,MAYBE\n".utf8).write(to: URL(fileURLWithPath: badValue + "/001 A/Checkmarks.csv"))
        do {
            _ = try LoopCSVReader.read(path: badValue)
            Issue.record("accepted MAYBE")
        } catch {
            #expect(error.localizedDescription.hasSuffix("001 A/Checkmarks.csv line 1 (value): \"MAYBE\" is not a Loop entry value"))
        }
    }

    @Test func aSchemaOutsideTheKnownVersionsIsRefused() async throws {
        let copy = Fixture.scratch() + "/new.db"
        var data = try Data(contentsOf: URL(fileURLWithPath: Fixture.path(Self.backup)))
        // user_version is the 4 bytes at offset 60 of the header.
        data.replaceSubrange(60..<64, with: [0, 0, 0, 26])
        try data.write(to: URL(fileURLWithPath: copy))
        do {
            _ = try await LoopDatabaseReader.read(file: copy)
            Issue.record("accepted version 26")
        } catch {
            #expect(error.localizedDescription.contains("schema version 26 is not one this reads (12 to 25)"))
        }
    }
}

/// Issue 46: Loop's oldest schema (12) names every key `Id`; SQLite's names are not
/// case-sensitive, so it reads like any other (it read as "0 habits" and a remark about
/// repetitions of habits the backup does not hold).
struct LoopSchemaTwelveTests {
    @Test func aSchemaTwelveBackupReadsEveryHabitAndRepetition() async throws {
        let contents = try await LoopDatabaseReader.read(file: Fixture.path("loop/loop-v12.db"))
        #expect(contents.remarks.isEmpty)
        #expect(contents.habits.map(\.name) == ["Wake up early", "Brush teeth", "Sleep early", "Vegan", "Sport"])
        #expect(contents.habits.map(\.rule) == [.times(3, in: .days(7)), .daily, .times(1, in: .days(5)), .daily, .times(2, in: .days(7))])
        #expect(contents.habits.map(\.archived) == [false, false, false, true, false])
        #expect(contents.habits.map(\.days.count) == [30, 60, 2, 15, 20])
        let sleep = Fixture.habit("Sleep early", in: contents)
        #expect(sleep.days == [Fixture.day("2016-01-04"): .done(amount: nil), Fixture.day("2016-01-10"): .done(amount: nil)])
    }
}
