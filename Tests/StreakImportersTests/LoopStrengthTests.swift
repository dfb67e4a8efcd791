import Foundation
import GamificationSupport
import SwiftfulGamification
import Testing
@testable import StreakImporters

/// Rule 13: a habit imported from Loop shows the strength Loop showed for it. Loop's CSV
/// export carries each habit's `Scores.csv`; here the export is written with scores worked
/// out the way Loop works them out (`LoopScores`, from Loop's recurrence over its entries,
/// today included), for a daily habit, three a week, a daily amount and a limit, with skips,
/// days Loop filled in itself (YES_AUTO) and explicit NOs.
struct LoopStrengthTests {
    /// Loop's entry values (and amounts in thousandths for a measurable habit).
    enum Entry {
        static let skip = 3, yesManual = 2, yesAuto = 1, no = 0, unknown = -1
    }

    struct LoopHabit {
        let name: String
        let numerator: Int
        let denominator: Int
        let numerical: Bool
        let atMost: Bool
        let target: Double
        /// Oldest first; `Entry.unknown` where nothing was entered.
        let values: [Int]
    }

    /// Loop's score of every day, oldest first: s = s·m + v·(1 - m), m = 0.5^(√f / 13), with v
    /// the share of the last `den` days done (twice as many days and checks for a boolean
    /// habit less often than daily); a skipped day leaves it; a limit starts at 1.
    static func loopScores(_ habit: LoopHabit) -> [Double] {
        let frequency = Double(habit.numerator) / Double(habit.denominator)
        let doubled = !habit.numerical && frequency < 1
        let (numerator, denominator) = doubled ? (2 * habit.numerator, 2 * habit.denominator) : (habit.numerator, habit.denominator)
        let multiplier = pow(0.5, sqrt(frequency) / 13)
        var score = habit.numerical && habit.atMost ? 1.0 : 0.0
        var scores: [Double] = []
        for (index, value) in habit.values.enumerated() {
            let window = habit.values[max(0, index - denominator + 1)...index]
            if value != Entry.skip {
                let done: Double
                if habit.numerical {
                    let sum = Double(window.reduce(0) { $0 + max(0, $1) }) / 1_000
                    if habit.atMost {
                        done = habit.target > 0 ? min(1, max(0, 1 - (sum - habit.target) / habit.target)) : (sum > 0 ? 0 : 1)
                    } else {
                        done = habit.target > 0 ? min(1, sum / habit.target) : 1
                    }
                } else {
                    done = min(1, Double(window.filter { $0 == Entry.yesManual }.count) / Double(numerator))
                }
                score = score * multiplier + done * (1 - multiplier)
            }
            scores.append(score)
        }
        return scores
    }

    static func habits() -> [LoopHabit] {
        var random = SeededGenerator(seed: 49)
        func values(_ count: Int, _ pick: (inout SeededGenerator) -> Int) -> [Int] { (0..<count).map { _ in pick(&random) } }
        let meditate = values(160) { random in
            switch random.next() % 10 {
            case 0: Entry.skip
            case 1, 2: Entry.no
            case 3: Entry.unknown
            default: Entry.yesManual
            }
        }
        let gym = values(160) { random in
            switch random.next() % 7 {
            case 0, 1, 2: Entry.yesManual
            case 3: Entry.yesAuto
            case 4: Entry.skip
            default: Entry.unknown
            }
        }
        let water = values(160) { random in random.next() % 6 == 0 ? Entry.unknown : Int(random.next() % 3_500) }
        let coffee = values(160) { random in random.next() % 5 == 0 ? Entry.unknown : Int(random.next() % 4) * 1_000 }
        return [
            LoopHabit(name: "Meditate", numerator: 1, denominator: 1, numerical: false, atMost: false, target: 0, values: meditate),
            LoopHabit(name: "Gym", numerator: 3, denominator: 7, numerical: false, atMost: false, target: 0, values: gym),
            LoopHabit(name: "Water", numerator: 1, denominator: 1, numerical: true, atMost: false, target: 2, values: water),
            LoopHabit(name: "Coffee", numerator: 1, denominator: 1, numerical: true, atMost: true, target: 2, values: coffee),
        ]
    }

