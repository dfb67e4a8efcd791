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
