import DashboardDemo
import Foundation
@testable import StreakDashboard
import SwiftfulGamification
import Testing

/// Titles in any script on the grid: wide characters take two columns and are never cut in
/// half, and the overview and the panel name streaks by their titles.
struct WideTextTests {
    @Test func wideCharactersTakeTwoColumns() {
        var grid = Grid(width: 10, height: 1)
        grid.put("日本語ab", x: 0, y: 0)
        #expect(grid.lines == ["日本語ab"])
        #expect(grid[1, 0].isContinuation && grid[3, 0].isContinuation && grid[5, 0].isContinuation)
        #expect(grid[6, 0].glyph == "a")
        var clipped = Grid(width: 10, height: 1)
        clipped.put("日本語", x: 0, y: 0, limit: 5)
        #expect(clipped.lines == ["日本"])
        // Writing over the right half of a wide character blanks its left half too.
        grid[1, 0] = Cell(glyph: "x", style: .plain)
        #expect(grid.lines == [" x本語ab"])
    }

    @Test(arguments: [
        ("Stretch in the morning", 10, "Stretch i…"),
        ("日本語の勉強", 7, "日本語…"),
        ("Café", 4, "Café"),
        ("🏃 Run", 4, "🏃 …"),
    ])
    func textIsCutToColumns(text: String, width: Int, cut: String) {
        #expect(text.truncated(toCells: width) == cut)
        #expect(text.truncated(toCells: width).cellWidth <= width)
    }

    @Test func theOverviewAndThePanelShowTitles() {
        let reading = DemoStreaks.readingHistory()
        let titled = DemoHistory(
            configuration: reading.configuration.titled("読書 — 20 pages"), events: reading.events, freezes: reading.freezes, skips: reading.skips
        )
        let state = DemoStreaks.state([titled, DemoStreaks.waterHistory()], width: 120, height: 40)
        let text = Render.render(state).lines.joined(separator: "\n")
        #expect(text.contains("読書 — 20 pages"))
        #expect(!text.contains("\u{0}"))
    }
}

/// Groups in the overview (issue 32): headings in `StreakOrder`, J and K move the selection.
struct GroupedOverviewTests {
    private func grouped() -> DashboardState {
        let histories = DemoStreaks.fiveStreaks().enumerated().map { index, history in
            DemoHistory(
                configuration: history.configuration.placed(group: index < 2 ? nil : (index < 4 ? "Health" : "Work"), position: Double(index)),
                events: history.events, freezes: history.freezes, skips: history.skips
            )
        }
        return DemoStreaks.state(histories, width: 120, height: 40)
    }

    @Test func headingsStandBeforeEachGroup() {
        let state = grouped()
        let headings = state.listRows.compactMap { if case .heading(let name) = $0 { name } else { nil } }
        #expect(headings == ["Health", "Work"])
        let text = Render.render(state).lines.joined(separator: "\n")
        #expect(text.contains("Health  "))
        #expect(text.contains("kept today"))
    }

    @Test func shiftedLettersMoveTheSelectedStreak() {
        var state = grouped()
        let keys = state.displayKeys
        state = Reducer.reduce(state, .key(.character("j"))).0
        #expect(state.selected == keys[1])
        let (_, down) = Reducer.reduce(state, .key(.character("J")))
        #expect(down == [.move(streak: keys[1], place: .after(keys[2]))])
        let (_, up) = Reducer.reduce(state, .key(.character("K")))
        #expect(up == [.move(streak: keys[1], place: .before(keys[0]))])
        let (top, none) = Reducer.reduce(Reducer.reduce(state, .key(.character("k"))).0, .key(.character("K")))
        #expect(none.isEmpty)
        #expect(top.message?.contains("first already") == true)
    }
}

/// `/` narrows the overview by title; `z` folds a group to its heading.
struct FilterAndFoldTests {
    private func grouped() -> DashboardState {
        let histories = DemoStreaks.fiveStreaks().enumerated().map { index, history in
            DemoHistory(
                configuration: history.configuration.placed(group: index < 3 ? "Health" : "Mind", position: Double(index)),
                events: history.events, freezes: history.freezes, skips: history.skips
            )
        }
        return DemoStreaks.state(histories, width: 120, height: 40)
    }

    private func press(_ state: DashboardState, _ keys: Key...) -> DashboardState {
        keys.reduce(state) { Reducer.reduce($0, .key($1)).0 }
    }

    @Test func typingNarrowsTheListAndEscShowsAllAgain() {
        let state = press(grouped(), .character("/"), .character("W"), .character("a"))
        #expect(state.displayKeys == ["water"])
        #expect(state.selected == "water")
        #expect(state.message?.contains("filter: Wa_") == true)
        // Enter keeps the filter; keys act on the list again.
        let kept = press(state, .enter)
        #expect(!kept.isTypingFilter && kept.displayKeys == ["water"])
        let cleared = press(kept, .character("/"), .escape)
        #expect(cleared.filter == nil && cleared.displayKeys.count == 5)
    }

