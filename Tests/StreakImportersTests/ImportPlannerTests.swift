import Foundation
import SwiftfulGamification
import SwiftfulGamificationFileStore
import Testing
@testable import StreakImporters

@Suite struct ImportPlannerTests {
    let planner = ImportPlanner(tool: "harsh", zone: Fixture.zone, now: Fixture.now)

    @Test func whatStreaksCannotHoldIsTrackingOnlyUnlessApproximated() throws {
        var habit = ImportedHabit(name: "Dentist", rule: .times(2, in: .days(400)))
        habit.days[Fixture.day("2026-01-05")] = .done(amount: nil)
        let tracking = try planner.plan(SourceContents(habits: [habit]))[0]
        #expect(tracking.configuration.isTrackingOnly)
        #expect(tracking.remark == "tracking only: streaks has no window longer than 365 days (2 in any 400 days); --approximate makes it 2 in 365 days")
        var approximating = planner
        approximating.approximate = true
        let approximated = try approximating.plan(SourceContents(habits: [habit]))[0]
        #expect(approximated.configuration.schedule == .rolling(times: 2, days: 365))
        #expect(approximated.remark == "approximated as 2 in 365 days: streaks has no window longer than 365 days (2 in any 400 days)")
        #expect(approximated.batch.events.count == 1)
    }

