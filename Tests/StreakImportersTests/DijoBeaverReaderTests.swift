import Foundation
import SwiftfulGamification
import Testing
@testable import StreakImporters

@Suite struct DijoReaderTests {
    let contents = try! DijoReader.read(path: Fixture.path("dijo"))

    @Test func bitCountAndFloatHabitsFromBothFiles() {
        #expect(contents.habits.map(\.name) == ["read", "pushups", "tea", "run km", "commits"])
        #expect(contents.habits.map(\.rule) == [
            .daily, .amount(25, limit: false, per: .days(1), unit: nil), .trackingOnly(unit: nil),
            .amount(5, limit: false, per: .days(1), unit: nil), .amount(1, limit: false, per: .days(1), unit: nil),
        ])
        #expect(Fixture.habit("commits", in: contents).group == "auto")
    }

    @Test func statsBecomeDaysAndFloatsTheirValueOverTenToThePrecision() {
        let read = Fixture.habit("read", in: contents)
        #expect(read.days == [Fixture.day("2026-01-01"): .done(amount: nil), Fixture.day("2026-01-03"): .done(amount: nil)])
        #expect(read.leftOut == ["1 day marked not done or 0"])
        let run = Fixture.habit("run km", in: contents)
        #expect(run.days == [Fixture.day("2026-01-01"): .done(amount: 5.2), Fixture.day("2026-01-04"): .done(amount: 1.25)])
        #expect(Fixture.habit("pushups", in: contents).days[Fixture.day("2026-01-02")] == .done(amount: 10))
    }

    @Test func damagedAndForeignFilesAreRefused() throws {
        #expect(throws: ImportFormatError.self) { try DijoReader.read(path: Fixture.truncated("dijo/habit_record.json", fraction: 0.5)) }
        #expect(throws: ImportFormatError.self) { try DijoReader.read(path: Fixture.path("beaver/beaverhabits_2026_01_07.json")) }
        let wrongKind = Fixture.file("habit_record.json", #"[{"type": "Streak", "name": "x", "stats": {}, "goal": true}]"#)
        do {
            _ = try DijoReader.read(path: wrongKind)
            Issue.record("accepted a kind dijo has not")
        } catch {
            #expect(error.localizedDescription.hasSuffix("(habit 1, \"x\"): \"Streak\" is not a dijo habit kind (Bit, Count or Float)"))
        }
        let badDay = Fixture.file("habit_record.json", #"[{"type": "Bit", "name": "x", "stats": {"yesterday": true}, "goal": true}]"#)
        #expect(throws: ImportFormatError.self) { try DijoReader.read(path: badDay) }
    }
}

@Suite struct BeaverReaderTests {
    let contents = try! BeaverReader.read(file: Fixture.path("beaver/beaverhabits_2026_01_07.json"))

    @Test func periodsTagsStatusSkipsAndNotes() {
        #expect(contents.habits.map(\.name) == ["Gym", "Journal", "Budget review", "Guitar"])
        #expect(contents.habits.map(\.rule) == [.times(3, in: .weeks(1)), .daily, .times(2, in: .months(1)), .daily])
        #expect(contents.habits.map(\.archived) == [false, false, false, true])
        let gym = Fixture.habit("Gym", in: contents)
        #expect(gym.group == "Health")
        #expect(gym.days == [
            Fixture.day("2026-01-02"): .done(amount: nil), Fixture.day("2026-01-04"): .skipped, Fixture.day("2026-01-05"): .done(amount: nil),
        ])
        #expect(gym.notes == [Fixture.day("2026-01-04"): "sick #amber #skip", Fixture.day("2026-01-03"): "no time"])
        #expect(gym.leftOut == ["1 day un-ticked (a day without events says the same)", "its other tags (Body)"])
    }

    @Test func deletedHabitsAreLeftOutAndSaid() throws {
        let file = Fixture.file("export.json", #"{"habits": [{"name": "Gone", "status": "soft_delete", "records": []}, {"name": "Kept", "records": []}]}"#)
        let contents = try BeaverReader.read(file: file)
        #expect(contents.habits.map(\.name) == ["Kept"])
        #expect(contents.remarks == ["\"Gone\" is deleted in Beaver; left out"])
    }

    @Test func damagedAndForeignFilesAreRefused() {
        #expect(throws: ImportFormatError.self) { try BeaverReader.read(file: Fixture.truncated("beaver/beaverhabits_2026_01_07.json", fraction: 0.6)) }
        #expect(throws: ImportFormatError.self) { try BeaverReader.read(file: Fixture.path("dijo/habit_record.json")) }
        let badPeriod = Fixture.file("export.json", #"{"habits": [{"name": "x", "records": [], "period": {"period_type": "Q", "period_count": 1, "target_count": 1}}]}"#)
        do {
            _ = try BeaverReader.read(file: badPeriod)
            Issue.record("accepted period Q")
        } catch {
            #expect(error.localizedDescription.hasSuffix("(habits[0], \"x\", period): \"Q\" is not D, W, M or Y"))
        }
    }
}