    @Test func zFoldsTheSelectedStreaksGroup() {
        let state = grouped()
        let folded = press(state, .character("z"))
        #expect(folded.collapsedGroups == ["Health"])
        #expect(folded.listRows.filter { if case .streak = $0 { true } else { false } }.count == 2)
        #expect(folded.selected.map { folded.selectableKeys.contains($0) } == true)
        #expect(Render.render(folded).lines.joined().contains("▸ Health"))
        // The selection is in the other group now: z folds that one too.
        let both = press(folded, .character("z"))
        #expect(both.collapsedGroups == ["Health", "Mind"])
        #expect(both.listRows == [.heading("Health"), .heading("Mind")])
    }
}

/// Headings are rows the list's cursor reaches: Enter or Space there folds or unfolds the
/// group (a folded group's streaks cannot be selected, so its heading is the way back).
struct HeadingFoldTests {
    private func press(_ state: DashboardState, _ keys: Key...) -> DashboardState {
        keys.reduce(state) { Reducer.reduce($0, .key($1)).0 }
    }

    @Test func enterOnAHeadingFoldsItsGroupAndSpaceUnfoldsIt() {
        let histories = DemoStreaks.fiveStreaks().enumerated().map { index, history in
            DemoHistory(
                configuration: history.configuration.placed(group: index < 3 ? "Health" : "Mind", position: Double(index)),
                events: history.events, freezes: history.freezes, skips: history.skips
            )
        }
        let state = DemoStreaks.state(histories, width: 120, height: 40)
        #expect(state.focus == .list && state.selected == state.displayKeys[0])
        let onHeading = press(state, .up)
        #expect(onHeading.selectedHeading == "Health")
        #expect(onHeading.selected == state.selected)
        #expect(Render.render(onHeading).lines.contains { $0.hasPrefix(" ▶ ▾ Health") })
        let (folded, effects) = Reducer.reduce(onHeading, .key(.enter))
        #expect(effects.isEmpty)
        #expect(folded.collapsedGroups == ["Health"] && folded.selectedHeading == "Health")
        // Down: the next heading, then its first streak; back up to the folded heading.
        let mind = press(folded, .down)
        #expect(mind.selectedHeading == "Mind")
        let streak = press(mind, .down)
        #expect(streak.selectedHeading == nil && streak.selected == streak.displayKeys[3])
        let unfolded = press(streak, .up, .up, .character(" "))
        #expect(unfolded.collapsedGroups.isEmpty && unfolded.selectedHeading == "Health")
        // z on a heading folds that group; Tab goes on among streaks only.
        #expect(press(unfolded, .character("z")).collapsedGroups == ["Health"])
        #expect(press(unfolded, .tab).selectedHeading == nil)
    }
}

/// The selection starts on the overview's first row, whatever order the keys came in.
struct FirstSelectionTests {
    @Test func theFirstRowIsSelectedOnceEveryStreakArrived() {
        let histories = DemoStreaks.fiveStreaks().enumerated().map { index, history in
            DemoHistory(
                configuration: history.configuration.placed(group: nil, position: Double(10 - index)),
                events: history.events, freezes: history.freezes, skips: history.skips
            )
        }
        let state = DemoStreaks.state(histories, width: 120, height: 40)
        #expect(state.selected == state.displayKeys.first)
        #expect(state.selected == histories.last?.configuration.streakKey)
        // A person's choice stands.
        let moved = Reducer.reduce(state, .key(.character("j"))).0
        let again = Reducer.reduce(moved, .streakUpdated(DemoStreaks.view(histories[0]))).0
        #expect(again.selected == moved.selected)
    }
}

/// The panel's Today bar of a `timesPerWeek` streak counts today's events, as its bar does;
/// the week is the row below (issue 49).
struct WeeklyTodayBarTests {
    @Test func theTodayRowSaysTodaysCountNotTheWeeks() {
        let configuration = StreakConfiguration(streakKey: "gym", schedule: .timesPerWeek(3))
        let events = [StreakEvent(id: "g1", dateCreated: demoDate("2024-06-13 18:00"), timezone: demoZone.identifier)]
        let state = DemoStreaks.state([DemoHistory(configuration: configuration, events: events, freezes: [])], width: 120, height: 40)
        let lines = Render.render(state).lines
        let today = lines.first { $0.contains("Today ") }
        #expect(today?.contains("0/1") == true, "\(today ?? "no Today row")")
        #expect(lines.contains { $0.contains("1 of 3") })
    }
}
