import Foundation
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

/// A long-lived reader keeps `current.json` decoded between reads: a new version of the file
/// (another writer's) or one damaged in place is never answered from what it kept.
struct CachedEvaluationReuseTests {
    @Test func aReplacedOrDamagedCacheIsReadAgain() throws {
        let fixture = StoreFixture()
        let writer = try fixture.create(), reader = fixture.store()
        try writer.log([event("2024-01-02 09:00")], now: "2024-01-02 10:00")
        #expect(try reader.evaluate(userId: "u1", streakKey: "daily", now: at("2024-01-02 11:00"), timezone: newYork).streak.todayEventCount == 1)
        try writer.log([event("2024-01-02 10:30")], now: "2024-01-02 10:45")
        #expect(try reader.evaluate(userId: "u1", streakKey: "daily", now: at("2024-01-02 11:00"), timezone: newYork).streak.todayEventCount == 2)
        // Damaged in place (same inode, other bytes): the seal fails, the reader calculates.
        let path = fixture.path("current.json")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 10)
        try handle.close()
        #expect(try reader.evaluate(userId: "u1", streakKey: "daily", now: at("2024-01-02 11:00"), timezone: newYork).streak.todayEventCount == 2)
    }
}
