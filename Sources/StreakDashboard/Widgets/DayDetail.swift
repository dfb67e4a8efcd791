import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

/// The cursor's day: what it became and why (the goal that applied, events the leeway moved
/// in or out, a freeze), then its events with their local times, zones and metadata.
enum DayDetail {
    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        guard rect.height > 0 else { return }
        let record = view.evaluation.day(state.selectedDay)
        let lines = self.lines(record, view: view, state: state, width: rect.width)
        for (index, line) in lines.prefix(rect.height).enumerated() {
            var x = rect.x
            for (text, style) in line {
                grid.put(text, x: x, y: rect.y + index, style: style, limit: max(0, rect.x + rect.width - x))
                x += text.count
            }
        }
    }

    typealias Line = [(String, CellStyle)]

    static func lines(_ record: StreakDay, view: StreakView, state: DashboardState, width: Int = 80) -> [Line] {
        let today = view.evaluation.today
        let weekday = record.day.dayOfWeek.shortName
        let name = HeatShades.name(of: record.state, eventCount: record.eventCount, overLimit: record.isOverLimit)
        let (glyph, style) = view.shades.mark(record, glyphs: state.glyphs)
        let date = "\(weekday) \(record.day)\(record.day == today ? " (today)" : "")"
        var title: Line = [(date, CellStyle(.text, bold: true))]
        var lines: [Line] = []
        // The day's state beside its date, or under it when the two do not fit one line.
        let mark = (glyph != " " ? "\(glyph) " : "") + name
        if date.cellWidth + 2 + mark.cellWidth > width {
            lines.append(title)
            title = []
        } else {
            title.append(("  ", .plain))
        }
        if glyph != " " { title.append(("\(glyph) ", style)) }
        title.append((name, CellStyle(role(of: record), bold: true)))
        lines.append(title)
        for text in explanation(record, view: view, state: state) {
            for line in TextWrap.lines(text, width: max(20, width)) { lines.append([(line, CellStyle(.text))]) }
        }
        if let note = view.evaluation.note(on: record.day) {
            // The note in the person's own words, wrapped under its mark (N edits it).
            for (index, line) in TextWrap.lines(note.text, width: max(20, width - 2)).enumerated() {
                lines.append([(index == 0 ? "\(state.glyphs.note) " : "  ", CellStyle(.accent, bold: true)), (line, CellStyle(.text))])
            }
        }
        guard record.state != .beforeHistory, record.state != .future else { return lines }
        guard let loaded = state.dayEvents, loaded.key == view.key, loaded.day == record.day else {
            lines.append([("loading the day's events…", CellStyle(.muted))])
            return lines
        }
        if loaded.events.isEmpty, record.ownEventCount == 0 { return lines }
        lines.append([("Events logged this day:", CellStyle(.muted))])
        for event in loaded.events.sorted(by: { $0.dateCreated < $1.dateCreated }) {
            lines.append(self.line(for: event, unit: view.configuration.unit))
        }
        return lines
    }

    private static func role(of record: StreakDay) -> Role {
        switch record.state {
        case .kept, .logged: return .success
        case .gap: return record.eventCount > 0 && !record.isOverLimit ? .partial : .danger
        case .frozen: return .frozen
        case .open: return .warning
        case .skipped: return .frozen
        case .rest, .beforeHistory, .future: return .muted
        }
    }

    /// Why the day is what it is, in a sentence or two.
    static func explanation(_ record: StreakDay, view: StreakView, state: DashboardState) -> [String] {
        let goal = max(record.goal, 1)
        let events = "\(counted(record.eventCount, "event"))"
        let credited = goal == 1 ? "\(events) credited" : "\(record.eventCount) of \(goal) events credited"
        var lines: [String] = []
        if let measured = measuredExplanation(record, view: view) {
            lines.append(measured)
        } else {
            lines += countedExplanation(record, view: view, state: state, credited: credited, events: events, goal: goal)
        }
        return lines + tail(record, view: view, state: state)
    }

    /// Rule 10: the day's sum against its target, for a kept, missed or over day.
    private static func measuredExplanation(_ record: StreakDay, view: StreakView) -> String? {
        if view.configuration.isTrackingOnly { return trackedExplanation(record, configuration: view.configuration) }
        guard view.configuration.measuresAmount, let target = record.targetAmount ?? view.configuration.target?.amount else { return nil }
        let unit = view.configuration.unit.map { " \($0)" } ?? ""
        let sum = StreakAmount.text(record.amount), of = "\(StreakAmount.text(record.amount)) of \(StreakAmount.text(target))\(unit)"
        // An amount a week or a month is judged on its total; a day only adds to it.
        if let period = view.configuration.target?.period, period != .day {
            return record.amount > 0 ? "\(sum)\(unit) credited to this day, toward the \(period.rawValue)'s total." : "Nothing credited to this day."
        }
        switch (record.state, view.configuration.isLimit) {
        case (.kept, true): return "\(of) credited: within the limit, kept."
        case (.kept, false): return "\(of) credited: kept."
        case (.gap, _) where record.isOverLimit: return "\(of) credited: over the limit, so the day broke the run."
        case (.gap, false) where record.amount > 0:
            return "\(of) credited: \(StreakAmount.text(max(0, target - record.amount)))\(unit) short, so the day broke the run."
        case (.open, true): return "\(of) so far: within the limit, judged when the day ends."
        case (.open, false): return "\(of) so far."
        default: return record.amount > 0 && view.configuration.isTrackingOnly ? "\(sum)\(unit) logged." : nil
        }
    }

    /// Rule 13: a tracking-only day's value, or that nothing was logged.
    private static func trackedExplanation(_ record: StreakDay, configuration: StreakConfiguration) -> String {
        guard record.state == .logged else { return record.state == .open ? "Nothing logged yet today." : "Nothing logged." }
        let value = StreakAmount.text(record.amount, unit: configuration.unit)
        if configuration.measure == .sum { return "\(value) logged." }
        let readings = record.ownEventCount == 1 ? "" : " of \(record.ownEventCount) readings"
        return "\(value): \(configuration.measure.phrase)\(readings)."
    }

    private static func countedExplanation(_ record: StreakDay, view: StreakView, state: DashboardState, credited: String, events: String, goal: Int) -> [String] {
        var lines: [String] = []
        switch record.state {
        case .kept:
            lines.append(goal == 1 ? "\(credited): kept." : "\(events) credited, goal \(goal): kept.")
        case .gap where view.configuration.schedule.isRolling:
            lines.append("\(credited): the window ending here held too few (\(view.configuration.schedule.text)), so the run broke.")
        case .gap:
            lines.append(record.eventCount > 0
                ? "\(credited): \(goal - record.eventCount) short of the goal, so the day broke the run."
                : "Nothing credited: missed, so the day broke the run.")
        case .frozen:
            lines.append(record.consumedFreezeId != nil
                ? "\(credited); a freeze bridges it (used now, automatically)."
                : "\(credited); a freeze bridges it: the run goes on, the day adds nothing.")
        case .open:
            let left = max(goal - record.eventCount, 0)
            let deadline = view.streak.dateStreakDeadline.map { " (by \(StreakFacts.clock($0, state.zone)))" } ?? ""
            lines.append(record.day == view.evaluation.today
                ? (view.configuration.schedule.unit != .day || view.configuration.schedule.isRolling ? "\(credited) so far: \(left) more keeps the day." : "\(credited) so far: \(left) more to keep today\(deadline).")
                : "\(credited): still open within the \(view.configuration.leewayHours)h leeway\(deadline).")
        case .rest where view.configuration.schedule.unit != .day:
            // The open week is not decided yet: the day was not kept, nothing more (issue 49).
            let unit = view.configuration.schedule.unit.rawValue
            if let week = view.evaluation.week(containing: record.day), week.state == .open {
                lines.append("Not kept; the \(unit), \(week.keptDays) of \(week.target) so far, is not decided yet.")
            } else {
                lines.append("Not needed: the \(unit) counts \(view.configuration.schedule.text) without it.")
            }
        case .rest where view.configuration.schedule.isRolling:
            lines.append("Not kept, not needed: the windows holding it had enough (\(view.configuration.schedule.text)).")
        case .rest:
            lines.append("A rest day: the schedule does not ask for it, and the run goes on.")
        case .skipped:
            lines.append("Skipped: the run goes on, the day adds nothing and counts in no rate.")
        case .beforeHistory:
            lines.append("Before the first event: nothing to keep yet.")
        case .future:
            lines.append("Not yet.")
        case .logged:
            lines.append("\(events) logged.")
        }
        if record.state != .beforeHistory, record.state != .future, goal != view.configuration.eventsRequiredPerDay {
            lines.append("The goal that day was \(goal) a day (it is \(view.configuration.eventsRequiredPerDay) now).")
        }
        return lines
    }

    /// What the leeway moved in or out of the day.
    private static func tail(_ record: StreakDay, view: StreakView, state: DashboardState) -> [String] {
        var lines: [String] = []
        let moved = record.movedByLeeway
        if moved > 0 {
            lines.append("\(moved) of them logged on a neighbouring day, credited here by the \(view.configuration.leewayHours)h leeway.")
        } else if moved < 0 {
            lines.append("\(-moved) logged this day count\(moved == -1 ? "s" : "") for a neighbouring day (the \(view.configuration.leewayHours)h leeway).")
        }
        return lines
    }

    /// "07:15 EST  5.2 km  minutes=30 kind=run"
    static func line(for event: StreakEvent, unit: String? = nil) -> Line {
        let zone = TimeZone(identifier: event.timezone) ?? .current
        var line: Line = [("  \(StreakFacts.clock(event.dateCreated, zone)) \(StreakFacts.zoneName(event.dateCreated, zone))", CellStyle(.text))]
        if let amount = event.amount { line.append(("  \(StreakAmount.text(amount))\(unit.map { " \($0)" } ?? "")", CellStyle(.text, bold: true))) }
        if !event.metadata.isEmpty {
            let metadata = event.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.stringValue)" }.joined(separator: " ")
            line.append(("  " + metadata, CellStyle(.muted)))
        }
        return line
    }
}
