import Foundation
import GamificationSupport
import SwiftfulGamification

/// Beaver Habit Tracker's JSON export: `habits`, each with `records` (`day`, `done`,
/// `text`), an optional `period`, `tags` and `status`; a skipped day is a record whose
/// text holds `#skip`. Formats: docs/IMPORT_FORMATS.md, section 4.
public enum BeaverReader {
    public static func read(file: String) throws -> SourceContents {
        let data = try SourceFiles.data(file, expecting: "a Beaver export (.json)")
        let export: Export
        do {
            export = try JSONDecoder().decode(Export.self, from: data)
        } catch let error as DecodingError {
            throw ImportFormatError(file, field: SourceJSON.path(of: error), SourceJSON.reason(error, expecting: "a Beaver export"))
        }
        var habits: [ImportedHabit] = []
        var remarks: [String] = []
        for (index, record) in export.habits.enumerated() {
            let field = "habits[\(index)], \"\(record.name)\""
            if record.status == "soft_delete" {
                remarks.append("\"\(record.name)\" is deleted in Beaver; left out")
                continue
            }
            var habit = ImportedHabit(
                name: record.name, group: record.tags?.first, archived: record.status == "archive",
                rule: try rule(record.period, file: file, field: field)
            )
            var notDone = 0
            for entry in record.records {
                guard let day = CalendarDay(parsing: entry.day) else {
                    throw ImportFormatError(file, field: "\(field), records", "\"\(entry.day)\" is not a date (YYYY-MM-DD)")
                }
                let words = (entry.text ?? "").split(whereSeparator: \.isWhitespace)
                if words.contains("#skip") {
                    habit.days[day] = .skipped
                } else if entry.done {
                    habit.days[day] = .done(amount: nil)
                } else {
                    habit.days[day] = nil
                    notDone += 1
                }
                habit.setNote(entry.text ?? "", on: day)
            }
            if notDone > 0 { habit.leftOut.append("\(counted(notDone, "day")) un-ticked (a day without events says the same)") }
            if (record.tags?.count ?? 0) > 1 { habit.leftOut.append("its other tags (\(record.tags!.dropFirst().joined(separator: ", ")))") }
            habits.append(habit)
        }
        return SourceContents(habits: habits, remarks: remarks)
    }

    /// `{period_type: D|W|M|Y, period_count, target_count}`; none (or 1 a day) is daily.
    private static func rule(_ period: Period?, file: String, field: String) throws -> HabitRule {
        guard let period else { return .daily }
        guard period.periodCount > 0, period.targetCount > 0 else {
            throw ImportFormatError(file, field: "\(field), period", "period_count and target_count are 1 or more")
        }
        let count = period.periodCount
        let source: SourcePeriod = switch period.periodType {
        case "D": .days(count)
        case "W": .weeks(count)
        case "M": .months(count)
        case "Y": .years(count)
        default: throw ImportFormatError(file, field: "\(field), period", "\"\(period.periodType)\" is not D, W, M or Y")
        }
        return .times(period.targetCount, in: source)
    }

    private struct Export: Decodable {
        var habits: [Habit]
    }

    private struct Habit: Decodable {
        var name: String
        var records: [Record]
        var tags: [String]?
        var status: String?
        var period: Period?
    }

    private struct Record: Decodable {
        var day: String
        var done: Bool
        var text: String?
    }

    private struct Period: Decodable {
        var periodType: String
        var periodCount: Int
        var targetCount: Int

        enum CodingKeys: String, CodingKey {
            case periodType = "period_type", periodCount = "period_count", targetCount = "target_count"
        }
    }
}
