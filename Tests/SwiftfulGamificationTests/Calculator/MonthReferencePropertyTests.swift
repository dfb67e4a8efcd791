import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Rule 12's calendar months against `ReferenceStreak` (brute force over every crediting,
/// months read for weeks): X days a month and amounts a month (at least, at most), over
/// January to April of a leap year and of a common one, with skips (a month skipped almost
/// whole), leeway 0-24, events logged east and west of the zone, freezes in all three modes,
/// recorded freeze events and limits' start days. Every field is compared.
struct MonthReferencePropertyTests {
    static let zone = ReferenceStreak.zone

    enum Mode: CaseIterable {
        case daysAMonth, daysAMonthByAmount, atLeastAMonth, atMostAMonth
    }

    static func input(seed: UInt64) -> ReferenceStreak.Input {
        var random = SeededGenerator(seed: seed &* 0xA24B_AED4_963E_E407 &+ 29)
        let mode = Mode.allCases.randomElement(using: &random)!
        // Around February's end in 2024 (29 days) or 2023 (28).
        let origin = at(Bool.random(using: &random) ? "2024-02-10 00:00" : "2023-02-10 00:00").timeIntervalSince1970
        let now = Date(timeIntervalSince1970: origin + Double(Int.random(in: 0..<(50 * 24 * 60), using: &random) * 60))
        let leeway = [0, 0, 1, 3, 6, 12, 13, 23, 24].randomElement(using: &random)!
        func instant(daysBack: ClosedRange<Int>, in eventZone: TimeZone = zone) -> Date {
            ReferenceStreak.randomInstant(now: now, daysBack: daysBack, leeway: leeway, zone: eventZone, using: &random)
        }
        let span = Int.random(in: 0..<3, using: &random) == 0 ? 75 : 45
        let count = Int.random(in: 1...(leeway > 12 ? 4 : 6), using: &random)
        let amounts: [Double?] = [nil, nil, 0.5, 1, 2, 3, 0.001]
        let byAmount = mode != .daysAMonth
        var events = (0..<count).map { index -> StreakEvent in
            let logged = ReferenceStreak.eventZone(using: &random)
            return StreakEvent(
                id: "e\(index)", dateCreated: instant(daysBack: 0...span, in: logged), timezone: logged.identifier,
                amount: byAmount ? amounts.randomElement(using: &random)! : nil
            )
        }
        for index in 0..<[0, 0, 0, 1, 2].randomElement(using: &random)! {
            events.append(StreakEvent(id: "z\(index)", dateCreated: instant(daysBack: 0...span), timezone: zone.identifier, isFreeze: true, freezeId: "old\(index)"))
        }
        let today = CalendarDay(containing: now, in: zone)
        var skips = Set((0..<[0, 0, 1, 2, 4].randomElement(using: &random)!).map { _ in today.dayNumber - Int.random(in: -3...span, using: &random) })
        if Int.random(in: 0..<5, using: &random) == 0 {
            // Most of a month, or all of it: X_m lowered, or the month bridged.
            let first = today.adding(days: -Int.random(in: 0...span, using: &random)).firstOfMonth
            let last = first.dayNumber + first.daysInMonth - 1
            skips.formUnion(first.dayNumber...(last - [0, 0, 2, 10].randomElement(using: &random)!))
        }
        let freezes = (0..<[0, 0, 1, 2, 3].randomElement(using: &random)!).map { index -> StreakFreeze in
            let earned: Date? = Int.random(in: 0..<4, using: &random) == 0 ? nil : now.addingTimeInterval(-Double(Int.random(in: 0...((span + 5) * 24), using: &random)) * 3_600)
            let expires: Date? = Bool.random(using: &random) ? nil : now.addingTimeInterval(Double(Int.random(in: (-(span + 2) * 24)...(5 * 24), using: &random)) * 3_600)
            return StreakFreeze(id: "f\(index)", dateEarned: earned, dateExpires: expires)
        }
        let target: StreakTarget?
        let schedule: StreakSchedule
        switch mode {
        case .daysAMonth: (target, schedule) = (nil, .timesPerMonth(Int.random(in: 1...4, using: &random)))
        case .daysAMonthByAmount: (target, schedule) = (.atLeast([0.5, 1, 2].randomElement(using: &random)!, per: .day), .timesPerMonth(Int.random(in: 1...3, using: &random)))
        case .atLeastAMonth: (target, schedule) = (.atLeast([1, 2.5, 4, 31].randomElement(using: &random)!, per: .month), .daily)
        case .atMostAMonth: (target, schedule) = (.atMost([0, 1, 2.5, 4].randomElement(using: &random)!, per: .month), .daily)
        }
        let startDay: CalendarDay? = mode == .atMostAMonth && Bool.random(using: &random) ? today.adding(days: -Int.random(in: -1...(span + 2), using: &random)) : nil
        let configuration = StreakConfiguration(
            streakKey: "month", eventsRequiredPerDay: mode == .daysAMonth && Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1,
            leewayHours: leeway, freezeBehavior: FreezeBehavior.allCases.randomElement(using: &random)!, schedule: schedule,
            target: target, unit: target == nil ? nil : "km", startDay: startDay
        )
        return ReferenceStreak.Input(events: events, freezes: freezes, configuration: configuration, skips: skips, now: now)
    }

    static let seeds = ReferenceStreak.seeds(default: 1_500)

    @Test(arguments: Array(seeds))
    func everyFieldMatchesTheBruteForceReference(seed: UInt64) {
        let input = Self.input(seed: seed)
        let mismatch = ReferenceStreak.mismatch(seed: seed, input, described: ReferenceAmountPropertyTests.describe(input))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
