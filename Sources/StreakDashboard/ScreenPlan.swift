/// Where every part of the screen goes at one size: the parts that fit, most important first,
/// sized by `Layout`. The calendar and its legend always show; then the streak list, the
/// streak's summary and the day detail; wider and taller screens add the big number, the
/// statistics (and, wider still, the months), more calendar bands (more history) and longer
/// lists. The detail takes what is left.
struct ScreenPlan {
    var header: Rect
    var list: Rect?
    var summary: Rect
    var bigSummary: Bool
    /// Calendar bands of one row of weeks each (month labels plus seven days).
    var heatmap: Rect
    var bands: Int
    /// How large a day is drawn: 2 or 3 for a short history with the room for it.
    var scale = 1
    var legend: Rect
    var detail: Rect
    var months: Rect?
    var statistics: Rect?
    var message: Rect
    /// The message's lines as drawn (see `messageLines`), one per row of `message`.
    var messageLines: [String]
    var footer: Rect

    /// A band: month labels and seven days, and for a weekly streak a row of week verdicts.
    static let bandHeight = 8

    static func bandHeight(_ view: StreakView?) -> Int { HeatmapWidget.bandHeight(view) }
    /// The detail, monthly and statistics panels side by side.
    static let panelHeight = 9
    static let statisticsWidth = 46
    static let monthsWidth = 30
    /// The left column's least width with a short history beside its panels (the legend wraps in it).
    static let shortHistoryColumn = 48
    /// The left column's least width with a short history beside the day's detail alone.
    static let narrowHistoryColumn = 36
    /// The least width of the day's detail beside a short history.
    static let shortHistoryDetailWidth = 30

    /// The message's lines: a sentence longer than its line (a deletion with how to bring the
    /// streak back, an error naming a path) takes up to three, above the minimum height's
    /// rows, so it is read whole; a toast keeps one.
    static func messageLines(_ state: DashboardState) -> [String] {
        guard state.toast == nil, let message = state.message else { return [""] }
        let width = max(1, state.width - 2)
        let lines = TextWrap.lines(message, width: width)
        let allowed = max(1, min(3, state.height - Render.minimumHeight + 1))
        guard lines.count > allowed else { return lines }
        // What does not fit ends the last line, cut at the screen's edge with "…".
        let last = lines[(allowed - 1)...].joined(separator: " ").truncated(toCells: width, ascii: state.ascii)
        return Array(lines.prefix(allowed - 1)) + [last]
    }

