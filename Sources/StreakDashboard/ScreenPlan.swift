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
    var legend: Rect
    var detail: Rect
    var months: Rect?
    var statistics: Rect?
    var message: Rect
    var footer: Rect

    static let bandHeight = 8
    /// The detail, monthly and statistics panels side by side.
    static let panelHeight = 9
    static let statisticsWidth = 46
    static let monthsWidth = 30

    init(_ state: DashboardState) {
        let screen = Rect(x: 0, y: 0, width: state.width, height: state.height)
        let outer = Layout.vertical([.length(1), .fill(1), .length(1), .length(1)]).split(screen)
        header = outer[0]
        message = outer[2]
        footer = outer[3]
        let body = Rect(x: 1, y: outer[1].y, width: max(0, screen.width - 2), height: outer[1].height)

        // Rows by importance: the calendar and legend, the list (at least 3 rows), a compact
        // summary and two lines of detail first; then whatever fits, in this order.
        let streakCount = state.showsList ? state.listRows.count : 0
        var left = body.height - Self.bandHeight - 1
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
        while left >= Self.bandHeight, bands * weeksPerBand < historyWeeks {
            bands += 1
            left -= Self.bandHeight
        }
        if listRows > 0 { grow(&spacerRows, to: 1) }
        grow(&listRows, to: min(streakCount, 15))
        grow(&listRows, to: streakCount)
        detailRows += max(0, left)

        let parts = Layout.vertical([
            .length(listRows), .length(spacerRows), .length(summaryRows), .length(bands * Self.bandHeight),
            .length(1), .fill(1),
        ]).split(body)
        list = listRows > 0 ? parts[0] : nil
        summary = parts[2]
        bigSummary = summaryRows >= 6
        heatmap = parts[3]
        self.bands = bands
        legend = parts[4]
        if panelRows > 0 {
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
}
