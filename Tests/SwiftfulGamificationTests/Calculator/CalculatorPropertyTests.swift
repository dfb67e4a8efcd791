import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Invariants over generated histories. Each case prints its seed so a failure replays.
struct CalculatorPropertyTests {
    struct History {
        let events: [StreakEvent]
        let freezes: [StreakFreeze]
        let configuration: StreakConfiguration
        let now: Date
        let zone: TimeZone

        func evaluate(_ events: [StreakEvent]? = nil) -> StreakEvaluation {
            StreakCalculator.evaluate(
                events: events ?? self.events, freezes: freezes, configuration: configuration,
                currentDate: now, timezone: zone
            )
        }
    }

    static let zones = [TimeZone.newYork, .london, .sydney, .tokyo, .losAngeles]

    static func history(seed: UInt64) -> History {
        var random = SeededGenerator(seed: seed)
        let zone = zones.randomElement(using: &random)!
        let now = at("2024-03-20 00:00", .utc).addingTimeInterval(Double.random(in: 0...(240 * 86_400), using: &random))
        let span = Int.random(in: 3...90, using: &random)
        let density = Double.random(in: 0.3...3, using: &random)
        let count = Int(Double(span) * density)
        let events = (0..<count).map { index -> StreakEvent in
            let eventZone = Bool.random(using: &random) ? zone : zones.randomElement(using: &random)!
            let date = now.addingTimeInterval(-Double.random(in: 0...(Double(span) * 86_400), using: &random))
            let isFreeze = Int.random(in: 0..<20, using: &random) == 0
            return StreakEvent(id: "e\(index)", dateCreated: date, timezone: eventZone.identifier, isFreeze: isFreeze, freezeId: isFreeze ? "old" : nil)
        }
        let freezes = (0..<Int.random(in: 0...4, using: &random)).map { index in
            StreakFreeze(
                id: "f\(index)",
                dateEarned: now.addingTimeInterval(-Double.random(in: 0...(Double(span) * 86_400), using: &random)),
                dateExpires: Bool.random(using: &random) ? nil : now.addingTimeInterval(Double.random(in: -20...20, using: &random) * 86_400)
            )
        }
        let configuration = StreakConfiguration(
            streakKey: "daily",
            eventsRequiredPerDay: Int.random(in: 1...3, using: &random),
            leewayHours: [0, 0, 3, 6, 24].randomElement(using: &random)!,
            freezeBehavior: FreezeBehavior.allCases.randomElement(using: &random)!
        )
        return History(events: events, freezes: freezes, configuration: configuration, now: now, zone: zone)
    }

    static let seeds: [UInt64] = Array(1...150)

    @Test(arguments: seeds)
    func invariantsHold(seed: UInt64) {
        let history = Self.history(seed: seed)
        let result = history.evaluate()
        let streak = result.streak
        let current = streak.currentStreak ?? -1
        #expect((streak.longestStreak ?? -1) >= current, "seed \(seed)")

        let firstDay = result.today.adding(days: -120)
        let records = result.days(from: firstDay, through: result.today)
        let credited = records.reduce(0) { $0 + $1.eventCount }
        #expect(credited == streak.totalEvents, "seed \(seed): every regular event credited exactly once")

        for record in records where record.day < result.today && record.state != .open {
            if record.state == .kept { #expect(record.eventCount >= record.goal, "seed \(seed) \(record.day)") }
            if record.state == .gap { #expect(record.eventCount < record.goal, "seed \(seed) \(record.day)") }
        }

        var run = 0
        for record in records.reversed() {
            if record.state == .gap || record.state == .beforeHistory { break }
            if record.state == .kept { run += 1 }
        }
        #expect(run == current, "seed \(seed): the records' current run matches the streak")

        let todayKept = result.day(result.today).state == .kept
        #expect((streak.status == .active(daysSinceLastEvent: 0)) == todayKept, "seed \(seed)")
        #expect((streak.todayEventCount ?? 0) == result.day(result.today).eventCount, "seed \(seed)")
    }

    @Test(arguments: seeds)
    func inputOrderDoesNotMatter(seed: UInt64) {
        let history = Self.history(seed: seed)
        var random = SeededGenerator(seed: seed &+ 7)
        let original = history.evaluate()
        let shuffled = history.evaluate(history.events.shuffled(using: &random))
        #expect(Self.comparable(original.streak) == Self.comparable(shuffled.streak), "seed \(seed)")
        let range = (original.today.adding(days: -100), original.today)
        #expect(original.days(from: range.0, through: range.1) == shuffled.days(from: range.0, through: range.1), "seed \(seed)")
    }

    @Test(arguments: seeds)
    func addingAnEventOnADayNeverLowersTheStreak(seed: UInt64) {
        let history = Self.history(seed: seed)
        guard let copied = history.events.filter({ !$0.isFreeze && $0.dateCreated <= history.now }).last else { return }
        let extra = StreakEvent(id: "extra", dateCreated: copied.dateCreated, timezone: copied.timezone)
        let before = history.evaluate().streak
        let after = history.evaluate(history.events + [extra]).streak
        #expect((after.currentStreak ?? 0) >= (before.currentStreak ?? 0), "seed \(seed)")
    }

    @Test(arguments: seeds)
    func recordingAutoConsumptionsIsStable(seed: UInt64) {
        let history = Self.history(seed: seed)
        let first = history.evaluate()
        guard !first.freezeConsumptions.isEmpty else { return }
        let used = Set(first.freezeConsumptions.map(\.freezeId))
        let second = StreakCalculator.evaluate(
            events: history.events + first.freezeConsumptions.map(\.freezeEvent),
            freezes: history.freezes.map { used.contains($0.id) ? $0.markedUsed(at: history.now) : $0 },
            configuration: history.configuration, currentDate: history.now, timezone: history.zone
        )
        #expect(second.streak.currentStreak == first.streak.currentStreak, "seed \(seed)")
        #expect(second.freezeConsumptions.isEmpty, "seed \(seed)")
    }

    /// The streak without the fields whose order may legitimately differ.
    static func comparable(_ data: CurrentStreakData) -> [String] {
        [
            "\(data.currentStreak ?? -1)", "\(data.longestStreak ?? -1)", "\(data.status)", "\(data.todayEventCount ?? -1)",
            "\(data.freezesAvailableCount ?? -1)", "\(data.freezesNeededToSaveStreak ?? -1)", "\(String(describing: data.dateStreakStart))",
            "\(String(describing: data.dateStreakDeadline))", "\(data.totalEvents ?? -1)", "\(String(describing: data.dateLastEvent))",
        ]
    }
}
