import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Histories and evaluations with amounts (rule 10): kept up to date event by event like the
/// events themselves, stored and read back whole, and read from encodings made before amounts.
struct AmountEncodingTests {
    /// Up to 40 events with amounts over 20 days, a leeway and a target.
    static func generated(seed: UInt64) -> (events: [StreakEvent], configuration: StreakConfiguration, now: Date) {
        var random = SeededGenerator(seed: seed &+ 77)
        let now = at("2024-02-20 12:00").addingTimeInterval(Double(Int.random(in: 0..<(20 * 24), using: &random)) * 3_600)
        let amounts: [Double?] = [nil, 0, 0.25, 1, 2.5, 3, 0.001]
        let events = (0..<Int.random(in: 1...40, using: &random)).map { index in
            StreakEvent(
                id: "e\(index)", dateCreated: now.addingTimeInterval(-Double(Int.random(in: 0..<(20 * 24 * 60), using: &random)) * 60),
                timezone: [TimeZone.newYork, .london].randomElement(using: &random)!.identifier, amount: amounts.randomElement(using: &random)!
            )
        }
        let target: StreakTarget = [.atLeast(2, per: .day), .atMost(2.5, per: .day), .atLeast(6, per: .week), .atMost(5, per: .week)].randomElement(using: &random)!
        let configuration = StreakConfiguration(
            streakKey: "measure", leewayHours: [0, 3, 13, 24].randomElement(using: &random)!, freezeBehavior: .noFreezes,
            target: target, unit: "km", startDay: CalendarDay(containing: now, in: .newYork).adding(days: -25)
        )
        return (events, configuration, now)
    }

    static func evaluate(_ history: StreakHistory, _ configuration: StreakConfiguration, _ now: Date) -> StreakEvaluation {
        StreakCalculator.evaluate(history: history, configuration: configuration, currentDate: now, timezone: .newYork)
    }

    @Test(arguments: 1...60)
    func aHistoryKeptEventByEventCalculatesLikeTheEvents(seed: UInt64) {
        let (events, configuration, now) = Self.generated(seed: seed)
        var history = StreakHistory(leeway: StreakLeeway(hours: configuration.leewayHours, zone: TimeZone.newYork.identifier))
        for event in events { history.add(event, fallbackZone: .newYork) }
        let direct = StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: now, timezone: .newYork)
        #expect(Self.evaluate(history, configuration, now).isSameEvaluation(as: direct), "seed \(seed)")
        #expect(history == StreakHistory(events: events, leewayHours: configuration.leewayHours, fallbackZone: .newYork), "seed \(seed)")
    }

    @Test(arguments: 1...60)
    func removingAnEventWithAnAmountMatchesNeverHavingIt(seed: UInt64) {
        let (events, configuration, now) = Self.generated(seed: seed)
        var history = StreakHistory(events: events, leewayHours: configuration.leewayHours, fallbackZone: .newYork)
        let removed = events[events.count / 2]
        guard history.remove(removed, fallbackZone: .newYork) else { return }
        let without = StreakHistory(events: events.filter { $0.id != removed.id }, leewayHours: configuration.leewayHours, fallbackZone: .newYork)
        #expect(Self.evaluate(history, configuration, now).isSameEvaluation(as: Self.evaluate(without, configuration, now)), "seed \(seed)")
    }

    @Test(arguments: 1...60)
    func aStoredHistoryKeepsItsAmounts(seed: UInt64) throws {
        let (events, configuration, now) = Self.generated(seed: seed)
        let history = StreakHistory(events: events, leewayHours: configuration.leewayHours, fallbackZone: .newYork)
        let stored = try JSONDecoder().decode(StreakHistory.self, from: JSONEncoder().encode(history))
        #expect(stored == history, "seed \(seed)")
        #expect(stored.recordsAmounts)
        #expect(Self.evaluate(stored, configuration, now).isSameEvaluation(as: Self.evaluate(history, configuration, now)), "seed \(seed)")
    }

    @Test func aHistoryStoredBeforeAmountsCountsEveryEventOneAndSaysSo() throws {
        let events = [event("2024-01-01 12:00"), event("2024-01-02 23:30")]
        let history = StreakHistory(events: events, leewayHours: 3)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(history)) as? [String: Any])
        object["amounts"] = nil
        let old = try JSONDecoder().decode(StreakHistory.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(!old.recordsAmounts)
        #expect(old.regularCount == 2)
        let now = at("2024-01-03 12:00")
        #expect(Self.evaluate(old, config(leeway: 3), now).streak == Self.evaluate(history, config(leeway: 3), now).streak)
    }

    @Test func anEvaluationWithAmountsRoundTrips() throws {
        let events = [AmountRuleTests.logged("01-01 12:00", 10), AmountRuleTests.logged("01-08 12:00", 2.125)]
        let evaluation = AmountWorkedExamplesTests.evaluate(events, target: .atLeast(10, per: .week), unit: "km", now: "2024-01-10 12:00")
        let decoded = try JSONDecoder().decode(StreakEvaluation.self, from: JSONEncoder().encode(evaluation))
        #expect(decoded.isSameEvaluation(as: evaluation))
        #expect(decoded.day(day("2024-01-08")).amount == 2.125)
        #expect(decoded.weeks.last?.amount == 2.125)
        #expect(decoded.weeks.last?.targetAmount == 10)
        #expect(decoded.day(day("2024-01-08")).fraction == evaluation.day(day("2024-01-08")).fraction)
    }

    @Test func anEvaluationStoredBeforeAmountsStillDecodes() throws {
        let evaluation = calculate([event("2024-01-01 12:00"), event("2024-01-02 12:00")], goal: 1, now: "2024-01-02 13:00")
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(evaluation)) as? [String: Any])
        #expect(object["amounts"] == nil, "counted events need no amounts stored")
        #expect(object["targets"] == nil)
        object["amounts"] = nil
        let decoded = try JSONDecoder().decode(StreakEvaluation.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded.isSameEvaluation(as: evaluation))
        #expect(decoded.day(day("2024-01-02")).amount == 1)
        #expect(decoded.day(day("2024-01-02")).targetAmount == nil)
    }

    @Test func aWeekStoredBeforeAmountsStillDecodes() throws {
        let json = #"{"start":{"dayNumber":19723},"state":"kept","keptDays":3,"target":3}"#
        let week = try JSONDecoder().decode(StreakWeek.self, from: Data(json.utf8))
        #expect(week.keptDays == 3)
        #expect(week.amount == nil)
        #expect(week.fraction == 1)
    }
}
