import PostgresTestSupport
import Foundation
import SwiftfulGamification
import SwiftfulGamificationPostgres
import Testing

/// Points and progress writes whose COMMIT reply is lost: retried on a new connection, each
/// applies once and reports what the first attempt did.
extension LostCommitTests {
    @Test func experiencePointsAreStoredOnceAndReportedAdded() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        let earned = ExperiencePointsEvent(id: "x1", dateCreated: now, points: 10, timezone: "UTC")
        let added = try await withLostCommit { store in
            try await store.addExperienceEvents([earned], userId: "held", experienceKey: key)
        }
        #expect(added == [earned], "the retry answers with what the first attempt added")
        #expect(try await setup.experienceEvents(userId: "held", experienceKey: key) == [earned])
    }

    @Test func aClearOfPointsIsAppliedOnceNotToEventsAddedAfterIt() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        try await setup.addExperienceEvents([ExperiencePointsEvent(id: "old", dateCreated: now, points: 1, timezone: "UTC")], userId: "held", experienceKey: key)
        let later = ExperiencePointsEvent(id: "later", dateCreated: now, points: 2, timezone: "UTC")
        try await withLostCommit(whileHeld: { _ in
            // Committed after the clear, before its retry: the retry must not clear it. (Plain
            // SQL: a store's write would notify, and notifying commits wait for the held one.)
            let micros = Int(self.now.timeIntervalSince1970 * 1_000_000)
            _ = try await TestDatabase.sql(
                "INSERT INTO experience_events (user_id, experience_key, event_id, date_us, points, timezone, metadata) VALUES ('held', '\(key)', 'later', \(micros), 2, 'UTC', '{}')",
                role: "held"
            )
        }) { store in
            try await store.deleteAllExperienceEvents(userId: "held", experienceKey: key, now: self.now)
        }
        #expect(try await setup.experienceEvents(userId: "held", experienceKey: key) == [later])
    }

    @Test func aProgressValueSurvivesARetryAndStaysTheHighest() async throws {
        let setup = try await setUpStore(), key = key()
        defer { Task { await setup.close() } }
        let kept = try await withLostCommit { store in
            try await store.saveProgress(ProgressItem(id: "World 1", progressKey: key, value: 0.6), userId: "held")
        }
        #expect(kept.value == 0.6)
        #expect(try await setup.progressItems(userId: "held", progressKey: key).map(\.value) == [0.6])
    }
}