    init(_ state: DashboardState) {
        let screen = Rect(x: 0, y: 0, width: state.width, height: state.height)
        messageLines = Self.messageLines(state)
        let outer = Layout.vertical([.length(1), .fill(1), .length(messageLines.count), .length(1)]).split(screen)
        header = outer[0]
        message = outer[2]
        footer = outer[3]
        let body = Rect(x: 1, y: outer[1].y, width: max(0, screen.width - 2), height: outer[1].height)

        // Rows by importance: the calendar and legend, the list (at least 3 rows), a compact
        // summary and two lines of detail first; then whatever fits, in this order.
        let streakCount = state.showsList ? state.listRows.count : 0
        let bandHeight = Self.bandHeight(state.view)
        var left = body.height - bandHeight - 1
        var listRows = min(streakCount, 3)
        var spacerRows = 0
        var summaryRows = 2
        var detailRows = 2
        var panelRows = 0
        var bands = 1
        left -= listRows + summaryRows + detailRows
        func grow(_ rows: inout Int, to target: Int) {
            while rows < target, left > 0 {
                rows += 1
                left -= 1
            }
        }
        grow(&listRows, to: min(streakCount, 8))
        if left >= 4, body.width >= 72 {
            summaryRows = 6
            left -= 4
        }
        grow(&detailRows, to: 6)
        if left >= Self.panelHeight - detailRows, body.width >= 100 {
            left -= Self.panelHeight - detailRows
            detailRows = Self.panelHeight
            panelRows = Self.panelHeight
        }
        // More history in more bands of weeks, as long as there is history to show.
        let weeksPerBand = HeatmapWidget.weeksPerBand(body.width)
        let historyWeeks = state.view.map { HeatmapWidget.weeksOfHistory($0) } ?? 1
        while left >= bandHeight, bands * weeksPerBand < historyWeeks {
            bands += 1
            left -= bandHeight
        }
        if listRows > 0 { grow(&spacerRows, to: 1) }
        grow(&listRows, to: min(streakCount, 15))
        grow(&listRows, to: streakCount)
        detailRows += max(0, left)

        let parts = Layout.vertical([
            .length(listRows), .length(spacerRows), .length(summaryRows), .length(bands * bandHeight),
            .length(1), .fill(1),
        ]).split(body)
        list = listRows > 0 ? parts[0] : nil
        summary = parts[2]
        bigSummary = summaryRows >= 6
        heatmap = parts[3]
        self.bands = bands
        legend = parts[4]
        // A short history on a wide screen: the calendar as wide as its weeks at the left (its
        // days twice as large when the rows and columns allow), its legend and the day under
        // it, and the months and statistics beside them, rather than a small block at the
        // right edge over an empty half.
        func leftWidth(_ scale: Int, least: Int = Self.shortHistoryColumn) -> Int { max(HeatmapWidget.labelWidth + historyWeeks * 2 * scale + 1, least) }
        // Beside it go the panels it would have had under it: never fewer.
        let panelsWidth = Self.statisticsWidth + (body.width >= 150 ? Self.monthsWidth + 3 : 0)
        if panelRows > 0, bands == 1, historyWeeks < weeksPerBand, let view = state.view, body.width - leftWidth(1) - 3 >= panelsWidth {
            // The largest days that leave the detail eight lines and the panels their width.
            scale = [5, 4, 3, 2].first { scale in
                let rows = HeatmapWidget.bandHeight(view, scale: scale) - bandHeight
                    + HeatmapWidget.legendLines(view, glyphs: state.glyphs, width: leftWidth(scale)) - 1
                return detailRows - 8 >= rows && body.width - leftWidth(scale) - 3 >= panelsWidth
            } ?? 1
            let placed = Self.calendarAtLeft(view, state.glyphs, weeks: historyWeeks, scale: scale, width: leftWidth(scale), from: heatmap.y, in: body)
            (heatmap, legend, detail) = (placed.heatmap, placed.legend, placed.below)
            let withMonths = placed.beside.width >= Self.statisticsWidth + Self.monthsWidth + 3
            let side = Layout.horizontal((withMonths ? [.length(Self.monthsWidth)] : []) + [.length(Self.statisticsWidth)], spacing: 3)
                .split(placed.beside)
            months = withMonths ? side[0] : nil
            statistics = side.last
        } else if panelRows == 0, bands == 1, historyWeeks < weeksPerBand, let view = state.view,
                  body.width - leftWidth(1, least: Self.narrowHistoryColumn) - 3 >= Self.shortHistoryDetailWidth {
            // A short history on a screen too small for the panels: the calendar at the left
            // (larger when the rows allow), the day's detail beside it, not an empty left half.
            scale = [3, 2].first { scale in
                let rows = HeatmapWidget.bandHeight(view, scale: scale) - bandHeight
                return detailRows - 2 >= rows && body.width - leftWidth(scale, least: Self.narrowHistoryColumn) - 3 >= Self.shortHistoryDetailWidth
            } ?? 1
            let placed = Self.calendarAtLeft(
                view, state.glyphs, weeks: historyWeeks, scale: scale, width: leftWidth(scale, least: Self.narrowHistoryColumn), from: heatmap.y, in: body
            )
            (heatmap, legend, detail) = (placed.heatmap, placed.legend, placed.beside)
            months = nil
            statistics = nil
        } else if panelRows > 0 {
            let withMonths = body.width >= 150
            let columns = Layout.horizontal(
                [.fill(1)] + (withMonths ? [.length(Self.monthsWidth)] : []) + [.length(Self.statisticsWidth)], spacing: 3
            ).split(parts[5])
            detail = columns[0]
            months = withMonths ? columns[1] : nil
            statistics = columns.last
        } else {
            detail = parts[5]
            months = nil
            statistics = nil
        }
    }

    /// A short history's calendar at the left of `body` from row `top`, in a column `width`
    /// wide: the calendar as wide as its weeks, its legend, what is under them, and the
    /// column beside them (from the calendar's first row of days).
    private static func calendarAtLeft(
        _ view: StreakView, _ glyphs: Glyphs, weeks: Int, scale: Int, width: Int, from top: Int, in body: Rect
    ) -> (heatmap: Rect, legend: Rect, below: Rect, beside: Rect) {
        let rest = Rect(x: body.x, y: top, width: body.width, height: body.y + body.height - top)
        let columns = Layout.horizontal([.length(width), .fill(1)], spacing: 3).split(rest)
        let legendRows = HeatmapWidget.legendLines(view, glyphs: glyphs, width: columns[0].width)
        let left = Layout.vertical([.length(HeatmapWidget.bandHeight(view, scale: scale)), .length(legendRows), .fill(1)]).split(columns[0])
        let heatmap = Rect(x: left[0].x, y: left[0].y, width: HeatmapWidget.labelWidth + weeks * 2 * scale + 1, height: left[0].height)
        let beside = Rect(x: columns[1].x, y: columns[1].y + 1, width: columns[1].width, height: max(0, columns[1].height - 1))
        return (heatmap, left[1], left[2], beside)
    }
}
