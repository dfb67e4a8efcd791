import Foundation
import SwiftfulGamification
@testable import StreakImporters

/// The fixture files (written by Fixtures/make_fixtures.py) and a scratch folder per test.
enum Fixture {
    static var root: String { Bundle.module.resourceURL!.appendingPathComponent("Fixtures").path }

    static func path(_ relative: String) -> String { "\(root)/\(relative)" }

    /// A new empty folder.
    static func scratch() -> String {
        let path = NSTemporaryDirectory() + "streak-importers-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A copy of a fixture file with only its first `fraction` of bytes, as a cut download leaves it.
    static func truncated(_ relative: String, fraction: Double, name: String? = nil) -> String {
        let data = try! Data(contentsOf: URL(fileURLWithPath: path(relative)))
        let file = scratch() + "/" + (name ?? (relative as NSString).lastPathComponent)
        try! data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// A file with `text` in a scratch folder.
    static func file(_ name: String, _ text: String) -> String {
        let file = scratch() + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    static let zone = TimeZone(identifier: "America/New_York")!
    /// 2026-01-08 12:00 in New York: after every fixture's last day.
    static let now = Date(timeIntervalSince1970: 1_767_891_600)
    static let today = CalendarDay(year: 2026, month: 1, day: 8)

    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    static func habit(_ name: String, in contents: SourceContents) -> ImportedHabit {
        contents.habits.first { $0.name == name }!
    }

    /// The `*windows*` fixtures of harsh, Loop and Beaver planned as streaks, keys prefixed
    /// with the tool ("harsh_plants", "loop_plants").
    static func plannedWindows() throws -> [PlannedStreak] {
        let sources: [(String, SourceContents)] = [
            ("harsh", try HarshReader.read(folder: path("harsh-windows"), today: today)),
            ("loop", try LoopCSVReader.read(path: path("loop/unpacked-windows"))),
            ("beaver", try BeaverReader.read(file: path("beaver/windows.json"))),
        ]
        return try sources.flatMap { tool, contents in
            let keys = Dictionary(uniqueKeysWithValues: contents.habits.map { ($0.name, "\(tool)_" + StreakValidation.derivedKey(fromTitle: $0.name, taken: [])) })
            return try ImportPlanner(tool: tool, zone: zone, now: now, keys: keys).plan(contents)
        }
    }
}
