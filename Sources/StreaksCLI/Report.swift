import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// How streaks read on the terminal and in JSON.
enum Report {
    /// `items` in the order every screen shows streaks (`StreakOrder`).
    static func inDisplayOrder<Item>(_ items: [Item], configuration: (Item) -> StreakConfiguration) -> [Item] {
        StatusJSON.inDisplayOrder(items, configuration: configuration)
    }

    static func statusJSON(_ evaluation: StreakEvaluation, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> String {
        StatusJSON.statusJSON(evaluation, configuration: configuration, now: now, zone: zone)
    }

    static func statusObject(_ evaluation: StreakEvaluation, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> [String: Any] {
        StatusJSON.statusObject(evaluation, configuration: configuration, now: now, zone: zone)
    }

    static func statusObject(_ streak: CurrentStreakData, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> [String: Any] {
        StatusJSON.statusObject(streak, configuration: configuration, now: now, zone: zone)
    }

    static func measurementFields(_ measurements: StreakMeasurements?) -> [String: Any] { StatusJSON.measurementFields(measurements) }

    static func json(_ object: Any) -> String { StatusJSON.json(object) }

    /// One aligned line per streak, in words: the overview for scripts and people.
    static func statusLines(_ streaks: [(key: String, evaluation: StreakEvaluation, configuration: StreakConfiguration)], now: Date, zone: TimeZone) -> [String] {
        // A title, where the streak has one, after its key.
        let names = streaks.map { item in item.configuration.title.map { "\(item.key) (\($0))" } ?? item.key }
        let keyWidth = names.map(\.count).max() ?? 0
        let numbers = streaks.map { $0.configuration.isTrackingOnly ? "tracking" : length($0.evaluation.streak) }
        let numberWidth = numbers.map(\.count).max() ?? 0
        let todays = streaks.map { item in
            StreakFacts.progressShort(item.evaluation.streak, goal: item.evaluation.streak.eventsRequiredPerDay ?? item.configuration.eventsRequiredPerDay)
        }
        let todayWidth = max(11, todays.map(\.count).max() ?? 0)
        return zip(zip(streaks, names), zip(numbers, todays)).map { pair, columns in
            let (item, name) = pair
            let (number, today) = columns
            return [
                name.padding(toLength: keyWidth, withPad: " ", startingAt: 0),
                String(repeating: " ", count: numberWidth - number.count) + number,
                today.padding(toLength: todayWidth, withPad: " ", startingAt: 0),
                statusPhrase(item.evaluation, now: now, zone: zone),
            ].joined(separator: "  ")
        }
    }

    /// A few lines for people. Tracking only has no streak to tell (rules 10 and 13): its
    /// latest value, how it moved and the month's figures instead.
    static func statusText(_ evaluation: StreakEvaluation, configuration: StreakConfiguration, now: Date, zone: TimeZone) -> String {
        let streak = evaluation.streak
        let current = streak.currentStreak ?? 0
        let goal = streak.eventsRequiredPerDay ?? configuration.eventsRequiredPerDay
        let name = configuration.title.map { "\($0) (\(streak.streakKey))" } ?? streak.streakKey
        if let measurements = StreakMeasurements(evaluation: evaluation) {
            var lines = ["\(name): \(StreakFacts.measurementPhrase(measurements, unit: configuration.unit))"]
            let today = configuration.measure == .sum ? [StreakFacts.progressShort(streak, goal: goal)] : []
            let facts = today + StreakFacts.measurementFigures(measurements, unit: configuration.unit)
                + [StreakFacts.readings(streak.totalEvents ?? 0, measure: measurements.measure)]
            lines.append("  " + facts.joined(separator: " · "))
            return lines.joined(separator: "\n")
        }
        var lines = ["\(name): \(length(current, of: streak)) — " + statusPhrase(evaluation, now: now, zone: zone)]
        var details = [StreakFacts.progressShort(streak, goal: goal), "longest \(length(streak.longestStreak ?? 0, of: streak))", count(streak.totalEvents ?? 0, "event")]
        if let start = streak.dateStreakStart { details.append("since \(localDay(start, zone))") }
        if let strength = StreakStrength.percent(of: evaluation) { details.append("strength \(strength)%") }
        lines.append("  " + details.joined(separator: " · "))
        if configuration.freezeBehavior != .noFreezes {
            var freezes = "  freezes: \(streak.freezesAvailableCount ?? 0) available"
            let needed = streak.freezesNeededToSaveStreak ?? 0
            if configuration.freezeBehavior == .manuallyConsumeFreezes, needed > 0 {
                freezes += (streak.freezesAvailableCount ?? 0) >= needed
                    ? " · \(needed) would restore the streak (streaks freeze use)"
                    : " · not enough to restore it (that takes \(needed))"
            }
            lines.append(freezes)
        }
        return lines.joined(separator: "\n")
    }

    /// The status in a phrase; a tracking-only streak's latest value (rule 13).
    static func statusPhrase(_ evaluation: StreakEvaluation, now: Date, zone: TimeZone) -> String {
        if let measurements = StreakMeasurements(evaluation: evaluation) {
            return StreakFacts.measurementPhrase(measurements, unit: evaluation.configuration.unit)
        }
        return statusPhrase(evaluation.streak, now: now, zone: zone)
    }

    static func statusPhrase(_ streak: CurrentStreakData, now: Date, zone: TimeZone) -> String {
        StreakFacts.statusLine(streak, now: now, zone: zone)
    }

    static func days(_ number: Int) -> String { count(number, "day") }

    /// The current streak in its unit: "5 days", "3 weeks", "2 months".
    static func length(_ streak: CurrentStreakData) -> String { length(streak.currentStreak ?? 0, of: streak) }

    static func length(_ number: Int, of streak: CurrentStreakData) -> String { StreakFacts.length(number, of: streak) }

    static func count(_ number: Int, _ noun: String) -> String { counted(number, noun) }

    static func localDay(_ date: Date, _ zone: TimeZone) -> String { LocalTimeText.day(date, zone) }

    static func localTime(_ date: Date, _ zone: TimeZone) -> String { LocalTimeText.dateTime(date, zone) }
}
