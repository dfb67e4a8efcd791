import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Rule 4a's settled days kept between calculations (`SettledCheckpoint`): a calculation that
/// resumes from a checkpoint answers exactly as one that settles every day, whatever happened
/// in between (events logged, one backfilled, time passing, the history stored and read back),
/// and a log today settles nothing old.
struct SettledCheckpointTests {
    static let zone = ReferenceStreak.zone

    /// The reference tests' random histories (every schedule, rolling windows and months, amounts and limits, leeway 0-24
    /// and its changes, events in seven zones, freezes and freeze events, skips), calculated at
    /// two earlier moments and then at the case's `now`, each from the checkpoint before.
    @Test(arguments: Array(ReferenceStreak.seeds(default: 1_500)))
    func resumingAnswersAsSettlingEveryDay(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed &* 0xD1B5_4A32_D192_ED03)
        let input = switch seed % 5 {
        case 0: ReferencePropertyTests.input(seed: seed)
        case 1: ReferenceAmountPropertyTests.input(seed: seed)
        case 2: RollingReferencePropertyTests.input(seed: seed)
        case 3: MonthReferencePropertyTests.input(seed: seed)
        default: ReferenceLeewayPropertyTests.input(seed: seed)
        }
        let moments = [input.now.addingTimeInterval(-Double(Int.random(in: 24...(6 * 24), using: &random)) * 3_600)]
            + [input.now.addingTimeInterval(-Double(Int.random(in: 0...23, using: &random)) * 3_600), input.now]
        // Half the time an event is backfilled after the first calculation (left out of it):
        // a freeze event, one logged in another zone, or any.
        let past = input.events.filter { $0.dateCreated <= moments[0] }
        let kinds = [past.filter(\.isFreeze), past.filter { $0.timezone != Self.zone.identifier }, past]
        let backfilled = Bool.random(using: &random) ? kinds.randomElement(using: &random)!.randomElement(using: &random) : nil
        let leeway = StreakLeeway(configuration: input.configuration, goalSchedule: input.goalSchedule, timezone: Self.zone)
        var checkpoint: SettledCheckpoint?
        for (step, now) in moments.enumerated() {
            let logged = input.events.filter { $0.dateCreated <= now && (step > 0 || $0.id != backfilled?.id) }
            var history = StreakHistory(events: logged, leeway: leeway, fallbackZone: Self.zone)
            history.settled = checkpoint
            if Bool.random(using: &random) { history = try JSONDecoder().decode(StreakHistory.self, from: JSONEncoder().encode(history)) }
            let resumed = Self.evaluate(history, input, now: now)
            history.settled = nil
            let whole = Self.evaluate(history, input, now: now)
            #expect(try Self.encoded(resumed) == Self.encoded(whole), "seed \(seed), step \(step)")
            #expect(resumed.daysSettled <= whole.daysSettled, "seed \(seed), step \(step)")
            checkpoint = resumed.settledCheckpoint
        }
    }

    /// Resuming is not a rare path: most cases resume at their later moments, stored or not.
    @Test func mostCasesResume() throws {
        var resumedSteps = 0, steps = 0
        for seed in UInt64(1)...300 {
            let input = ReferencePropertyTests.input(seed: seed)
            let leeway = StreakLeeway(configuration: input.configuration, goalSchedule: input.goalSchedule, timezone: Self.zone)
            let earlier = input.now.addingTimeInterval(-2 * 86_400)
            let first = Self.evaluate(StreakHistory(events: input.events.filter { $0.dateCreated <= earlier }, leeway: leeway, fallbackZone: Self.zone), input, now: earlier)
            guard first.daysSettled > 3 else { continue }
            var history = StreakHistory(events: input.events, leeway: leeway, fallbackZone: Self.zone)
            history.settled = first.settledCheckpoint
            // Every other case as a store keeps it: read back, its arrays from its first counted day.
            if seed % 2 == 0 { history = try JSONDecoder().decode(StreakHistory.self, from: JSONEncoder().encode(history)) }
            let later = Self.evaluate(history, input, now: input.now)
            steps += 1
            if later.daysSettled <= 3 { resumedSteps += 1 }
        }
        #expect(steps > 100)
        #expect(resumedSteps * 2 > steps, "\(resumedSteps) of \(steps) resumed")
    }

    /// Two years of a daily habit, logged in New York and Sydney, freezes in auto mode: a log
    /// today settles no day (yesterday settled at the last write), tomorrow's settles one, and
    /// a backfilled event settles every day again.
    @Test func aLogTodaySettlesNothingOld() {
        let configuration = StreakConfiguration(streakKey: "floss", leewayHours: 3, freezeBehavior: .autoConsumeFreezes)
        let start = at("2023-01-01 21:00")
        var events = (0..<730).compactMap { day -> StreakEvent? in
            guard day % 40 != 17 else { return nil }
            return StreakEvent(id: "e\(day)", dateCreated: start.addingTimeInterval(Double(day) * 86_400), timezone: day % 3 == 0 ? "Australia/Sydney" : Self.zone.identifier)
        }
        let freezes = (0..<3).map { StreakFreeze(id: "f\($0)", dateEarned: start) }
        let leeway = StreakLeeway(configuration: configuration, goalSchedule: [], timezone: Self.zone)
        func evaluate(_ history: StreakHistory, at now: Date) -> StreakEvaluation {
            StreakCalculator.evaluate(history: history, freezes: freezes, configuration: configuration, currentDate: now, timezone: Self.zone)
        }
        let now = at("2024-12-31 12:00")
        var history = StreakHistory(events: events, leeway: leeway, fallbackZone: Self.zone)
        let first = evaluate(history, at: now)
        #expect(first.daysSettled > 700)
        history.settled = first.settledCheckpoint
        let today = StreakEvent(id: "today", dateCreated: now.addingTimeInterval(3_600), timezone: Self.zone.identifier)
        history.add(today, fallbackZone: Self.zone)
        events.append(today)
        let afterLog = evaluate(history, at: now.addingTimeInterval(3_600))
        #expect(afterLog.daysSettled == 0)
        history.settled = afterLog.settledCheckpoint
        let tomorrow = evaluate(history, at: now.addingTimeInterval(86_400))
        #expect(tomorrow.daysSettled == 1)
        let everyDay = StreakCalculator.evaluate(events: events, freezes: freezes, configuration: configuration, currentDate: now.addingTimeInterval(86_400), timezone: Self.zone)
        #expect(tomorrow.streak == everyDay.streak)
        history.add(StreakEvent(id: "late", dateCreated: at("2024-02-10 12:00"), timezone: Self.zone.identifier), fallbackZone: Self.zone)
        #expect(evaluate(history, at: now.addingTimeInterval(86_400)).daysSettled > 700)
    }

    /// A freeze event backfilled on a missed day that already settled as a gap: the
    /// checkpoint does not hold, and the run goes on across the day.
    @Test func aBackfilledFreezeEventSettlesAgain() throws {
        let configuration = StreakConfiguration(streakKey: "s", freezeBehavior: .manuallyConsumeFreezes)
        let days = (0..<10).filter { $0 != 4 }.map { StreakEvent(id: "e\($0)", dateCreated: at("2024-03-01 12:00").addingTimeInterval(Double($0) * 86_400), timezone: Self.zone.identifier) }
        let now = at("2024-03-10 18:00")
        var history = StreakHistory(events: days, leeway: StreakLeeway(configuration: configuration, goalSchedule: [], timezone: Self.zone), fallbackZone: Self.zone)
        let first = StreakCalculator.evaluate(history: history, configuration: configuration, currentDate: now, timezone: Self.zone)
        #expect(first.streak.currentStreak == 5)
        history.settled = first.settledCheckpoint
        history.add(StreakEvent(id: "z", dateCreated: at("2024-03-05 12:00"), timezone: Self.zone.identifier, isFreeze: true, freezeId: "f"), fallbackZone: Self.zone)
        let second = StreakCalculator.evaluate(history: history, configuration: configuration, currentDate: now, timezone: Self.zone)
        #expect(second.streak.currentStreak == 9)
        #expect(second.streak.longestStreak == 9)
        #expect(second.daysSettled > 5, "\(second.daysSettled) days settled")
        history.settled = nil
        let whole = StreakCalculator.evaluate(history: history, configuration: configuration, currentDate: now, timezone: Self.zone)
        #expect(try Self.encoded(second) == Self.encoded(whole))
    }

    /// A checkpoint that does not read (a cache written by another build, or damaged) is
    /// dropped: the history still reads, and every day is settled again.
    @Test func anUnreadableCheckpointIsDroppedNotTrusted() throws {
        let input = ReferencePropertyTests.input(seed: 7)
        let leeway = StreakLeeway(configuration: input.configuration, goalSchedule: input.goalSchedule, timezone: Self.zone)
        var history = StreakHistory(events: input.events, leeway: leeway, fallbackZone: Self.zone)
        let first = Self.evaluate(history, input, now: input.now)
        history.settled = try #require(first.settledCheckpoint)
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(history)) as? [String: Any])
        var settled = try #require(object["settled"] as? [String: Any])
        settled["credited"] = "not base64!"
        object["settled"] = settled
        let read = try JSONDecoder().decode(StreakHistory.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(read.settled == nil)
        #expect(read == history)
        let again = Self.evaluate(read, input, now: input.now)
        #expect(again.daysSettled == first.daysSettled)
        #expect(try Self.encoded(again) == Self.encoded(first))
        // Read back whole, it is the same checkpoint, and a calculation at the same instant keeps it.
        history.settled = first.settledCheckpoint
        let stored = try JSONDecoder().decode(StreakHistory.self, from: JSONEncoder().encode(history))
        #expect(stored.settled == first.settledCheckpoint)
        #expect(Self.evaluate(stored, input, now: input.now).settledCheckpoint == first.settledCheckpoint)
    }

    static func evaluate(_ history: StreakHistory, _ input: ReferenceStreak.Input, now: Date) -> StreakEvaluation {
        StreakCalculator.evaluate(
            history: history, freezes: input.freezes, configuration: input.configuration, currentDate: now, timezone: zone,
            goalSchedule: input.goalSchedule, skips: input.skips.sorted().map(CalendarDay.init(dayNumber:))
        )
    }

    static func encoded(_ evaluation: StreakEvaluation) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(evaluation), as: UTF8.self)
    }
}
