import Foundation
import SwiftfulGamification

/// How a day looks on the calendar: a glyph per state, so the states read without colour,
/// and a shade for how much was done.
///
/// | state | glyph | ASCII | shade |
/// |---|---|---|---|
/// | kept | ■ | # | goal 1: the day's count against the streak's own quartiles; goal N: full |
/// | partly done (events, goal not met) | □ | + | the fraction of the goal met |
/// | partly done (an amount, its target not met) | □ | + | the fraction of the target met |
/// | logged (tracking only, rule 13) | ■ | # | |
/// | over its limit (rule 10) | ✕ | X | |
/// | missed | · | . | |
/// | frozen | ❄ | * | |
/// | rest day (not due, not kept) | – | - | |
/// | skipped (a holiday, not kept) | ◇ | ~ | |
/// | open (today, or yesterday within the leeway) | ○ | o | |
/// | before the first event, after today | blank | blank | |
public struct HeatShades: Sendable, Equatable {
    /// For days with a goal of 1: the counts of kept days at the first, second and third
    /// quartile (GitHub's scale, from this streak's own history).
    public let quartiles: [Int]

    /// Amounts (rule 10): days are shaded by their fraction of the target.
    public let measuresAmount: Bool
    /// An amount judged over a week or a month, whose open unit's days add to its total.
    let judgesPeriodTotals: Bool

    public init(evaluation: StreakEvaluation) {
        measuresAmount = evaluation.configuration.measuresAmount
        judgesPeriodTotals = evaluation.configuration.target.map { $0.period != nil && $0.period != .day } ?? false
        var counts: [Int] = []
        if let first = evaluation.firstHistoryDay {
            for day in evaluation.days(from: first, through: evaluation.today) where day.state == .kept && day.goal == 1 {
                counts.append(day.eventCount)
            }
        }
        counts.sort()
        quartiles = counts.isEmpty ? [1, 1, 1] : [1, 2, 3].map { counts[min(counts.count - 1, counts.count * $0 / 4)] }
    }

    /// 1 (least) through 4 (most) for a day with events; 0 for one without.
    public func level(_ day: StreakDay) -> Int {
        if measuresAmount {
            if day.state == .kept { return 4 }
            guard day.amount > 0 else { return 0 }
            return min(3, 1 + Int(day.fraction * 3))
        }
        guard day.eventCount > 0 else { return 0 }
        if day.state != .kept || day.goal > 1 {
            if day.eventCount >= day.goal { return day.state == .kept ? 4 : 3 }
            return min(3, 1 + day.eventCount * 3 / max(day.goal, 1))
        }
        return quartiles.filter { day.eventCount >= $0 }.count + 1
    }

    /// The glyph and style of one day.
    public func mark(_ day: StreakDay, glyphs: Glyphs) -> (glyph: Character, style: CellStyle) {
        switch day.state {
        case .kept:
            let level = max(1, level(day))
            return (glyphs.kept, CellStyle(Self.heatRoles[level], bold: level == 4))
        case .gap:
            if day.isOverLimit { return (glyphs.over, CellStyle(.danger, bold: true)) }
            guard day.eventCount > 0 else { return (glyphs.missed, CellStyle(.missed)) }
            let level = level(day)
            return (glyphs.partial, CellStyle(.partial, bold: level == 3, dim: level == 1))
        case .logged:
            return (glyphs.kept, CellStyle(.heat3))
        case .open:
            return (glyphs.open, CellStyle(.today))
        case .frozen:
            return (glyphs.frozen, CellStyle(.frozen))
        case .rest where judgesPeriodTotals && day.amount > 0:
            // A day of a week or month still open (rule 10) added to its total: drawn as
            // part done, never as a day that was not needed.
            let level = level(day)
            return (glyphs.partial, CellStyle(.partial, bold: level == 3, dim: level == 1))
        case .rest:
            return (glyphs.rest, CellStyle(.muted))
        case .skipped:
            return (glyphs.skipped, CellStyle(.frozen))
        case .beforeHistory, .future:
            return (" ", CellStyle(.background))
        }
    }

    static let heatRoles: [Role] = [.heat0, .heat1, .heat2, .heat3, .heat4]

    /// "kept", "partly done", ... for the legend and the detail.
    public static func name(of state: StreakDay.State, eventCount: Int, overLimit: Bool = false) -> String {
        switch state {
        case .kept: return "kept"
        case .logged: return "logged"
        case .gap: return overLimit ? "over the limit" : eventCount > 0 ? "partly done" : "missed"
        case .frozen: return "frozen"
        case .open: return "open"
        case .rest: return "rest day"
        case .skipped: return "skipped"
        case .beforeHistory: return "before the first event"
        case .future: return "not yet"
        }
    }
}