    /// Loop's 2.3.1 export of `habits`, its last day `Fixture.today`, as an unpacked folder.
    static func export(_ habits: [LoopHabit]) -> String {
        let folder = Fixture.scratch()
        var table = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n"
        for (index, habit) in habits.enumerated() {
            let type = habit.numerical ? "NUMERICAL" : "YES_NO"
            let target = habit.numerical ? "\(habit.atMost ? "AT_MOST" : "AT_LEAST"),\(habit.target)" : ","
            table += String(format: "%03d", index + 1) + ",\(habit.name),\(type),,,\(habit.numerator),\(habit.denominator),#388E3C,\(habit.numerical ? "u" : ""),\(target),false\n"
            let days = habit.values.indices.map { Fixture.today.adding(days: $0 - habit.values.count + 1) }
            var checkmarks = "Date,Value,Notes\n", scores = "Date,Score\n"
            let computed = loopScores(habit)
            for index in habit.values.indices.reversed() {
                let value = habit.values[index]
                if value != Entry.unknown {
                    let word = habit.numerical && value != Entry.skip ? "\(value)"
                        : [Entry.skip: "SKIP", Entry.yesManual: "YES_MANUAL", Entry.yesAuto: "YES_AUTO", Entry.no: "NO"][value]!
                    checkmarks += "\(days[index]),\(word),\n"
                }
                scores += "\(days[index])," + String(format: "%.4f", computed[index]) + "\n"
            }
            let directory = folder + "/" + String(format: "%03d", index + 1) + " \(habit.name)"
            try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try! Data(checkmarks.utf8).write(to: URL(fileURLWithPath: directory + "/Checkmarks.csv"))
            try! Data(scores.utf8).write(to: URL(fileURLWithPath: directory + "/Scores.csv"))
        }
        try! Data(table.utf8).write(to: URL(fileURLWithPath: folder + "/Habits.csv"))
        return folder
    }

    @Test func everyImportedHabitShowsTheStrengthLoopShowed() throws {
        let habits = Self.habits()
        let contents = try LoopCSVReader.read(path: Self.export(habits))
        #expect(contents.habits.map { $0.sourceScores.count } == habits.map(\.values.count))
        let planned = try ImportPlanner(tool: "loop", zone: Fixture.zone, now: Fixture.now).plan(contents)
        for (streak, habit) in zip(planned, habits) {
            let check = try #require(streak.strengthCheck, "\(habit.name)")
            // The export's last day is its today; the day before is closed in both.
            #expect(check.day == Fixture.today.adding(days: -1))
            #expect(check.agrees, "\(habit.name): \(check.text)")
            // Every closed day, not only the last: the same score to a point.
            let evaluation = StreakCalculator.evaluate(
                events: streak.batch.events, configuration: streak.configuration, currentDate: Fixture.now, timezone: Fixture.zone, skips: streak.batch.skips
            )
            let series = try #require(StreakStrength(evaluation: evaluation)).series
            let loop = Self.loopScores(habit)
            for point in series where point.day < Fixture.today {
                let index = point.day.dayNumber - Fixture.today.dayNumber + habit.values.count - 1
                #expect(abs(point.score - loop[index]) < 0.01, "\(habit.name) on \(point.day): \(point.score) here, \(loop[index]) in Loop")
            }
        }
        // The report says so, habit by habit.
        let report = ImportReport.lines(planned).joined(separator: "\n")
        #expect(report.contains("as Loop showed"))
    }

    @Test func aStrengthLoopDidNotShowIsSaid() throws {
        var habits = Self.habits()
        habits = [habits[0]]
        let folder = Self.export(habits)
        // Loop's scores of another history: the check tells, the import goes on.
        let scores = folder + "/001 Meditate/Scores.csv"
        let text = try String(contentsOfFile: scores, encoding: .utf8)
        let halved = text.split(separator: "\n").map { line -> String in
            let parts = line.split(separator: ",")
            guard let score = Double(parts[1]) else { return String(line) }
            return "\(parts[0])," + String(format: "%.4f", score / 2)
        }.joined(separator: "\n")
        try Data(halved.utf8).write(to: URL(fileURLWithPath: scores))
        let planned = try ImportPlanner(tool: "loop", zone: Fixture.zone, now: Fixture.now).plan(LoopCSVReader.read(path: folder))
        let check = try #require(planned.first?.strengthCheck)
        #expect(!check.agrees)
        #expect(check.text.contains("but Loop showed"))
    }

    @Test func aScoresFileThatIsNotScoresIsRefusedNamingTheLine() throws {
        let folder = Self.export([Self.habits()[0]])
        try Data("Date,Score\n2026-01-08,1.7\n".utf8).write(to: URL(fileURLWithPath: folder + "/001 Meditate/Scores.csv"))
        #expect(throws: ImportFormatError.self) { try LoopCSVReader.read(path: folder) }
        do {
            _ = try LoopCSVReader.read(path: folder)
        } catch {
            #expect(error.localizedDescription.contains("001 Meditate/Scores.csv line 2"))
        }
    }
}
