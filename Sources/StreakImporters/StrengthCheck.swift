import Foundation
import SwiftfulGamification

/// Rule 13 promises people moving from Loop the strength Loop showed them: an import that
/// carries Loop's scores compares them with the strength computed here from the imported
/// history, on the last day both have closed (Loop scores its today as it stands; this
/// calculator only once today is kept).
public struct StrengthCheck: Sendable, Equatable {
    public let day: CalendarDay
    /// Whole percentages, half rounding up.
    public let computed: Int
    public let source: Int

    /// Within one point, as rounding two exact scores can differ.
    public var agrees: Bool { abs(computed - source) <= 1 }

    public var text: String {
        agrees
            ? "strength \(computed)% on \(day), as Loop showed"
            : "strength \(computed)% on \(day), but Loop showed \(source)%: its history may hold what streaks reads otherwise"
    }

    /// nil without scores from the source, or without a closed day both scored.
    init?(_ planned: PlannedStreak, sourceScores: [CalendarDay: Double], now: Date, zone: TimeZone) {
        guard let exported = sourceScores.keys.max() else { return nil }
        let evaluation = StreakCalculator.evaluate(
            events: planned.batch.events, configuration: planned.configuration, currentDate: now, timezone: zone, skips: planned.batch.skips
        )
        guard let strength = StreakStrength(evaluation: evaluation), !strength.series.isEmpty else { return nil }
        // The export's own today is scored as it stood; the day before it is closed in both.
        let last = min(exported.adding(days: -1), evaluation.today.adding(days: -1))
        guard let day = sourceScores.keys.filter({ $0 <= last }).max(), let score = sourceScores[day] else { return nil }
        let computed = strength.series.last { $0.day <= day }?.score ?? 0
        self.day = day
        self.computed = Int((computed * 100).rounded(.toNearestOrAwayFromZero))
        source = Int((score * 100).rounded(.toNearestOrAwayFromZero))
    }
}
