import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Rule 10 against `ReferenceStreak` (brute force over every crediting of whole events): small
/// random histories with amounts, at least and at most, per day and per week, `timesPerWeek`
/// with a daily amount, tracking only and counted events with amounts; leeway 0-24, schedules,
/// skips, start days, freezes (auto and manual) and targets changed along the way. Every field
/// is compared; each case prints its seed and both answers on failure.
struct ReferenceAmountPropertyTests {
    static let zone = ReferenceStreak.zone

    enum Mode: CaseIterable {
        case atLeastDay, atMostDay, atLeastWeek, atMostWeek, timesPerWeekByAmount, countingWithAmounts, tracking
    }

    static func input(seed: UInt64) -> ReferenceStreak.Input {
        var random = SeededGenerator(seed: seed &* 0xD1B5_4A32_D192_ED03 &+ 17)
        let mode: Mode = [.atLeastDay, .atLeastDay, .atMostDay, .atMostDay, .atLeastWeek, .atMostWeek, .timesPerWeekByAmount, .countingWithAmounts, .tracking]
            .randomElement(using: &random)!
        let origin = at("2024-01-10 00:00").timeIntervalSince1970
        let now = Date(timeIntervalSince1970: origin + Double(Int.random(in: 0..<(70 * 24 * 60), using: &random) * 60))
        let leeway = [0, 0, 1, 3, 6, 12, 13, 23, 24].randomElement(using: &random)!
        func instant(daysBack: ClosedRange<Int>, in eventZone: TimeZone = zone) -> Date {
            ReferenceStreak.randomInstant(now: now, daysBack: daysBack, leeway: leeway, zone: eventZone, using: &random)
        }
        func eventZone() -> TimeZone { ReferenceStreak.eventZone(using: &random) }
        let weekly = mode == .atLeastWeek || mode == .atMostWeek || mode == .timesPerWeekByAmount
        let span = weekly && Int.random(in: 0..<3, using: &random) == 0 ? 30 : 16
        let count = Int.random(in: 0...(leeway > 12 ? 4 : 6), using: &random)
        let amounts: [Double?] = [nil, nil, 0, 0.5, 1, 1.5, 2, 2.5, 3, 0.001, 1.25]
        var events = (0..<count).map { index -> StreakEvent in
            let logged = eventZone()
            return StreakEvent(id: "e\(index)", dateCreated: instant(daysBack: 0...span, in: logged), timezone: logged.identifier, amount: amounts.randomElement(using: &random)!)
        }
        for index in 0..<[0, 0, 0, 1, 2].randomElement(using: &random)! {
            events.append(StreakEvent(id: "z\(index)", dateCreated: instant(daysBack: 0...span), timezone: zone.identifier, isFreeze: true, freezeId: "old\(index)"))
        }
        let today = CalendarDay(containing: now, in: zone).dayNumber
        let weekStart = Weekday.allCases.randomElement(using: &random)!
        var skips = Set((0..<[0, 0, 1, 2, 4].randomElement(using: &random)!).map { _ in today - Int.random(in: -3...span, using: &random) })
        if weekly, Int.random(in: 0..<5, using: &random) == 0 {
            let offset = (Weekday.allCases.firstIndex(of: CalendarDay(dayNumber: today).dayOfWeek)! - Weekday.allCases.firstIndex(of: weekStart)!).floorModulo(7)
            let first = today - offset - 7 * Int.random(in: 0...2, using: &random)
            // A whole week, or most of one (X_w lowered, rounded up).
            skips.formUnion(first...(first + Int.random(in: 3...6, using: &random)))
        }
        var freezes = (0..<[0, 0, 1, 2, 3].randomElement(using: &random)!).map { index -> StreakFreeze in
            let earned: Date? = Int.random(in: 0..<4, using: &random) == 0 ? nil : now.addingTimeInterval(-Double(Int.random(in: 0...((span + 5) * 24), using: &random)) * 3_600)
            let expires: Date? = Bool.random(using: &random) ? nil : now.addingTimeInterval(Double(Int.random(in: (-(span + 2) * 24)...(5 * 24), using: &random)) * 3_600)
            let used: Date? = Int.random(in: 0..<6, using: &random) == 0 ? now.addingTimeInterval(-86_400) : nil
            return StreakFreeze(id: "f\(index)", dateEarned: earned, dateUsed: used, dateExpires: expires)
        }
        if freezes.isEmpty, Int.random(in: 0..<8, using: &random) == 0 { freezes = [StreakFreeze(id: "f9", dateEarned: nil)] }

        let (target, changed, schedule) = targets(mode, &random)
        let startDay: CalendarDay? = (mode == .atMostDay || mode == .atMostWeek) && Int.random(in: 0..<3, using: &random) > 0
            ? CalendarDay(dayNumber: today - Int.random(in: -1...(span + 2), using: &random)) : nil
        // Target changes (same direction and period), dated anywhere in the span.
        let goalSchedule = changed.map { amounts in
            amounts.map { amount in
                StreakGoalChange(
                    date: now.addingTimeInterval(-Double(Int.random(in: 0...(span * 24), using: &random)) * 3_600),
                    eventsRequiredPerDay: 1, target: target?.with(amount: amount)
                )
            }
        } ?? []
        let configuration = StreakConfiguration(
            streakKey: "ref", eventsRequiredPerDay: mode == .countingWithAmounts ? Int.random(in: 1...3, using: &random) : 1,
            leewayHours: leeway, freezeBehavior: FreezeBehavior.allCases.randomElement(using: &random)!, schedule: schedule,
            weekStart: weekStart, target: target, unit: target == nil ? nil : "km", startDay: startDay
        )
        return ReferenceStreak.Input(events: events, freezes: freezes, configuration: configuration, skips: skips, now: now, goalSchedule: goalSchedule)
    }

