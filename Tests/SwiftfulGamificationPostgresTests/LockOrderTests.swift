import PostgresTestSupport
import Foundation
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing

/// Writers that lock two streaks take the locks in one order: `rename a b` racing
/// `rename b a` never waits in a circle (PostgreSQL would end one with a deadlock error
/// after a second; here each finishes at once, renamed or told the streak is not there).
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct LockOrderTests {
    @Test func crossedRenamesNeverDeadlock() async throws {
        let utc = TimeZone(identifier: "UTC")!, now = date("2024-03-05T12:00:00Z")
        let first = try await TestDatabase.store(role: "alice"), second = try await TestDatabase.store(role: "alice")
        defer { Task { await first.close(); await second.close() } }
        let a = "swap" + UUID().uuidString.prefix(6).lowercased(), b = a + "_b"
        _ = try await first.createStreak(userId: "alice", configuration: StreakConfiguration(streakKey: a), now: now, timezone: utc)
        var renamed = 0
        for _ in 0..<100 {
            async let forward = Self.outcome { try await first.renameStreak(userId: "alice", from: a, to: b, now: now, timezone: utc) }
            async let backward = Self.outcome { try await second.renameStreak(userId: "alice", from: b, to: a, now: now, timezone: utc) }
            for outcome in await [forward, backward] {
                switch outcome {
                case .success: renamed += 1
                case .failure(let error):
                    guard case StreakStoreError.unknownStreak = error else {
                        Issue.record("a crossed rename failed with \(error)")
                        return
                    }
                }
            }
        }
        #expect(renamed >= 100)
        let keys = try await first.streakKeys(userId: "alice").filter { $0 == a || $0 == b }
        #expect(keys.count == 1)
    }

    static func outcome(_ body: () async throws -> StreakEvaluation) async -> Result<StreakEvaluation, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
}
