import Foundation
import Testing
@testable import StreakDashboard
import StreakPresentation
import SwiftfulGamification

/// Every text field edits at a cursor: Home/End, ←/→, Backspace before it, Ctrl-U
/// everything before it, typing in the middle.
struct TextEditingTests {
    func type(_ keys: [Key], into text: String) -> (String, Int?) {
        var (text, cursor): (String, Int?) = (text, nil)
        for key in keys { _ = TextEditing.apply(key, to: &text, cursor: &cursor, limit: 20) { !$0.isNewline } }
        return (text, cursor)
    }

    @Test func homeEndArrowsBackspaceAndCtrlU() {
        #expect(type([.home, .character("x")], into: "abc") == ("xabc", 1))
        #expect(type([.home, .end, .character("x")], into: "abc") == ("abcx", nil))
        #expect(type([.left, .left, .backspace], into: "abc") == ("bc", 0))
        #expect(type([.left, .clearField], into: "abc") == ("c", 0))
        #expect(type([.home, .right, .right, .right, .right, .character("!")], into: "abc") == ("abc!", nil))
        #expect(type([.home, .backspace, .left], into: "abc") == ("abc", 0))
        // A character the field does not take is not an editing key; nor is Enter.
        var (text, cursor): (String, Int?) = ("ab", nil)
        #expect(!TextEditing.apply(.character("\n"), to: &text, cursor: &cursor, limit: 20) { !$0.isNewline })
        #expect(!TextEditing.apply(.enter, to: &text, cursor: &cursor, limit: 20) { _ in true })
        // The limit holds wherever the cursor is.
        #expect(type([.home, .character("x")], into: String(repeating: "a", count: 20)).0.count == 20)
    }

    @Test func theStreakFormEditsItsKeyInTheMiddleAndDrawsTheCursorThere() {
        var form = StreakForm.create(suggesting: "daily", taken: [])
        for character in "medit" { _ = form.handle(.character(character)) }
        for key in [Key.home, .right, .right, .character("x")] { _ = form.handle(key) }
        #expect(form.key == "mexdit")
        _ = form.handle(.end)
        _ = form.handle(.backspace)
        #expect(form.key == "mexdi")
        _ = form.handle(.home)
        let line = FormWidget.lines(form, glyphs: .unicode).first { $0.contains { $0.0.hasPrefix("[") } } ?? []
        #expect(line.map(\.0).joined().contains("[mexdi]"))
        #expect(line.contains { $0.0 == "m" && !$0.1.reverse })
        // Moving to another field puts its cursor at its end.
        _ = form.handle(.tab)
        #expect(form.cursor == nil)
    }

    @Test func theNoteFormAndTheWalkEditAtTheCursor() {
        var note = NoteForm(streak: "run", day: CalendarDay(year: 2024, month: 6, day: 14), isToday: true, existing: "knee hurt")
        for key in [Key.home, .character("m"), .character("y"), .character(" ")] { _ = note.press(key) }
        #expect(note.text == "my knee hurt")
        var panel = AskPanel(questions: [AskWalk.Question(day: CalendarDay(year: 2024, month: 6, day: 14), key: "run")])
        for key in [Key.character("#"), .character("a"), .character("c"), .left, .character("b")] { _ = panel.press(key) }
        #expect(panel.text == "#abc" && panel.cursor == 3)
        #expect(panel.press(.enter) == .answer(.note("abc")))
    }
}
