import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Rule 12's rolling windows against `ReferenceStreak`'s literal windows (every window
/// enumerated, every crediting tried at every closing instant): every X < Y <= 10, events
/// logged east and west of the zone near midnights with leeway 0-24, goals of 1 and 2, daily
/// amounts, skips (holidays that stop the clock, a kept skipped day), recorded freeze events,
/// freezes earned and expiring at any time in all three modes. Every field is compared.
struct RollingReferencePropertyTests {
    static let zone = ReferenceStreak.zone

    static func input(seed: UInt64) -> ReferenceStreak.Input {
        var random = SeededGenerator(seed: seed &* 0xC2B2_AE3D_27D4_EB4F &+ 41)
        let origin = at("2024-02-20 00:00").timeIntervalSince1970
        let now = Date(timeIntervalSince1970: origin + Double(Int.random(in: 0..<(30 * 24 * 60), using: &random) * 60))
        let leeway = [0, 0, 0, 1, 3, 6, 12, 13, 23, 24].randomElement(using: &random)!
        func instant(daysBack: ClosedRange<Int>, in eventZone: TimeZone = zone) -> Date {
            ReferenceStreak.randomInstant(now: now, daysBack: daysBack, leeway: leeway, zone: eventZone, using: &random)
        }
        let days = Int.random(in: 2...10, using: &random)
        let times = Int.random(in: 1..<days, using: &random)
        let span = Int.random(in: 0..<3, using: &random) == 0 ? 28 : 16
        let count = Int.random(in: 1...(leeway > 12 ? 4 : 7), using: &random)
        let byAmount = Int.random(in: 0..<4, using: &random) == 0
        var events = (0..<count).map { index -> StreakEvent in
            let logged = ReferenceStreak.eventZone(using: &random)
            return StreakEvent(
                id: "e\(index)", dateCreated: instant(daysBack: 0...span, in: logged), timezone: logged.identifier,
                amount: byAmount ? [nil, 0.5, 1, 2].randomElement(using: &random)! : nil
            )
        }
        for index in 0..<[0, 0, 0, 1, 2].randomElement(using: &random)! {
            events.append(StreakEvent(id: "z\(index)", dateCreated: instant(daysBack: 0...span), timezone: zone.identifier, isFreeze: true, freezeId: "old\(index)"))
        }
        let today = CalendarDay(containing: now, in: zone).dayNumber
        var skips = Set((0..<[0, 0, 1, 2, 4].randomElement(using: &random)!).map { _ in today - Int.random(in: -3...span, using: &random) })
        if Int.random(in: 0..<5, using: &random) == 0 {
            // A holiday of several days.
            let first = today - Int.random(in: 0...span, using: &random)
            skips.formUnion(first...(first + Int.random(in: 2...6, using: &random)))
        }
        let freezes = (0..<[0, 0, 1, 2, 3, 5].randomElement(using: &random)!).map { index -> StreakFreeze in
            let earned: Date? = Int.random(in: 0..<4, using: &random) == 0 ? nil : now.addingTimeInterval(-Double(Int.random(in: 0...((span + 5) * 24), using: &random)) * 3_600)
            let expires: Date? = Bool.random(using: &random) ? nil : now.addingTimeInterval(Double(Int.random(in: (-(span + 2) * 24)...(5 * 24), using: &random)) * 3_600)
            let used: Date? = Int.random(in: 0..<8, using: &random) == 0 ? now.addingTimeInterval(-86_400) : nil
            return StreakFreeze(id: "f\(index)", dateEarned: earned, dateUsed: used, dateExpires: expires)
        }
        let configuration = StreakConfiguration(
            streakKey: "window", eventsRequiredPerDay: !byAmount && Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1, leewayHours: leeway,
            freezeBehavior: FreezeBehavior.allCases.randomElement(using: &random)!, schedule: .rolling(times: times, days: days),
            target: byAmount ? .atLeast([1, 1.5, 2].randomElement(using: &random)!, per: .day) : nil, unit: byAmount ? "km" : nil
        )
        return ReferenceStreak.Input(events: events, freezes: freezes, configuration: configuration, skips: skips, now: now)
    }

    static let seeds = ReferenceStreak.seeds(default: 2_000)

    @Test(arguments: Array(seeds))
    func everyFieldMatchesTheLiteralWindows(seed: UInt64) {
        let input = Self.input(seed: seed)
        let mismatch = ReferenceStreak.mismatch(seed: seed, input, described: ReferenceAmountPropertyTests.describe(input))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
