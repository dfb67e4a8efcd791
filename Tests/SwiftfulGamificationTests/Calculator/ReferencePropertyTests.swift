import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// The calculator against `ReferenceStreak` (brute force over every crediting, straight from
/// STREAK_RULES.md) on small random histories of every schedule kind, with skips, leeway
/// 0-24, freezes earned and expiring at any time, recorded freeze events, both freeze modes.
/// Every field is compared; each case prints its seed and the two answers on failure.
struct ReferencePropertyTests {
    static let zone = ReferenceStreak.zone

    static func input(seed: UInt64) -> ReferenceStreak.Input {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        let origin = at("2024-01-10 00:00").timeIntervalSince1970
        let now = Date(timeIntervalSince1970: origin + Double(Int.random(in: 0..<(70 * 24 * 60), using: &random) * 60))
        let leeway = [0, 0, 1, 3, 6, 12, 13, 23, 24].randomElement(using: &random)!
        func instant(daysBack: ClosedRange<Int>, in eventZone: TimeZone = zone) -> Date {
            ReferenceStreak.randomInstant(now: now, daysBack: daysBack, leeway: leeway, zone: eventZone, using: &random)
        }
        func eventZone() -> TimeZone { ReferenceStreak.eventZone(using: &random) }
        // Few choices per case: every crediting is tried at every moment. Weekly streaks look
        // further back now and then: runs of kept and gap weeks, freezes spent on several gaps.
        let span = Int.random(in: 0..<4, using: &random) == 0 ? 40 : 20
        let count = Int.random(in: 1...(leeway > 12 ? 4 : 6), using: &random)
        var events = (0..<count).map { index -> StreakEvent in
            let logged = eventZone()
            return StreakEvent(id: "e\(index)", dateCreated: instant(daysBack: 0...span, in: logged), timezone: logged.identifier)
        }
        for index in 0..<[0, 0, 0, 1, 2].randomElement(using: &random)! {
            events.append(StreakEvent(id: "z\(index)", dateCreated: instant(daysBack: 0...span), timezone: zone.identifier, isFreeze: true, freezeId: "old\(index)"))
        }
        let schedule: StreakSchedule = switch Int.random(in: 0..<3, using: &random) {
        case 0: .daily
        case 1: .weekdays(Set(Weekday.allCases.filter { _ in Int.random(in: 0..<3, using: &random) > 0 }).union([Weekday.allCases.randomElement(using: &random)!]))
        default: .timesPerWeek(Int.random(in: 1...7, using: &random))
        }
        let weekStart = Weekday.allCases.randomElement(using: &random)!
        let today = CalendarDay(containing: now, in: zone).dayNumber
        var skips = Set((0..<[0, 0, 1, 2, 4].randomElement(using: &random)!).map { _ in today - Int.random(in: -3...span, using: &random) })
        // Now and then a whole week skipped (rule 9: bridged), the current one or an earlier one.
        if Int.random(in: 0..<6, using: &random) == 0 {
            let all = Weekday.allCases
            let offset = (all.firstIndex(of: CalendarDay(dayNumber: today).dayOfWeek)! - all.firstIndex(of: weekStart)!).floorModulo(7)
            let first = today - offset - 7 * Int.random(in: 0...2, using: &random)
            skips.formUnion(first...(first + 6))
        }
        // Freezes earned and expiring at any time, so that they differ in the days they may
        // bridge; now and then many, the oldest ones expired before any event.
        var freezes = (0..<[0, 0, 1, 2, 3, 4, 6].randomElement(using: &random)!).map { index -> StreakFreeze in
            let earned: Date? = Int.random(in: 0..<4, using: &random) == 0 ? nil : now.addingTimeInterval(-Double(Int.random(in: 0...((span + 5) * 24), using: &random)) * 3_600)
            let expires: Date? = Bool.random(using: &random) ? nil : now.addingTimeInterval(Double(Int.random(in: (-(span + 2) * 24)...(5 * 24), using: &random)) * 3_600)
            let used: Date? = Int.random(in: 0..<6, using: &random) == 0 ? now.addingTimeInterval(-86_400) : nil
            return StreakFreeze(id: "f\(index)", dateEarned: earned, dateUsed: used, dateExpires: expires)
        }
        if !freezes.isEmpty, Int.random(in: 0..<20, using: &random) == 0 {
            let expired = now.addingTimeInterval(-Double(span + 3) * 86_400)
            freezes += (0..<66).map { StreakFreeze(id: "x\($0 + 10)", dateEarned: nil, dateExpires: expired) }
        }
        let configuration = StreakConfiguration(
            streakKey: "ref", eventsRequiredPerDay: Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1, leewayHours: leeway,
            freezeBehavior: FreezeBehavior.allCases.randomElement(using: &random)!, schedule: schedule,
            weekStart: weekStart
        )
        return ReferenceStreak.Input(events: events, freezes: freezes, configuration: configuration, skips: skips, now: now)
    }

    static func calculated(_ input: ReferenceStreak.Input) -> ReferenceStreak.Result {
        let evaluation = StreakCalculator.evaluate(
            events: input.events, freezes: input.freezes, configuration: input.configuration, currentDate: input.now, timezone: zone,
            goalSchedule: input.goalSchedule, skips: input.skips.sorted().map(CalendarDay.init(dayNumber:))
        )
        let streak = evaluation.streak
        var result = ReferenceStreak.Result()
        result.current = streak.currentStreak ?? -1
        result.longest = streak.longestStreak ?? -1
        result.start = streak.dateStreakStart
        result.deadline = streak.dateStreakDeadline
        result.status = streak.status
        result.todayCount = streak.todayEventCount ?? -1
        result.freezesLeft = streak.freezesAvailableCount ?? -1
        result.consumptions = evaluation.freezeConsumptions.map { "\($0.freezeId)@\($0.day)" }.sorted()
        result.needed = streak.freezesNeededToSaveStreak ?? -1
        result.todayAmount = streak.todayAmount.map(StreakAmount.thousandths)
        result.amountLeft = streak.amountLeft.map(StreakAmount.thousandths)
        result.weekAmount = streak.weekAmount.map(StreakAmount.thousandths)
        result.isOverLimit = streak.isOverLimit
        return result
    }

    static func describe(_ input: ReferenceStreak.Input) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        let config = input.configuration
        return "now \(formatter.string(from: input.now)), \(config.schedule.text) from \(config.weekStart), goal \(config.eventsRequiredPerDay), "
            + "leeway \(config.leewayHours), \(config.freezeBehavior); events "
            + input.events.map { "\($0.isFreeze ? "freeze " : "")\(formatter.string(from: $0.dateCreated))" }.joined(separator: ", ")
            + "; skips \(input.skips.sorted().map { "\(CalendarDay(dayNumber: $0))" }); freezes "
            + input.freezes.map { "\($0.id) earned \($0.dateEarned.map(formatter.string(from:)) ?? "-") expires \($0.dateExpires.map(formatter.string(from:)) ?? "-") used \($0.dateUsed != nil)" }.joined(separator: ", ")
    }

    static let seeds = ReferenceStreak.seeds(default: 3_000)

    @Test(arguments: Array(seeds))
    func everyFieldMatchesTheBruteForceReference(seed: UInt64) {
        let input = Self.input(seed: seed)
        let mismatch = ReferenceStreak.mismatch(seed: seed, input, described: Self.describe(input))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
