import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

/// `a`: the catch-up walk of `streaks ask` over the screen: every due streak through every
/// unanswered day, oldest first, one question at a time. With nothing typed, y, n and s
/// answer at once and Enter leaves the day for later; digits or `#` start a typed answer
/// (an amount, a note) that Enter gives. Esc stops; every answer was saved as it was given.
public struct AskPanel: Equatable, Sendable {
    public let questions: [AskWalk.Question]
    public private(set) var index = 0
    public private(set) var text = ""
    /// Where typing goes in `text`; nil at its end.
    public private(set) var cursor: Int?
    public private(set) var problem: String?
    /// What the walk did so far, for the message it ends with.
    public private(set) var logged = 0, skipped = 0, notDone = 0, notes = 0, later = 0

    public init(questions: [AskWalk.Question]) {
        self.questions = questions
    }

    public var question: AskWalk.Question? { index < questions.count ? questions[index] : nil }

    /// The walk's questions on the screen as it is.
    static func opening(_ state: DashboardState) -> AskPanel {
        let evaluations = state.displayKeys.compactMap { state.views[$0]?.evaluation }
        let firstAllowed = CalendarDay(containing: StreakManager.oldestBackfillDate(now: state.now, timeZone: state.zone), in: state.zone)
        return AskPanel(questions: AskWalk(evaluations, memory: state.askMemory, since: nil, today: state.today, firstAllowed: firstAllowed).questions)
    }

    /// "Logged 3 days, skipped 1 …" (nil when nothing was answered).
    var summary: String? {
        let parts = [
            logged > 0 ? "logged \(counted(logged, "day"))" : nil,
            skipped > 0 ? "skipped \(counted(skipped, "day"))" : nil,
            notes > 0 ? "\(counted(notes, "note")) written" : nil,
            notDone > 0 ? "\(notDone) not done" : nil,
            later > 0 ? "\(later) left for later" : nil,
        ].compactMap { $0 }
        return parts.isEmpty ? nil : "Caught up: " + parts.joined(separator: ", ") + "."
    }

    func lines(_ state: DashboardState) -> [DayDetail.Line] {
        guard let question, let view = state.views[question.key] else { return [] }
        let configuration = view.configuration
        var hint = ""
        if let unit = configuration.unit { hint = " (\(unit))" } else if configuration.eventsRequiredPerDay > 1 { hint = " (\(configuration.eventsRequiredPerDay) a day)" }
        var lines: [DayDetail.Line] = [
            [("Question \(index + 1) of \(questions.count)", CellStyle(.muted))],
            [("\(DayNames.short(question.day)) \(question.day)  ", CellStyle(.text)), ("\(view.name)\(hint)?", CellStyle(.accent, bold: true))],
            [("> ", CellStyle(.accent, bold: true))] + {
                let (before, under, after) = TextEditing.split(text, cursor: cursor)
                guard let under else { return [(text + "_", CellStyle(.text, bold: true))] }
                return [(before, CellStyle(.text, bold: true)), (String(under), CellStyle(.text, bold: true, reverse: true)), (after, CellStyle(.text, bold: true))]
            }(),
        ]
        if let problem { lines.append([(problem, CellStyle(.warning))]) }
        lines.append([])
        lines.append([("y done · n not done · s skip · a number: how much · # a note", CellStyle(.muted))])
        lines.append([("enter: later (or gives what is typed) · esc: stop, answers are kept", CellStyle(.muted))])
        return lines
    }

    /// What a key asks for: keep typing, stop, or the answer to the question shown.
    public enum Outcome: Equatable, Sendable {
        case typing
        case stop
        case answer(AskAnswer)
    }

    public mutating func press(_ key: Key) -> Outcome {
        problem = nil
        switch key {
        case .escape:
            return .stop
        case .enter:
            guard let answer = AskAnswer(text) else {
                problem = "'\(text.prefix(30))' is not an answer."
                return .typing
            }
            return answer == .quit ? .stop : .answer(answer)
        case .character(let character) where text.isEmpty && "yns".contains(character):
            return .answer(character == "y" ? .yes : character == "n" ? .no : .skip)
        case .character("q") where text.isEmpty:
            return .stop
        default:
            _ = TextEditing.apply(key, to: &text, cursor: &cursor, limit: StreakValidation.longestNote + 2) {
                !StreakValidation.hasControlCharacter(String($0))
            }
        }
        return .typing
    }

    /// The answer was taken: count it and go on to the next question (a note stays on its day).
    mutating func answered(_ answer: AskAnswer) {
        text = ""
        cursor = nil
        switch answer {
        case .yes, .amount: logged += 1
        case .skip: skipped += 1
        case .no: notDone += 1
        case .later: later += 1
        case .note: notes += 1; return
        case .quit: return
        }
        index += 1
    }

    /// The answer logs nothing as typed: say why, and ask again.
    mutating func refuse(_ why: String) {
        problem = why
    }
}

extension Reducer {
    /// A key while the walk is open.
    static func handleAsk(_ key: Key, _ panel: AskPanel, _ state: inout DashboardState) -> [Effect] {
        var panel = panel
        guard let question = panel.question, let view = state.views[question.key] else { return endAsk(panel, &state) }
        switch panel.press(key) {
        case .typing:
            state.overlay = .ask(panel)
            return []
        case .stop:
            return endAsk(panel, &state)
        case .answer(let answer):
            var effects: [Effect] = []
            switch answer {
            case .yes, .amount:
                switch answer.logging(view.configuration) {
                case .failure(let problem):
                    panel.refuse(problem.text)
                    state.overlay = .ask(panel)
                    return []
                case .success(let log):
                    effects = [.logOn(streak: question.key, day: question.day, count: log.count, amount: log.amount)]
                case nil:
                    break
                }
            case .skip:
                effects = [.skip(question.key, days: question.day...question.day, skipping: true)]
            case .note(let text):
                do {
                    try StreakValidation.validateNote(text)
                } catch {
                    panel.refuse((error as? LocalizedError)?.errorDescription ?? "\(error)")
                    state.overlay = .ask(panel)
                    return []
                }
                effects = [.write(.setNote(StreakNote(day: question.day, text: text)), streak: question.key)]
            case .no, .later:
                var memory = state.askMemory[question.key] ?? AskWalk.Memory()
                if answer == .no { memory.no.insert(question.day); memory.open.remove(question.day) } else { memory.open.insert(question.day) }
                state.askMemory[question.key] = memory
                effects = [.rememberAnswers(state.askMemory)]
            case .quit:
                return endAsk(panel, &state)
            }
            // A day left for later and answered now is no longer open.
            if [.yes, .skip].contains(answer) || answer.isAmount, state.askMemory[question.key]?.open.remove(question.day) != nil {
                effects.append(.rememberAnswers(state.askMemory))
            }
            panel.answered(answer)
            if panel.question == nil { return effects + endAsk(panel, &state) }
            state.overlay = .ask(panel)
            return effects
        }
    }

    private static func endAsk(_ panel: AskPanel, _ state: inout DashboardState) -> [Effect] {
        state.overlay = .none
        state.message = panel.summary ?? "Nothing answered."
        return []
    }
}

private extension AskAnswer {
    var isAmount: Bool { if case .amount = self { true } else { false } }
}
