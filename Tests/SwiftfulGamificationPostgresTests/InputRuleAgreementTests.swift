import PostgresTestSupport
import Foundation
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import Testing

/// What one store refuses, the other refuses with the same error, and neither writes any of
/// it: ids with a control character (PostgreSQL cannot keep NUL in text; the file store could).
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct InputRuleAgreementTests {
    let utc = TimeZone(identifier: "UTC")!
    let now = date("2024-03-05T12:00:00Z")

    /// The error `body` throws, as text, or "no error".
    func failure(_ body: () async throws -> Void) async -> String {
        do {
            try await body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: ["a\u{0}b", "line\nbreak"])
    func bothStoresRefuseAnIdWithAControlCharacter(id: String) async throws {
        let directory = NSTemporaryDirectory() + "streaks-rule-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stores: [any StreakStore] = [FileStreakStore(rootPath: directory).onOwnThreads, try await TestDatabase.store(role: "alice")]
        let key = "nul" + UUID().uuidString.prefix(6).lowercased()
        var answers: [[String]] = []
        for store in stores {
            let bad = StreakEvent(id: id, dateCreated: now, timezone: "UTC")
            var answer = [
                await failure {
                    _ = try await store.addEvents([bad], userId: "alice", streakKey: key, now: now, timezone: utc, freshIds: false,
                                                  creating: StreakConfiguration(streakKey: key))
                },
                // A batch with one bad event among good ones is refused whole, before any write.
                await failure {
                    _ = try await store.importBatch(
                        ImportBatch(events: [StreakEvent(id: "good", dateCreated: now, timezone: "UTC"), bad]),
                        userId: "alice", streakKey: key, now: now, timezone: utc
                    )
                },
            ]
            #expect(try await store.streakKeys(userId: "alice").contains(key) == false)
            _ = try await store.createStreak(userId: "alice", configuration: StreakConfiguration(streakKey: key), now: now, timezone: utc)
            answer.append(await failure {
                _ = try await store.addFreezes([StreakFreeze(id: id)], userId: "alice", streakKey: key, now: now, timezone: utc)
            })
            #expect(try await store.events(userId: "alice", streakKey: key).isEmpty)
            #expect(try await store.freezes(userId: "alice", streakKey: key).isEmpty)
            answers.append(answer)
            await store.close()
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0].allSatisfy { $0.contains("controlCharacter") })
    }
}
