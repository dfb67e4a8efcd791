import Foundation
import SwiftfulGamification

/// How points read on every surface: "Level 7 · 2,140 XP · +60 today".
public enum PointsWords {
    /// 1,240: thousands grouped with commas whatever the locale (as the rest of the screen).
    public static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// "+60", "-10", "+0".
    public static func signed(_ value: Int) -> String {
        value < 0 ? number(value) : "+" + number(value)
    }

    /// "Level 7 · 2,140 XP · +60 today" (the last part only when something was earned or
    /// taken back today).
    /// - Parameter dot: the separator (" | " where the terminal has only ASCII).
    public static func header(_ data: CurrentExperiencePointsData, dot: String = " · ") -> String {
        let total = data.pointsAllTime ?? 0
        let today = data.pointsToday ?? 0
        let level = ExperienceLevel(points: total)
        return "Level \(level.level)\(dot)\(number(total)) XP" + (today != 0 ? "\(dot)\(signed(today)) today" : "")
    }

    /// The same, shorter, for a narrow screen: "Lv 7 · 2,140 XP".
    public static func shortHeader(_ data: CurrentExperiencePointsData, dot: String = " · ") -> String {
        "Lv \(ExperienceLevel(points: data.pointsAllTime ?? 0).level)\(dot)\(number(data.pointsAllTime ?? 0)) XP"
    }

    /// "★ Level 8! 2,840 XP; 900 to level 9."
    public static func levelToast(level: Int, points: Int, ascii: Bool) -> String {
        let next = ExperienceLevel(points: points)
        return "\(ascii ? "*" : "★") Level \(level)! \(number(points)) XP; \(number(next.pointsToNextLevel)) to level \(next.level + 1)."
    }
}
