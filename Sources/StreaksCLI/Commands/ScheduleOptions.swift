import ArgumentParser
import SwiftfulGamification

/// The options that set a schedule (rules 8 and 12), which `create` and `config` share: at
/// most one shape a command line, each refused in the words of the options typed.
struct ScheduleOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The days that are due (the rest are rest days): mon-fri, mon,wed,fri, weekdays, weekends, daily.", valueName: "days"
    ), completion: Completions.days)
    var days: String?

    @Option(name: .customLong("per-week"), help: ArgumentHelp("Count weeks: a week is kept when this many of its days (1 to 7) are.", valueName: "times"),
            completion: Completions.timesPerWeek)
    var perWeek: Int?

    @Option(name: .customLong("per-month"), help: ArgumentHelp(
        "Count calendar months: a month is kept when this many of its days (1 to 31) are.", valueName: "times"
    ), completion: Completions.timesPerMonth)
    var perMonth: Int?

    @Option(help: ArgumentHelp(
        "Keep a day at least once every N days (2 to 365): every window of N days holds a kept day.", valueName: "days"
    ), completion: Completions.windowDays)
    var every: Int?

    @Option(help: ArgumentHelp("With --in: keep this many days in any window of --in days (5 with --in 7).", valueName: "times"))
    var times: Int?

    @Option(name: .customLong("in"), help: ArgumentHelp("With --times: the window's length in days (times < days <= 365).", valueName: "days"),
            completion: Completions.windowDays)
    var window: Int?

    var isEmpty: Bool { days == nil && perWeek == nil && perMonth == nil && every == nil && times == nil && window == nil }

    /// The schedule the options give, or nil when none is given.
    /// - Throws: a usage error naming the option for two shapes at once, `--times` without
    ///   `--in` (or the reverse) and every number outside its range; nothing is written.
    func schedule() throws -> StreakSchedule? {
        let given = [
            days.map { _ in "--days" }, perWeek.map { _ in "--per-week" }, perMonth.map { _ in "--per-month" },
            every.map { _ in "--every" }, (times != nil || window != nil) ? "--times/--in" : nil,
        ].compactMap { $0 }
        if given.count == 2 { throw Self.usage("give \(given[0]) or \(given[1]), not both") }
        if given.count > 2 { throw Self.usage("give one of \(given.dropLast().joined(separator: ", ")) and \(given[given.count - 1]), not several: each sets the schedule") }
        if let days { return try Self.weekdays(days) }
        if let perWeek {
            let schedule = StreakSchedule.timesPerWeek(perWeek)
            try schedule.validate()
            return schedule
        }
        if let perMonth {
            guard (1...31).contains(perMonth) else { throw Self.usage("--per-month takes 1 to 31 (days a month), not \(perMonth)") }
            return .timesPerMonth(perMonth)
        }
        if let every { return try Self.every(every) }
        if times != nil || window != nil { return try Self.window(times: times, days: window) }
        return nil
    }

    /// `--days`: days of the week only; the other shapes have options of their own.
    private static func weekdays(_ text: String) throws -> StreakSchedule {
        let schedule = try? StreakSchedule(parsing: text)
        guard let schedule, schedule.unit == .day, !schedule.isRolling else {
            throw usage("--days takes days of the week (mon-fri, mon,wed,fri, weekdays, weekends or daily), not '\(text)'; "
                + "for N days a week use --per-week N, a month --per-month N, once every N days --every N, X days in any Y --times X --in Y")
        }
        return schedule
    }

    /// `--every N`: once in every N days (rule 12).
    private static func every(_ days: Int) throws -> StreakSchedule {
        let longest = StreakSchedule.longestWindow
        if days == 1 { throw usage("--every 1 is every day, which is daily: leave out --every (daily is the default), or give --days daily") }
        if days < 1 { throw usage("--every takes a number of days from 2 to \(longest), not \(days)") }
        if days > longest { throw usage("--every \(days) is too long: a window has at most \(longest) days") }
        return .rolling(times: 1, days: days)
    }

    /// `--times X --in Y`: X kept days in any Y (rule 12).
    private static func window(times: Int?, days: Int?) throws -> StreakSchedule {
        let longest = StreakSchedule.longestWindow
        guard let days else { throw usage("--times goes with --in: --times 5 --in 7 keeps 5 days in any 7") }
        guard let times else { throw usage("--in goes with --times: --times 5 --in 7 keeps 5 days in any 7 (once every N days: --every N)") }
        if days < 2 { throw usage("--in takes a window of 2 to \(longest) days, not \(days)") }
        if days > longest { throw usage("--in \(days) is too long: a window has at most \(longest) days") }
        if times < 1 { throw usage("--times takes 1 or more days, not \(times)") }
        if times == days { throw usage("--times \(times) --in \(days) is every day, which is daily: the times must be fewer than the days (leave both out for daily)") }
        if times > days { throw usage("--times \(times) --in \(days) asks for more days than the window has: the times must be fewer than the days") }
        return .rolling(times: times, days: days)
    }

    private static func usage(_ message: String) -> CLIError { .usage(message, command: "streaks") }
}
