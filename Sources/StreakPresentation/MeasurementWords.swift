import Foundation
import GamificationSupport
import SwiftfulGamification

/// A tracking-only streak's day values in words (rule 13): today's, or the latest and when,
/// and how it moved.
extension StreakFacts {
    /// "78.4 kg today", "latest 78.4 kg, 3 days ago", "nothing logged yet".
    public static func measurementPhrase(_ measurements: StreakMeasurements, unit: String?) -> String {
        if let today = measurements.today { return "\(StreakAmount.text(today, unit: unit)) today" }
        guard let latest = measurements.latest else { return "nothing logged yet" }
        let days = measurements.asOf.dayNumber - latest.day.dayNumber
        let when = days == 1 ? "yesterday" : "\(days) days ago"
        return "latest \(StreakAmount.text(latest.value, unit: unit)), \(when)"
    }

    /// ["-0.6 kg in 7 days", "30 days: mean 78.9 kg, 78.2 to 80 kg"]: the changes and the
    /// month's figures, as far as there is something to compare.
    public static func measurementFigures(_ measurements: StreakMeasurements, unit: String?) -> [String] {
        var parts: [String] = []
        if let change = measurements.change7 { parts.append("\(signed(change, unit: unit)) in 7 days") }
        if let change = measurements.change30 { parts.append("\(signed(change, unit: unit)) in 30 days") }
        let month = measurements.last30
        if month.logged > 1, let average = month.mean, let least = month.min, let most = month.max {
            parts.append("30 days: mean \(mean(average, unit: unit)), \(StreakAmount.text(least)) to \(StreakAmount.text(most, unit: unit))")
        }
        return parts
    }

    /// "14 readings", or "14 events" for a sum (events without an amount count in it too).
    public static func readings(_ count: Int, measure: StreakMeasure) -> String {
        counted(count, measure == .sum ? "event" : "reading")
    }

    /// A mean as people read it: to two decimals ("79.55 kg", not "79.552 kg"); the exact
    /// value stays in the JSON.
    public static func mean(_ value: Double, unit: String?) -> String {
        StreakAmount.text((value * 100).rounded(.toNearestOrAwayFromZero) / 100, unit: unit)
    }

    /// "+0.4 kg", "-1.2 kg", "±0 kg".
    public static func signed(_ change: Double, unit: String?) -> String {
        let sign = change > 0 ? "+" : change < 0 ? "-" : "±"
        return sign + StreakAmount.text(abs(change), unit: unit)
    }
}
