import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Rule 13's day values against a brute force over the events themselves: each event's own
/// day read in its own zone (east and west of the current one), with leeway that must not
/// move it, skipped days that must not hide it, readings with and without amounts, several at
/// one instant; every measure, every day of the history, and the statistics of day values.
/// The history built in bulk, event by event in any order, and with events taken out again
/// (rebuilt where it asks) gives the same.
struct MeasurementPropertyTests {
    static let zone = ReferenceStreak.zone

    struct Case {
        let events: [StreakEvent]
        let configuration: StreakConfiguration
        let skips: [CalendarDay]
        let now: Date
    }

    static func input(seed: UInt64) -> Case {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 13)
        let measure = StreakMeasure.allCases.randomElement(using: &random)!
        let leeway = [0, 0, 3, 12, 24].randomElement(using: &random)!
        let now = at("2024-03-20 00:00").addingTimeInterval(Double(Int.random(in: 0..<(3 * 24 * 60), using: &random) * 60))
        var events: [StreakEvent] = []
        for index in 0..<Int.random(in: 1...40, using: &random) {
            let logged = ReferenceStreak.eventZone(using: &random)
            let instant = ReferenceStreak.randomInstant(now: now, daysBack: 0...45, leeway: max(leeway, 2), zone: logged, using: &random)
            // Several at one instant now and then, and some without an amount.
            let date = index > 0 && Int.random(in: 0..<6, using: &random) == 0 ? events[index - 1].dateCreated : instant
            let amount: Double? = Int.random(in: 0..<5, using: &random) == 0 ? nil : Double(Int.random(in: 0...200_000, using: &random)) / 1_000
            events.append(StreakEvent(id: "e\(index)", dateCreated: date, timezone: logged.identifier, amount: amount))
        }
        let skips = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            CalendarDay(containing: now, in: zone).adding(days: -Int.random(in: 0...45, using: &random))
        }
        let configuration = StreakConfiguration(streakKey: "m", leewayHours: leeway, freezeBehavior: .noFreezes, target: .trackingOnly, unit: "kg")
            .measured(by: measure)
        return Case(events: events, configuration: configuration, skips: skips, now: now)
    }

    /// The day value of every day with a reading, by brute force.
    static func expected(_ input: Case) -> [CalendarDay: Int64] {
        var byDay: [CalendarDay: [StreakEvent]] = [:]
        for event in input.events where event.dateCreated <= input.now {
            let own = CalendarDay(containing: event.dateCreated, in: TimeZone(identifier: event.timezone)!)
            let today = CalendarDay(containing: input.now, in: zone)
            byDay[min(own, today), default: []].append(event)
        }
        var values: [CalendarDay: Int64] = [:]
        for (day, events) in byDay {
            let measure = input.configuration.measure
            if measure == .sum {
                values[day] = events.reduce(0) { $0 + StreakAmount.thousandths($1.amount ?? 1) }
                continue
            }
            let readings = events.filter { $0.amount != nil }
            guard !readings.isEmpty else { continue }
            let amounts = readings.map { StreakAmount.thousandths($0.amount!) }
            switch measure {
            case .sum: break
            case .last:
                values[day] = readings.max { ($0.dateCreated, StreakAmount.thousandths($0.amount!)) < ($1.dateCreated, StreakAmount.thousandths($1.amount!)) }
                    .map { StreakAmount.thousandths($0.amount!) }
            case .mean:
                values[day] = Int64((Double(amounts.reduce(0, +)) / Double(amounts.count)).rounded(.toNearestOrAwayFromZero))
            case .min: values[day] = amounts.min()
            case .max: values[day] = amounts.max()
            }
        }
        return values
    }

    static func mismatch(seed: UInt64) -> String? {
        let input = input(seed: seed)
        let evaluation = StreakCalculator.evaluate(
            events: input.events, configuration: input.configuration, currentDate: input.now, timezone: zone, skips: input.skips
        )
        let expected = expected(input)
        let today = evaluation.today
        guard let first = expected.keys.min() else { return nil }
        for record in evaluation.days(from: first.adding(days: -3), through: today) {
            let value = expected[record.day]
            let logged = record.state == .logged
            if logged != (value != nil) || (value.map { $0 != StreakAmount.thousandths(record.amount) } ?? false) {
                return "seed \(seed) (\(input.configuration.measure), leeway \(input.configuration.leewayHours)): \(record.day) is \(record.state) "
                    + "\(record.amount), expected \(value.map { StreakAmount.value(thousandths: $0) }.map { "\($0)" } ?? "no reading")"
            }
        }
        // The statistics of day values.
        let figures = StreakMeasurements(evaluation: evaluation)!
        let logged = expected.filter { $0.key <= today }.sorted { $0.key < $1.key }
        if figures.latest?.day != logged.last?.key { return "seed \(seed): latest \(String(describing: figures.latest)), expected \(String(describing: logged.last))" }
        let earlier = logged.last { $0.key <= today.adding(days: -7) }
        let change = earlier.flatMap { earlier in logged.last.map { StreakAmount.value(thousandths: $0.value - earlier.value) } }
        if figures.change7 != change { return "seed \(seed): change over 7 days \(String(describing: figures.change7)), expected \(String(describing: change))" }
        let month = logged.filter { $0.key > today.adding(days: -30) }.map(\.value)
        if figures.last30.logged != month.count || figures.last30.max != month.max().map(StreakAmount.value(thousandths:)) {
            return "seed \(seed): 30 days \(figures.last30), expected \(month)"
        }
        return nil
    }

    @Test func everyDayValueAndItsStatisticsMatchTheBruteForce() {
        var failures: [String] = []
        for seed in ReferenceStreak.seeds(default: 400) {
            if let failure = Self.mismatch(seed: seed) { failures.append(failure) }
            if failures.count >= 3 { break }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func aHistoryBuiltEventByEventOrTakenApartIsTheBulkOne() {
        for seed in ReferenceStreak.seeds(default: 150) {
            let input = Self.input(seed: seed)
            let leeway = StreakLeeway(hours: input.configuration.leewayHours, zone: Self.zone.identifier)
            let bulk = StreakHistory(events: input.events, leeway: leeway, fallbackZone: Self.zone)
            var random = SeededGenerator(seed: seed)
            var incremental = StreakHistory(events: [], leeway: leeway, fallbackZone: Self.zone)
            for event in input.events.shuffled(using: &random) { incremental.add(event, fallbackZone: Self.zone) }
            #expect(incremental.readings.encoded == bulk.readings.encoded, "seed \(seed): added one by one")
            // Take half out again: exact, or a rebuild from the rest when it says it cannot be.
            var kept = input.events
            var history = bulk
            for event in input.events.shuffled(using: &random).prefix(input.events.count / 2) {
                kept.removeAll { $0.id == event.id }
                if !history.remove(event, fallbackZone: Self.zone) { history = StreakHistory(events: kept, leeway: leeway, fallbackZone: Self.zone) }
            }
            let rebuilt = StreakHistory(events: kept, leeway: leeway, fallbackZone: Self.zone)
            #expect(history.readings.encoded == rebuilt.readings.encoded, "seed \(seed): taken apart")
        }
    }
}
