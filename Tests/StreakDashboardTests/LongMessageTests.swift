import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
import SwiftfulGamification

/// A message longer than its line (a deletion saying how to bring the streak back, an error
/// naming a path) was cut at the screen's edge; it wraps onto up to three lines instead.
struct LongMessageTests {
    static let deletion = "Deleted 'meditation' (1,234 events): in the trash until Jan 5, 2027; "
        + "`streaks trash restore meditation` brings it back. The key 'meditation' is free now."

    @Test(arguments: [(80, 24), (120, 40), (200, 60)])
    func aLongMessageIsReadWhole(width: Int, height: Int) {
        var state = DemoStreaks.state([DemoStreaks.journalHistory()], width: width, height: height)
        state.message = Self.deletion
        let screen = Render.render(state).lines.joined(separator: "\n")
        let words = Self.deletion.split(separator: " ")
        // Every word is on the screen, in order, the last one too.
        var rest = screen[...]
        for word in words {
            guard let found = rest.range(of: word) else {
                Issue.record("'\(word)' missing at \(width)x\(height):\n\(screen)")
                return
            }
            rest = rest[found.upperBound...]
        }
        // The footer (the keys) is still the last line.
        let short = DemoStreaks.state([DemoStreaks.journalHistory()], width: width, height: height)
        #expect(Render.render(state).lines.last == Render.render(short).lines.last)
    }

    @Test func aShortMessageKeepsOneLineAndTheLayout() {
        var state = DemoStreaks.state([DemoStreaks.journalHistory()], width: 80, height: 24)
        let before = Render.render(state).lines
        state.message = "Logged 'journal'."
        let after = Render.render(state).lines
        #expect(ScreenPlan.messageLines(state).count == 1)
        // Only the message line differs.
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed == [before.count - 2], "\(changed)")
    }

    @Test func atTheMinimumHeightTheMessageKeepsOneLineFilledAndSaysItWasCut() {
        var state = DemoStreaks.state([DemoStreaks.journalHistory()], width: Render.minimumWidth, height: Render.minimumHeight)
        state.message = Self.deletion
        let lines = ScreenPlan.messageLines(state)
        #expect(lines.count == 1)
        #expect(Render.render(state).lines.count == Render.minimumHeight)
        // The line is used to its end, and ends with the mark of a cut.
        #expect(lines[0].cellWidth == state.width - 2 && lines[0].hasSuffix("…"), "\(lines)")
        #expect(Self.deletion.hasPrefix(String(lines[0].dropLast())))
    }

    @Test func aMessageLongerThanThreeLinesEndsWithTheMarkOfACut() {
        var state = DemoStreaks.state([DemoStreaks.journalHistory()], width: 80, height: 24)
        state.message = String(repeating: Self.deletion + " ", count: 3)
        let lines = ScreenPlan.messageLines(state)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.cellWidth <= 78 })
        #expect(lines[2].hasSuffix("…"), "\(lines)")
        state.ascii = true
        #expect(ScreenPlan.messageLines(state)[2].hasSuffix("~"))
    }
}

/// Lines are measured in terminal columns: a wide character takes two.
struct TextWrapTests {
    @Test func wideCharactersCountTwoColumns() {
        // 瞑想 is four columns: "瞑想 瞑想 瞑想" is 14, so at 10 it breaks after the second word.
        #expect(TextWrap.lines("瞑想 瞑想 瞑想", width: 10) == ["瞑想 瞑想", "瞑想"])
        for line in TextWrap.lines("毎日の瞑想を十分間続けることができました。とても良い一日でした。", width: 12) {
            #expect(line.cellWidth <= 12, "\(line)")
        }
    }

    @Test func aWordWiderThanTheLineIsCutAndNothingIsLost() {
        let word = String(repeating: "日", count: 7) + "abc"
        let lines = TextWrap.lines(word, width: 5)
        #expect(lines.joined() == word)
        #expect(lines.allSatisfy { $0.cellWidth <= 5 }, "\(lines)")
        // One column cannot hold a wide character: it still goes, one a line.
        #expect(TextWrap.lines("日本", width: 1) == ["日", "本"])
    }

    @Test func asciiWrapsAsBefore() {
        #expect(TextWrap.lines("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrap.lines("", width: 4) == [""])
    }
}
