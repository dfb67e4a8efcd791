import Foundation
import SwiftfulGamification

/// The whole history as a contribution calendar: weeks as columns (Monday first), weekdays
/// as rows, in bands of as many weeks as fit across. It pages through history with the
/// cursor, which never leaves the visible weeks.
enum HeatmapWidget {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Row labels, every other day (Monday first).
    private static let weekdays = Weekday.allCases.enumerated().map { $0.offset.isMultiple(of: 2) ? $0.element.shortName : "" }
    static let labelWidth = 4

    /// Weeks one band shows in `width` columns.
    static func weeksPerBand(_ width: Int) -> Int { max(1, (width - labelWidth) / 2) }

    /// The week (its Monday's day number divided by 7, counting from a Monday) of a day.
    static func week(of day: CalendarDay) -> Int { (day.dayNumber - 4).floorDivided(by: 7) }

    static func monday(ofWeek week: Int) -> CalendarDay { CalendarDay(dayNumber: week * 7 + 4) }

    /// Weeks from the first day of history through this week.
    static func weeksOfHistory(_ view: StreakView) -> Int {
        let today = view.evaluation.today
        let first = view.evaluation.firstHistoryDay ?? today
        return week(of: today) - week(of: first) + 1
    }

    /// The last week shown: this week, or, when the cursor is further back than the weeks
    /// shown, a page back (pages overlap by four weeks), so the cursor is always in view
    /// and the calendar moves in steady pages rather than one week at a time.
    static func lastVisibleWeek(today: CalendarDay, cursor: CalendarDay, visibleWeeks: Int) -> Int {
        let todayWeek = week(of: today)
        let distance = todayWeek - week(of: cursor)
        guard distance >= visibleWeeks else { return todayWeek }
        let step = max(1, visibleWeeks - 4)
        let pages = (distance - (visibleWeeks - 1) + step - 1) / step
        return todayWeek - pages * step
    }

    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, bands: Int, grid: inout Grid) {
        let perBand = weeksPerBand(rect.width)
        let visible = perBand * bands
        let today = view.evaluation.today
        let selected = state.selectedDay
        let lastWeek = lastVisibleWeek(today: today, cursor: selected, visibleWeeks: visible)
        let firstWeek = lastWeek - visible + 1
        let records = view.evaluation.days(from: monday(ofWeek: firstWeek), through: monday(ofWeek: lastWeek).adding(days: 6))
        let historyWeek = week(of: view.evaluation.firstHistoryDay ?? today)
        let glyphs = state.glyphs
        // A weekly streak gets a mark per week beside the week's last day: kept, missed or bridged.
        let weekMarks = Dictionary(view.evaluation.weeks.map { ($0.start.dayNumber + 6, $0.state) }, uniquingKeysWith: { _, last in last })
        // A day with a note gets a mark beside it (where a weekly streak's week mark is not).
        let noted = Set(view.evaluation.notes.map(\.day.dayNumber))
        for band in 0..<bands {
            let top = rect.y + band * ScreenPlan.bandHeight
            for (row, label) in weekdays.enumerated() {
                grid.put(label, x: rect.x, y: top + 1 + row, style: CellStyle(.muted))
            }
            var lastLabelEnd = rect.x + labelWidth - 1
            for column in 0..<perBand {
                let week = band * perBand + column
                let x = rect.x + labelWidth + column * 2
                let monday = monday(ofWeek: firstWeek + week)
                // A month's name over the week its first day falls in, from where the history
                // starts; the year with January and at the start of a band.
                let startsHere = firstWeek + week == max(historyWeek, firstWeek + band * perBand)
                if firstWeek + week >= historyWeek,
                   let first = (0..<7).map({ monday.adding(days: $0) }).first(where: { $0.day == 1 }) ?? (startsHere ? monday : nil) {
                    let month = months[first.month - 1]
                    let name = first.month == 1 || startsHere ? "\(month) \(first.year)" : month
                    // At the right edge: the month alone, or nothing rather than a cut name ("No").
                    if x > lastLabelEnd, let label = [name, month].first(where: { $0.count <= rect.x + rect.width - x }) {
                        grid.put(label, x: x, y: top, style: CellStyle(.muted))
                        lastLabelEnd = x + label.count
                    }
                }
                for row in 0..<7 {
                    let record = records[week * 7 + row]
                    var (glyph, style) = view.shades.mark(record, glyphs: glyphs)
                    if record.day == today, style.role != .today { style.bold = true }
                    // A blank day under the cursor stays blank (a reversed space, a block):
                    // drawing a glyph there would say the day was missed.
                    if record.day == selected { style.reverse = true }
                    grid[x, top + 1 + row] = Cell(glyph: glyph, style: style)
                }
                for row in 0..<7 {
                    if let state = weekMarks[monday.dayNumber + row], let mark = weekMark(state, glyphs: glyphs) {
                        grid[x + 1, top + 1 + row] = Cell(glyph: mark.glyph, style: CellStyle(mark.role))
                    } else if noted.contains(monday.dayNumber + row) {
                        grid[x + 1, top + 1 + row] = Cell(glyph: glyphs.note, style: CellStyle(.accent))
                    }
                }
            }
        }
    }

    /// The mark beside a weekly streak's week: kept, missed (a gap week) or bridged.
    static func weekMark(_ state: StreakWeek.State, glyphs: Glyphs) -> (glyph: Character, role: Role)? {
        switch state {
        case .kept: return (glyphs.weekKept, .success)
        case .gap: return (glyphs.broken, .danger)
        case .bridged: return (glyphs.weekBridged, .frozen)
        case .open: return nil
        }
    }

    /// One line naming every glyph, and the shades for a goal of one.
    static func drawLegend(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let glyphs = state.glyphs
        var x = rect.x + labelWidth
        let end = rect.x + rect.width
        var items: [(Character, CellStyle, String)] = [
            (glyphs.kept, CellStyle(.heat3), "kept"), (glyphs.partial, CellStyle(.partial), "partly done"),
            (glyphs.missed, CellStyle(.missed), "missed"), (glyphs.frozen, CellStyle(.frozen), "frozen"),
            (glyphs.open, CellStyle(.today), "open"),
        ]
        // Rest days exist only off a daily schedule (rule 8); skips on any (rule 9).
        if view.configuration.schedule != .daily { items.append((glyphs.rest, CellStyle(.muted), view.configuration.schedule.unit == .week ? "not needed" : "rest")) }
        items.append((glyphs.skipped, CellStyle(.frozen), "skipped"))
        if !view.evaluation.weeks.isEmpty {
            items.append((glyphs.weekKept, CellStyle(.success), "week kept"))
            items.append((glyphs.broken, CellStyle(.danger), "week missed"))
        }
        if view.configuration.isLimit { items.insert((glyphs.over, CellStyle(.danger, bold: true), "over the limit"), at: 2) }
        if !view.evaluation.notes.isEmpty { items.append((glyphs.note, CellStyle(.accent), "note")) }
        for (glyph, style, name) in items where x + name.count + 2 < end {
            grid[x, rect.y] = Cell(glyph: glyph, style: style)
            grid.put(" " + name, x: x + 1, y: rect.y, style: CellStyle(.muted))
            x += name.count + 4
        }
        let before = "blank: before the first event"
        if x + before.count < end {
            grid.put(before, x: x, y: rect.y, style: CellStyle(.muted))
            x += before.count + 3
        }
        // Shades: by the day's count against the streak's own quartiles (goal 1), or by the
        // share of the goal met (goal N: partly done days from a third to all but one).
        if view.configuration.measuresAmount {
            // Rule 10: a day's fraction of its target.
            guard x + 24 < end, !view.configuration.isTrackingOnly, !view.configuration.isLimit else { return }
            drawShares("share of the target", x: x, y: rect.y, glyphs: glyphs, grid: &grid)
        } else if view.configuration.eventsRequiredPerDay == 1 {
            guard x + 16 < end else { return }
            grid.put("fewer", x: x, y: rect.y, style: CellStyle(.muted))
            x += 6
            for level in 1...4 {
                grid[x, rect.y] = Cell(glyph: glyphs.kept, style: CellStyle(HeatShades.heatRoles[level], bold: level == 4))
                x += 1
            }
            grid.put(" more", x: x, y: rect.y, style: CellStyle(.muted), limit: end - x)
        } else {
            guard x + 24 < end else { return }
            drawShares("share of the goal", x: x, y: rect.y, glyphs: glyphs, grid: &grid)
        }
    }

    /// "share of the goal ▪▪▪■": partly done days from a third to all but one, then kept.
    private static func drawShares(_ label: String, x: Int, y: Int, glyphs: Glyphs, grid: inout Grid) {
        grid.put(label, x: x, y: y, style: CellStyle(.muted))
        var x = x + label.count + 1
        for level in 1...3 {
            grid[x, y] = Cell(glyph: glyphs.partial, style: CellStyle(.partial, bold: level == 3, dim: level == 1))
            x += 1
        }
        grid[x, y] = Cell(glyph: glyphs.kept, style: CellStyle(.heat4, bold: true))
    }
}
