import GamificationSupport
import PostgresTestSupport
import Foundation
@testable import SwiftfulGamification
@testable import StreakStoreKit
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// Random histories of notes mixed with logs, skips and removals, driven through the file
/// store and PostgreSQL: every write's result (notes included) and the notes agree.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct NoteAgreementTests {
    static let texts = ["knee hurt", "rain", #"said "later""#, "膝", String(repeating: "n", count: 1_000)]

    @Test(arguments: 0..<8)
    func bothStoresAgreeOnNotes(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed + 1_000)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("note-agree-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await TestDatabase.store(role: "app")
        defer { Task { await database.close() } }
        let stores: [any StreakStore] = [FileStreakStore(rootPath: directory).onOwnThreads, database]
        let user = TestDatabase.freshUser()
        let zone = TimeZone(identifier: StoreAgreementTests.zones.randomElement(using: &random)!)!
        var now = date("2024-03-01T06:00:00Z").addingTimeInterval(Double.random(in: 0...86_400, using: &random))
        for store in stores {
            _ = try await store.createStreak(userId: user, configuration: StreakConfiguration(streakKey: "s", leewayHours: 2), now: now, timezone: zone)
        }
        for step in 0..<30 {
            now = now.addingTimeInterval(Double.random(in: 3_600...(30 * 3_600), using: &random))
            let today = CalendarDay(containing: now, in: zone)
            let day = today.adding(days: -Int.random(in: 0...4, using: &random))
            let text = Self.texts.randomElement(using: &random)!
            let choice = Int.random(in: 0..<6, using: &random)
            var results: [String] = []
            for store in stores {
                do {
                    let evaluation = switch choice {
                    case 0, 1: try await store.setNote(text, on: day, userId: user, streakKey: "s", now: now, timezone: zone)
                    case 2: try await store.removeNote(on: day, userId: user, streakKey: "s", now: now, timezone: zone)
                    case 3: try await store.addSkips([day], userId: user, streakKey: "s", now: now, timezone: zone)
                    case 4:
                        try await store.importBatch(ImportBatch(notes: [StreakNote(day: day, text: text + "!")]), userId: user, streakKey: "s", now: now, timezone: zone)
                            .evaluation
                    default:
                        try await store.addEvents([StreakEvent(id: "e\(step)", dateCreated: now, timezone: zone.identifier)], userId: user, streakKey: "s",
                                                  now: now, timezone: zone).evaluation
                    }
                    results.append(StoreAgreementTests.fields(evaluation))
                } catch {
                    results.append("refused: \(error)")
                }
            }
            #expect(results[0] == results[1], "seed \(seed), step \(step): \(StoreAgreementTests.difference(results[0], results[1]))")
            if results[0] != results[1] { return }
        }
        let later = now.addingTimeInterval(3 * 86_400)
        let final = try await stores.asyncMap { StoreAgreementTests.fields(try await $0.refresh(userId: user, streakKey: "s", now: later, timezone: zone)) }
        #expect(final[0] == final[1], "seed \(seed), final: \(StoreAgreementTests.difference(final[0], final[1]))")
        let notes = try await stores.asyncMap { try await $0.notes(userId: user, streakKey: "s") }
        #expect(notes[0] == notes[1], "seed \(seed), notes")
    }
}
