import Foundation
import Testing
@testable import StreakDashboard
import DashboardDemo
import StreakPresentation
import SwiftfulGamification

/// `a`: the catch-up walk over the screen, the same questions as `streaks ask`.
struct AskPanelTests {
    let state = DemoStreaks.state(ReducerTests.five)


    func panel(_ state: DashboardState) throws -> AskPanel {
        guard case .ask(let panel) = state.overlay else { throw AskPanelError.notOpen("\(state.overlay)") }
        return panel
    }

    enum AskPanelError: Error { case notOpen(String) }

    @Test func aOpensTheWalkWithTheCommandsQuestionsOldestFirst() throws {
        let open = press(state, .character("a")).0
        let walk = try panel(open)
        let firstAllowed = CalendarDay(containing: StreakManager.oldestBackfillDate(now: open.now, timeZone: open.zone), in: open.zone)
        let expected = AskWalk(open.displayKeys.compactMap { open.views[$0]?.evaluation }, memory: [:], since: nil, today: open.today, firstAllowed: firstAllowed)
        #expect(walk.questions == expected.questions)
        #expect(!walk.questions.isEmpty)
        #expect(walk.questions.map(\.day) == walk.questions.map(\.day).sorted())
        let screen = Render.render(open).lines.joined(separator: "\n")
        #expect(screen.contains("Question 1 of \(walk.questions.count)"))
    }

    @Test func eachKindOfAnswerBecomesItsWrite() throws {
        let open = press(state, .character("a")).0
        let questions = try panel(open).questions
        try #require(questions.count >= 3)
        let (first, y) = press(open, .character("y"))
        let view = try #require(open.views[questions[0].key])
        let log = try #require(try AskAnswer.yes.logging(view.configuration)?.get())
        #expect(y == [.logOn(streak: questions[0].key, day: questions[0].day, count: log.count, amount: log.amount)])
        #expect(try panel(first).question == questions[1])
        let (second, n) = press(first, .character("n"))
        #expect(second.askMemory[questions[1].key]?.no == [questions[1].day])
        #expect(n == [.rememberAnswers(second.askMemory)])
        // A note stays on its day; then s skips it.
        let (noted, note) = press(second, .character("#"), .character(" "), .character("h"), .character("i"), .enter)
        #expect(note.count == 1)
        #expect(note == [.write(.setNote(StreakNote(day: questions[2].day, text: "hi")), streak: questions[2].key)])
        #expect(try panel(noted).question == questions[2])
        let (_, skip) = press(noted, .character("s"))
        #expect(skip == [.write(.addSkips([questions[2].day]), streak: questions[2].key)])
    }

    @Test func enterLeavesTheDayForLaterAndEscStopsWithWhatWasDone() throws {
        let open = press(state, .character("a")).0
        let questions = try panel(open).questions
        let (later, effects) = press(open, .enter)
        #expect(later.askMemory[questions[0].key]?.open == [questions[0].day])
        #expect(effects == [.rememberAnswers(later.askMemory)])
        let (stopped, _) = press(later, .character("y"), .escape)
        #expect(stopped.overlay == .none)
        #expect(stopped.message == "Caught up: logged 1 day, 1 left for later.")
        // Something that is not an answer is refused and asked again.
        let (refused, none) = press(open, .character("x"), .enter)
        #expect(none.isEmpty)
        #expect(try panel(refused).problem?.contains("not an answer") == true)
    }

    @Test func withNothingToAskItSaysSo() {
        var answered = state
        let firstAllowed = CalendarDay(containing: StreakManager.oldestBackfillDate(now: state.now, timeZone: state.zone), in: state.zone)
        for question in AskWalk(state.displayKeys.compactMap { state.views[$0]?.evaluation }, memory: [:], since: nil, today: state.today, firstAllowed: firstAllowed).questions {
            answered.askMemory[question.key, default: .init()].no.insert(question.day)
        }
        let (after, effects) = press(answered, .character("a"))
        #expect(after.overlay == .none && effects.isEmpty)
        #expect(after.message == "Nothing to ask: every due day since the last answer has one.")
    }
}
