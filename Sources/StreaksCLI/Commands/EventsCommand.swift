import ArgumentParser
import Foundation
import StreakImporters
import SwiftfulGamification
import SwiftfulGamificationFileStore

struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "events", abstract: "List the events that count, oldest first.")

    @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
    @Flag(help: "A JSON array.") var json = false
    @Option(parsing: .unconditional, help: "Only events at or after this date: today, yesterday, -7d or a date mean its midnight.") var since: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        let since = try self.since.map { try DateArgument.parse($0, option: "--since", zone: context.zone, now: context.now) }
        let key = try await context.streakKey(key)
        let events = try await context.store.events(userId: context.userId, streakKey: key)
            .filter { event in since.map { event.dateCreated >= $0 } ?? true }
            .sorted { $0.dateCreated < $1.dateCreated }
        // Skipped days (rule 9) and notes in their place (after their day's events), as an export writes them.
        let firstDay = since.map { CalendarDay(containing: $0, in: context.zone) }
        let skipped = try await context.store.skips(userId: context.userId, streakKey: key).filter { day in firstDay.map { day >= $0 } ?? true }
        let notes = try await context.store.notes(userId: context.userId, streakKey: key).filter { note in firstDay.map { note.day >= $0 } ?? true }
        var marks = (skipped.map { ($0, "\($0)        skipped") } + notes.map { ($0.day, "\($0.day)        note    \($0.text)") })
            .enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)[...]
        let unit = try await context.store.settings(userId: context.userId, streakKey: key).configuration.unit.map { " \($0)" } ?? ""
        if json {
            context.console.print(StreakTransfer.exportJSONArray(events: events, skips: skipped, notes: notes, zone: context.zone))
            return
        }
        var zones: [String: TimeZone] = [:]
        var times = LocalTimeFormatter()
        // Written in chunks, not a write per line: a long history is a hundred thousand lines.
        var chunk = ""
        func skipLines(before day: CalendarDay?) {
            while let (markDay, line) = marks.first, day.map({ markDay < $0 }) ?? true {
                chunk += line + "\n"
                marks = marks.dropFirst()
            }
        }
        for event in events {
            let zone = zones[event.timezone] ?? {
                let zone = TimeZone(identifier: event.timezone) ?? context.zone
                zones[event.timezone] = zone
                return zone
            }()
            skipLines(before: CalendarDay(containing: event.dateCreated, in: zone))
            chunk += "\(times.dateTime(event.dateCreated, zone))  \(event.isFreeze ? "freeze" : "event ")  \(event.id)"
            if let amount = event.amount { chunk += "  \(StreakAmount.text(amount))\(unit)" }
            if !event.metadata.isEmpty {
                chunk += "  " + event.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.stringValue)" }.joined(separator: " ")
            }
            chunk += "\n"
            if chunk.utf8.count >= 65_536 {
                context.console.write(chunk)
                chunk = ""
            }
        }
        skipLines(before: nil)
        if !chunk.isEmpty { context.console.write(chunk) }
    }
}
