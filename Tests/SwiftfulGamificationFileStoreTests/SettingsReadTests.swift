import Foundation
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// A long-lived reader keeps the config it decoded, but never past a change: an edit in
/// place that keeps the file's size (and may keep its timestamps, within their grain) is
/// read at once, and a file that stops reading fails every time.
struct SettingsReadTests {
    @Test func anEditInPlaceIsReadAtOnceAndADamagedFileFailsEachTime() throws {
        let root = NSTemporaryDirectory() + "streaks-settings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/config.json"
        func write(goal: Int) throws {
            let settings = StreakSettings(configuration: StreakConfiguration(streakKey: "run", eventsRequiredPerDay: goal), goalHistory: [], dateCreated: Date(timeIntervalSince1970: 0))
            let bytes = try StoreJSON.prettyEncoder.encode(settings)
            // In place, as an editor saving over the file might: same inode, same size.
            let handle = try #require(FileHandle(forWritingAtPath: path) ?? { FileManager.default.createFile(atPath: path, contents: nil); return FileHandle(forWritingAtPath: path) }())
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: bytes)
            try handle.close()
        }
        try write(goal: 2)
        #expect(try StreakSettings.read(path)?.configuration.eventsRequiredPerDay == 2)
        #expect(try StreakSettings.read(path)?.configuration.eventsRequiredPerDay == 2)
        try write(goal: 3)
        #expect(try StreakSettings.read(path)?.configuration.eventsRequiredPerDay == 3, "the edit is seen by the same reader")
        try Data("{\"configuration\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        for _ in 0..<2 { #expect(throws: FileStoreError.self) { _ = try StreakSettings.read(path) } }
        try FileManager.default.removeItem(atPath: path)
        #expect(try StreakSettings.read(path) == nil)
    }

    /// What was decoded never stands in for the checks of the file itself: a config that
    /// became a link (to a copy of the very bytes decoded before) is refused as one.
    @Test func aConfigThatBecameALinkIsRefusedThoughItsBytesWereDecoded() throws {
        let root = NSTemporaryDirectory() + "streaks-settings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/config.json", copy = root + "/elsewhere.json"
        let settings = StreakSettings(configuration: StreakConfiguration(streakKey: "run"), goalHistory: [], dateCreated: Date(timeIntervalSince1970: 0))
        let bytes = try StoreJSON.prettyEncoder.encode(settings)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(try StreakSettings.read(path)?.configuration.streakKey == "run")
        try bytes.write(to: URL(fileURLWithPath: copy))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: copy)
        #expect(throws: FileStoreError.self) { _ = try StreakSettings.read(path) }
    }
}
