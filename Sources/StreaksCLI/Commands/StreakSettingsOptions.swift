import ArgumentParser
import SwiftfulGamification

/// `auto`, `manual` or `off`, as an option value.
extension FreezeBehavior: ExpressibleByArgument {
    public init?(argument: String) { self.init(word: argument) }
    public var defaultValueDescription: String { word }
    public static var allValueStrings: [String] { allCases.map(\.word) }
    /// What each word means, as `--help` lists them (keyed by the words people type).
    public static var allValueDescriptions: [String: String] {
        [
            "auto": "missed days are bridged with freezes by themselves",
            "manual": "you decide: streaks freeze use restores a broken streak",
            "off": "freezes are not used",
        ]
    }
}

/// The options `create` and `config` share.
struct StreakSettingsOptions: ParsableArguments {
    @Option(help: ArgumentHelp("What people read for the streak, any text up to 80 characters (\"\" removes it).", valueName: "text"))
    var title: String?

    @Option(help: ArgumentHelp("The group it is shown in (\"Health\", \"Work\"; \"\" for none).", valueName: "name"))
    var group: String?

    @Option(help: "Events needed for a day to count (the goal).")
    var goal: Int?

    @Option(help: "Hours of grace around midnight, 0 to 24.")
    var leeway: Int?

    @Option(help: "What freezes do.")
    var freezes: FreezeBehavior?

    @Option(help: ArgumentHelp(
        "The days that are due (the rest are rest days): mon-fri, mon,wed,fri, weekdays, weekends, daily.", valueName: "days"
    ), completion: Completions.days)
    var days: String?

    @Option(name: .customLong("per-week"), help: ArgumentHelp("Count weeks: a week is kept when this many of its days (1 to 7) are.", valueName: "times"),
            completion: Completions.timesPerWeek)
    var perWeek: Int?

    /// `--days` or `--per-week` read, or nil when neither is given.
    /// - Throws: `StreakRuleError.invalidSchedule`, or a usage error for both at once.
    func schedule() throws -> StreakSchedule? {
        switch (days, perWeek) {
        case (nil, nil):
            return nil
        case (let days?, nil):
            let schedule = try StreakSchedule(parsing: days)
            guard schedule.unit == .day else { throw CLIError.usage("--days takes days of the week (mon-fri, mon,wed,fri, weekdays, weekends or daily); for N times a week use --per-week N", command: "streaks") }
            return schedule
        case (nil, let times?):
            let schedule = StreakSchedule.timesPerWeek(times)
            try schedule.validate()
            return schedule
        case (_?, _?):
            throw CLIError.usage("give --days or --per-week, not both", command: "streaks")
        }
    }

    var isEmpty: Bool { title == nil && group == nil && goal == nil && leeway == nil && freezes == nil && days == nil && perWeek == nil }
}
