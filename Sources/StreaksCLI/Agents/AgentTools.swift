import MCP

/// The tools of `streaks mcp`: reading every streak and what is left today, logging, creating
/// a streak, and skipping days. Each is a command of `streaks`; see `AgentTool`.
enum AgentTools {
    static let all: [AgentTool] = [status, today, log, create, skip]

    static func named(_ name: String) -> AgentTool? { all.first { $0.name == name } }

    static let status = AgentTool(
        name: "status",
        description: """
        Every streak's status as a JSON array (current and longest streak, whether today is kept, what is left, \
        freezes); with a key, that streak's as one object.
        """,
        command: { _ in ["status"] },
        parameters: [.init("key", .string, .positional, "The streak's key (default: every streak).")],
        json: true, readOnly: true
    )

    static let today = AgentTool(
        name: "today",
        description: "What is left to do today, most urgent first, as JSON: each streak due today with what it still needs and its deadline.",
        command: { _ in ["today"] },
        parameters: [],
        json: true, readOnly: true
    )

    static let log = AgentTool(
        name: "log",
        description: "Log an event on a streak (now, or at a past time), with an amount on an amount streak; answers the streak's status as JSON.",
        command: { _ in ["log"] },
        parameters: [
            .init("key", .string, .positional, required: true, "The streak's key (see status)."),
            .init("amount", .number, .positional, "How much, on an amount streak (5.2 for 5.2 km); default 1."),
            .init("at", .string, .option("--at"), "When it happened (default now): today, yesterday, -3d, 2024-01-05 (noon), or 2024-01-05T09:30."),
            .init("note", .string, .option("--note"), "A note on the event's day (replacing one there)."),
        ],
        json: true, readOnly: false
    )

    static let create = AgentTool(
        name: "create",
        description: """
        Create a streak: daily by default, or on given days (days: "mon-fri"), N a week (per_week), N a month (per_month), \
        once every N days (every), or N days in any M (times and in); an amount to reach (at_least) or stay under (at_most) \
        with a unit, per day, week or month; or tracking only (track).
        """,
        command: { _ in ["create"] },
        parameters: [
            .init("name", .string, .positional, required: true, "A key (lowercase letters, digits, underscores) or a name in words, from which the key is made."),
            .init("key", .string, .option("--key"), "The key, when name is a title."),
            .init("title", .string, .option("--title"), "What people read for the streak."),
            .init("group", .string, .option("--group"), "The group it is shown in."),
            .init("goal", .integer, .option("--goal"), "Events needed for a day to count (default 1)."),
            .init("days", .string, .option("--days"), "The days it is due: mon-fri, sat,sun, ..."),
            .init("per_week", .integer, .option("--per-week"), "Count weeks: kept when this many days of the week are."),
            .init("per_month", .integer, .option("--per-month"), "Count calendar months: kept when this many days of the month are."),
            .init("every", .integer, .option("--every"), "Once in every this many days."),
            .init("times", .integer, .option("--times"), "With in: this many days in any window of in days."),
            .init("in", .integer, .option("--in"), "With times: the window's length in days."),
            .init("at_least", .number, .option("--at-least"), "An amount to reach each day (or per period)."),
            .init("at_most", .number, .option("--at-most"), "A limit to stay at or under (0 for none at all)."),
            .init("per", .string, .option("--per"), "The period of at_least or at_most: day, week or month."),
            .init("unit", .string, .option("--unit"), "What amounts count: km, pages, min."),
            .init("track", .boolean, .option("--track"), "Tracking only: record and sum amounts, no streak."),
            .init("leeway", .integer, .option("--leeway"), "Hours of grace around midnight, 0 to 24."),
        ],
        json: false, readOnly: false
    )

    static let skip = AgentTool(
        name: "skip",
        description: "Skip a day or a range of days on a streak (a holiday, a sick day): they bridge the streak and spend no freeze. take_back removes the skips.",
        command: { arguments in ["skip", arguments["take_back"] == .bool(true) ? "remove" : "add"] },
        parameters: [
            .init("key", .string, .positional, required: true, "The streak's key."),
            .init("day", .string, .positional, required: true, "The day: 2024-12-24, today, tomorrow, yesterday, +3d, -1d."),
            .init("to", .string, .option("--to"), "The last day of a range (up to 366 days)."),
            .init("take_back", .boolean, .chooser, "Take the skips back instead."),
        ],
        json: false, readOnly: false
    )
}
