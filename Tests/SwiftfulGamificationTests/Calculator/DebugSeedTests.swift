import Foundation
import Testing
@testable import SwiftfulGamification

struct DebugSeedTests {
    @Test func debugSeed() {
        guard let seed = ProcessInfo.processInfo.environment["DEBUG_SEED"].flatMap(UInt64.init) else { return }
        let input = (ProcessInfo.processInfo.environment["DEBUG_KIND"] == "plain" ? ReferencePropertyTests.input(seed: seed) : ProcessInfo.processInfo.environment["DEBUG_KIND"] == "amount" ? ReferenceAmountPropertyTests.input(seed: seed) : ReferenceLeewayPropertyTests.input(seed: seed))
        for event in input.events { print("event", event.dateCreated, event.timezone, event.isFreeze) }
        let evaluation = StreakCalculator.evaluate(
            events: input.events, freezes: input.freezes, configuration: input.configuration, currentDate: input.now, timezone: ReferenceStreak.zone,
            goalSchedule: input.goalSchedule, skips: input.skips.sorted().map(CalendarDay.init(dayNumber:))
        )
        let first = evaluation.firstDay ?? evaluation.today.dayNumber
        for day in first...evaluation.today.dayNumber {
            let d = evaluation.day(CalendarDay(dayNumber: day))
            print("impl", CalendarDay(dayNumber: day), d.state, d.eventCount)
        }
        let reference = ReferenceStreak(input)
        let best = reference.settledBest()
        for day in first...evaluation.today.dayNumber { print("ref", CalendarDay(dayNumber: day), best.walks[0].count(day), best.walks[0].kept.contains(day)) }
    }
}
