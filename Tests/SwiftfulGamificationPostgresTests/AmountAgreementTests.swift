import GamificationSupport
import PostgresTestSupport
import Foundation
@testable import SwiftfulGamification
@testable import StreakStoreKit
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// Rule 10 through both stores: random histories of amounts (some events without one) on
/// at-least, at-most and tracking-only streaks, per day and per week, with leeway changes
/// (from today and dated, rule 11), target changes, skips and notes, and (rule 13) tracking
/// streaks of every day value with the value changed and readings taken back: every write's
/// result and the final streak agree in every field.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct AmountAgreementTests {
    static let targets: [StreakTarget] = [
        .atLeast(5, per: .day), .atLeast(2.5, per: .day), .atMost(2, per: .day), .atMost(0, per: .day),
        .atLeast(20, per: .week), .atMost(7.5, per: .week), .atLeast(60, per: .month), .atMost(9.5, per: .month), .trackingOnly,
    ]

    @Test func anAmountLoggedAtAnInstantFinerThanAMicrosecondIsKeptByBothStores() async throws {
        // The dashboard logs at the clock's own precision: the stores round the instant down
        // to a microsecond, and the amount must survive that (it was dropped).
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fine-amount-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await TestDatabase.store(role: "app")
        defer { Task { await database.close() } }
        let user = TestDatabase.freshUser(), zone = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: 1_709_280_000.123_456_789)
        let configuration = StreakConfiguration(streakKey: "pages", target: .atLeast(20, per: .day), unit: "pages")
        for store in [FileStreakStore(rootPath: directory).onOwnThreads, database] as [any StreakStore] {
            _ = try await store.createStreak(userId: user, configuration: configuration, now: now, timezone: zone)
            let event = StreakEvent(id: "fine", dateCreated: now, timezone: "UTC", amount: 2)
            let logged = try await store.addEvents([event], userId: user, streakKey: "pages", now: now, timezone: zone, freshIds: false, creating: nil)
            #expect(logged.added.map(\.amount) == [2], "\(store.location)")
            #expect(try await store.events(userId: user, streakKey: "pages").map(\.amount) == [2], "\(store.location)")
            #expect(logged.evaluation.streak.todayAmount == 2, "\(store.location)")
        }
    }

    @Test(arguments: 0..<24)
    func bothStoresAgreeOnAmounts(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed + 1_000)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agree-amounts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try await TestDatabase.store(role: "app")
        defer { Task { await database.close() } }
        let stores: [any StreakStore] = [FileStreakStore(rootPath: directory).onOwnThreads, database]
        let user = TestDatabase.freshUser()
        let zone = TimeZone(identifier: StoreAgreementTests.zones.randomElement(using: &random)!)!
        let target = Self.targets.randomElement(using: &random)!
        let configuration = StreakConfiguration(
            streakKey: "m", leewayHours: [0, 0, 3, 24].randomElement(using: &random)!,
            freezeBehavior: target == .trackingOnly ? .noFreezes : FreezeBehavior.allCases.randomElement(using: &random)!,
            target: target, unit: Bool.random(using: &random) ? "km" : nil
        ).measured(by: target == .trackingOnly ? StreakMeasure.allCases.randomElement(using: &random)! : .sum)
        var now = date("2024-03-01T06:00:00Z").addingTimeInterval(Double.random(in: 0...86_400, using: &random))
        for store in stores { _ = try await store.createStreak(userId: user, configuration: configuration, now: now, timezone: zone) }
        for step in 0..<30 {
            now = now.addingTimeInterval(Double.random(in: 1_800...(30 * 3_600), using: &random))
            let choice = Int.random(in: 0..<12, using: &random)
            let today = CalendarDay(containing: now, in: zone)
            let amounts = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Bool.random(using: &random) ? nil : Double(Int.random(in: 0...8_000, using: &random)) / 1_000
            }
            let newAmount = Double(Int.random(in: 1...10, using: &random))
            let newMeasure = StreakMeasure.allCases.randomElement(using: &random)!
            let skipDay = today.adding(days: Int.random(in: -3...3, using: &random))
            // A leeway from today, or (rule 11) from a day up to four back.
            let newLeeway = [0, 2, 6, 24].randomElement(using: &random)!
            let leewayFrom = Bool.random(using: &random) ? nil : today.adding(days: -Int.random(in: 0...4, using: &random)).startDate(in: zone)
            var results: [String] = []
            for store in stores {
                let evaluation: StreakEvaluation
                switch choice {
                case 0 where target != .trackingOnly:
                    evaluation = try await store.updateSettings(
                        userId: user, streakKey: "m", goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil,
                        details: StreakDetails(target: target.with(amount: target.isLimit ? newAmount - 1 : newAmount)), now: now, timezone: zone
                    )
                case 4:
                    evaluation = try await store.updateSettings(
                        userId: user, streakKey: "m", goal: nil, leewayHours: newLeeway, freezeBehavior: nil, schedule: nil,
                        details: StreakDetails(from: leewayFrom), now: now, timezone: zone
                    )
                case 5 where target == .trackingOnly:
                    // Rule 13: a new day value, and a reading taken back (a day's last, least or
                    // greatest makes the store count the history again).
                    evaluation = try await store.updateSettings(
                        userId: user, streakKey: "m", goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil,
                        details: StreakDetails(measure: newMeasure), now: now, timezone: zone
                    )
                case 6 where target == .trackingOnly:
                    evaluation = try await store.undoLastEvent(userId: user, streakKey: "m", since: nil, now: now, timezone: zone).evaluation
                case 1:
                    evaluation = try await store.addSkips([skipDay], userId: user, streakKey: "m", now: now, timezone: zone)
                case 2:
                    evaluation = try await store.setNote("step \(step)", on: today, userId: user, streakKey: "m", now: now, timezone: zone)
                case 3 where target != .trackingOnly:
                    evaluation = try await store.addFreezes([StreakFreeze(id: "f\(step)", dateEarned: now)], userId: user, streakKey: "m", now: now, timezone: zone)
                default:
                    let events = amounts.enumerated().map { index, amount in
                        StreakEvent(id: "e\(step)-\(index)", dateCreated: now.addingTimeInterval(-Double(index) * 2_000),
                                    timezone: StoreAgreementTests.zones[(step + index) % StoreAgreementTests.zones.count], amount: amount)
                    }
                    evaluation = try await store.addEvents(events, userId: user, streakKey: "m", now: now, timezone: zone).evaluation
                }
                results.append(StoreAgreementTests.fields(evaluation))
            }
            #expect(results[0] == results[1], "seed \(seed), step \(step): \(StoreAgreementTests.difference(results[0], results[1]))")
            if results[0] != results[1] { return }
        }
        let later = now.addingTimeInterval(5 * 86_400)
        let final = try await stores.asyncMap { StoreAgreementTests.fields(try await $0.refresh(userId: user, streakKey: "m", now: later, timezone: zone)) }
        #expect(final[0] == final[1], "seed \(seed), final: \(StoreAgreementTests.difference(final[0], final[1]))")
        let events = try await stores.asyncMap { try await $0.events(userId: user, streakKey: "m").map { "\($0.id)=\($0.amount.map(StreakAmount.text) ?? "-")" }.sorted() }
        #expect(events[0] == events[1], "seed \(seed), events and amounts")
    }
}
