import GamificationSupport
import PostgresTestSupport
import Foundation
@testable import SwiftfulGamification
@testable import StreakStoreKit
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres
import Testing
import TestSupport

/// The same random histories (zones, leeway, goals and goal changes, freezes in every mode,
/// removals, concurrent writers) driven through the file store and PostgreSQL: every write's
/// result and the final streak agree in every field.
@Suite(.enabled(if: TestDatabase.enabled, "needs PostgreSQL: set STREAKS_TEST_DATABASE"))
struct StoreAgreementTests {
    static let zones = ["UTC", "America/New_York", "Europe/London", "Australia/Sydney", "Asia/Kolkata", "Pacific/Chatham"]

    /// Every field of an evaluation, as JSON with sorted keys.
    static func fields(_ evaluation: StreakEvaluation) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try! encoder.encode(evaluation), as: UTF8.self)
    }

    /// The fields that differ (of the evaluation and of its streak), files first.
    static func difference(_ a: String, _ b: String) -> String {
        func object(_ text: String) -> [String: Any] { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] }
        func text(_ value: Any?) -> String {
            guard let value else { return "-" }
            guard JSONSerialization.isValidJSONObject(value), let data = try? JSONSerialization.data(withJSONObject: value, options: .sortedKeys) else { return "\(value)" }
            return String(decoding: data, as: UTF8.self)
        }
        let (left, right) = (object(a), object(b))
        var lines: [String] = []
        for key in Set(left.keys).union(right.keys).sorted() {
            let (l, r) = (text(left[key]), text(right[key]))
            guard l != r else { continue }
            if key == "streak", let ls = left[key] as? [String: Any], let rs = right[key] as? [String: Any] {
                for field in Set(ls.keys).union(rs.keys).sorted() where text(ls[field]) != text(rs[field]) {
                    lines.append("streak.\(field): \(ls[field] ?? "-") vs \(rs[field] ?? "-")")
                }
            } else {
                lines.append("\(key): \(l.prefix(80)) vs \(r.prefix(80))")
            }
        }
        return lines.joined(separator: "; ")
    }

    @Test(arguments: 0..<24)
    func bothStoresAgree(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agree-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = FileStreakStore(rootPath: directory)
        let database = try await TestDatabase.store(role: "app")
        defer { Task { await database.close() } }
        let stores: [any StreakStore] = [files.onOwnThreads, database]
        let user = TestDatabase.freshUser()
        let zone = TimeZone(identifier: Self.zones.randomElement(using: &random)!)!
        let behavior = FreezeBehavior.allCases.randomElement(using: &random)!
        let configuration = StreakConfiguration(
            streakKey: "s", eventsRequiredPerDay: Int.random(in: 1...3, using: &random),
            leewayHours: [0, 0, 2, 5].randomElement(using: &random)!, freezeBehavior: behavior,
            schedule: [
                StreakSchedule.daily, Self.someWeekdays(&random), .timesPerWeek(Int.random(in: 1...4, using: &random)),
                .timesPerMonth(Int.random(in: 1...6, using: &random)), Self.someWindow(&random),
            ].randomElement(using: &random)!,
            weekStart: Weekday.allCases.randomElement(using: &random)!
        )
        var now = date("2024-03-01T06:00:00Z").addingTimeInterval(Double.random(in: 0...86_400, using: &random))
        for store in stores { _ = try await store.createStreak(userId: user, configuration: configuration, now: now, timezone: zone) }
        var ids: [String] = []
        for step in 0..<40 {
            now = now.addingTimeInterval(Double.random(in: 1_800...(36 * 3_600), using: &random))
            let choice = Int.random(in: 0..<20, using: &random)
            let expires = Bool.random(using: &random) ? now.addingTimeInterval(20 * 86_400) : nil
            let count = Int.random(in: 1...3, using: &random)
            let today = CalendarDay(containing: now, in: zone)
            let skipDays = (0..<Int.random(in: 1...3, using: &random)).map { _ in today.adding(days: Int.random(in: -4...6, using: &random)) }
            // A weekly, monthly or rolling streak keeps its shape (rules 8 and 12): it changes only its T, X or Y.
            let schedule: StreakSchedule = switch configuration.schedule {
            case .timesPerWeek: .timesPerWeek(Int.random(in: 1...5, using: &random))
            case .timesPerMonth: .timesPerMonth(Int.random(in: 1...8, using: &random))
            case .rolling: Self.someWindow(&random)
            default: Self.someWeekdays(&random)
            }
            var results: [String] = []
            for store in stores {
                let evaluation: StreakEvaluation
                switch choice {
                case 0:
                    evaluation = try await store.addFreezes(
                        [StreakFreeze(id: "f\(step)", dateEarned: now, dateExpires: expires)],
                        userId: user, streakKey: "s", now: now, timezone: zone
                    )
                case 1 where !ids.isEmpty:
                    evaluation = try await store.removeEvent(id: ids[step % ids.count], userId: user, streakKey: "s", now: now, timezone: zone).evaluation
                case 2:
                    evaluation = try await store.updateConfiguration(
                        userId: user, streakKey: "s", goal: 1 + step % 3, leewayHours: nil, freezeBehavior: nil, now: now, timezone: zone
                    )
                case 3 where behavior == .manuallyConsumeFreezes:
                    if let used = try? await store.useFreezesManually(userId: user, streakKey: "s", now: now, timezone: zone) {
                        evaluation = used.evaluation
                    } else {
                        evaluation = try await store.refresh(userId: user, streakKey: "s", now: now, timezone: zone)
                    }
                case 4:
                    evaluation = try await store.addSkips(skipDays, userId: user, streakKey: "s", now: now, timezone: zone)
                case 5:
                    evaluation = try await store.removeSkips(skipDays, userId: user, streakKey: "s", now: now, timezone: zone)
                case 6:
                    evaluation = try await store.updateSchedule(schedule, userId: user, streakKey: "s", now: now, timezone: zone)
                default:
                    let events = (0..<count).map { index in
                        StreakEvent(id: "e\(step)-\(index)", dateCreated: now.addingTimeInterval(-Double(index) * 3_000),
                                    timezone: Self.zones[(step + index) % Self.zones.count])
                    }
                    evaluation = try await store.addEvents(events, userId: user, streakKey: "s", now: now, timezone: zone).evaluation
                }
                results.append(Self.fields(evaluation))
            }
            if choice == 1, !ids.isEmpty { ids.remove(at: step % ids.count) } else if choice > 6 || (choice == 1 && ids.isEmpty) || (choice == 3 && behavior != .manuallyConsumeFreezes) {
                ids.append("e\(step)-0")
            }
            #expect(results[0] == results[1], "seed \(seed), step \(step): \(Self.difference(results[0], results[1]))")
            if results[0] != results[1] { return }
        }
        // Four writers at once on each store, then a look a week later.
        for store in stores {
            let at = now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        let separate = store is PostgresStreakStore
                        let own: any StreakStore = separate ? try await TestDatabase.store(role: "app") : store
                        for index in 0..<3 {
                            let event = StreakEvent(id: "c\(writer)-\(index)", dateCreated: at.addingTimeInterval(-Double(writer * 3 + index) * 600), timezone: "UTC")
                            _ = try await own.addEvents([event], userId: user, streakKey: "s", now: at, timezone: zone)
                        }
                        if separate { await own.close() }
                    }
                }
                try await group.waitForAll()
            }
        }
        let later = now.addingTimeInterval(7 * 86_400)
        let final = try await stores.asyncMap { Self.fields(try await $0.refresh(userId: user, streakKey: "s", now: later, timezone: zone)) }
        #expect(final[0] == final[1], "seed \(seed), final: \(Self.difference(final[0], final[1]))")
        let events = try await stores.asyncMap { try await $0.events(userId: user, streakKey: "s").map(\.id).sorted() }
        #expect(events[0] == events[1], "seed \(seed), events")
        let skips = try await stores.asyncMap { try await $0.skips(userId: user, streakKey: "s") }
        #expect(skips[0] == skips[1], "seed \(seed), skips")
        let settings = try await stores.asyncMap { try await $0.settings(userId: user, streakKey: "s") }
        #expect(settings[0].configuration == settings[1].configuration && settings[0].goalHistory == settings[1].goalHistory, "seed \(seed), settings")
    }

    /// A random non-empty set of weekdays (all seven is `daily`).
    static func someWeekdays(_ random: inout SeededGenerator) -> StreakSchedule {
        let days = Set(Weekday.allCases.filter { _ in Bool.random(using: &random) })
        return days.isEmpty || days.count == 7 ? .daily : .weekdays(days)
    }

    /// Every N days, or X in Y days (rule 12).
    static func someWindow(_ random: inout SeededGenerator) -> StreakSchedule {
        let days = Int.random(in: 2...10, using: &random)
        return .rolling(times: Int.random(in: 1..<days, using: &random), days: days)
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
