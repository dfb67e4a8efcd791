import ArgumentParser
import Foundation
import SwiftfulGamification

struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a streak.",
        discussion: """
        Give a key (lowercase letters, digits and underscores) or a name in any words: streaks create "Stretch in the morning" \
        makes the key stretch_in_the_morning (accents folded; refused while that key is taken) and keeps the words as the title. --key sets the key.

        Schedules (one at most; daily without): --days mon-fri, --per-week 3 (weeks), --per-month 2 (calendar months), --every 3 \
        (once in every 3 days), --times 5 --in 7 (5 days in any 7). Amounts: --at-least or --at-most N with --unit, --per day, week or month.
        """
    )

    @Argument(help: "The streak's key, or its name in any words (the key is then made from it).") var name: String
    @Option(help: ArgumentHelp("The key, when the name is a title.", valueName: "key")) var key: String?
    @OptionGroup var settings: StreakSettingsOptions
    @Option(name: .customLong("week-start"), help: ArgumentHelp("The first day of a week, for --per-week or --per week (default monday).", valueName: "day"),
            completion: Completions.weekdays)
    var weekStart: String?
    @Option(help: ArgumentHelp("For a limit: the day it has been kept since (default today), e.g. the day you stopped smoking.", valueName: "date"))
    var since: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context(creatingStore: true)
        let start = try weekStart.map { text in
            guard let day = Weekday(typed: text) else { throw CLIError.usage("--week-start takes a day of the week (monday, sun, ...), not '\(text)'", command: "streaks create") }
            return day
        }
        // A name that is not a key is a title: the key is made from it, past the keys taken.
        let isKey = (try? StreakValidation.validateStreakKey(name)) != nil
        let title = isKey && key == nil ? settings.title : settings.title ?? name
        let streakKey: String
        if let key {
            streakKey = key
        } else if isKey {
            streakKey = name
        } else {
            // A name whose key is taken is that streak's name already: refused, never a
            // second streak of the same name under a numbered key.
            let derived = StreakValidation.derivedKey(fromTitle: name, taken: [])
            if try await context.store.streakKeys(userId: context.userId, includingArchived: true).contains(derived) {
                throw CLIError.usage(
                    "a streak with the key '\(derived)' (made from \"\(name)\") exists already; give another name, or --key KEY to keep this one",
                    command: "streaks create"
                )
            }
            streakKey = derived
        }
        var target = try settings.target()
        if let goal = settings.goal, let asked = target {
            guard asked != .trackingOnly else { throw CLIError.usage("--track has no goal: leave out --goal", command: "streaks create") }
            throw CLIError.usage("give the amount with \(asked.isLimit ? "--at-most" : "--at-least") \(goal), not --goal", command: "streaks create")
        }
        let dayValue = try settings.dayValue()
        if dayValue != nil, target != .trackingOnly {
            throw CLIError.usage("--measure goes with --track: a target sums the day's amounts", command: "streaks create")
        }
        // A unit alone measures at least the goal (1 by default) a day.
        if target == nil, settings.unit != nil { target = .atLeast(Double(settings.goal ?? 1), per: .day) }
        let startDay = try since.map { text in
            guard target?.isLimit == true else { throw CLIError.usage("--since goes with --at-most (a limit)", command: "streaks create") }
            let date = try DateArgument.parse(text, option: "--since", zone: context.zone, now: context.now)
            let day = CalendarDay(containing: date, in: context.zone)
            guard day <= CalendarDay(containing: context.now, in: context.zone) else {
                throw CLIError.usage("--since \(text) is after today", command: "streaks create")
            }
            return day
        }
        let configuration = try StreakConfiguration(
            streakKey: streakKey, eventsRequiredPerDay: target == nil ? settings.goal ?? 1 : 1, leewayHours: settings.leeway ?? 0,
            freezeBehavior: settings.freezes ?? (target == .trackingOnly ? .noFreezes : .manuallyConsumeFreezes),
            schedule: try settings.schedule() ?? .daily, weekStart: start ?? .monday,
            target: target, unit: settings.unit, startDay: startDay
        ).titled(title).placed(group: settings.group, position: nil).measured(by: dayValue ?? .sum)
        try TargetScheduleFit.check(configuration)
        try configuration.validate()
        try await context.apply(.create(configuration), to: streakKey)
        context.console.saved.note("the streak '\(streakKey)'")
        let named = configuration.title.map { " (\($0))" } ?? ""
        let derived = !isKey && key == nil ? " Its key is \(streakKey): name it so in other commands." : ""
        context.console.print("Created '\(streakKey)'\(named): \(configuration.settingsText).\(derived)")
    }
}

struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show or change a streak's goal, target, leeway, freezes and due days.",
        discussion: """
        A new goal, target amount, leeway or schedule applies from today (a weekly target from this week, a monthly one from this month); \
        earlier days keep what they had. --from DATE re-judges the history from that day on, replacing later changes; --from start \
        re-judges all of it, and may then change a streak's unit (days, weeks, months), direction (--at-least, --at-most, --track), \
        or its shape to or from a rolling window (--every, --times/--in).
        """
    )

    @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
    @OptionGroup var settings: StreakSettingsOptions
    @Option(help: ArgumentHelp("Apply the goal, target, leeway and days from this date (or 'start': the whole history) instead of today.", valueName: "date"))
    var from: String?
    @Option(help: ArgumentHelp("For a limit: the day it has been kept since (its first judged day), e.g. the day you stopped smoking.", valueName: "date"))
    var since: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        let key = try await context.streakKey(key)
        if from != nil, settings.isEmpty { throw CLIError.usage("--from goes with a new goal, target, leeway or days", command: "streaks config") }
        if !settings.isEmpty || since != nil {
            // Checked before anything is written.
            let schedule = try settings.schedule()
            let target = try settings.target()
            try await checkShape(key: key, schedule: schedule, target: target, context)
            var details = StreakDetails(
                title: settings.title, group: settings.group, target: target, unit: settings.unit, from: try fromDate(context), measure: try settings.dayValue()
            )
            details.since = try await startDay(key: key, becomesLimit: target?.isLimit, context)
            try await context.apply(.settings(goal: settings.goal, leewayHours: settings.leeway, freezeBehavior: settings.freezes, schedule: schedule, details: details), to: key)
            context.console.saved.note("the new configuration of \(key)")
        }
        let configuration = try await context.store.settings(userId: context.userId, streakKey: key).configuration
        context.console.print("\(key): \(configuration.settingsText)")
    }

    /// The new schedule and target against each other and against what the streak has,
    /// before anything is written: a pair that cannot go together in the options' words,
    /// and (rule 12) a rolling streak changed to another shape other than from its first day.
    private func checkShape(key: String, schedule: StreakSchedule?, target: StreakTarget?, _ context: CommandContext) async throws {
        guard schedule != nil || target != nil else { return }
        let current = try await context.store.settings(userId: context.userId, streakKey: key).configuration
        let changed = current.with(schedule: schedule).measuring(target: target)
        try TargetScheduleFit.check(changed)
        guard let schedule, let from, from.lowercased() != "start", schedule.isRolling != current.schedule.isRolling else { return }
        let day = CalendarDay(containing: try DateArgument.parse(from, option: "--from", zone: context.zone, now: context.now), in: context.zone)
        let evaluation = try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
        if let first = evaluation.firstHistoryDay, day > first {
            let shape = current.schedule.isRolling ? "kept in rolling windows" : "'\(current.schedule.text)'"
            throw CLIError.usage(
                "a streak \(shape) changes to '\(schedule.text)' only by re-judging its whole history: --from start (or its first day, \(first)), not --from \(from)",
                command: "streaks config"
            )
        }
    }

    /// A limit's start day: `--since`, else (rule 11) the day `--from` re-judges from, or
    /// the streak's first day for `--from start`, when the streak is or becomes a limit.
    private func startDay(key: String, becomesLimit: Bool?, _ context: CommandContext) async throws -> CalendarDay? {
        let today = CalendarDay(containing: context.now, in: context.zone)
        if let since {
            let day = CalendarDay(containing: try DateArgument.parse(since, option: "--since", zone: context.zone, now: context.now), in: context.zone)
            guard day <= today else { throw CLIError.usage("--since \(since) is after today", command: "streaks config") }
            return day
        }
        guard let from else { return nil }
        var isLimit = becomesLimit
        if isLimit == nil { isLimit = try await context.store.settings(userId: context.userId, streakKey: key).configuration.isLimit }
        guard isLimit == true else { return nil }
        guard from.lowercased() == "start" else {
            return CalendarDay(containing: try DateArgument.parse(from, option: "--from", zone: context.zone, now: context.now), in: context.zone)
        }
        let evaluation = try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
        return evaluation.firstHistoryDay ?? today
    }

    /// Rule 11's date: the start of the day `--from` names; the epoch for `start` (the
    /// store reads any date before the first day as the whole history).
    private func fromDate(_ context: CommandContext) throws -> Date? {
        guard let from else { return nil }
        if from.lowercased() == "start" { return Date(timeIntervalSince1970: 0) }
        let date = try DateArgument.parse(from, option: "--from", zone: context.zone, now: context.now)
        let day = CalendarDay(containing: date, in: context.zone)
        guard day <= CalendarDay(containing: context.now, in: context.zone) else {
            throw CLIError.usage("--from \(from) is after today: a change from a later day is not possible yet", command: "streaks config")
        }
        return day.startDate(in: context.zone)
    }
}

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the streaks (archived ones with --all).")

    @Flag(help: "Archived streaks too.") var all = false
    @Flag(help: "A JSON array of statuses (each with \"archived\").") var json = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        let store = context.store
        let read = try await context.readListed({ try await store.streakKeys(userId: context.userId, includingArchived: all) }) { key in
            let evaluation = try await store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
            let archived = all ? try await store.isArchived(userId: context.userId, streakKey: key) : false
            return (key: key, evaluation: evaluation, configuration: evaluation.configuration, archived: archived)
        }
        let streaks = Report.inDisplayOrder(read) { $0.configuration }
        var objects: [[String: Any]] = []
        if streaks.isEmpty, !json { context.console.print("No streaks yet: `streaks log` starts 'daily', `streaks create KEY` another.") }
        for (key, evaluation, configuration, archived) in streaks {
            let streak = evaluation.streak
            if json {
                var object = Report.statusObject(evaluation, configuration: configuration, now: context.now, zone: context.zone)
                object["archived"] = archived
                objects.append(object)
            } else {
                let title = configuration.title.map { "  \"\($0)\"" } ?? ""
                let group = configuration.group.map { "  [\($0)]" } ?? ""
                context.console.print("\(key)\(title)\(group)  \(Report.length(streak))  \(streak.status.name)  (\(configuration.settingsText))"
                    + (archived ? "  archived" : ""))
            }
        }
        if json { context.console.print(Report.json(objects)) }
    }
}

struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Make every event of a streak stop counting.",
        discussion: "The event log keeps the events (a reset is recorded in it), so nothing is deleted."
    )

    @Argument(help: "The streak to reset.", completion: Completions.streakKeys) var key: String
    @Flag(help: "Confirm the reset.") var yes = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        guard yes else { throw CLIError.missingConfirmation(key) }
        let context = try await global.context()
        try await context.apply(.reset, to: context.streakKey(key))
        context.console.saved.note("the reset of \(key)")
        context.console.print("Reset '\(key)'.")
    }
}
