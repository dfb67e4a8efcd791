import DashboardDemo
import Foundation
import StreakPresentation
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// Rule 10 on the dashboard: an amount streak and a limit (the demo's 'distance', at least
/// 5 km a day with 3.2 so far today, and 'coffee', at most 2 a day with three days over).
struct AmountDashboardTests {
    let distance = DemoStreaks.view(DemoStreaks.distanceHistory())
    let coffee = DemoStreaks.view(DemoStreaks.coffeeHistory())

    @Test func theStatusSaysTodaysSumAgainstTheTarget() {
        let run = StreakFacts.statusPhrase(distance.evaluation, now: DemoStreaks.now, zone: demoZone)
        #expect(run.text.hasPrefix("3.2 of 5 km today, 1.8 to go · "), "\(run.text)")
        #expect(run.tone == .warning && run.text.hasSuffix("left today"), "\(run.text)")
        let cups = StreakFacts.statusPhrase(coffee.evaluation, now: DemoStreaks.now, zone: demoZone)
        #expect(cups.text == "1 of 2 today (limit)")
        #expect(cups.tone == .success)
    }

    @Test func aDayOverTheLimitHasItsOwnGlyphAndSaysWhy() {
        let over = coffee.evaluation.day(CalendarDay(year: 2024, month: 1, day: 1).adding(days: 40))
        #expect(over.state == .gap && over.isOverLimit)
        let (glyph, style) = coffee.shades.mark(over, glyphs: .unicode)
        #expect(glyph == "✕" && style.role == .danger)
        #expect(coffee.shades.mark(over, glyphs: .ascii).glyph == "X")
        #expect(HeatShades.name(of: over.state, eventCount: over.eventCount, overLimit: over.isOverLimit) == "over the limit")
        let state = DemoStreaks.state([DemoStreaks.coffeeHistory()])
        #expect(DayDetail.explanation(over, view: coffee, state: state) == ["3 of 2 credited: over the limit, so the day broke the run."])
    }

    @Test func aShortAmountDayIsPartlyDoneShadedByItsShare() {
        let short = distance.evaluation.days(from: distance.evaluation.firstHistoryDay!, through: distance.evaluation.today.adding(days: -1))
            .first { $0.state == .gap && $0.amount > 0 }!
        #expect(short.fraction > 0 && short.fraction < 1)
        #expect(distance.shades.level(short) == min(3, 1 + Int(short.fraction * 3)))
        #expect(distance.shades.mark(short, glyphs: .unicode).glyph == "□")
        let state = DemoStreaks.state([DemoStreaks.distanceHistory()])
        let said = DayDetail.explanation(short, view: distance, state: state).first ?? ""
        #expect(said.hasSuffix("km short, so the day broke the run."), "\(said)")
    }

    @Test func theLegendNamesTheOverGlyphForALimit() {
        let screen = Render.render(DemoStreaks.state([DemoStreaks.coffeeHistory()], width: 120, height: 40)).lines.joined(separator: "\n")
        #expect(screen.contains("✕ over the limit"))
        #expect(screen.contains("1 of 2 today (limit)"))
    }
}

/// Issue 49: a past day of the open week that was not kept is not "not needed": the week is
/// not decided yet. Friday 2024-06-14, one day kept (Monday) of 3 a week.
struct OpenWeekDayTests {
    @Test func aPastDayOfTheOpenWeekIsNotCalledNotNeeded() {
        let history = DemoHistory(
            configuration: StreakConfiguration(streakKey: "gym", freezeBehavior: .noFreezes, schedule: .timesPerWeek(3)),
            events: [StreakEvent(id: "m", dateCreated: demoDate("2024-06-10 18:30"), timezone: demoZone.identifier),
                     StreakEvent(id: "w", dateCreated: demoDate("2024-06-05 18:30"), timezone: demoZone.identifier)],
            freezes: []
        )
        let view = DemoStreaks.view(history)
        let state = DemoStreaks.state([history])
        let tuesday = view.evaluation.day(CalendarDay(year: 2024, month: 6, day: 11))
        #expect(tuesday.state == .rest)
        #expect(DayDetail.explanation(tuesday, view: view, state: state).first == "Not kept; the week, 1 of 3 so far, is not decided yet.")
    }
}
