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

    @Option(help: "Events needed for a day to count (the goal); on an amount streak, its target's amount.")
    var goal: Int?

    @Option(name: .customLong("at-least"), help: ArgumentHelp("Measure an amount: a day (or --per week, --per month) is kept with at least this much (5, 2.5).", valueName: "amount"))
    var atLeast: String?

    @Option(name: .customLong("at-most"), help: ArgumentHelp("A limit: a day (or --per week, --per month) is kept with at most this much (0 for none at all).", valueName: "amount"))
    var atMost: String?

    @Flag(help: "Tracking only: record and sum amounts, no streak.")
    var track = false

    @Option(help: ArgumentHelp("What amounts count (km, pages, min).", valueName: "unit"))
    var unit: String?

    @Option(help: ArgumentHelp("With --track, a day's value: sum (default), last (a weight), mean, min or max.", valueName: "value"),
            completion: .list(StreakMeasure.allCases.map(\.rawValue)))
    var measure: String?

    @Option(help: ArgumentHelp("The period of --at-least or --at-most: day (default), week or month.", valueName: "period"),
            completion: .list(["day", "week", "month"]))
    var per: String?

    @Option(help: "Hours of grace around midnight, 0 to 24.")
    var leeway: Int?

    @Option(help: "What freezes do.")
    var freezes: FreezeBehavior?

    @OptionGroup var scheduleOptions: ScheduleOptions

    /// The schedule `--days`, `--per-week`, `--per-month`, `--every` or `--times`/`--in` give,
    /// or nil when none is given.
    func schedule() throws -> StreakSchedule? { try scheduleOptions.schedule() }

    /// `--at-least`, `--at-most`, `--track` and `--per` read, or nil when none is given.
    /// - Throws: a usage error naming a bad amount or period, or two directions at once.
    func target() throws -> StreakTarget? {
        let directions = [atLeast != nil, atMost != nil, track].filter { $0 }.count
        guard directions <= 1 else { throw CLIError.usage("give one of --at-least, --at-most and --track", command: "streaks") }
        let period: StreakPeriod
        switch per?.lowercased() {
        case nil, "day", "daily", "a day": period = .day
        case "week", "weekly", "a week": period = .week
        case "month", "monthly", "a month": period = .month
        case let other?: throw CLIError.usage("--per takes day, week or month, not '\(other)'", command: "streaks")
        }
        if per != nil, atLeast == nil, atMost == nil { throw CLIError.usage("--per goes with --at-least or --at-most", command: "streaks") }
        if track { return .trackingOnly }
        if let atLeast {
            let target = StreakTarget.atLeast(try Self.amount(atLeast, option: "--at-least"), per: period)
            try target.validate()
            return target
        }
        if let atMost {
            let target = StreakTarget.atMost(try Self.amount(atMost, option: "--at-most"), per: period)
            try target.validate()
            return target
        }
        return nil
    }

    /// `--measure` read, or nil when not given.
    func dayValue() throws -> StreakMeasure? {
        guard let measure else { return nil }
        guard let value = StreakMeasure(rawValue: measure.lowercased()) else {
            throw CLIError.usage("--measure takes sum, last, mean, min or max, not '\(measure)'", command: "streaks")
        }
        return value
    }

    /// An amount as people type it ("5", "2.5", "0,5").
    static func amount(_ text: String, option: String) throws -> Double {
        guard let value = StreakAmount.parse(text) else {
            throw CLIError.usage("\(option) takes an amount such as 5 or 2.5, not '\(text)'", command: "streaks")
        }
        return value
    }

    var isEmpty: Bool {
        title == nil && group == nil && goal == nil && leeway == nil && freezes == nil && scheduleOptions.isEmpty
            && atLeast == nil && atMost == nil && !track && unit == nil && per == nil && measure == nil
    }
}
