import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 13's measurements: a tracking-only streak's day value (sum, last, mean, min, max) by
/// the event's own day, logged days, and the statistics of day values (America/New_York, 2024).
struct MeasurementTests {
    private func reading(_ text: String, _ value: Double, _ zone: TimeZone = .newYork) -> StreakEvent {
        StreakEvent(id: UUID().uuidString, dateCreated: at(text, zone), timezone: zone.identifier, amount: value)
    }

    private func weight(_ measure: StreakMeasure, leeway: Int = 0) -> StreakConfiguration {
        StreakConfiguration(streakKey: "weight", leewayHours: leeway, freezeBehavior: .noFreezes, target: .trackingOnly, unit: "kg").measured(by: measure)
    }

    private func evaluate(_ events: [StreakEvent], _ configuration: StreakConfiguration, now: String, skips: [CalendarDay] = []) -> StreakEvaluation {
        StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: at(now), timezone: .newYork, skips: skips)
    }

    /// Three readings on 01-02, logged out of order; one on 01-04.
    private var readings: [StreakEvent] {
        [reading("2024-01-02 21:00", 78.4), reading("2024-01-02 07:00", 79.1), reading("2024-01-02 12:00", 78.0), reading("2024-01-04 08:00", 77.5)]
    }

    @Test(arguments: [
        (StreakMeasure.sum, 235.5), (.last, 78.4), (.mean, 78.5), (.min, 78.0), (.max, 79.1),
    ])
    func theDayValueFollowsTheMeasure(measure: StreakMeasure, expected: Double) {
        let evaluation = evaluate(readings, weight(measure), now: "2024-01-05 10:00")
        let record = evaluation.day(day("2024-01-02"))
        #expect(record.state == .logged)
        #expect(record.amount == expected)
        #expect(evaluation.day(day("2024-01-04")).amount == 77.5)
    }

    @Test func aMeanIsRoundedToTheNearestThousandth() {
        let events = [reading("2024-01-02 07:00", 1), reading("2024-01-02 08:00", 1), reading("2024-01-02 09:00", 2)]
        // 4 / 3 = 1.3333...
        #expect(evaluate(events, weight(.mean), now: "2024-01-03 10:00").day(day("2024-01-02")).amount == 1.333)
        let halves = [reading("2024-01-02 07:00", 0.001), reading("2024-01-02 08:00", 0.002)]
        // 0.0015 rounds half up to 0.002.
        #expect(evaluate(halves, weight(.mean), now: "2024-01-03 10:00").day(day("2024-01-02")).amount == 0.002)
    }

    @Test func daysWithoutAReadingAreRestAndTodayIsOpenUntilOneComes() {
        let evaluation = evaluate(readings, weight(.last), now: "2024-01-05 10:00")
        #expect(evaluation.day(day("2024-01-03")).state == .rest)
        #expect(evaluation.day(day("2024-01-05")).state == .open)
        #expect(evaluation.streak.currentStreak == 0)
        #expect(evaluation.streak.longestStreak == 0)
        let today = evaluate(readings + [reading("2024-01-05 07:00", 77.2)], weight(.last), now: "2024-01-05 10:00")
        #expect(today.day(day("2024-01-05")).state == .logged)
        #expect(today.streak.todayAmount == 77.2)
    }

    @Test func aReadingKeepsItsOwnDayWhateverTheLeewayAndTheZoneItWasLoggedIn() {
        // 01:30 in New York with 3 hours of leeway would be credited to the day before; a
        // reading is not. Logged in Tokyo at 08:00 on 01-03 it is 01-03's (18:00 on 01-02 in New York).
        let events = [reading("2024-01-03 01:30", 80), reading("2024-01-03 08:00", 81, .tokyo)]
        let evaluation = evaluate(events, weight(.max, leeway: 3), now: "2024-01-04 10:00")
        #expect(evaluation.day(day("2024-01-02")).state == .rest)
        #expect(evaluation.day(day("2024-01-03")).amount == 81)
        // By instant the Tokyo reading came first: the day's last is New York's.
        #expect(evaluate(events, weight(.last, leeway: 3), now: "2024-01-04 10:00").day(day("2024-01-03")).amount == 80)
        #expect(evaluation.day(day("2024-01-03")).ownEventCount == 2)
    }

    @Test func anEventWithoutAnAmountIsNoReadingOfALastButCountsOneInASum() {
        let events = [reading("2024-01-02 07:00", 78), event("2024-01-02 09:00"), event("2024-01-03 09:00")]
        let last = evaluate(events, weight(.last), now: "2024-01-04 10:00")
        #expect(last.day(day("2024-01-02")).amount == 78)
        #expect(last.day(day("2024-01-03")).state == .rest)
        let sum = evaluate(events, weight(.sum), now: "2024-01-04 10:00")
        #expect(sum.day(day("2024-01-02")).amount == 79)
        #expect(sum.day(day("2024-01-03")).state == .logged)
    }

    @Test func twoReadingsAtOneInstantGiveTheGreaterAsTheLast() {
        let events = [reading("2024-01-02 07:00", 78), reading("2024-01-02 07:00", 79), reading("2024-01-02 06:00", 90)]
        #expect(evaluate(events, weight(.last), now: "2024-01-03 10:00").day(day("2024-01-02")).amount == 79)
        #expect(evaluate(events.reversed(), weight(.last), now: "2024-01-03 10:00").day(day("2024-01-02")).amount == 79)
    }

    // MARK: - Statistics

    /// Worked example: readings on 12-01 (80), 12-20 (79), 12-28 (78.2), 01-02 (78.4, 77.9
    /// later), 01-05 (77.5); today 2024-01-06 with no reading yet.
    private var month: StreakMeasurements? {
        let events = [
            reading("2023-12-01 07:00", 80), reading("2023-12-20 07:00", 79), reading("2023-12-28 07:00", 78.2),
            reading("2024-01-02 07:00", 78.4), reading("2024-01-02 20:00", 77.9), reading("2024-01-05 07:00", 77.5),
        ]
        return StreakMeasurements(evaluation: evaluate(events, weight(.last), now: "2024-01-06 10:00"))
    }

    @Test func theLatestAndItsChangeOverSevenAndThirtyDays() throws {
        let figures = try #require(month)
        #expect(figures.today == nil)
        #expect(figures.latest == .init(day: day("2024-01-05"), value: 77.5))
        // today - 7 = 12-30: the last logged day on or before it is 12-28 (78.2).
        #expect(figures.change7 == -0.7)
        // today - 30 = 12-07: 12-01 (80).
        #expect(figures.change30 == -2.5)
    }

    @Test func meanLeastAndGreatestOverEachWindow() throws {
        let figures = try #require(month)
        // Today and the 6 before: 12-31 .. 01-06 holds 01-02 (77.9) and 01-05 (77.5).
        #expect(figures.last7 == .init(days: 7, logged: 2, mean: 77.7, min: 77.5, max: 77.9))
        // 12-08 .. 01-06: 79, 78.2, 77.9, 77.5; mean 78.15.
        #expect(figures.last30 == .init(days: 30, logged: 4, mean: 78.15, min: 77.5, max: 79))
        #expect(figures.allTime == .init(days: nil, logged: 5, mean: 78.52, min: 77.5, max: 80))
        #expect(figures.last365 == .init(days: 365, logged: 5, mean: 78.52, min: 77.5, max: 80))
    }

    @Test func noChangeWithoutAnEarlierDayAndNoFiguresOfAStreakWithATarget() throws {
        let figures = try #require(StreakMeasurements(evaluation: evaluate([reading("2024-01-05 07:00", 70)], weight(.last), now: "2024-01-05 10:00")))
        #expect(figures.today == 70)
        #expect(figures.change7 == nil && figures.change30 == nil)
        let counted = evaluate([event("2024-01-05 07:00")], config(), now: "2024-01-05 10:00")
        #expect(StreakMeasurements(evaluation: counted) == nil)
        #expect(StreakStatistics(evaluation: counted).measurements == nil)
    }

    // MARK: - The history keeps the readings

    @Test func readingsAddedOneByOneOrInBulkAreTheSameHistory() throws {
        // (No two at one instant: which of them is the first event is not the readings' concern.)
        let events = readings + [reading("2024-01-02 22:00", 60, .tokyo), event("2024-01-02 10:00")]
        // Started as the bulk one is (days closing in the same zone).
        var incremental = StreakHistory(events: [], leewayHours: 3)
        for event in events.shuffled() { incremental.add(event) }
        let bulk = StreakHistory(events: events, leewayHours: 3)
        #expect(incremental == bulk)
        let decoded = try JSONDecoder().decode(StreakHistory.self, from: JSONEncoder().encode(bulk))
        #expect(decoded == bulk)
        #expect(decoded.recordsReadings)
    }

    @Test func removingADaysLeastGreatestOrLastAsksForARebuild() {
        // An earlier reading, so that none removed is the first event (which asks for a rebuild anyway).
        let events = readings + [reading("2024-01-01 07:00", 70)]
        // 78.4 is 01-02's last reading, 79.1 its greatest, 78.0 its least: the day's figures
        // without one of them are not known without the other readings.
        for removed in events.prefix(3) {
            var history = StreakHistory(events: events, leewayHours: 0)
            let exact = history.remove(removed)
            #expect(!exact)
        }
        // 78.5 at 13:00 is none of them: taken out exactly.
        var history = StreakHistory(events: events, leewayHours: 0)
        let middle = reading("2024-01-02 13:00", 78.5)
        history.add(middle)
        let exact = history.remove(middle)
        #expect(exact)
        #expect(history == StreakHistory(events: events, leewayHours: 0))
    }

    @Test func aHistoryStoredBeforeReadingsSaysSo() throws {
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(StreakHistory(events: readings, leewayHours: 0))) as? [String: Any])
        object["readings"] = nil
        let old = try JSONDecoder().decode(StreakHistory.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(!old.recordsReadings)
    }

    @Test func damagedReadingsAreRefusedNotBelieved() throws {
        let stored = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(StreakHistory(events: readings, leewayHours: 0))) as? [String: Any])
        // Not base64; not seven numbers a day; a day with no reading in it.
        let zeroCount = Data([Int64(19_724), 0, 0, 0, 0, 0, 0].flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }).base64EncodedString()
        for damaged in ["@@", Data([1, 2, 3, 4, 5, 6, 7, 8]).base64EncodedString(), zeroCount] {
            var object = stored
            object["readings"] = damaged
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(StreakHistory.self, from: JSONSerialization.data(withJSONObject: object)) }
        }
    }

    // MARK: - Configuration

    @Test func aDayValueIsForTrackingOnlyAndStoredOnlyWhenSet() throws {
        let limit = StreakConfiguration(streakKey: "coffee", target: .atMost(2, per: .day)).measured(by: .last)
        #expect(throws: StreakRuleError.measureWithoutTracking(.last)) { try limit.validate() }
        let summing = try String(decoding: JSONEncoder().encode(weight(.sum)), as: UTF8.self)
        #expect(!summing.contains("measure"))
        let last = try JSONDecoder().decode(StreakConfiguration.self, from: JSONEncoder().encode(weight(.last)))
        #expect(last.measure == .last)
        // A change to a target sums again.
        #expect(weight(.max).measuring(target: .atLeast(70, per: .day)).measure == .sum)
        #expect(weight(.max).renamed(to: "mass").measure == .max)
    }
}
