import ArgumentParser
import SwiftfulGamification

/// `auto`, `manual` or `off`, as an option value.
extension FreezeBehavior: ExpressibleByArgument {
    public init?(argument: String) { self.init(word: argument) }
    public var defaultValueDescription: String { word }
    public static var allValueStrings: [String] { allCases.map(\.word) }
}

/// The options `create` and `config` share.
struct StreakSettingsOptions: ParsableArguments {
    @Option(help: "Events needed for a day to count (the goal).")
    var goal: Int?

    @Option(help: "Hours of grace around midnight, 0 to 24.")
    var leeway: Int?

    @Option(help: "What freezes do: auto (bridge missed days), manual (you decide), off.")
    var freezes: FreezeBehavior?

    @Option(help: ArgumentHelp(
        "The days that are due (the rest are rest days): mon-fri, mon,wed,fri, weekdays, weekends, daily.", valueName: "days"
    ))
    var days: String?

    /// `--days` read, or nil when not given: days of the week only.
    /// - Throws: `StreakRuleError.invalidSchedule`.
    func schedule() throws -> StreakSchedule? {
        guard let days else { return nil }
        let schedule = try StreakSchedule(parsing: days)
        guard schedule.unit == .day else { throw CLIError.usage("--days takes days of the week: mon-fri, mon,wed,fri, weekdays, weekends or daily", command: "streaks") }
        return schedule
    }

    var isEmpty: Bool { goal == nil && leeway == nil && freezes == nil && days == nil }
}
