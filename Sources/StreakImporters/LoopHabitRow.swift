import Foundation
import SwiftfulGamification

/// A habit as Loop Habit Tracker keeps it (its database's Habits row, or a Habits.csv
/// line), and what its entries mean. Formats: docs/IMPORT_FORMATS.md, section 3.
struct LoopHabitRow {
    var name: String
    var numerical = false
    var atMost = false
    /// Done `frequencyNumerator` times per `frequencyDenominator` days; 30 or 31 is a month
    /// (a month's length of days from a day done, `EntryList.buildIntervals`).
    var frequencyNumerator = 1
    var frequencyDenominator = 1
    /// In real units (not thousandths).
    var targetValue = 0.0
    var unit = ""
    var archived = false
    var question = ""
    var description = ""

    /// Loop's entry values (`Entry.kt`).
    enum Value {
        static let yesManual = 2, yesAuto = 1, no = 0, skip = 3, unknown = -1
    }

    /// A YES_NO habit: n in any d days (any month for 30 or 31); a NUMERICAL one: a target
    /// amount per day, any 7 days or any month, at least or at most.
    func rule(file: String, field: String) throws -> HabitRule {
        guard frequencyNumerator > 0, frequencyDenominator > 0 else {
            throw ImportFormatError(file, field: field, "the frequency \(frequencyNumerator)/\(frequencyDenominator) is not 1 or more per 1 or more days")
        }
        let period: SourcePeriod = (30...31).contains(frequencyDenominator) ? .anyMonth : .days(frequencyDenominator)
        let unit = unit.trimmingCharacters(in: .whitespaces).isEmpty ? nil : unit
        guard numerical else { return .times(frequencyNumerator, in: period) }
        guard targetValue.isFinite, targetValue >= 0 else { throw ImportFormatError(file, field: field, "the target \(targetValue) is not a number of 0 or more") }
        if targetValue == 0, !atMost { return .trackingOnly(unit: unit) }
        return .amount(targetValue, limit: atMost, per: period, unit: unit)
    }

    func habit(file: String, field: String) throws -> ImportedHabit {
        var habit = ImportedHabit(name: name, archived: archived, rule: try rule(file: file, field: field))
        let words = [question, description].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if !words.isEmpty { habit.leftOut.append("its question and description (\(words.joined(separator: " / ")))") }
        return habit
    }

    /// Records one entry: done (an amount in thousandths on a numerical habit), skipped,
    /// or nothing (no, unknown, and the days Loop marks done by itself, which it computes).
    /// - Returns: whether the entry was one of the days Loop counts as not done.
    @discardableResult
    func record(_ value: Int, note: String, on day: CalendarDay, into habit: inout ImportedHabit) -> Bool {
        if !note.isEmpty { habit.setNote(note, on: day) }
        if value == Value.skip {
            habit.days[day] = .skipped
        } else if numerical {
            guard value >= 0 else { return false }
            habit.days[day] = .done(amount: Double(value) / 1000)
        } else if value == Value.yesManual {
            habit.days[day] = .done(amount: nil)
        } else {
            return value == Value.no
        }
        return false
    }

    /// A streak's settings as Loop's habit fields, and what Loop cannot hold of them.
    static func habit(of configuration: StreakConfiguration, named name: String) -> (LoopHabitRow, remark: String?) {
        var habit = LoopHabitRow(name: name, unit: configuration.unit ?? "")
        var remarks: [String] = []
        let schedule = configuration.schedule
        switch schedule {
        case .daily: break
        case .timesPerWeek(let times):
            (habit.frequencyNumerator, habit.frequencyDenominator) = (times, 7)
            remarks.append("\(schedule.text) from \(configuration.weekStart.shortName.lowercased()); Loop has \(times) in any 7 days")
        case .weekdays(let days):
            (habit.frequencyNumerator, habit.frequencyDenominator) = (days.count, 7)
            remarks.append("due on \(schedule.text); Loop has \(days.count) days a week")
        case .rolling(let times, let days):
            (habit.frequencyNumerator, habit.frequencyDenominator) = (times, days)
            if (30...31).contains(days) {
                remarks.append("\(schedule.text); Loop reads \(times)/\(days) as \(times) in any month")
            } else if times > 1 {
                remarks.append("\(schedule.text); Loop keeps a day when some \(days)-day window around it holds \(times), not every window")
            }
        case .timesPerMonth(let times):
            (habit.frequencyNumerator, habit.frequencyDenominator) = (times, 30)
            remarks.append("\(times) days a calendar month; Loop has \(times) in any month-long span")
        }
        switch configuration.target {
        case nil where configuration.eventsRequiredPerDay > 1:
            (habit.numerical, habit.targetValue) = (true, Double(configuration.eventsRequiredPerDay))
        case nil: break
        case .trackingOnly:
            habit.numerical = true
            remarks = ["tracking only; Loop has at least 0"]
        case .atLeast(let amount, let period), .atMost(let amount, let period):
            (habit.numerical, habit.atMost, habit.targetValue) = (true, configuration.isLimit, amount)
            switch period {
            case .day where schedule != .daily:
                remarks = ["\(schedule.text) with a daily target; Loop has the daily target every day"]
                (habit.frequencyNumerator, habit.frequencyDenominator) = (1, 1)
            case .day: break
            case .week:
                (habit.frequencyNumerator, habit.frequencyDenominator) = (1, 7)
                remarks.append("a target per calendar week; Loop sums any 7 days")
            case .month:
                (habit.frequencyNumerator, habit.frequencyDenominator) = (1, 30)
                remarks.append("a target per calendar month; Loop sums any 30 days")
            }
        }
        return (habit, remarks.isEmpty ? nil : remarks.joined(separator: "; "))
    }
}
