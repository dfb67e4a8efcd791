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

    /// Weeks one band shows in `width` columns, with days `scale` times as large.
    static func weeksPerBand(_ width: Int, scale: Int = 1) -> Int { max(1, (width - labelWidth) / (2 * scale)) }

    /// A band's rows: the month labels, seven days of `scale` rows, and a weekly streak's verdicts.
    static func bandHeight(_ view: StreakView?, scale: Int = 1) -> Int {
        1 + 7 * scale + ((view?.evaluation.weeks.isEmpty ?? true) ? 0 : 1)
    }

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

    /// - Parameter scale: above 1, each day is a block of `2 * scale - 1` columns and `scale`
    ///   rows (a short history on a screen with room for it).
    static func draw(_ state: DashboardState, _ view: StreakView, in rect: Rect, bands: Int, scale: Int = 1, grid: inout Grid) {
        let perBand = weeksPerBand(rect.width, scale: scale)
        let visible = perBand * bands
        let today = view.evaluation.today
        let selected = state.selectedDay
        let historyWeek = week(of: view.evaluation.firstHistoryDay ?? today)
        // A history shorter than the weeks shown starts beside the weekday labels, the weeks
        // to come blank after it (issue 49: a gap of 30 columns before it at 64x21).
        let fits = week(of: today) - historyWeek + 1 <= visible
        let lastWeek = fits ? historyWeek + visible - 1 : lastVisibleWeek(today: today, cursor: selected, visibleWeeks: visible)
        let firstWeek = lastWeek - visible + 1
        let records = view.evaluation.days(from: monday(ofWeek: firstWeek), through: monday(ofWeek: lastWeek).adding(days: 6))
        let glyphs = state.glyphs
        // A weekly (or monthly) streak gets a verdict per week (month), under the column of its
        // last day: kept, missed or bridged.
        let weekMarks = Dictionary(view.evaluation.weeks.map { (Self.week(of: $0.end), $0.state) }, uniquingKeysWith: { _, last in last })
        // A rolling streak (rule 12): the day its window next needs a kept day, when it is to come.
        let neededDay = Self.neededDay(view, zone: state.zone)
        // A day with a note gets a mark beside it.
        let noted = Set(view.evaluation.notes.map(\.day.dayNumber))
        let bandHeight = bandHeight(view, scale: scale)
        let verdictRow = 1 + 7 * scale
        for band in 0..<bands {
            let top = rect.y + band * bandHeight
            for (row, label) in weekdays.enumerated() {
                grid.put(label, x: rect.x, y: top + 1 + row * scale, style: CellStyle(.muted))
            }
            if !weekMarks.isEmpty { grid.put(Self.isMonthly(view) ? "mo" : "wk", x: rect.x, y: top + verdictRow, style: CellStyle(.muted)) }
            // A month's name over the week its first day falls in, from where the history
            // starts; the year with January and at the start of a band. A name with its year
            // gives the year up before the next month's name is left out ("Sep 2026  Nov").
            // A band that starts mid-month names that month at its first column (`partial`);
            // when the next month begins too close, the next month's name wins.
            var labels: [(x: Int, text: String, short: String, partial: Bool)] = []
            for column in 0..<perBand {
                let week = band * perBand + column
                let x = rect.x + labelWidth + column * 2 * scale
                let monday = monday(ofWeek: firstWeek + week)
                let startsHere = firstWeek + week == max(historyWeek, firstWeek + band * perBand)
                guard firstWeek + week >= historyWeek, firstWeek + week <= Self.week(of: today),
                      let first = (0..<7).map({ monday.adding(days: $0) }).first(where: { $0.day == 1 }) ?? (startsHere ? monday : nil) else { continue }
                let month = months[first.month - 1]
                // At the right edge: the month alone, or nothing rather than a cut name ("No").
                let fits = { (text: String) in text.count <= rect.x + rect.width - x }
                let withYear = "\(month) \(first.year)"
                guard var text = [first.month == 1 || startsHere ? withYear : month, month].first(where: fits) else { continue }
                if let last = labels.last, last.partial, last.x + last.short.count >= x {
                    labels.removeLast()
                    if fits(withYear) { text = withYear }
                } else if let last = labels.last, last.x + last.text.count >= x {
                    let shortYear = last.text == last.short ? nil : "\(last.short) '\(last.text.suffix(2))"
                    if let shortYear, last.x + shortYear.count < x {
                        labels[labels.count - 1].text = shortYear  // "Jan '24"
                    } else {
                        guard last.x + last.short.count < x else { continue }
                        // The year moves on to this month's name ("Apr May 2022").
                        if last.text != last.short, fits(withYear) { text = withYear }
                        labels[labels.count - 1].text = last.short
                    }
                }
                labels.append((x, text, month, first.day != 1))
            }
            for label in labels { grid.put(label.text, x: label.x, y: top, style: CellStyle(.muted)) }
            for column in 0..<perBand {
                let week = band * perBand + column
                let x = rect.x + labelWidth + column * 2 * scale
                let monday = monday(ofWeek: firstWeek + week)
                for row in 0..<7 {
                    let record = records[week * 7 + row]
                    var (glyph, style) = view.shades.mark(record, glyphs: glyphs)
                    if record.day == neededDay { (glyph, style) = (glyphs.needed, CellStyle(.accent, bold: true)) }
                    if record.day == today, style.role != .today { style.bold = true }
                    // A blank day under the cursor stays blank (a reversed space, a block):
                    // drawing a glyph there would say the day was missed.
                    if record.day == selected { style.reverse = true }
                    // A large day: a kept one solid, any other (and the cursor's, reversed)
                    // its mark in the middle of blank, with a blank row under it so days one
                    // above the other stay apart (a block of small marks reads as stripes).
                    let solid = glyph == glyphs.kept && !style.reverse
                    for dy in 0..<max(1, scale - 1) {
                        for dx in 0..<(2 * scale - 1) {
                            let middle = dy == (scale - 2) / 2 && dx == scale - 1
                            let shown: Character = scale == 1 ? glyph : solid ? glyphs.block : middle ? glyph : " "
                            grid[x + dx, top + 1 + row * scale + dy] = Cell(glyph: shown, style: style)
                        }
                    }
                }
                // The week's verdict in the row under its days; a note's mark beside its day.
                if let state = weekMarks[firstWeek + week], let mark = weekMark(state, glyphs: glyphs) {
                    grid[x + scale - 1, top + verdictRow] = Cell(glyph: mark.glyph, style: CellStyle(mark.role))
                }
                for row in 0..<7 where noted.contains(monday.dayNumber + row) {
                    grid[x + 2 * scale - 1, top + 1 + row * scale] = Cell(glyph: glyphs.note, style: CellStyle(.accent))
                }
            }
        }
    }

    /// A monthly streak (rule 12): its verdicts are months'.
    static func isMonthly(_ view: StreakView) -> Bool { view.streak.streakUnit == .month }

    /// The day after today by which a rolling streak's window needs a kept day (its
    /// deadline's day), nil for other shapes and when that day is today.
    static func neededDay(_ view: StreakView, zone: TimeZone) -> CalendarDay? {
        guard view.configuration.schedule.isRolling, let deadline = view.streak.dateStreakDeadline else { return nil }
        // The deadline is the day's end plus the leeway: step back past both.
        let day = CalendarDay(containing: deadline.addingTimeInterval(-Double(view.configuration.leewayHours * 3_600) - 1), in: zone)
        return day > view.evaluation.today ? day : nil
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

    /// One piece of the legend: how wide it is and how it draws itself at (x, y).
    typealias LegendPiece = (width: Int, draw: (inout Grid, Int, Int) -> Void)

    /// Every glyph named, then the shades: by the day's count against the streak's own
    /// quartiles (goal 1), or by the share of the goal (goal N) or target (rule 10) met.
    static func legendPieces(_ view: StreakView, glyphs: Glyphs) -> [LegendPiece] {
        var items: [(Character, CellStyle, String)] = [
            (glyphs.kept, CellStyle(.heat3), "kept"), (glyphs.partial, CellStyle(.partial), "partly done"),
            (glyphs.missed, CellStyle(.missed), "missed"), (glyphs.frozen, CellStyle(.frozen), "frozen"),
            (glyphs.open, CellStyle(.today), "open"),
        ]
        // Tracking only (rule 13) keeps nothing: a day has a reading or not.
        if view.configuration.isTrackingOnly {
            items = [(glyphs.kept, CellStyle(.heat3), "logged"), (glyphs.rest, CellStyle(.muted), "nothing logged"), (glyphs.open, CellStyle(.today), "open")]
        }
        // Rest days exist only off a daily schedule (rule 8); skips on any (rule 9).
        let schedule = view.configuration.schedule
        if schedule != .daily, !view.configuration.isTrackingOnly { items.append((glyphs.rest, CellStyle(.muted), schedule.unit != .day || schedule.isRolling ? "not needed" : "rest")) }
        if schedule.isRolling { items.append((glyphs.needed, CellStyle(.accent, bold: true), "needed by")) }
        items.append((glyphs.skipped, CellStyle(.frozen), "skipped"))
        if !view.evaluation.weeks.isEmpty {
            let unit = isMonthly(view) ? "month" : "week"
            items.append((glyphs.weekKept, CellStyle(.success), "\(unit) kept"))
            items.append((glyphs.broken, CellStyle(.danger), "\(unit) missed"))
        }
        if view.configuration.isLimit { items.insert((glyphs.over, CellStyle(.danger, bold: true), "over the limit"), at: 2) }
        if !view.evaluation.notes.isEmpty { items.append((glyphs.note, CellStyle(.accent), "note")) }
        var pieces: [LegendPiece] = items.map { glyph, style, name in
            (name.count + 2, { grid, x, y in
                grid[x, y] = Cell(glyph: glyph, style: style)
                grid.put(" " + name, x: x + 1, y: y, style: CellStyle(.muted))
            })
        }
        let before = "blank: before the first event"
        pieces.append((before.count + 1, { grid, x, y in grid.put(before, x: x, y: y, style: CellStyle(.muted)) }))
        if view.configuration.measuresAmount {
            if !view.configuration.isTrackingOnly, !view.configuration.isLimit {
                pieces.append((24, { grid, x, y in drawShares("share of the target", x: x, y: y, glyphs: glyphs, grid: &grid) }))
            }
        } else if view.configuration.eventsRequiredPerDay == 1 {
            pieces.append((15, { grid, x, y in
                grid.put("fewer", x: x, y: y, style: CellStyle(.muted))
                for level in 1...4 {
                    grid[x + 5 + level, y] = Cell(glyph: glyphs.kept, style: CellStyle(HeatShades.heatRoles[level], bold: level == 4))
                }
                grid.put(" more", x: x + 10, y: y, style: CellStyle(.muted))
            }))
        } else {
            pieces.append((22, { grid, x, y in drawShares("share of the goal", x: x, y: y, glyphs: glyphs, grid: &grid) }))
        }
        return pieces
    }

    /// Where each piece goes in `width` columns: left to right, onto the next line when it
    /// does not fit (nil: past `lines`).
    static func legendPlaces(_ pieces: [LegendPiece], width: Int, lines: Int) -> [(x: Int, line: Int)?] {
        var (x, line) = (labelWidth, 0)
        return pieces.map { piece in
            if x + piece.width > width, x > labelWidth {
                (x, line) = (labelWidth, line + 1)
            }
            guard line < lines, x + piece.width <= width else { return nil }
            defer { x += piece.width + 2 }
            return (x, line)
        }
    }

    /// The lines the legend needs to show whole in `width` columns.
    static func legendLines(_ view: StreakView, glyphs: Glyphs, width: Int) -> Int {
        (legendPlaces(legendPieces(view, glyphs: glyphs), width: width, lines: .max).compactMap { $0?.line }.max() ?? 0) + 1
    }

    /// The legend in `rect`: as many lines as it has.
    static func drawLegend(_ state: DashboardState, _ view: StreakView, in rect: Rect, grid: inout Grid) {
        let pieces = legendPieces(view, glyphs: state.glyphs)
        for (piece, place) in zip(pieces, legendPlaces(pieces, width: rect.width, lines: max(1, rect.height))) {
            guard let place else { continue }
            piece.draw(&grid, rect.x + place.x, rect.y + place.line)
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
