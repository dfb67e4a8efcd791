import DashboardDemo
import Foundation
@testable import StreakStoreKit
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// What the footer says after a change the dashboard wrote (`Effect.write`), made of the
/// change and what the store said it produced, and whether the streak comes back to the screen.
struct WriteOutcomeTests {
    let day = CalendarDay(year: 2024, month: 1, day: 5)
    let zone = TimeZone(identifier: "America/New_York")!

    @Test func eachChangeSaysWhatItProduced() throws {
        let event = StreakEvent(id: "e1", dateCreated: Date(timeIntervalSince1970: 1_704_470_400), timezone: zone.identifier)
        var removed = StreakChangeResult(evaluation: nil)
        removed.removed = event
        #expect(WriteOutcome.of(.removeEvent(id: "e1"), to: "run", produced: removed).outcome == .removed(key: "run", event: event))
        // Nothing came back: a failure says so, rather than a removal that did not happen.
        let nothing = StreakChangeResult(evaluation: nil)
        #expect(WriteOutcome.of(.removeEvent(id: "e1"), to: "run", produced: nothing).outcome == .failed(key: "run", reason: "nothing was removed"))
        #expect(WriteOutcome.of(.delete, to: "run", produced: nothing).outcome == .failed(key: "run", reason: "nothing was deleted"))
        let days = [day, day.adding(days: 1), day.adding(days: 2)]
        #expect(WriteOutcome.of(.addSkips(days), to: "run", produced: nothing).outcome == .skipped(key: "run", days: days[0]...days[2], skipping: true))
        #expect(WriteOutcome.of(.removeSkips([day]), to: "run", produced: nothing).outcome == .skipped(key: "run", days: day...day, skipping: false))
        let note = StreakChange.setNote(StreakNote(day: day, text: "rain"))
        // Replaced or new, as the screen showed the streak before the write.
        let shown = DemoStreaks.view(DemoStreaks.readingHistory()).evaluation
        let noted = shown.withNotes([StreakNote(day: day, text: "sun")])
        #expect(WriteOutcome.of(note, to: "run", produced: nothing, shown: noted).outcome.message(in: zone) == "Replaced the note of Fri 2024-01-05 in run.")
        #expect(WriteOutcome.of(note, to: "run", produced: nothing, shown: shown.withNotes([])).outcome.message(in: zone) == "Noted Fri 2024-01-05 in run.")
        #expect(WriteOutcome.of(note, to: "run", produced: nothing).outcome.message(in: zone) == "Noted Fri 2024-01-05 in run.")
        // A change no key makes is still said, by its summary.
        #expect(WriteOutcome.of(.reset, to: "run", produced: nothing).outcome.message(in: zone) == "Saved: reset run.")
    }

    @Test func aStreakThatLeavesTheScreenIsNotGivenToItsManager() {
        var trashed = StreakChangeResult(evaluation: nil)
        trashed.trashed = TrashedStreak(streakKey: "run", title: nil, dateDeleted: Date(timeIntervalSince1970: 0), eventCount: 3)
        #expect(WriteOutcome.of(.delete, to: "run", produced: trashed).updatesManager == false)
        #expect(WriteOutcome.of(.archive(true), to: "run", produced: trashed).updatesManager == false)
        #expect(WriteOutcome.of(.removeNote(day), to: "run", produced: trashed).updatesManager == true)
    }

    @Test func freezesNotNeededAreAnAnswerAndOtherRefusalsFailures() {
        #expect(WriteOutcome.refusal(StreakRuleError.nothingToSave, of: .useFreezesManually, to: "run") == .freezesUsed(key: "run", count: 0))
        #expect(WriteOutcome.refusal(StreakRuleError.nothingToSave, of: .delete, to: "run") == nil)
        #expect(WriteOutcome.refusal(StreakStoreError.unknownStreak("run", known: []), of: .useFreezesManually, to: "run") == nil)
    }

    /// An edit that renames is counted under the new key, the key its outcome names: its
    /// answer (or its failure) ends the count.
    @Test func anEditThatRenamesIsCountedUnderItsNewKey() {
        let renamed = Effect.save(StreakConfiguration(streakKey: "stroll", eventsRequiredPerDay: 2), from: "walk")
        #expect(renamed.writesStreak == "stroll")
        guard case .write(.settings(let goal, _, _, _, _, let newKey), "walk") = renamed else { Issue.record("\(renamed)"); return }
        #expect(goal == 2 && newKey == "stroll")
    }
}
