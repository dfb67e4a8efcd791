import Foundation
import Testing
@testable import SwiftfulGamification

/// What kept days and milestones earn, and how a ledger is brought to it: once each, taken
/// back when a day no longer counts, nothing for history before points were on.
struct StreakPointsTests {
    private let utc = TimeZone(identifier: "UTC")!
    private let day1 = CalendarDay(year: 2026, month: 3, day: 1)

    private func evaluation(keptDays: [Int], today: Int, key: String = "run") -> StreakEvaluation {
        let events = keptDays.map { offset in
            StreakEvent(id: "e\(offset)", dateCreated: day1.adding(days: offset).startDate(in: utc).addingTimeInterval(3_600 * 9), timezone: "UTC")
        }
        return StreakCalculator.evaluate(
            events: events, configuration: StreakConfiguration(streakKey: key),
            currentDate: day1.adding(days: today).startDate(in: utc).addingTimeInterval(3_600 * 20), timezone: utc
        )
    }

    private func settings(since offset: Int, perDay: Int = 10) -> StreakPointsSettings {
        StreakPointsSettings(isOn: true, earningSince: day1.adding(days: offset), pointsPerDay: perDay)
    }

    private func apply(_ targets: [String: StreakPoints.Earning], to recorded: [ExperiencePointsEvent], keys: Set<String> = ["run"]) -> [ExperiencePointsEvent] {
        recorded + StreakPoints.corrections(targets: targets, streakKeys: keys, recorded: recorded, now: Date(timeIntervalSince1970: 1_772_400_000), timezone: utc)
    }

