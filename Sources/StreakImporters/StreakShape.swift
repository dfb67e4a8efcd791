import Foundation
import SwiftfulGamification

/// A streak's schedule, target and unit: what a habit becomes.
public struct StreakShape: Sendable, Equatable {
    public var schedule: StreakSchedule = .daily
    public var target: StreakTarget?
    public var unit: String?

    public init(schedule: StreakSchedule = .daily, target: StreakTarget? = nil, unit: String? = nil) {
        self.schedule = schedule
        self.target = target
        self.unit = unit
    }

    /// "daily", "3/week", "every 3 days", "5 in 7 days", "at least 2 L a day",
    /// "at most 4 a month", "tracking only".
    public var text: String {
        switch target {
        case nil: return schedule.text
        case .trackingOnly: return "tracking only" + (unit.map { " (\($0))" } ?? "")
        case .atLeast(let amount, let period), .atMost(let amount, let period):
            let word = target?.isLimit == true ? "at most" : "at least"
            let days = schedule == .daily ? "" : ", \(schedule.text)"
            return "\(word) \(StreakAmount.text(amount))\(unit.map { " \($0)" } ?? "") a \(period.rawValue)\(days)"
        }
    }
}
