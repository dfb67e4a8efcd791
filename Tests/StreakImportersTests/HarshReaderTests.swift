import Foundation
import SwiftfulGamification
import Testing
@testable import StreakImporters

@Suite struct HarshReaderTests {
    let contents = try! HarshReader.read(folder: Fixture.path("harsh"), today: Fixture.today)

    @Test func habitsKeepTheirOrderHeadingsAndFrequencies() {
        #expect(contents.habits.map(\.name) == ["Gym", "Walk", "Called Mom", "Coffee", "Read twice in ten", "Old habit"])
        #expect(contents.habits.map(\.group) == ["Health", "Health", "Health", "Tracking", "Tracking", "Tracking"])
        #expect(contents.habits.map(\.rule) == [
            .times(3, in: .days(7)), .daily, .times(1, in: .days(7)), .trackingOnly(unit: nil), .times(2, in: .days(10)), .daily,
        ])
    }

    @Test func anEndDatePassedArchivesAndOneToComeIsSaid() throws {
        #expect(Fixture.habit("Old habit", in: contents).archived)
        let later = try HarshReader.habitList("Walk: 1: 2026-03-01\n", file: "habits", today: Fixture.today)
        #expect(!later[0].archived)
        #expect(later[0].leftOut == ["its end date, 2026-03-01 (archive it then)"])
    }

    @Test func theLastLineForADayWinsWithItsCommentAndAmount() {
        let walk = Fixture.habit("Walk", in: contents)
        #expect(walk.days == [Fixture.day("2025-12-30"): .skipped, Fixture.day("2025-12-31"): .done(amount: 0)])
        #expect(walk.notes == [Fixture.day("2025-12-31"): "late walk", Fixture.day("2026-01-06"): "rain"])
        #expect(walk.leftOut == ["1 day logged \"n\" (a day without events says the same)"])
        let gym = Fixture.habit("Gym", in: contents)
        #expect(gym.days[Fixture.day("2025-12-29")] == .done(amount: 1.5))
        #expect(gym.days[Fixture.day("2026-01-02")] == .done(amount: nil))
        #expect(Fixture.habit("Coffee", in: contents).days.values.sorted { "\($0)" < "\($1)" } == [.done(amount: 2), .done(amount: 3)])
    }

    @Test func logLinesForUnlistedHabitsAreReported() {
        #expect(contents.remarks == ["log lines for \"Ghost\", which the habits file does not list"])
    }

    @Test(arguments: [
        ("Gym: often\n", "habits line 1 (frequency): \"often\" is not 1, N, Nw or T/I"),
        ("Gym: 8/7\n", "habits line 1 (frequency): \"8/7\" asks for more days than its period has"),
        ("Gym 3/7\n", "habits line 1: \"Gym 3/7\" is not \"Name: frequency\" (is this harsh's habits file?)"),
        ("Gym: 1: someday\n", "habits line 1 (end date): \"someday\" is not a date (YYYY-MM-DD)"),
        ("Gym: 1\nGym: 2\n", "habits line 2: \"Gym\" is listed twice"),
        ("# nothing\n", "habits: it lists no habits"),
    ])
    func aDamagedHabitsFileIsRefusedWithItsLine(text: String, message: String) {
        do {
            _ = try HarshReader.habitList(text, file: "habits", today: Fixture.today)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.localizedDescription == message)
        }
    }

    @Test(arguments: [
        ("2026-01-01 : Gym : maybe\n", "log line 1 (result): \"maybe\" is not y, n or s"),
        ("2026-13-01 : Gym : y\n", "log line 1 (date): \"2026-13-01\" is not a date (YYYY-MM-DD)"),
        ("2026-01-01 : Gym : y :  : lots\n", "log line 1 (amount): \"lots\" is not a number of 0 or more"),
        ("2026-01-01 Gym y\n", "log line 1: \"2026-01-01 Gym y\" is not \"date : habit : y|n|s[ : comment[ : amount]]\" (is this harsh's log?)"),
    ])
    func aDamagedLogIsRefusedWithItsLine(text: String, message: String) throws {
        var habits = try HarshReader.habitList("Gym: 1\n", file: "habits", today: Fixture.today)
        do {
            _ = try HarshReader.applyLog(text, file: "log", to: &habits, strict: true)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.localizedDescription == message)
        }
    }

    /// Issue 46: one line that does not read no longer stops the import: it is left out and
    /// named by its number (`strict` refuses it as before); a comment holding " : " reads whole.
    @Test func aDamagedLineIsLeftOutAndNamedUnlessStrict() throws {
        let log = """
        2026-01-01 : Gym : y
        2026-01-02 : Gym : maybe
        2026-01-03 : Gym : y : knee: ok : then : 12.5
        2026-01-04 : Gym : y : sets : reps : fine
        2026-13-01 : Gym : y

        """
        var habits = try HarshReader.habitList("Gym: 1\n", file: "habits", today: Fixture.today)
        let remarks = try HarshReader.applyLog(log, file: "log", to: &habits)
        #expect(remarks == [
            "left out: log line 2 (result): \"maybe\" is not y, n or s",
            "left out: log line 5 (date): \"2026-13-01\" is not a date (YYYY-MM-DD)",
        ])
        let gym = habits[0]
        #expect(gym.days[Fixture.day("2026-01-03")] == .done(amount: 12.5))
        #expect(gym.notes[Fixture.day("2026-01-03")] == "knee: ok : then")
        #expect(gym.notes[Fixture.day("2026-01-04")] == "sets : reps : fine")
        #expect(gym.days.count == 3)
        var strict = try HarshReader.habitList("Gym: 1\n", file: "habits", today: Fixture.today)
        #expect(throws: ImportFormatError.self) { try HarshReader.applyLog(log, file: "log", to: &strict, strict: true) }
    }

    @Test func anotherToolsFileIsRefused() {
        let folder = Fixture.scratch()
        try! FileManager.default.copyItem(atPath: Fixture.path("dijo/habit_record.json"), toPath: folder + "/habits")
        #expect(throws: ImportFormatError.self) { try HarshReader.read(folder: folder, today: Fixture.today) }
        #expect(throws: ImportFormatError.self) { try HarshReader.read(folder: Fixture.scratch(), today: Fixture.today) }
    }
}
