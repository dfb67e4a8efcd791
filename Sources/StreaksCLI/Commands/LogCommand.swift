import ArgumentParser
import Foundation
import SwiftfulGamification

struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Log an event (now, or --at a past time).",
        discussion: "Example git hook: streaks log coding --meta repo=$(basename \"$PWD\")"
    )

    @Argument(help: "The streak (default: the only one, or 'daily').", completion: Completions.streakKeys) var key: String?
    @Argument(help: ArgumentHelp("How much (5.2 km, 20 pages); one event of that amount (default 1).", valueName: "amount")) var amount: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "When it happened (default: now): today, yesterday, -3d (that day at this time), a date (noon), or a date and time.",
        valueName: "when"
    )) var at: String?
    @Option(name: .customLong("meta"), help: ArgumentHelp("Metadata key=value (repeatable).", valueName: "key=value"))
    var metadata: [String] = []
    @Option(help: ArgumentHelp("A note on the event's day (replacing one already there).", valueName: "text"))
    var note: String?
    @Flag(help: "Print the streak as JSON afterwards.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        let metadata = try MetadataArgument.parse(self.metadata)
        let date = try at.map { try DateArgument.parse($0, option: "--at", zone: context.zone, bareDateHour: 12, now: context.now, relativeDayTime: .currentTime) } ?? context.now
        let amount = try self.amount.map { text in
            guard let value = StreakAmount.parse(text), StreakAmount.isValid(value) else {
                throw CLIError.usage("the amount is a number such as 5 or 2.5 (up to 1000000000), not '\(text)'", command: "streaks log")
            }
            return value
        }
        // Checked before anything is written.
        if let note { try StreakValidation.validateNote(note) }
        let key = try await context.streakKey(key)
        if amount == nil { try await Self.checkReading(key: key, context: context) }
        let event = StreakEvent(dateCreated: date, timezone: context.zone.identifier, metadata: metadata, amount: amount)
        func add(creating: StreakConfiguration?) async throws -> StreakEvaluation {
            // The id is a new UUID, so the store can skip its duplicate check.
            let produced = try await context.apply(.addEvents([event], creating: creating, freshIds: true), to: key)
            guard let evaluation = produced.evaluation else { preconditionFailure("a log gives back the streak it wrote") }
            return evaluation
        }
        let evaluation: StreakEvaluation
        do {
            evaluation = try await add(creating: nil)
        } catch StreakStoreError.unknownStreak(let missing, let known) where missing == CommandContext.defaultKey && known.isEmpty {
            // On a store with no streaks, the first log starts 'daily' (the event in the same write).
            evaluation = try await add(creating: StreakConfiguration(streakKey: key))
        }
        context.console.saved.note("the event of \(Report.localTime(date, context.zone)) in \(key)")
        if let note {
            let day = CalendarDay(containing: date, in: context.zone)
            try await context.apply(.setNote(StreakNote(day: day, text: note)), to: key)
            context.console.saved.note("the note on \(day) in \(key)")
        }
        let streak = evaluation.streak
        if json {
            let configuration = try await context.store.settings(userId: context.userId, streakKey: key).configuration
            context.console.print(Report.statusJSON(evaluation, configuration: configuration, now: context.now, zone: context.zone))
        } else {
            let measured = amount.map { " \(StreakAmount.text($0))\(evaluation.configuration.unit.map { " \($0)" } ?? "")" } ?? ""
            let length = evaluation.configuration.isTrackingOnly ? "" : " \(Report.length(streak)),"
            context.console.print("Logged \(key)\(measured) at \(Report.localTime(date, context.zone)):\(length) \(Report.statusPhrase(evaluation, now: context.now, zone: context.zone)).")
        }
    }

    /// Rule 13: a day value other than a sum reads only events with an amount, so logging
    /// one without is refused before anything is written.
    static func checkReading(key: String, context: CommandContext) async throws {
        guard let configuration = try? await context.store.settings(userId: context.userId, streakKey: key).configuration,
              configuration.isTrackingOnly, configuration.measure != .sum else { return }
        let unit = configuration.unit.map { " (in \($0))" } ?? ""
        throw CLIError.usage(
            "\(key) keeps \(configuration.measure.phrase): give the reading\(unit), as in: streaks log \(key) VALUE", command: "streaks log"
        )
    }
}

struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Remove the last event logged.")

    @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        let key = try await context.streakKey(key)
        let result = try await context.apply(.undoLast(since: nil), to: key)
        guard let removed = result.removed, let evaluation = result.evaluation else { throw CLIError.nothingToUndo(key) }
        context.console.saved.note("the removal of the event of \(Report.localTime(removed.dateCreated, context.zone)) from \(key)")
        context.console.print("Removed the event of \(Report.localTime(removed.dateCreated, context.zone)) from \(key): \(Report.length(evaluation.streak)).")
    }
}

/// `key=value` pairs: whole numbers, numbers, true/false, otherwise text.
enum MetadataArgument {
    static func parse(_ pairs: [String]) throws -> [String: GamificationDictionaryValue] {
        var metadata: [String: GamificationDictionaryValue] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "=") else { throw CLIError.badMetadata(pair) }
            let key = String(pair[..<equals])
            let text = String(pair[pair.index(after: equals)...])
            guard (try? StreakValidation.validateMetadataKey(key)) != nil else { throw CLIError.badMetadata(pair) }
            if let number = Int(text) {
                metadata[key] = .int(number)
            } else if let number = Double(text), number.isFinite, text.contains(".") {
                metadata[key] = .double(number)
            } else if text == "true" || text == "false" {
                metadata[key] = .bool(text == "true")
            } else {
                metadata[key] = .string(text)
            }
        }
        return metadata
    }
}