    /// The mode's target, the amounts it is changed to (if it is), and the schedule.
    static func targets(_ mode: Mode, _ random: inout SeededGenerator) -> (StreakTarget?, [Double]?, StreakSchedule) {
        let changes = Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 1...2, using: &random) : 0
        func amounts(_ choices: [Double]) -> [Double]? {
            changes == 0 ? nil : (0..<changes).map { _ in choices.randomElement(using: &random)! }
        }
        switch mode {
        case .atLeastDay:
            let choices = [0.5, 1, 1.5, 2, 2.5, 3, 0.001]
            let schedule: StreakSchedule = Int.random(in: 0..<4, using: &random) == 0
                ? .weekdays(Set(Weekday.allCases.filter { _ in Int.random(in: 0..<3, using: &random) > 0 }).union([.monday])) : .daily
            return (.atLeast(choices.randomElement(using: &random)!, per: .day), amounts(choices), schedule)
        case .atMostDay:
            let choices = [0, 0.5, 1, 2, 2.5, 3]
            let schedule: StreakSchedule = Int.random(in: 0..<4, using: &random) == 0
                ? .weekdays(Set(Weekday.allCases.filter { _ in Int.random(in: 0..<3, using: &random) > 0 }).union([.friday])) : .daily
            return (.atMost(choices.randomElement(using: &random)!, per: .day), amounts(choices), schedule)
        case .atLeastWeek:
            let choices = [1, 2, 3.5, 5, 7]
            return (.atLeast(choices.randomElement(using: &random)!, per: .week), amounts(choices), .daily)
        case .atMostWeek:
            let choices = [0, 1, 2.5, 4, 6]
            return (.atMost(choices.randomElement(using: &random)!, per: .week), amounts(choices), .daily)
        case .timesPerWeekByAmount:
            let choices = [0.5, 1, 2, 2.5]
            return (.atLeast(choices.randomElement(using: &random)!, per: .day), amounts(choices), .timesPerWeek(Int.random(in: 1...4, using: &random)))
        case .countingWithAmounts:
            return (nil, nil, .daily)
        case .tracking:
            return (.trackingOnly, nil, .daily)
        }
    }

    static func describe(_ input: ReferenceStreak.Input) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        let config = input.configuration
        return "target \(config.target.map { $0.text() } ?? "none") start \(config.startDay.map { "\($0)" } ?? "-"), changes "
            + input.goalSchedule.map { "\(formatter.string(from: $0.date)) \($0.target.map { $0.text() } ?? "-")" }.joined(separator: ", ")
            + "; " + ReferencePropertyTests.describe(input)
            + "; amounts " + input.events.map { $0.amount.map { "\($0)" } ?? "nil" }.joined(separator: ", ")
    }

    static let seeds = ReferenceStreak.seeds(default: 2_000)

    @Test(arguments: Array(seeds))
    func everyFieldMatchesTheBruteForceReference(seed: UInt64) {
        let input = Self.input(seed: seed)
        let mismatch = ReferenceStreak.mismatch(seed: seed, input, described: Self.describe(input))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
