import Foundation
import StreakImporters
@testable import StreakStoreKit
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// `export --all`'s document read back: a section per streak, opened by its configuration
/// line; what is wrong is numbered by the whole file's line and kept with its streak.
struct WholeExportTests {
    func sections(_ text: String) -> [ImportBatch] {
        Array(text.utf8).withUnsafeBufferPointer { StreakTransfer.parseWholeExport($0, source: "all.jsonl", now: at("2024-02-01 12:00")) }
    }

    func export(_ key: String, archived: Bool = false, events: [StreakEvent]) throws -> String {
        try StreakTransfer.exportJSONLines(
            configuration: StreakConfiguration(streakKey: key), goalHistory: [], freezes: [], skips: [CalendarDay(year: 2024, month: 1, day: 3)],
            notes: [StreakNote(day: CalendarDay(year: 2024, month: 1, day: 2), text: "rain")], events: events, archived: archived
        )
    }

    @Test func eachStreakIsASectionWithItsArchiveState() throws {
        let text = try export("walk", events: [event("2024-01-02 09:00", id: "a")]) + export("read", archived: true, events: [event("2024-01-04 09:00", id: "b")])
        let read = sections(text)
        #expect(read.map { $0.configuration?.streakKey } == ["walk", "read"])
        #expect(read.map(\.archived) == [nil, true])
        #expect(read.map { $0.events.map(\.id) } == [["a"], ["b"]])
        #expect(read.allSatisfy { $0.skips == [CalendarDay(year: 2024, month: 1, day: 3)] && $0.notes.count == 1 && $0.problems.isEmpty })
    }

    @Test func aLineBeforeAnyStreakAndABadLineAreProblemsWithTheFilesLineNumbers() throws {
        let walk = try export("walk", events: [event("2024-01-02 09:00", id: "a")])
        let text = #"{"skip":"2024-01-01"}"# + "\n" + walk + "{\"archived\": \"yes\"}\n" + #"{"date_created": "nonsense", "timezone": "UTC"}"# + "\n"
        let read = sections(text)
        let problems = read.flatMap(\.problems)
        let walkLines = walk.split(separator: "\n").count
        #expect(problems.map(\.line) == [1, walkLines + 2, walkLines + 3])
        #expect(problems[0].reason == "a whole export opens each streak with its configuration line")
        #expect(problems[1].reason == "archived is true or false")
        #expect(read.last?.configuration?.streakKey == "walk")
    }

    @Test func aCutFileKeepsWhatItHasAndNamesTheCutLine() throws {
        let text = try export("walk", events: [event("2024-01-02 09:00", id: "a"), event("2024-01-03 09:00", id: "b")])
        let cut = String(text.dropLast(20))
        let read = sections(cut)
        #expect(read.count == 1)
        #expect(read[0].problems.count == 1)
        #expect(read[0].events.map(\.id) == ["a"])
    }
}
