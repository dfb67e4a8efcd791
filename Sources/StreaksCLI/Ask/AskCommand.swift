import ArgumentParser
import Foundation
import GamificationSupport
import StreakPresentation
import SwiftfulGamification

/// `streaks ask`: every due streak through every unanswered day, oldest first, one line each,
/// on a plain terminal or from a pipe. Each answer is saved as it is given.
struct AskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask", abstract: "Catch up: answer for every due streak and every day not answered yet.",
        discussion: """
        Walks each streak through the days since its last answer (its own events, a skip, or an earlier \
        "no"), oldest first, plus days left for later. Answers: y (done), n (not done: remembered), \
        s (skip the day), a number (an amount, or that many events), # text (a note; the day is asked \
        again), Enter (later), q (stop; what was answered stays saved). Answers may come from a pipe, \
        one per line. At the end it says what changed.
        """
    )

    @Argument(help: "The streaks to ask about (default: all).", completion: Completions.streakKeys) var keys: [String] = []
    @Option(help: ArgumentHelp("Ask from this day on, even behind the last answer (at most a year back).", valueName: "date")) var since: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        let today = CalendarDay(containing: context.now, in: context.zone)
        let firstAllowed = CalendarDay(containing: StreakManager.oldestBackfillDate(now: context.now, timeZone: context.zone), in: context.zone)
        let sinceDay = try since.map { text in
            let date = try DateArgument.parse(text, option: "--since", zone: context.zone, bareDateHour: 12, now: context.now, relativeDayTime: .currentTime)
            let day = CalendarDay(containing: date, in: context.zone)
            guard day <= today else { throw CLIError.usage("--since \(text) is after today", command: "streaks ask") }
            return max(day, firstAllowed)
        }
        let listed = keys.isEmpty ? try await context.store.streakKeys(userId: context.userId) : keys
        guard !listed.isEmpty else {
            context.console.print("No streaks yet: `streaks log` starts 'daily', `streaks create KEY` another.")
            return
        }
        let evaluations = try await context.readListed({ listed }) { key in
            try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
        }
        let ordered = Report.inDisplayOrder(evaluations) { $0.configuration }
        var memory = AskMemory(environment: context.console.environment)
        let entries = Dictionary(uniqueKeysWithValues: ordered.map {
            ($0.configuration.streakKey, AskMemory.entry(store: context.store.location, user: context.userId, key: $0.configuration.streakKey))
        })
        var remembered = entries.mapValues { memory.memory($0) }
        let walk = AskWalk(ordered, memory: remembered, since: sinceDay, today: today, firstAllowed: firstAllowed)
        guard !walk.questions.isEmpty else {
            context.console.print("Nothing to ask: every due day since the last answer has one.")
            return
        }
        let days = Set(walk.questions.map(\.day)).count
        context.console.print("\(counted(walk.questions.count, "question")) over \(counted(days, "day")), oldest first.")
        context.console.print(AskAnswer.help)
        let configurations = Dictionary(uniqueKeysWithValues: ordered.map { ($0.configuration.streakKey, $0.configuration) })
        var session = AskSession(context: context)
        // Saved after each answer the store does not hold, so an interrupted walk keeps them too.
        var warned = false
        func remember() {
            for (key, entry) in entries { memory.set(remembered[key] ?? AskWalk.Memory(), for: entry) }
            do { try memory.save(today: today) } catch where !warned {
                warned = true
                context.console.warn("the answers 'no' and 'later' were not remembered: \(error)")
            } catch {}
        }
        defer {
            remember()
            context.console.print(session.summary)
        }
        walking: for question in walk.questions {
            guard let configuration = configurations[question.key] else { continue }
            while true {
                guard let answer = session.ask(question, configuration) else { break walking }
                do {
                    switch answer {
                    case .quit: break walking
                    case .later:
                        remembered[question.key, default: .init()].open.insert(question.day)
                        remember()
                        session.record(.later, question)
                    case .no:
                        remembered[question.key, default: .init()].no.insert(question.day)
                        remembered[question.key, default: .init()].open.remove(question.day)
                        remember()
                        session.record(.no, question)
                    case .note(let text):
                        try StreakValidation.validateNote(text)
                        try await context.apply(.setNote(StreakNote(day: question.day, text: text)), to: question.key)
                        session.record(.note(text), question)
                        continue
                    case .skip:
                        try await context.apply(.addSkips([question.day]), to: question.key)
                        remembered[question.key, default: .init()].open.remove(question.day)
                        session.record(.skip, question)
                    case .yes, .amount:
                        guard let events = session.events(for: answer, on: question.day, configuration) else { continue }
                        try await context.apply(.addEvents(events, creating: nil, freshIds: true), to: question.key)
                        remembered[question.key, default: .init()].open.remove(question.day)
                        session.record(answer, question)
                    }
                } catch let error as StreakRuleError {
                    context.console.print("  \(error.localizedDescription)")
                    continue
                }
                break
            }
        }
    }
}
