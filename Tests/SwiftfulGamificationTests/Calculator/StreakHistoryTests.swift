import Foundation
import Testing
@testable import SwiftfulGamification

/// A history kept up to date event by event must calculate exactly like the events.
struct StreakHistoryTests {
    static func evaluate(_ history: StreakHistory, _ generated: CalculatorPropertyTests.History) -> StreakEvaluation {
        StreakCalculator.evaluate(
            history: history, freezes: generated.freezes, configuration: generated.configuration,
            currentDate: generated.now, timezone: generated.zone
        )
    }

    static func same(_ lhs: StreakEvaluation, _ rhs: StreakEvaluation) -> Bool {
        let range = (lhs.today.adding(days: -100), lhs.today)
        return lhs.streak == rhs.streak
            && lhs.freezeConsumptions == rhs.freezeConsumptions
            && lhs.days(from: range.0, through: range.1) == rhs.days(from: range.0, through: range.1)
    }

    @Test(arguments: CalculatorPropertyTests.seeds)
    func incrementalHistoryMatchesTheEvents(seed: UInt64) {
        let generated = CalculatorPropertyTests.history(seed: seed)
        let past = generated.events.filter { $0.dateCreated <= generated.now }
        var history = StreakHistory(leeway: StreakLeeway(hours: generated.configuration.leewayHours, zone: generated.zone.identifier))
        for event in past { history.add(event, fallbackZone: generated.zone) }
        #expect(Self.same(Self.evaluate(history, generated), generated.evaluate()), "seed \(seed)")
    }

    @Test(arguments: CalculatorPropertyTests.seeds)
    func removingAnEventMatchesNeverHavingIt(seed: UInt64) {
        let generated = CalculatorPropertyTests.history(seed: seed)
        let past = generated.events.filter { $0.dateCreated <= generated.now }
        guard let removed = past.last else { return }
        var history = StreakHistory(events: past, leewayHours: generated.configuration.leewayHours, fallbackZone: generated.zone)
        guard history.remove(removed, fallbackZone: generated.zone) else { return }
        let without = StreakHistory(events: Array(past.dropLast()), leewayHours: generated.configuration.leewayHours, fallbackZone: generated.zone)
        #expect(Self.same(Self.evaluate(history, generated), Self.evaluate(without, generated)), "seed \(seed)")
    }

    @Test func historyRoundTripsThroughJSON() throws {
        let history = StreakHistory(events: [event("2024-01-01 12:00"), event("2024-01-02 23:30")], leewayHours: 3)
        let decoded = try JSONDecoder().decode(StreakHistory.self, from: JSONEncoder().encode(history))
        #expect(decoded == history)
        #expect(decoded.regularCount == 2)
    }

    @Test(arguments: CalculatorPropertyTests.seeds)
    func aStoredHistoryCalculatesLikeTheOneItWasStoredFrom(seed: UInt64) throws {
        let generated = CalculatorPropertyTests.history(seed: seed)
        let past = generated.events.filter { $0.dateCreated <= generated.now }
        let (earlier, later) = (Array(past.prefix(past.count / 2)), Array(past.dropFirst(past.count / 2)))
        let history = StreakHistory(events: earlier, leewayHours: generated.configuration.leewayHours, fallbackZone: generated.zone)
        // Stored without the arrays' padding: windows reaching before the first counted day included.
        var stored = try JSONDecoder().decode(StreakHistory.self, from: JSONEncoder().encode(history))
        #expect(stored == history)
        #expect(Self.same(Self.evaluate(stored, generated), Self.evaluate(history, generated)), "seed \(seed)")
        for event in later { stored.add(event, fallbackZone: generated.zone) }
        #expect(Self.same(Self.evaluate(stored, generated), generated.evaluate()), "seed \(seed)")
    }

    @Test func aStoredHistoryHoldsOnlyTheDaysItCounts() throws {
        let history = StreakHistory(events: [event("2024-01-01 12:00"), event("2024-01-02 23:30")], leewayHours: 3)
        let json = try JSONEncoder().encode(history)
        #expect(json.count < 1_000, "\(json.count) bytes")
    }

    /// Events logged in Sydney, days closing in New York: their arrivals are stored sparse (a
    /// year of them in 4 kB rather than 47), and the dense form earlier builds wrote still reads.
    @Test func arrivalsFromAnotherZoneRoundTripSparseAndDense() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let start = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01T00:00:00Z
        let events = (0..<365).map { day in
            StreakEvent(id: "e\(day)", dateCreated: start.addingTimeInterval(Double(day * 86_400 + (day % 5) * 3_600)), timezone: "Australia/Sydney")
        }
        let history = StreakHistory(events: events, leeway: StreakLeeway(hours: 3, zone: zone.identifier), fallbackZone: zone)
        #expect(history.arrivalCounts.contains { $0 != 0 })
        let json = try JSONEncoder().encode(history)
        // (The dense form of these arrivals alone took 47 KB.)
        #expect(json.count < 30_000, "\(json.count) bytes")
        let decoded = try JSONDecoder().decode(StreakHistory.self, from: json)
        #expect(decoded == history)
        let configuration = StreakConfiguration(streakKey: "s", leewayHours: 3)
        let now = start.addingTimeInterval(366 * 86_400)
        let fromStored = StreakCalculator.evaluate(history: decoded, configuration: configuration, currentDate: now, timezone: zone)
        #expect(Self.same(fromStored, StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: now, timezone: zone)))
        // The dense form: every day's 24 counters.
        var object = try #require(JSONSerialization.jsonObject(with: json) as? [String: Any])
        let pairs = try DayBytes.integers(try #require(object.removeValue(forKey: "arrival_cells") as? String))
        var dense = Array(repeating: Int32(0), count: try DayBytes.integers(try #require(object["counts"] as? String)).count * 4)
        for pair in stride(from: 0, to: pairs.count, by: 2) { dense[Int(pairs[pair])] = pairs[pair + 1] }
        object["arrival_counts"] = DayBytes.encode(dense)
        let fromDense = try JSONDecoder().decode(StreakHistory.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(fromDense == history)
        // A cell past the days is refused, not read.
        object["arrival_cells"] = DayBytes.encode([Int32(dense.count), 1])
        object.removeValue(forKey: "arrival_counts")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StreakHistory.self, from: JSONSerialization.data(withJSONObject: object)) }
    }

    @Test func removingTheOnlyRecentLastEventAsksForARebuild() {
        let old = event("2023-01-01 12:00")
        let last = event("2024-01-01 12:00")
        var history = StreakHistory(events: [old, last], leewayHours: 0)
        let keptExact = history.remove(last)
        #expect(!keptExact)
        var single = StreakHistory(events: [last], leewayHours: 0)
        let removed = single.remove(last)
        #expect(removed)
        #expect(single.regularCount == 0)
        #expect(single.lastEvent == nil)
    }
}
