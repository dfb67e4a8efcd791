import ArgumentParser
import Foundation
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// `streaks remind`: a desktop notification (or a terminal one, or a command of yours) for
/// each streak that needs you before its deadline, once per streak per due day.
struct RemindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind", abstract: "Notify about streaks at risk (for a timer or cron; --install sets one up).",
        discussion: """
        Looks at every streak and notifies about those due and not kept (or a weekly streak that needs today, or \
        yesterday still savable in the leeway) whose deadline is within --within: once per streak per due day, one \
        summary when several are at risk. Never on rest days, skipped days, kept days, or while a week has slack.
        Goes to a desktop notification (notify-send, else gdbus) when there is a session bus, else to the terminal \
        (OSC 9/777/99, BEL as the last resort). Exit 0 whether or not anything was due; 1 when a notification could \
        not be delivered anywhere.
        Example: streaks remind --install --every 30m --from 08:00 --to 22:30
        """
    )

    @Option(help: ArgumentHelp("Notify when the deadline is this close (default 4h).", valueName: "duration")) var within: String?
    @Flag(help: "Notify about anything at risk today, whatever its deadline.") var allDay = false
    @Flag(help: "Also remind about broken and never started streaks due today (a kept day starts them again).") var includeBroken = false
    @Option(help: ArgumentHelp(
        "Run this shell command instead of notifying, with STREAKS_TITLE, STREAKS_BODY, STREAKS_KEYS, STREAKS_COUNT, STREAKS_KEY, STREAKS_DEADLINE and STREAKS_URGENCY set.",
        valueName: "command"
    )) var command: String?
    @Flag(help: "Print one line per streak at risk instead (every run: for status bars).") var print = false
    @Flag(help: "Set up a systemd user timer (else print the crontab line) that runs `streaks remind`.") var install = false
    @Flag(help: "Remove the timer --install set up.") var uninstall = false
    @Option(help: ArgumentHelp("With --install: how often (default 30m).", valueName: "duration")) var every: String?
    @Option(help: ArgumentHelp("Only remind from this time of day, e.g. 08:00.", valueName: "hh:mm")) var from: String?
    @Option(help: ArgumentHelp("Only remind until this time of day, e.g. 22:30.", valueName: "hh:mm")) var to: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let console = Console.current
        var schedule = ReminderSchedule()
        schedule.from = try from.map { try ReminderSchedule.timeOfDay($0, option: "--from") }
        schedule.to = try to.map { try ReminderSchedule.timeOfDay($0, option: "--to") }
        if (schedule.from == nil) != (schedule.to == nil) { throw CLIError.usage("give --from and --to together", command: "streaks remind") }
        let withinSeconds = try within.map { TimeInterval(try ReminderSchedule.minutes($0, option: "--within") * 60) } ?? 4 * 3_600
        if allDay, within != nil { throw CLIError.usage("give --within or --all-day, not both", command: "streaks remind") }
        if print && command != nil || print && install || install && uninstall || uninstall && (print || command != nil) {
            throw CLIError.usage("--print, --command, --install and --uninstall do not go together that way", command: "streaks remind")
        }
        let notifier = Notifier(environment: console.environment)
        let installer = ReminderInstall(environment: console.environment, notifier: notifier)
        if uninstall {
            installer.uninstall().forEach { console.print($0) }
            return
        }
        if install {
            schedule.minutes = try every.map { try ReminderSchedule.minutes($0, option: "--every") } ?? 30
            try installer.install(schedule, command: try scheduledCommand()).forEach { console.print($0) }
            return
        }
        if every != nil { throw CLIError.usage("--every goes with --install", command: "streaks remind") }
        let context = try await global.context()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.zone
        let parts = calendar.dateComponents([.hour, .minute], from: context.now)
        guard schedule.allows(minuteOfDay: (parts.hour ?? 0) * 60 + (parts.minute ?? 0)) else { return }
        var evaluations: [(key: String, evaluation: StreakEvaluation)] = []
        for key in try await context.store.streakKeys(userId: context.userId) {
            evaluations.append((key, try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)))
        }
        let due = ReminderPlan.due(evaluations, now: context.now, within: allDay ? nil : withinSeconds, includeBroken: includeBroken)
        if print {
            due.forEach { console.print($0.line(now: context.now, zone: context.zone)) }
            return
        }
        var memory = ReminderMemory(environment: console.environment)
        let entry = { (key: String) in ReminderMemory.entry(store: context.store.location, user: context.userId, key: key) }
        let fresh = due.filter { !memory.wasReminded(entry($0.key), for: $0.dueDay) }
        guard !fresh.isEmpty else { return }
        let message = ReminderPlan.message(fresh, now: context.now, zone: context.zone)
        if let command {
            // What the command prints is passed on (a terminal, a timer's journal), its errors too.
            guard let ran = notifier.runCommand(command, variables: Self.variables(message, zone: context.zone)) else {
                throw CLIError.notDelivered("the --command could not start (/bin/sh)")
            }
            if !ran.output.isEmpty { console.write(String(decoding: ran.output, as: UTF8.self)) }
            if !ran.errors.isEmpty { console.writeError(String(decoding: ran.errors, as: UTF8.self)) }
            guard ran.status == 0 else { throw CLIError.notDelivered("the --command failed (it exited with status \(ran.status))") }
        } else if notifier.deliver(message) == nil {
            throw CLIError.notDelivered("no session bus for a desktop notification and no terminal to show one (use --command or --print)")
        }
        for reminder in fresh { memory.remember(entry(reminder.key), for: reminder.dueDay) }
        try memory.save(today: CalendarDay(containing: context.now, in: context.zone))
    }

    /// The environment a `--command` gets.
    static func variables(_ message: ReminderMessage, zone: TimeZone) -> [String: String] {
        let soonest = message.due.map(\.deadline).min()
        return [
            "STREAKS_TITLE": message.title, "STREAKS_BODY": message.body, "STREAKS_KEYS": message.due.map(\.key).joined(separator: ","),
            "STREAKS_COUNT": String(message.due.count), "STREAKS_KEY": message.due.first?.key ?? "",
            "STREAKS_DEADLINE": soonest.map { ISODate.format($0, in: zone) } ?? "", "STREAKS_URGENCY": message.critical ? "critical" : "normal",
        ]
    }

    /// `streaks remind` as the timer runs it: this binary, with the options that say where
    /// the streaks are and how to remind.
    private func scheduledCommand() throws -> [String] {
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ProcessArguments.current.first ?? "streaks"
        if ReminderInstall.isInBuildFolder(binary) { throw CLIError.runsFromBuildFolder(binary) }
        var words = [binary, "remind"]
        if let within { words += ["--within", within] }
        if allDay { words.append("--all-day") }
        if let command { words += ["--command", command] }
        if let from, let to { words += ["--from", from, "--to", to] }
        if let store = global.store { words += ["--store", StoreLocation.resolve(explicit: store, environment: Console.current.environment)] }
        if let database = global.database { words += ["--database", database] }
        if let user = global.user { words += ["--user", user] }
        if let timezone = global.timezone { words += ["--timezone", timezone] }
        return words
    }
}
