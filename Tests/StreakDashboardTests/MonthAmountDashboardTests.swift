import DashboardDemo
import Foundation
import StreakPresentation
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// Rules 10 and 12 on the dashboard: at least 100 km a month, 30 km logged on Monday 2024-06-10
/// and 12.5 km on Wednesday 2024-06-12 of the open month; May held 120 km, April 60 km.
struct MonthAmountDashboardTests {
    static let history = DemoHistory(
        configuration: StreakConfiguration(streakKey: "run", freezeBehavior: .noFreezes, target: .atLeast(100, per: .month), unit: "km"),
        events: [
            StreakEvent(id: "a1", dateCreated: demoDate("2024-04-03 07:00"), timezone: demoZone.identifier, amount: 60),
            StreakEvent(id: "m1", dateCreated: demoDate("2024-05-06 07:00"), timezone: demoZone.identifier, amount: 70),
            StreakEvent(id: "m2", dateCreated: demoDate("2024-05-20 07:00"), timezone: demoZone.identifier, amount: 50),
            StreakEvent(id: "j1", dateCreated: demoDate("2024-06-10 07:00"), timezone: demoZone.identifier, amount: 30),
            StreakEvent(id: "j2", dateCreated: demoDate("2024-06-12 07:00"), timezone: demoZone.identifier, amount: 12.5),
        ],
        freezes: []
    )
    let view = DemoStreaks.view(Self.history)

    @Test func theListAndThePanelSayTheMonthsTotal() {
        let short = StreakFacts.statusShort(view.evaluation, now: DemoStreaks.now, zone: demoZone)
        #expect(short.text == "42.5 of 100 km in June, 57.5 to go", "\(short.text)")
        let phrase = StreakFacts.statusPhrase(view.evaluation, now: DemoStreaks.now, zone: demoZone)
        #expect(!phrase.text.hasSuffix("·") && !phrase.text.hasSuffix(" "), "\(phrase.text)")
        #expect(phrase.text.hasPrefix("42.5 of 100 km in June"), "\(phrase.text)")
    }

    @Test func aDayOfTheOpenMonthThatAddedToItIsDrawnAsPartDone() {
        let monday = view.evaluation.day(CalendarDay(year: 2024, month: 6, day: 10))
        #expect(view.shades.mark(monday, glyphs: .unicode).glyph == "□", "\(monday.state)")
        let tuesday = view.evaluation.day(CalendarDay(year: 2024, month: 6, day: 11))
        #expect(view.shades.mark(tuesday, glyphs: .unicode).glyph != "□")
        let state = DemoStreaks.state([Self.history])
        #expect(DayDetail.explanation(monday, view: view, state: state).first == "30 km credited to this day, toward the month's total.")
    }

    @Test func theBestMonthIsTheLargestTotal() {
        let best = view.statistics.weeks?.best
        #expect(best?.start == CalendarDay(year: 2024, month: 5, day: 1))
        #expect(best?.amount == 120)
        let lines = StatisticsPanel.lines(view.statistics, today: view.evaluation.today, glyphs: .unicode, amountUnit: "km")
            .map { $0.map(\.0).joined() }
        #expect(lines.contains { $0.hasPrefix("best month") && $0.contains("120 km from 2024-05-01") }, "\(lines)")
    }

    @Test func thePanelsWeekRowSaysTheWeeksSumNotKeptDays() {
        let screen = Render.render(DemoStreaks.state([Self.history], width: 120, height: 40)).lines.joined(separator: "\n")
        #expect(screen.contains("42.5 km this week"), "\(screen)")
        #expect(!screen.contains("/7 kept"))
    }
}