    /// Issue 48: what has a shape now takes it whether or not `--approximate` is given.
    @Test func anExactShapeIgnoresApproximate() throws {
        var approximating = planner
        approximating.approximate = true
        let habits = [ImportedHabit(name: "Read", rule: .times(2, in: .days(10))), ImportedHabit(name: "Budget", rule: .times(2, in: .months(1)))]
        let planned = try approximating.plan(SourceContents(habits: habits))
        #expect(planned.map(\.configuration.schedule) == [.rolling(times: 2, days: 10), .timesPerMonth(2)])
        #expect(planned.map(\.remark) == [
            "there a day is kept when some 10-day window around it holds 2; here every 10-day window from the run's first kept day must", nil,
        ])
    }

    @Test func keysComeFromNamesFoldedAndNumberedAndTitlesKeepTheName() throws {
        let habits = ["Café au lait!", "Cafe au lait", "Лыжи", "Gym"].map { ImportedHabit(name: $0, rule: .daily) }
        var chosen = planner
        chosen.keys = ["Gym": "gym_2024"]
        let planned = try chosen.plan(SourceContents(habits: habits))
        #expect(planned.map(\.key) == ["cafe_au_lait", "cafe_au_lait_2", "streak", "gym_2024"])
        #expect(planned.map { $0.configuration.title } == ["Café au lait!", "Cafe au lait", "Лыжи", "Gym"])
        chosen.keys = ["Gym": "Gym!"]
        #expect(throws: StreakRuleError.self) { try chosen.plan(SourceContents(habits: habits)) }
        chosen.keys = ["Swim": "swim"]
        #expect(throws: ImportFormatError.self) { try chosen.plan(SourceContents(habits: habits)) }
    }

    @Test func daysBecomeEventsAtLocalNoonWithIdsFromTheSource() throws {
        var habit = ImportedHabit(name: "Walk", group: "Health", rule: .daily)
        // 2025-03-09 is the day New York's clocks go forward.
        for text in ["2025-03-09", "2025-11-02", "2026-01-07"] { habit.days[Fixture.day(text)] = .done(amount: 1.5) }
        habit.days[Fixture.day("2026-01-06")] = .skipped
        habit.days[Fixture.day("2026-01-09")] = .done(amount: nil)
        habit.notes[Fixture.day("2026-01-06")] = "rest"
        let planned = try planner.plan(SourceContents(habits: [habit]))[0]
        let events = planned.batch.events
        #expect(events.map(\.id) == ["harsh-\(ImportPlanner.nameHash("Walk"))-2025-03-09", "harsh-\(ImportPlanner.nameHash("Walk"))-2025-11-02", "harsh-\(ImportPlanner.nameHash("Walk"))-2026-01-07"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Fixture.zone
        #expect(events.allSatisfy { calendar.component(.hour, from: $0.dateCreated) == 12 && $0.timezone == "America/New_York" })
        // A counting streak keeps a source's free amount as metadata, not as what the day counts.
        #expect(events.allSatisfy { $0.amount == nil && $0.metadata["amount"] == .double(1.5) })
        #expect(planned.batch.skips == [Fixture.day("2026-01-06")])
        #expect(planned.batch.notes == [StreakNote(day: Fixture.day("2026-01-06"), text: "rest")])
        #expect(planned.leftOut == ["1 day after today"])
        #expect(planned.configuration.startDay == Fixture.day("2025-03-09"))
        #expect(planned.configuration.group == "Health")
    }

    @Test func amountsCountOnAmountStreaksAndZeroOnlyOnALimit() throws {
        var water = ImportedHabit(name: "Water", rule: .amount(2, limit: false, per: .days(1), unit: "L"))
        water.days = [Fixture.day("2026-01-01"): .done(amount: 2.5), Fixture.day("2026-01-02"): .done(amount: 0)]
        var coffee = ImportedHabit(name: "Coffee", rule: .amount(2, limit: true, per: .days(1), unit: "cups"))
        coffee.days = [Fixture.day("2026-01-01"): .done(amount: 3), Fixture.day("2026-01-02"): .done(amount: 0)]
        let planned = try planner.plan(SourceContents(habits: [water, coffee]))
        #expect(planned[0].batch.events.map(\.amount) == [2.5])
        #expect(planned[0].leftOut == ["1 day with an amount of 0"])
        #expect(planned[1].batch.events.map(\.amount) == [3, 0])
    }

    @Test func aStreakWithAnotherScheduleOrTargetIsNamedAsADifference() throws {
        let planned = try planner.plan(SourceContents(habits: [ImportedHabit(name: "Gym", rule: .times(3, in: .weeks(1)))]))[0]
        #expect(planned.differences(from: StreakConfiguration(streakKey: "gym")) == ["its schedule is daily, not 3/week"])
        #expect(planned.differences(from: StreakConfiguration(streakKey: "gym", schedule: .timesPerWeek(3))).isEmpty)
        let limit = try planner.plan(SourceContents(habits: [ImportedHabit(name: "Coffee", rule: .amount(2, limit: true, per: .days(1), unit: "cups"))]))[0]
        #expect(limit.differences(from: StreakConfiguration(streakKey: "coffee", target: .trackingOnly)) == ["its target is tracking only, not at most 2 cups a day"])
    }

    @Test func importingEveryFixtureTwiceAddsNothingTheSecondTime() async throws {
        let store = FileStreakStore(rootPath: Fixture.scratch())
        let sources: [(String, SourceContents)] = [
            ("harsh", try HarshReader.read(folder: Fixture.path("harsh"), today: Fixture.today)),
            ("dijo", try DijoReader.read(path: Fixture.path("dijo"))),
            ("loop", try LoopCSVReader.read(path: Fixture.path(LoopReaderTests.zip))),
            ("beaver", try BeaverReader.read(file: Fixture.path("beaver/beaverhabits_2026_01_07.json"))),
        ]
        var counts: [Int] = []
        for round in 0..<2 {
            var added = 0
            for (tool, contents) in sources {
                let names = Set(contents.habits.map(\.name))
                let keys = ["Gym": "\(tool)_gym", "Coffee": "\(tool)_coffee"].filter { names.contains($0.key) }
                let planner = ImportPlanner(tool: tool, zone: Fixture.zone, now: Fixture.now, keys: keys)
                for streak in try planner.plan(contents) {
                    added += try store.importBatch(streak.batch, userId: "u", streakKey: streak.key, now: Fixture.now, timezone: Fixture.zone).added.count
                }
            }
            counts.append(added)
            #expect(round == 0 || added == 0)
        }
        #expect(counts[0] == 35)
        let coffee = try store.evaluate(userId: "u", streakKey: "loop_coffee", now: Fixture.now, timezone: Fixture.zone)
        // At most 2 cups from 01-01: 01-02 went over (3), 01-03 to 01-07 kept.
        #expect(coffee.streak.currentStreak == 5)
        let gym = try store.evaluate(userId: "u", streakKey: "beaver_gym", now: Fixture.now, timezone: Fixture.zone)
        #expect(gym.configuration.schedule == .timesPerWeek(3))
    }
}
