import Foundation
import SwiftfulGamification

/// What the panels say about a streak, derived only from the calculator's results.
public enum StreakFacts {
    /// The status in words, with a live countdown where one applies.
    public static func statusPhrase(_ view: StreakView, now: Date, zone: TimeZone) -> (text: String, role: Role) {
        let streak = view.streak
        let today = view.evaluation.day(view.evaluation.today)
        switch streak.status {
        case .noEvents:
            return ("press space to log your first event", .muted)
        case .active:
            return ("kept today", .success)
        case .canExtendWithLeeway:
            let until = streak.dateStreakDeadline.map { " until \(clock($0, zone))" } ?? ""
            return ("grace period\(until): log to keep yesterday", .warning)
        case .atRisk:
            if today.state == .frozen { return ("kept by a freeze", .frozen) }
            guard let deadline = streak.dateStreakDeadline else { return ("log today to keep it", .warning) }
            let remaining = countdown(deadline.timeIntervalSince(now))
            let tonight = wouldUseFreezeTonight(view) ? " (a freeze would cover it)" : ""
            return ("\(remaining) left today\(tonight)", .warning)
        case .broken:
            let needed = streak.freezesNeededToSaveStreak ?? 0
            if needed > 0, view.configuration.freezeBehavior == .manuallyConsumeFreezes {
                let days = restorableRun(view)
                return ("broken: use \(needed) freeze\(needed == 1 ? "" : "s") to restore \(days) day\(days == 1 ? "" : "s")? (f)", .danger)
            }
            return ("broken: log today to start again", .danger)
        }
    }

    /// `4h 12m`, `12m`, `0m`.
    public static func countdown(_ seconds: TimeInterval) -> String {
        let minutes = max(0, Int(seconds) / 60)
        return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
    }

    public static func clock(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The streak's length if the missed days were bridged: the run behind the gap plus the
    /// kept days after it.
    public static func restorableRun(_ view: StreakView) -> Int {
        guard let firstMissed = view.evaluation.daysToSave.first else { return view.streak.currentStreak ?? 0 }
        var count = view.streak.currentStreak ?? 0
        var day = firstMissed.adding(days: -1)
        while true {
            let record = view.evaluation.day(day)
            if record.state == .kept { count += 1 } else if record.state != .frozen { break }
            day = day.adding(days: -1)
        }
        return count
    }

    /// Auto mode, today not kept, a streak to save and a freeze to spend: tonight's
    /// rollover would use one if nothing is logged.
    public static func wouldUseFreezeTonight(_ view: StreakView) -> Bool {
        let today = view.evaluation.day(view.evaluation.today)
        return view.configuration.freezeBehavior == .autoConsumeFreezes && today.state == .open
            && (view.streak.currentStreak ?? 0) > 0 && (view.streak.freezesAvailableCount ?? 0) > 0
    }

    /// 0 no events, 1 under half the goal, 2 half or more, 3 kept, 4 twice the goal.
    public static func heatLevel(_ day: StreakDay) -> Int {
        guard day.eventCount > 0 else { return 0 }
        let goal = max(day.goal, 1)
        if day.eventCount >= 2 * goal { return 4 }
        if day.eventCount >= goal { return 3 }
        return day.eventCount * 2 >= goal ? 2 : 1
    }

    /// Why a day looks the way it does, for the detail line.
    public static func explanation(_ day: StreakDay, today: CalendarDay) -> String {
        let count = "\(day.eventCount)/\(day.goal) event\(day.goal == 1 && day.eventCount == 1 ? "" : "s")"
        switch day.state {
        case .kept: return "\(count) · kept"
        case .frozen: return day.consumedFreezeId != nil ? "\(count) · frozen (a freeze bridges it)" : "\(count) · frozen"
        case .gap: return "\(count) · missed"
        case .open:
            let remaining = max(day.goal - day.eventCount, 0)
            return day.day == today
                ? "\(count) · open: \(remaining) more to keep today"
                : "\(count) · open: still counts within the leeway"
        case .beforeHistory: return "before the first event"
        case .future: return "not yet"
        }
    }
}
