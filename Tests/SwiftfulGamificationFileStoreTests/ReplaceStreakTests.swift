import Foundation
import Testing
@testable import SwiftfulGamificationFileStore
import SwiftfulGamification

/// `replaceStreak`, the replica's swap of a whole streak: all or nothing for readers.
struct ReplaceStreakTests {
    /// A store under `directory` whose 'daily' has events on the given January days.
    func store(at directory: String, days: [Int]) throws -> FileStreakStore {
        let store = FileStreakStore(rootPath: directory)
        try store.createStreak(userId: "u1", configuration: StreakConfiguration(streakKey: "daily"), now: at("2024-01-01 08:00"), timezone: newYork)
        for day in days { try store.log([event(String(format: "2024-01-%02d 12:00", day))], now: String(format: "2024-01-%02d 12:00", day)) }
        return store
    }

    @Test func theStagedStreakTakesThePlaceOfTheOldOneWhole() throws {
        let fixture = StoreFixture()
        let target = try store(at: fixture.root, days: [1, 2])
        let staging = try store(at: fixture.root + "-staging", days: [1, 2, 3, 4])
        defer { try? FileManager.default.removeItem(atPath: fixture.root + "-staging") }
        try target.replaceStreak(userId: "u1", streakKey: "daily", from: staging)
        #expect(try target.events(userId: "u1", streakKey: "daily").count == 4)
        // A source without the streak removes it.
        try target.replaceStreak(userId: "u1", streakKey: "daily", from: FileStreakStore(rootPath: fixture.root + "-empty"))
        #expect(try target.streakKeys(userId: "u1", includingArchived: true).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/users/u1").filter { $0.hasPrefix("replaced-") }.isEmpty)
    }

    /// The staged folder on another file system cannot be renamed into place: the old streak
    /// is put back, whole, and the failure says where.
    @Test(.enabled(if: ReplaceStreakTests.otherFileSystem != nil, "needs /dev/shm on a file system of its own"))
    func aFailedSwapPutsTheOldStreakBack() throws {
        let fixture = StoreFixture()
        let target = try store(at: fixture.root, days: [1, 2])
        let before = try target.events(userId: "u1", streakKey: "daily")
        let elsewhere = try #require(Self.otherFileSystem) + "/streaks-replace-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let staging = try store(at: elsewhere, days: [1, 2, 3])
        #expect(throws: FileStoreError.self) { try target.replaceStreak(userId: "u1", streakKey: "daily", from: staging) }
        #expect(try target.events(userId: "u1", streakKey: "daily") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/users/u1").filter { $0.hasPrefix("replaced-") }.isEmpty)
    }

    /// /dev/shm when it is not the temporary directory's file system.
    static let otherFileSystem: String? = {
        var shm = stat(), temporary = stat()
        guard stat("/dev/shm", &shm) == 0, stat(NSTemporaryDirectory(), &temporary) == 0, shm.st_dev != temporary.st_dev else { return nil }
        return "/dev/shm"
    }()
}