    @Test func keptDaysEarnAndTheThirdDayBringsItsMilestone() {
        let targets = StreakPoints.targets(for: evaluation(keptDays: [0, 1, 2], today: 2), settings: settings(since: 0)).mapValues(\.points)
        #expect(targets == [
            "day.run.2026-03-01": 10, "day.run.2026-03-02": 10, "day.run.2026-03-03": 10, "milestone.run.2026-03-01.3": 3,
        ])
    }

    @Test func nothingEarnsWhilePointsAreOffOrBeforeTheyWereTurnedOn() {
        let kept = evaluation(keptDays: [0, 1, 2, 3], today: 3)
        #expect(StreakPoints.targets(for: kept, settings: StreakPointsSettings()).isEmpty)
        let fromDay3 = StreakPoints.targets(for: kept, settings: settings(since: 3))
        #expect(fromDay3.mapValues(\.points) == ["day.run.2026-03-04": 10], "the milestone of 3 was reached before points were on")
        var imported = settings(since: 3)
        imported.earningFrom["run"] = day1
        #expect(StreakPoints.targets(for: kept, settings: imported).count == 5, "--with-points: the history earns")
    }

    @Test func aGapStartsANewRunWithItsOwnMilestones() {
        let targets = StreakPoints.targets(for: evaluation(keptDays: [0, 1, 2, 4, 5, 6], today: 6), settings: settings(since: 0)).mapValues(\.points)
        #expect(targets["milestone.run.2026-03-01.3"] == 3)
        #expect(targets["milestone.run.2026-03-05.3"] == 3)
        #expect(targets.values.reduce(0, +) == 60 + 6)
    }

    @Test func correctionsRecordEachEarningOnceAndTakeBackWhatNoLongerCounts() {
        let full = StreakPoints.targets(for: evaluation(keptDays: [0, 1, 2], today: 2), settings: settings(since: 0))
        let recorded = apply(full, to: [])
        #expect(recorded.reduce(0) { $0 + $1.points } == 33)
        #expect(apply(full, to: recorded).count == recorded.count, "a second pass adds nothing")
        // Day 2's event removed: its points and the milestone go back.
        let fewer = StreakPoints.targets(for: evaluation(keptDays: [0, 1], today: 2), settings: settings(since: 0))
        let afterRemoval = apply(fewer, to: recorded)
        #expect(afterRemoval.reduce(0) { $0 + $1.points } == 20)
        let takebacks = afterRemoval.dropFirst(recorded.count)
        #expect(takebacks.map(\.points).sorted() == [-10, -3])
        #expect(takebacks.allSatisfy { $0.metadata["kind"] == "takeback" && $0.id.contains("#2") })
        // Logged again: earned again under a third id.
        let again = apply(full, to: afterRemoval)
        #expect(again.reduce(0) { $0 + $1.points } == 33)
        #expect(again.last?.id.hasSuffix("#3") == true)
    }

    @Test func historyEarnedWithPointsIsDatedOnItsOwnDaysAndTodaysOnToday() {
        // Points on from day 3; the history from day 0 imported --with-points.
        var imported = settings(since: 3)
        imported.earningFrom["run"] = day1
        let kept = evaluation(keptDays: [0, 1, 2, 3], today: 3)
        let now = day1.adding(days: 3).startDate(in: utc).addingTimeInterval(3_600 * 20)
        let noon = { (offset: Int) in self.day1.adding(days: offset).startDate(in: self.utc).addingTimeInterval(3_600 * 12) }
        let earned = StreakPoints.corrections(
            targets: StreakPoints.targets(for: kept, settings: imported), streakKeys: ["run"], recorded: [], now: now, timezone: utc,
            earningSince: imported.earningSince
        )
        let dates = Dictionary(uniqueKeysWithValues: earned.map { ($0.id, $0.dateCreated) })
        #expect(dates["day.run.2026-03-01"] == noon(0) && dates["day.run.2026-03-03"] == noon(2))
        #expect(dates["milestone.run.2026-03-01.3"] == noon(2), "reached on day 2")
        #expect(dates["day.run.2026-03-04"] == now, "a day kept since points were on is earned now")
        // Day 1's event removed: the takeback is dated where the earning was.
        let fewer = evaluation(keptDays: [0, 2, 3], today: 3)
        let takebacks = StreakPoints.corrections(
            targets: StreakPoints.targets(for: fewer, settings: imported), streakKeys: ["run"], recorded: earned, now: now, timezone: utc,
            earningSince: imported.earningSince
        )
        #expect(takebacks.first { $0.id == "day.run.2026-03-02#2" }?.dateCreated == noon(1))
    }

    @Test func otherStreaksAndOtherEventsAreLeftAlone() {
        let foreign = [
            ExperiencePointsEvent(id: "day.walk.2026-03-01", points: 10), ExperiencePointsEvent(id: "bonus", points: 500),
        ]
        let corrections = StreakPoints.corrections(targets: [:], streakKeys: ["run"], recorded: foreign, now: Date(), timezone: utc)
        #expect(corrections.isEmpty)
    }

    @Test func aStreaksOwnRateAppliesAndAChangedRateIsSettled() {
        var custom = settings(since: 0)
        custom.pointsPerDayByStreak["run"] = 25
        let kept = evaluation(keptDays: [0], today: 0)
        let recorded = apply(StreakPoints.targets(for: kept, settings: settings(since: 0)), to: [])
        let settled = apply(StreakPoints.targets(for: kept, settings: custom), to: recorded)
        #expect(settled.reduce(0) { $0 + $1.points } == 25)
    }

    @Test(arguments: [(0, 1), (99, 1), (100, 2), (299, 2), (300, 3), (600, 4), (1_000, 5), (2_100, 7)])
    func levelsFollowTheCurve(points: Int, level: Int) {
        #expect(ExperienceLevel(points: points).level == level)
    }

    @Test func theNextLevelIsAHundredMorePointsAway() {
        let level = ExperienceLevel(points: 350)
        #expect(level.level == 3 && level.pointsToNextLevel == 250)
        #expect(abs(level.fractionOfLevel - 50.0 / 300) < 1e-9)
        #expect(ExperienceLevel(points: -20).level == 1)
    }

    @Test func settingsRoundTripAndReadWhatIsMissingAsDefaults() throws {
        var settings = settings(since: 4)
        settings.pointsPerDayByStreak["run"] = 20
        settings.earningFrom["run"] = day1
        #expect(try JSONDecoder().decode(StreakPointsSettings.self, from: JSONEncoder().encode(settings)) == settings)
        #expect(try JSONDecoder().decode(StreakPointsSettings.self, from: Data("{}".utf8)) == StreakPointsSettings())
        #expect(throws: (any Error).self) { try JSONDecoder().decode(StreakPointsSettings.self, from: Data(#"{"earning_since":"soon"}"#.utf8)) }
    }
}
