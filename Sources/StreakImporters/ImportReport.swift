import Foundation
import GamificationSupport
import SwiftfulGamification

/// What an import does, habit by habit, as a dry run and a real run print it alike.
public enum ImportReport {
    /// `"Gym" -> gym (Health): 3/week, 142 events, 3 skipped days, 5 notes` and, indented,
    /// how streaks judges it otherwise and what it leaves out.
    public static func lines(_ planned: [PlannedStreak], existing: Set<String> = []) -> [String] {
        var lines: [String] = []
        for streak in planned {
            let batch = streak.batch
            var parts = [streak.shape.text, counted(batch.events.count, "event")]
            if !batch.skips.isEmpty { parts.append(counted(batch.skips.count, "skipped day")) }
            if !batch.notes.isEmpty { parts.append(counted(batch.notes.count, "note")) }
            let group = streak.configuration.group.map { " (\($0))" } ?? ""
            let state = [streak.archived ? "archived" : nil, existing.contains(streak.key) ? "into the existing streak" : nil].compactMap { $0 }
            lines.append("\"\(streak.name)\" -> \(streak.key)\(group): \(parts.joined(separator: ", "))" + (state.isEmpty ? "" : " [\(state.joined(separator: ", "))]"))
            if let remark = streak.remark { lines.append("    \(remark)") }
            for line in streak.leftOut { lines.append("    left out: \(line)") }
            if let check = streak.strengthCheck { lines.append("    \(check.text)") }
        }
        return lines
    }

}
