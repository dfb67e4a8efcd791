import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// `N`: the cursor day's note in a one-line form, in the day panel and beside the day on the
/// calendar; on the demo reading streak at its pinned clock (today Fri 2024-06-14).
struct NoteFormTests {
    let today = CalendarDay(year: 2024, month: 6, day: 14)
    let yesterday = CalendarDay(year: 2024, month: 6, day: 13)

    func press(_ state: DashboardState, _ keys: [Key]) -> (DashboardState, [Effect]) {
        var current = state
        var effects: [Effect] = []
        for key in keys {
            let result = Reducer.reduce(current, .key(key))
            current = result.0
            effects += result.1
        }
        return (current, effects)
    }

    func typing(_ text: String) -> [Key] { text.map(Key.character) }

    /// The reading streak, with `notes` as its store would publish them.
    func reading(notes: [StreakNote] = [], ascii: Bool = false, width: Int = 80, height: Int = 24) -> DashboardState {
        let view = DemoStreaks.view(DemoStreaks.readingHistory())
        let state = DemoStreaks.state([DemoStreaks.readingHistory()], width: width, height: height, ascii: ascii)
        return Reducer.reduce(state, .streakUpdated(StreakView(key: view.key, evaluation: view.evaluation.withNotes(notes)))).0
    }

    func form(_ state: DashboardState) -> NoteForm? {
        if case .noteForm(let form) = state.overlay { return form }
        return nil
    }

    @Test func nOpensAnEmptyFormAndEnterSavesWhatWasTyped() throws {
        let (opened, none) = press(reading(), [.character("N")])
        #expect(none.isEmpty)
        let note = try #require(form(opened))
        #expect(note.question == "Note on today in reading")
        #expect(note.text.isEmpty)
        // Enter on nothing says what to do, writes nothing.
        let (empty, nothing) = press(opened, [.enter])
        #expect(nothing.isEmpty)
        #expect(form(empty)?.problem == "Type the note (esc cancels).")
        let (saved, effects) = press(opened, typing("  knee hurt, 膝 ") + [.enter])
        #expect(effects == [.write(.setNote(StreakNote(day: today, text: "knee hurt, 膝")), streak: "reading")])
        #expect(saved.overlay == .none)
        // A write: nothing is drawn until its outcome is back.
        var loop = DashboardLoop(state: opened)
        for key in typing("x") { _ = loop.handle(.key(key)) }
        #expect(loop.handle(.key(.enter)) == (draw: false, effects: [.write(.setNote(StreakNote(day: today, text: "x")), streak: "reading")]))
    }

    @Test func theFormOpensOnTheCursorsDayPrefilledAndEditsIt() throws {
        let state = reading(notes: [StreakNote(day: yesterday, text: "rain")])
        let (back, _) = press(state, [.up])
        let note = try #require(form(press(back, [.character("N")]).0))
        #expect(note.question == "Note on Thu 2024-06-13 in reading")
        #expect(note.text == "rain")
        let (_, effects) = press(back, [.character("N")] + typing(", heavy") + [.enter])
        #expect(effects == [.write(.setNote(StreakNote(day: yesterday, text: "rain, heavy")), streak: "reading")])
        // The same text again writes nothing.
        let (same, none) = press(back, [.character("N"), .enter])
        #expect(none.isEmpty)
        #expect(same.message == "The note is as it was.")
    }

    @Test func anEmptiedNoteSaysEnterRemovesItThenRemovesIt() throws {
        let (back, _) = press(reading(notes: [StreakNote(day: yesterday, text: "rain")]), [.up])
        let (emptied, none) = press(back, [.character("N"), .clearField])
        #expect(none.isEmpty)
        #expect(Render.render(emptied).lines.joined().contains("enter: remove this day's note"))
        let (removed, effects) = press(emptied, [.enter])
        #expect(effects == [.write(.removeNote(yesterday), streak: "reading")])
        #expect(removed.overlay == .none)
        // Backspace to nothing says the same.
        let (erased, _) = press(back, [.character("N")] + Array(repeating: .backspace, count: 4))
        #expect(form(erased)?.text == "")
        #expect(press(erased, [.enter]).1 == [.write(.removeNote(yesterday), streak: "reading")])
    }

    @Test func escCancelsAndWritesNothing() {
        let (cancelled, effects) = press(reading(), [.character("N")] + typing("draft") + [.escape])
        #expect(effects.isEmpty)
        #expect(cancelled.overlay == .none)
        #expect(cancelled.message == "Cancelled.")
    }

