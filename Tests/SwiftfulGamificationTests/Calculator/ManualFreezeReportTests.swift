import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Manual mode reports freezes that would save the streak only when there is a kept day
/// before the missed days to save (rule 5): a streak that never had a kept day has nothing
/// to restore.
struct ManualFreezeReportTests {
    @Test(arguments: 0..<300)
    func freezesAreOfferedOnlyToRestoreAKeptRun(seed: UInt64) {
        var random = SeededGenerator(seed: seed &* 2_654_435_761)
        let goal = 1 + Int(random.next() % 3)
        let leeway = [0, 0, 2, 3, 24][Int(random.next() % 5)]
        var events: [StreakEvent] = []
        for day in 0..<Int(20 + random.next() % 40) where random.next() % 3 != 0 {
            for _ in 0..<Int(random.next() % UInt64(goal + 1)) {
                let minute = Int(random.next() % (24 * 60))
                events.append(StreakEvent(
                    dateCreated: at("2024-01-01 00:00").addingTimeInterval(Double(day * 86_400 + minute * 60)),
                    timezone: "America/New_York"
                ))
            }
        }
        let evaluation = calculate(events, goal: goal, leeway: leeway, behavior: .manuallyConsumeFreezes, now: "2024-03-15 12:00")
        guard let firstMissed = evaluation.daysToSave.first else { return }
        let first = evaluation.firstHistoryDay ?? evaluation.today
        let keptBefore = evaluation.days(from: first, through: firstMissed.adding(days: -1)).contains { $0.state == .kept }
        #expect(keptBefore, "seed \(seed): \(evaluation.daysToSave.count) freezes offered with no kept day before (goal \(goal), leeway \(leeway))")
    }

    @Test func aStreakThatNeverKeptADayHasNothingToRestore() {
        // Goal 3, never more than two a day.
        let events = (1...30).flatMap { day in
            [event(String(format: "2024-01-%02d 09:00", day)), event(String(format: "2024-01-%02d 10:00", day))]
        }
        let evaluation = calculate(events, goal: 3, behavior: .manuallyConsumeFreezes, now: "2024-02-05 12:00")
        #expect(evaluation.streak.freezesNeededToSaveStreak == 0)
        #expect(evaluation.daysToSave.isEmpty)
    }
}
