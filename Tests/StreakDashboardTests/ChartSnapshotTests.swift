import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
import SwiftfulGamification

/// The chart view (`g`, rule 13): a measurement as a line, an amount with its target, a
/// count with its strength; at three sizes, in colour, without colour and in ASCII.
struct ChartSnapshotTests {
    static let streaks = ["weight", "distance", "daily"]
    static let cases = ["80x24", "120x40", "200x60"].flatMap { size in streaks.flatMap { key in SnapshotTests.modes.map { (size, key, $0) } } }

    static func history(_ key: String) -> DemoHistory {
        switch key {
        case "weight": DemoStreaks.weightHistory()
        case "distance": DemoStreaks.distanceHistory()
        default: DemoStreaks.longHistory()
        }
    }

    @Test(arguments: cases)
    func charts(size: String, streak: String, mode: String) {
        let (width, height) = SnapshotTests.parse(size)
        var state = DemoStreaks.state([Self.history(streak)], width: width, height: height, ascii: mode == "ascii")
        state = Reducer.reduce(state, .key(.character("g"))).0
        #expect(state.showsCharts)
        assertSnapshot(Render.render(state), named: "charts-\(streak)-\(mode)-\(size)", styles: mode == "nocolor" ? .attributes : .roles)
    }

    @Test func theCursorWalksBackADayAtATimeAndEscReturnsToTheCalendar() {
        var state = DemoStreaks.state([DemoStreaks.distanceHistory()], width: 120, height: 40)
        state = Reducer.reduce(state, .key(.character("g"))).0
        for _ in 0..<3 { state = Reducer.reduce(state, .key(.left)).0 }
        #expect(state.selectedDay == CalendarDay(year: 2024, month: 6, day: 11))
        state = Reducer.reduce(state, .key(.up)).0
        #expect(state.selectedDay == CalendarDay(year: 2024, month: 6, day: 4))
        let screen = Render.render(state).lines.joined(separator: "\n")
        // The cursor's day in words, with its amount against the target.
        #expect(screen.contains("Tue 2024-06-04: "))
        #expect(screen.contains(" of 5 km"))
        // The footer names the way back, and no list to switch to.
        #expect(screen.contains("g back") && !screen.contains("c list") && !screen.contains("c calendar"))
        state = Reducer.reduce(state, .key(.escape)).0
        #expect(!state.showsCharts)
        #expect(!state.isFinished)
        #expect(state.selectedDay == CalendarDay(year: 2024, month: 6, day: 4))
    }

    @Test func aMeasurementIsALineAndAReadingDayIsDrawnAsLogged() {
        let state = DemoStreaks.state([DemoStreaks.weightHistory()], width: 120, height: 40)
        let view = try! #require(state.view)
        let yesterday = view.evaluation.day(CalendarDay(year: 2024, month: 6, day: 13))
        #expect(yesterday.state == .logged || yesterday.state == .rest)
        let logged = view.evaluation.days(from: CalendarDay(year: 2024, month: 5, day: 1), through: CalendarDay(year: 2024, month: 6, day: 13)).filter { $0.state == .logged }
        #expect(!logged.isEmpty)
        for day in logged {
            let (glyph, _) = view.shades.mark(day, glyphs: .unicode)
            #expect(glyph == Glyphs.unicode.kept)
        }
        // The legend names what a tracking streak's calendar shows, and nothing it cannot.
        let screen = Render.render(state).lines.joined(separator: "\n")
        #expect(screen.contains("■ logged") && screen.contains("– nothing logged") && !screen.contains("partly done"))
        #expect(view.chart.isMeasurement)
        #expect(view.chart.strength.isEmpty)
        #expect(view.chart.periodMeaning == .mean)
    }
}

/// Rule 13 in the streak form: a tracking-only streak chooses its day value, and editing it
/// keeps (or changes) it.
struct MeasureFormTests {
    @Test func aNewTrackingStreakChoosesItsDayValue() throws {
        var form = StreakForm.create(suggesting: "weight", taken: [])
        #expect(!form.fields.contains(.measure))
        form.field = .target
        _ = form.handle(.right)
        _ = form.handle(.right)
        #expect(StreakForm.targetKinds[form.targetKind] == .tracking)
        #expect(form.fields.contains(.measure))
        form.field = .measure
        _ = form.handle(.right)
        let configuration = try #require(form.configuration)
        #expect(configuration.isTrackingOnly && configuration.measure == .last)
        let shown = FormWidget.lines(form, glyphs: .unicode).map { $0.map(\.0).joined() }
        #expect(shown.contains { $0.contains("day value") && $0.contains("< last >") })
    }

    @Test func editingAWeightKeepsItsDayValue() throws {
        let weight = DemoStreaks.weightHistory().configuration
        var form = StreakForm.edit(weight)
        #expect(form.configuration?.measure == .last)
        form.field = .measure
        _ = form.handle(.right)
        #expect(form.configuration?.measure == .mean)
    }
}