    @Test func controlKeysDoNotTypeAndAThousandCharactersIsTheMost() throws {
        var note = NoteForm(streak: "reading", day: today, isToday: true, existing: nil)
        for key in [Key.tab, .up, .left, .character("\u{7}"), .character("q"), .character("N")] { _ = note.press(key) }
        #expect(note.text == "qN")
        let long = NoteForm(streak: "reading", day: today, isToday: true, existing: String(repeating: "a", count: 1_000))
        var full = long
        #expect(full.press(.character("b")) == .typing)
        #expect(full.text.count == 1_000)
        #expect(full.problem == "A note is at most 1000 characters.")
        #expect(full.press(.enter) == .unchanged)
        // A long note shows its end, where typing goes, within the box.
        var edited = long
        _ = edited.press(.character("z"))
        _ = edited.press(.backspace)
        _ = edited.press(.character("z"))
        let screen = Render.render(press(reading(), [.character("N")]).0)
        #expect(screen.lines.joined().contains(" note "))
        let field = edited.lines(width: 40, glyphs: .unicode)[1].map(\.0).joined()
        #expect(field.hasPrefix("> …") && field.contains("az_"))
        #expect(field.count <= 42)
    }

    @Test func theDayPanelShowsTheDaysNote() {
        let state = reading(notes: [StreakNote(day: today, text: "knee hurt")])
        let screen = Render.render(state).lines.joined(separator: "\n")
        #expect(screen.contains("✎ knee hurt"))
        let ascii = Render.render(reading(notes: [StreakNote(day: today, text: "knee hurt")], ascii: true)).lines.joined(separator: "\n")
        #expect(ascii.contains("\" knee hurt"))
        #expect(!Render.render(reading()).lines.joined().contains("✎"))
    }

    /// The mark sits beside the day (the cell after its glyph), in Unicode and ASCII, and the
    /// legend names it; without notes there is neither.
    @Test(arguments: [false, true])
    func theCalendarMarksANotedDayAndTheLegendSaysSo(ascii: Bool) throws {
        let state = reading(notes: [StreakNote(day: yesterday, text: "rain")], ascii: ascii, width: 120, height: 40)
        let view = try #require(state.view)
        let rect = Rect(x: 0, y: 0, width: 60, height: ScreenPlan.bandHeight)
        var grid = Grid(width: 60, height: ScreenPlan.bandHeight + 1)
        HeatmapWidget.draw(state, view, in: rect, bands: 1, grid: &grid)
        let column = HeatmapWidget.labelWidth + (HeatmapWidget.weeksPerBand(60) - 1) * 2
        // Thursday is the fourth row (Monday first), under the month row.
        let glyphs: Glyphs = ascii ? .ascii : .unicode
        #expect(grid[column + 1, 1 + 3].glyph == glyphs.note)
        #expect(grid[column + 1, 1 + 4].glyph == " ")
        var legend = Grid(width: 200, height: 1)
        HeatmapWidget.drawLegend(state, view, in: Rect(x: 0, y: 0, width: 200, height: 1), grid: &legend)
        #expect(legend.lines[0].contains("\(glyphs.note) note"))
        var plain = Grid(width: 200, height: 1)
        HeatmapWidget.drawLegend(reading(), try #require(reading().view), in: Rect(x: 0, y: 0, width: 200, height: 1), grid: &plain)
        #expect(!plain.lines[0].contains(" note"))
    }

    @Test func theHelpNamesTheKeyAndTheMark() {
        let help = Render.helpLines(reading()).map { $0.map(\.0).joined() }
        #expect(help.contains { $0.hasPrefix("N ") && $0.contains("note") })
        #expect(help.contains { $0.contains("✎ a note") })
    }

    @Test func theOutcomesSayWhatWasDone() {
        #expect(WriteOutcome.noted(key: "reading", day: yesterday, replaced: false).message(in: demoZone) == "Noted Thu 2024-06-13 in reading.")
        #expect(WriteOutcome.noted(key: "reading", day: yesterday, replaced: true).message(in: demoZone) == "Replaced the note of Thu 2024-06-13 in reading.")
        #expect(WriteOutcome.noteRemoved(key: "reading", day: yesterday).message(in: demoZone) == "Removed the note of Thu 2024-06-13 in reading.")
        #expect(Effect.write(.removeNote(yesterday), streak: "reading").writesStreak == "reading")
    }
}
