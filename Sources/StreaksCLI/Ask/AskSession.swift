import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

/// One `streaks ask` walk at the terminal: the question line, reading an answer, what an
/// answer logs, and what the walk changed.
struct AskSession {
    let context: CommandContext
    private var changes: [String: [String]] = [:]
    private var order: [String] = []
    private var counts = (logged: 0, skipped: 0, no: 0, notes: 0, later: 0)

    init(context: CommandContext) {
        self.context = context
    }

    /// Asks `question` until a valid answer comes; nil at the end of the input.
    func ask(_ question: AskWalk.Question, _ configuration: StreakConfiguration) -> AskAnswer? {
        let console = context.console
        while true {
            console.write(Self.prompt(question, configuration))
            guard let line = console.readLine() else {
                console.print()
                return nil
            }
            // Piped answers are shown, so the transcript reads as the session did.
            if !console.inputIsTerminal() { console.print(line) }
            if let answer = AskAnswer(line) { return answer }
            console.print("  '\(line.prefix(40))' is not an answer: \(AskAnswer.help)")
        }
    }

    static func prompt(_ question: AskWalk.Question, _ configuration: StreakConfiguration) -> String {
        let weekday = Weekday(calendarWeekday: question.day.weekday).shortName
        var hint = ""
        if let unit = configuration.unit {
            hint = " (\(unit))"
        } else if configuration.eventsRequiredPerDay > 1 {
            hint = " (\(configuration.eventsRequiredPerDay) a day)"
        }
        return "\(weekday) \(question.day)  \(configuration.displayName)\(hint)? "
    }

    /// What `answer` logs on `day`, at the day's noon (or now, today before noon); nil
    /// (after saying why) when it logs nothing as typed.
    func events(for answer: AskAnswer, on day: CalendarDay, _ configuration: StreakConfiguration) -> [StreakEvent]? {
        switch answer.logging(configuration) {
        case .success(let log):
            let noon = min(day.startDate(in: context.zone).addingTimeInterval(12 * 3_600), context.now)
            return (0..<log.count).map { _ in StreakEvent(dateCreated: noon, timezone: context.zone.identifier, amount: log.amount) }
        case .failure(let problem):
            context.console.print("  \(problem.text)")
            return nil
        case nil:
            return nil
        }
    }

    mutating func record(_ answer: AskAnswer, _ question: AskWalk.Question) {
        let what: String
        switch answer {
        case .yes: what = "logged"; counts.logged += 1
        case .amount(let value): what = "logged \(StreakAmount.text(value))"; counts.logged += 1
        case .skip: what = "skipped"; counts.skipped += 1
        case .note: what = "note"; counts.notes += 1
        case .no: counts.no += 1; return
        case .later: counts.later += 1; return
        case .quit: return
        }
        if changes[question.key] == nil { order.append(question.key) }
        let weekday = Weekday(calendarWeekday: question.day.weekday).shortName
        changes[question.key, default: []].append("\(weekday) \(question.day) \(what)")
        context.console.saved.note("\(what) on \(question.day) in \(question.key)")
    }

    /// What the walk changed, streak by streak, then the answers that changed nothing in the store.
    var summary: String {
        var lines: [String] = []
        let parts = [
            counts.logged > 0 ? "logged \(counted(counts.logged, "day"))" : nil,
            counts.skipped > 0 ? "skipped \(counted(counts.skipped, "day"))" : nil,
            counts.notes > 0 ? "\(counted(counts.notes, "note")) written" : nil,
            counts.no > 0 ? "\(counts.no) not done (remembered)" : nil,
            counts.later > 0 ? "\(counts.later) left for later" : nil,
        ].compactMap { $0 }
        lines.append(parts.isEmpty ? "Nothing changed." : "Done: " + parts.joined(separator: ", ") + ".")
        for key in order { lines.append("  \(key): " + (changes[key] ?? []).joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}
